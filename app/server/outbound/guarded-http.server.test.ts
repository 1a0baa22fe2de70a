import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { text } from "node:stream/consumers";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  guardedGet,
  guardedRequest,
  isFilterRefusal,
  OutboundBodyTooLarge,
  OutboundRefused,
  OutboundTimeout,
  type GuardedRequestOptions,
} from "./guarded-http.server";
import { STRICT_OUTBOUND_POLICY, type OutboundPolicy } from "./outbound-policy.server";

// The guarded client against real sockets: "inside" servers on 127.0.0.1 (and ::1 where the
// machine has it) note every request they get, so a refusal is proven by the server hearing
// nothing. Names resolve through an injected resolver; nothing leaves this machine.

interface InsideServer {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function startInside(host: string, handler?: http.RequestListener): Promise<InsideServer> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (handler) return handler(req, res);
    res.writeHead(200, { "Content-Type": "text/plain" });
    res.end("inside");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A resolver answering from a table; a name not in it does not exist. */
function lookupFrom(table: Record<string, string | string[]>, calls: string[] = []): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    calls.push(hostname);
    const entry = table[hostname];
    const list = (Array.isArray(entry) ? entry : entry ? [entry] : []).map((address) => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
    process.nextTick(() => {
      if (list.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  }) as LookupFunction;
}

async function refusal(promise: Promise<unknown>): Promise<OutboundRefused> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the request was refused").toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
}

let inside: InsideServer;
let insideV6: InsideServer | null;
/** Every port the inside servers use is allowed, so the address is what is judged. */
let portsOnly: OutboundPolicy;

beforeAll(async () => {
  inside = await startInside("127.0.0.1");
  insideV6 = await startInside("::1").catch(() => null);
  portsOnly = { allowPrivate: [], allowPorts: [[1024, 65535]] };
});
afterAll(async () => {
  await Promise.all([inside?.close(), insideV6?.close()]);
});

const head = (url: string, extra: Partial<GuardedRequestOptions> = {}) =>
  guardedRequest(url, { method: "HEAD", policy: portsOnly, ...extra });

describe("guardedRequest refuses internal addresses before connecting", () => {
  it.each([
    ["loopback", (port: number) => `http://127.0.0.1:${port}/`],
    ["localhost", (port: number) => `http://localhost:${port}/`],
    ["IPv6 loopback", (port: number) => `http://[::1]:${port}/`],
    ["decimal 2130706433", (port: number) => `http://2130706433:${port}/`],
    ["short 127.1", (port: number) => `http://127.1:${port}/`],
    ["hex 0x7f.1", (port: number) => `http://0x7f.1:${port}/`],
    ["octal 0177.0.0.1", (port: number) => `http://0177.0.0.1:${port}/`],
    ["IPv4-mapped ::ffff:127.0.0.1", (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ["IPv4-compatible ::127.0.0.1", (port: number) => `http://[::127.0.0.1]:${port}/`],
  ])("%s", async (_name, urlFor) => {
    const before = inside.hits.length + (insideV6?.hits.length ?? 0);
    const error = await refusal(head(urlFor(inside.port)));
    expect(error.reason).toBe("internal-address");
    expect(error.code).toBe("ERR_OUTBOUND_INTERNAL_ADDRESS");
    expect(error.message).toMatch(/is an internal address/);
    expect(inside.hits.length + (insideV6?.hits.length ?? 0)).toBe(before);
  });

  it.each([
    ["private 10/8", "10.0.0.1"],
    ["private 172.16/12", "172.16.5.4"],
    ["private 192.168/16", "192.168.1.1"],
    ["link-local / cloud metadata", "169.254.169.254"],
    ["carrier-grade NAT 100.64/10", "100.64.0.1"],
    ["multicast", "224.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["unspecified 0.0.0.0", "0.0.0.0"],
    ["this network 0/8", "0.1.2.3"],
    ["IPv6 link-local fe80::/10", "[fe80::1]"],
    ["IPv6 unique-local fc00::/7", "[fd12:3456::1]"],
    ["IPv6 unspecified ::", "[::]"],
    ["IPv6 multicast", "[ff02::1]"],
    ["NAT64 of loopback", "[64:ff9b::7f00:1]"],
  ])("%s (%s), at once and without a socket", async (_name, host) => {
    const started = performance.now();
    const error = await refusal(head(`http://${host}/`, { policy: STRICT_OUTBOUND_POLICY }));
    expect(error.reason).toBe("internal-address");
    // A connection attempt to an unroutable address would take seconds; the refusal is immediate.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("a name that resolves to an internal address, or to a public and an internal one", async () => {
    const lookup = lookupFrom({
      "shop.sauna-public.com": "127.0.0.1",
      "mixed.sauna-public.com": ["93.184.215.14", "10.1.2.3"],
      "mapped.sauna-public.com": "::ffff:127.0.0.1",
    });
    for (const name of ["shop.sauna-public.com", "mixed.sauna-public.com", "mapped.sauna-public.com"]) {
      const error = await refusal(head(`http://${name}:${inside.port}/`, { lookup }));
      expect(error.reason).toBe("internal-address");
      expect(error.message).toContain(name);
    }
    expect(inside.hits).toEqual([]);
  });

  it("resolves a name once: an answer that changes between check and connection is never used", async () => {
    const calls: string[] = [];
    let answer = 0;
    // First 10.0.0.1 (refused), then 127.0.0.1 (which the policy below would allow).
    const rebinding = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      calls.push(hostname);
      const address = answer++ === 0 ? "10.0.0.1" : "127.0.0.1";
      process.nextTick(() => (options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4)));
    }) as LookupFunction;
    const allowLoopback: OutboundPolicy = { ...portsOnly, allowPrivate: ["127.0.0.1/32"] };
    await refusal(head(`http://rebind.sauna-public.com:${inside.port}/`, { lookup: rebinding, policy: allowLoopback }));
    expect(calls).toEqual(["rebind.sauna-public.com"]);
    expect(inside.hits).toEqual([]);
  });

  it("recognises the filtering library's refusal, and only it", () => {
    expect(isFilterRefusal(new Error("DNS lookup 127.0.0.1(family:4, host:x) is not allowed. Because, It is private IP address."))).toBe(
      true,
    );
    expect(isFilterRefusal(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" }))).toBe(false);
  });
});

describe("guardedRequest ports and the operator's allowances", () => {
  it("only ports 80 and 443 by default, refused before resolving or connecting", async () => {
    const calls: string[] = [];
    const lookup = lookupFrom({ "db.sauna-public.com": "93.184.215.14" }, calls);
    for (const url of ["http://db.sauna-public.com:5432/", "http://db.sauna-public.com:22/", `http://127.0.0.1:${inside.port}/`]) {
      const error = await refusal(guardedRequest(url, { method: "HEAD", policy: STRICT_OUTBOUND_POLICY, lookup }));
      expect(error.reason).toBe("port");
      expect(error.message).toMatch(/^Port \d+ is not one the site fetches from \(allowed: 80, 443\)$/);
    }
    expect(calls).toEqual([]);
    expect(inside.hits).toEqual([]);
  });

  it("an allowed private range and port let a request through; a neighbouring address stays refused", async () => {
    const policy: OutboundPolicy = { allowPrivate: ["127.0.0.0/8"], allowPorts: [[inside.port, inside.port]] };
    const response = await guardedRequest(`http://127.0.0.1:${inside.port}/allowed`, { method: "GET", policy });
    expect(response.statusCode).toBe(200);
    expect(await text(response)).toBe("inside");
    expect(inside.hits).toEqual(["GET /allowed"]);
    // The same range by name, resolved by the injected resolver.
    const byName = await guardedRequest(`http://feeds.lan:${inside.port}/by-name`, {
      method: "HEAD",
      policy,
      lookup: lookupFrom({ "feeds.lan": "127.0.0.1" }),
    });
    byName.destroy();
    expect(byName.statusCode).toBe(200);
    expect((await refusal(head(`http://10.0.0.1:${inside.port}/`, { policy }))).reason).toBe("internal-address");
    inside.hits.length = 0;
  });

  it("only http and https", async () => {
    expect((await refusal(head("ftp://files.sauna-public.com/feed.csv"))).reason).toBe("protocol");
  });
});

describe("guardedGet: a streamed download under a cap and a deadline", () => {
  // The merchant stands on 127.0.0.2, which the policy allows on purpose; 127.0.0.1 stays inside.
  let feed: InsideServer;
  const policy: OutboundPolicy = { allowPrivate: ["127.0.0.2/32"], allowPorts: [[1024, 65535]] };
  const big = Buffer.alloc(4 * 1024 * 1024, "a");
  const feedCsv = "slug,price\nbarrel-1,4999\n";

  beforeAll(async () => {
    feed = await startInside("127.0.0.2", (req, res) => {
      switch (req.url) {
        case "/feed.csv":
          res.writeHead(200, { "Content-Type": "text/csv" });
          return res.end(feedCsv);
        case "/feed.csv.gz":
          res.writeHead(200, { "Content-Type": "text/csv", "Content-Encoding": "gzip" });
          return res.end(zlib.gzipSync(feedCsv));
        case "/bomb.gz":
          // 4 MB of one letter packs into a few KB.
          res.writeHead(200, { "Content-Type": "text/csv", "Content-Encoding": "gzip" });
          return res.end(zlib.gzipSync(big));
        case "/declared-large":
          res.writeHead(200, { "Content-Length": String(big.length) });
          return res.end(big);
        case "/endless": {
          res.writeHead(200, { "Content-Type": "text/csv" });
          // Chunked and never finished: only the cap ends it.
          const more = () => {
            while (!res.destroyed && res.write(Buffer.alloc(64 * 1024, "b")));
            if (!res.destroyed) res.once("drain", more);
          };
          return more();
        }
        case "/trickle":
          res.writeHead(200, { "Content-Type": "text/csv" });
          res.write("slug,price\n");
          return; // and nothing more
        case "/moved":
          res.writeHead(302, { Location: "/feed.csv" });
          return res.end();
        case "/to-inside":
          res.writeHead(302, { Location: `http://127.0.0.1:${inside.port}/secret` });
          return res.end();
        default:
          res.writeHead(404);
          return res.end();
      }
    });
  });
  afterAll(async () => {
    await feed?.close();
  });

  const lookup = () => lookupFrom({ "feeds.sauna-merchant.com": "127.0.0.2" });
  const feedUrl = (path: string) => `http://feeds.sauna-merchant.com:${feed.port}${path}`;
  const get = (path: string, extra: { maxBytes?: number; timeoutMs?: number } = {}) =>
    guardedGet(feedUrl(path), { policy, lookup: lookup(), timeoutMs: extra.timeoutMs ?? 5_000, maxBytes: extra.maxBytes ?? 1024 });

  it("reads a plain body after a redirect, and a gzip body unpacked", async () => {
    const plain = await get("/moved");
    expect(plain.status).toBe(200);
    expect(plain.url).toBe(feedUrl("/feed.csv"));
    expect(await text(plain.body)).toBe(feedCsv);
    const gzipped = await get("/feed.csv.gz");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(await text(gzipped.body)).toBe(feedCsv);
  });

  it("stops at the cap: counted after unpacking, refused up front when declared, and on an endless body", async () => {
    for (const path of ["/bomb.gz", "/declared-large", "/endless"]) {
      const response = await get(path, { maxBytes: 256 * 1024 });
      await expect(text(response.body), path).rejects.toBeInstanceOf(OutboundBodyTooLarge);
    }
  });

  it("one deadline for the whole download, body included", async () => {
    const response = await get("/trickle", { timeoutMs: 300 });
    const started = performance.now();
    await expect(text(response.body)).rejects.toBeInstanceOf(OutboundTimeout);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("checks every redirect hop again: a merchant redirecting inside is refused and the inside server hears nothing", async () => {
    const before = inside.hits.length;
    const error = await refusal(get("/to-inside"));
    expect(error.reason).toBe("internal-address");
    expect(error.url).toBe(`http://127.0.0.1:${inside.port}/secret`);
    expect(inside.hits.length).toBe(before);
  });
});
