import http from "node:http";
import type { AddressInfo, LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { OutboundPolicy } from "../outbound/outbound-policy.server";
import { checkAllLinks, latestLinkCheckRun, listStoredResults } from "./link-check-runs.server";
import { checkLink, type LinkCheckOptions } from "./link-checker.server";
import { countLinkStates } from "./link-report.server";

// A product link is text anyone who can edit a product writes: the checker must not become a
// way to reach (or scan) the site's own machine and network. An "inside" server on 127.0.0.1
// stands for the admin area, a database port or a metadata service; a "shop" on 127.0.0.2 (a
// public-looking name resolved by the injected resolver) redirects there. Every refusal is proven
// by the inside server hearing nothing.

interface Server {
  port: number;
  hits: string[];
  close(): Promise<void>;
}

async function listen(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<Server> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
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

const PUBLIC_LOOKING = "shop.sauna-deals.com";

/** The public-looking shop's name leads to 127.0.0.2; localhost to where the hosts file puts it. */
const lookup: LookupFunction = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const table: Record<string, { address: string; family: number }[]> = {
    [PUBLIC_LOOKING]: [{ address: "127.0.0.2", family: 4 }],
    localhost: [
      { address: "127.0.0.1", family: 4 },
      { address: "::1", family: 6 },
    ],
  };
  const list = table[hostname] ?? [];
  process.nextTick(() => {
    if (list.length === 0) return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    if (options.all) callback(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  });
}) as LookupFunction;

let inside: Server;
let insideV6: Server | null;
let shop: Server;
/** The shop's address is opened on purpose (it stands for the internet); nothing else inside is. */
const policy: OutboundPolicy = { allowPrivate: ["127.0.0.2/32"], allowPorts: [[1024, 65535]] };

beforeAll(async () => {
  const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { "Content-Type": "text/html" });
    res.end("<p>the admin area</p>");
  };
  inside = await listen("127.0.0.1", answer);
  insideV6 = await listen("::1", answer).catch(() => null);
  shop = await listen("127.0.0.2", (req, res) => {
    const to = req.url === "/to-mapped" ? `http://[::ffff:127.0.0.1]:${inside.port}/admin` : `http://127.0.0.1:${inside.port}/admin`;
    res.writeHead(302, { Location: req.url === "/ok" ? "/landing" : to });
    res.end();
  });
});
afterAll(async () => {
  await Promise.all([inside?.close(), insideV6?.close(), shop?.close()]);
});

const options = (extra: Partial<LinkCheckOptions> = {}): LinkCheckOptions => ({
  timeoutMs: 5_000,
  userAgent: "Mozilla/5.0 (compatible; Sauna Reviews link checker; +http://test)",
  lookup,
  outbound: policy,
  ...extra,
});
const insideHits = () => inside.hits.length + (insideV6?.hits.length ?? 0);

describe("checkLink refuses addresses inside the site's network", () => {
  it.each([
    ["127.0.0.1:PORT", (port: number) => `http://127.0.0.1:${port}/admin`, "127.0.0.1"],
    ["localhost", (port: number) => `http://localhost:${port}/admin`, "127.0.0.1 or ::1"],
    ["[::1]", (port: number) => `http://[::1]:${port}/admin`, "::1"],
    ["2130706433", (port: number) => `http://2130706433:${port}/admin`, "127.0.0.1"],
    ["127.1", (port: number) => `http://127.1:${port}/admin`, "127.0.0.1"],
    ["0x7f.1", (port: number) => `http://0x7f.1:${port}/admin`, "127.0.0.1"],
    ["0177.0.0.1", (port: number) => `https://0177.0.0.1:${port}/admin`, "127.0.0.1"],
    ["::ffff:127.0.0.1", (port: number) => `http://[::ffff:127.0.0.1]:${port}/admin`, "::ffff:7f00:1"],
    ["10.0.0.1", () => "http://10.0.0.1/", "10.0.0.1"],
    ["169.254.169.254 (cloud metadata)", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
  ])("%s: not checked, internal address; nothing reaches the inside server", async (_name, urlFor, address) => {
    const before = insideHits();
    const result = await checkLink(urlFor(inside.port), options());
    expect(result.outcome).toBe("internal-address");
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/^Not checked: .+ is an internal address\. The site does not visit addresses inside its own network/);
    expect(
      address.split(" or ").some((one) => result.error!.includes(one)),
      result.error!,
    ).toBe(true);
    expect(insideHits()).toBe(before);
  });

  it("a public-looking shop that redirects to 127.0.0.1 (or its IPv4-mapped spelling): the hop is refused, the shop was asked", async () => {
    for (const path of ["/to-inside", "/to-mapped"]) {
      const before = insideHits();
      const result = await checkLink(`http://${PUBLIC_LOOKING}:${shop.port}${path}`, options());
      expect(result.outcome, path).toBe("internal-address");
      expect(result.error).toMatch(/^Not checked: it redirects to .+, which is an internal address/);
      expect(result.finalUrl).toMatch(new RegExp(`:${inside.port}/admin$`));
      expect(insideHits()).toBe(before);
      expect(shop.hits).toContain(`HEAD ${path}`);
    }
  });

  it("ports other than 80 and 443 are not checked, by default: no port scan through product links", async () => {
    for (const url of [`http://127.0.0.1:5432/`, `http://${PUBLIC_LOOKING}:22/`, `http://127.0.0.1:${inside.port}/admin`]) {
      const result = await checkLink(url, options({ outbound: undefined }));
      expect(result.outcome, url).toBe("port-not-allowed");
      expect(result.error).toMatch(/^Not checked: port \d+ is not one the site visits \(only 80 and 443/);
    }
    expect(insideHits()).toBe(0);
  });

  it("the operator's allowance lets a private range through on purpose", async () => {
    const allowed: OutboundPolicy = { allowPrivate: ["127.0.0.0/8"], allowPorts: [[inside.port, inside.port]] };
    const result = await checkLink(`http://127.0.0.1:${inside.port}/intranet-shop`, options({ outbound: allowed }));
    expect(result).toMatchObject({ outcome: "ok", statusCode: 200, error: null });
    expect(inside.hits).toContain("HEAD /intranet-shop");
    inside.hits.length = 0;
  });
});

describe.each(testDialects)("a link check run on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("stores refused links as not checked, not as broken, and counts none of them broken", async () => {
    const links = {
      loopback: `http://127.0.0.1:${inside.port}/admin`,
      decimal: `http://2130706433:${inside.port}/admin`,
      redirect: `http://${PUBLIC_LOOKING}:${shop.port}/to-inside`,
      database: "http://127.0.0.1:5432/",
    };
    for (const [slug, url] of Object.entries(links)) {
      await test.db.insertInto("products").values({ slug, name: slug, brand: "Test", affiliate_link: url }).execute();
    }
    const before = insideHits();
    expect(
      await checkAllLinks(test.db, "manual", {
        ...options(),
        outbound: {
          ...policy,
          allowPorts: [
            [inside.port, inside.port],
            [shop.port, shop.port],
          ],
        },
      }),
    ).toBe(true);
    const results = await listStoredResults(test.db);
    expect(results.map((result) => result.outcome).sort()).toEqual([
      "internal-address",
      "internal-address",
      "internal-address",
      "port-not-allowed",
    ]);
    expect(insideHits()).toBe(before);
    expect(await latestLinkCheckRun(test.db)).toMatchObject({ checked: 4, broken: 0 });
    expect(await countLinkStates(test.db)).toEqual({ broken: 0, unchecked: 4, ok: 0 });
  });
});
