import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { ClickRecorder } from "./click-recorder.server";
import { CLICKS_PER_ADDRESS_PER_DAY, DaySalts, forgetReaders, readerKey, REPEAT_WINDOW_MS } from "./click-readers.server";
import { createOutboundRedirects } from "./outbound-redirect.server";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const MINUTE = 60_000;
const START = Date.parse("2026-11-25T10:00:00Z");

/** One site instance: its own recorder and /go handler, on the shared database, behind one trusted proxy. */
function instance(db: Parameters<typeof createOutboundRedirects>[0]["db"], clock: { now: number }) {
  const recorder = new ClickRecorder(db, { flushEveryMs: 60_000, flushAtCount: 100_000, now: () => clock.now });
  const outbound = createOutboundRedirects({ db, recorder, trustProxyHops: 1, now: () => clock.now });
  const server = http.createServer((req, res) => {
    void outbound.serve(req, res).then((answered) => {
      if (!answered) res.writeHead(404).end();
    });
  });
  return { recorder, server };
}

describe.each(testDialects)("clicks counted once per reader on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  const clock = { now: START };
  let sites: Array<ReturnType<typeof instance> & { port: number }> = [];
  let productId = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });

  beforeAll(async () => {
    const [row] = await test.db
      .insertInto("products")
      .values({ slug: "alpha", name: "Alpha Barrel", brand: "B", website: "https://alpha.example/buy" })
      .returning("id")
      .execute();
    productId = row!.id;
  });
  beforeEach(async () => {
    for (const site of sites) {
      await new Promise((resolve) => site.server.close(resolve));
      await site.recorder.close();
    }
    sites = [];
    for (let i = 0; i < 2; i++) {
      const site = instance(test.db, clock);
      await new Promise<void>((resolve) => site.server.listen(0, "127.0.0.1", resolve));
      sites.push({ ...site, port: (site.server.address() as AddressInfo).port });
    }
    clock.now = START;
    for (const table of [
      "clicks",
      "click_days",
      "click_product_days",
      "click_source_days",
      "click_readers",
      "click_salts",
      "click_address_days",
    ] as const)
      await test.db.deleteFrom(table).execute();
  });
  afterAll(async () => {
    for (const site of sites) {
      await new Promise((resolve) => site.server.close(resolve));
      await site.recorder.close();
    }
    agent.destroy();
  });

  /** A /go request to instance `on` from `client` (the address the proxy saw), with or without a User-Agent. */
  function go(options: { client: string; userAgent?: string | null; on?: number }): Promise<{ status: number; location?: string }> {
    const headers: Record<string, string> = { "x-forwarded-for": options.client };
    if (options.userAgent !== null) headers["user-agent"] = options.userAgent ?? BROWSER;
    return new Promise((resolve, reject) => {
      const request = http.get(
        { host: "127.0.0.1", port: sites[options.on ?? 0]!.port, path: "/go/alpha?from=home", headers, agent },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, location: res.headers.location }));
        },
      );
      request.on("error", reject);
    });
  }

  async function counted(): Promise<number> {
    for (const site of sites) expect(await site.recorder.flush()).toBe(true);
    const rows = await test.db.selectFrom("clicks").select("product_id").execute();
    const days = await test.db.selectFrom("click_days").select("clicks").execute();
    // The roll-up agrees with the raw rows.
    expect(days.reduce((sum, day) => sum + Number(day.clicks), 0)).toBe(rows.length);
    return rows.length;
  }

  it("1,000 clicks from one client with a browser User-Agent count once, and every one is redirected", async () => {
    const answers = await Promise.all(Array.from({ length: 1_000 }, () => go({ client: "203.0.113.7" })));
    expect(answers.every((answer) => answer.status === 302 && answer.location === "https://alpha.example/buy")).toBe(true);
    expect(await counted()).toBe(1);
  });

  it("a request without a User-Agent is redirected and not counted", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => go({ client: "203.0.113.8", userAgent: null })));
    expect(answers.every((answer) => answer.status === 302)).toBe(true);
    expect((await go({ client: "203.0.113.8", userAgent: "  " })).status).toBe(302);
    expect(await counted()).toBe(0);
  });

  it("two clients count twice; one address with two browsers is two readers", async () => {
    await go({ client: "203.0.113.9" });
    await go({ client: "198.51.100.4" });
    await go({ client: "198.51.100.4" });
    expect(await counted()).toBe(2);
    await go({ client: "198.51.100.4", userAgent: `${BROWSER} Edg/140.0` });
    expect(await counted()).toBe(3);
  });

  it("the same client counts again 31 minutes later, not 29", async () => {
    await go({ client: "203.0.113.10" });
    clock.now += 29 * MINUTE;
    await go({ client: "203.0.113.10" });
    expect(await counted()).toBe(1);
    clock.now += 2 * MINUTE;
    await go({ client: "203.0.113.10" });
    expect(await counted()).toBe(2);
  });

  it("holds across instances: the same reader on two instances counts once, flushed one after the other or together", async () => {
    await go({ client: "203.0.113.11", on: 0 });
    await go({ client: "203.0.113.11", on: 1 });
    expect(await counted()).toBe(1);

    await go({ client: "203.0.113.12", on: 0 });
    await go({ client: "203.0.113.12", on: 1 });
    const flushed = await Promise.all(sites.map((site) => site.recorder.flush()));
    expect(flushed).toEqual([true, true]);
    expect(await counted()).toBe(2);
  });

  it("keeps no address: only a salted hash, for the window; then neither the hash nor the day's salt", async () => {
    await go({ client: "203.0.113.13" });
    await counted();
    const readers = await test.db.selectFrom("click_readers").selectAll().execute();
    expect(readers).toHaveLength(1);
    expect(readers[0]!.reader).not.toContain("203.0.113");
    expect(JSON.stringify(await test.db.selectFrom("clicks").selectAll().execute())).not.toContain("203.0.113");

    await forgetReaders(test.db, START + REPEAT_WINDOW_MS - 1);
    expect(await test.db.selectFrom("click_readers").selectAll().execute()).toHaveLength(1);
    await forgetReaders(test.db, START + REPEAT_WINDOW_MS + 1);
    expect(await test.db.selectFrom("click_readers").selectAll().execute()).toEqual([]);
    // The day's salt outlives its day by the window (a batch flushed just after midnight), then goes.
    expect(await test.db.selectFrom("click_salts").select("day").execute()).toEqual([{ day: "2026-11-25" }]);
    await forgetReaders(test.db, Date.parse("2026-11-26T00:10:00Z"));
    expect(await test.db.selectFrom("click_salts").select("day").execute()).toEqual([{ day: "2026-11-25" }]);
    await forgetReaders(test.db, Date.parse("2026-11-26T00:31:00Z"));
    expect(await test.db.selectFrom("click_salts").select("day").execute()).toEqual([]);
  });

  it("one address counts at most 3 clicks of a product a day, however many User-Agents it sends; every click is redirected", async () => {
    expect(CLICKS_PER_ADDRESS_PER_DAY).toBe(3);
    const agents = Array.from({ length: 50 }, (_, n) => `${BROWSER} Build/${n}`);
    const answers = await Promise.all(agents.map((userAgent) => go({ client: "203.0.113.20", userAgent })));
    expect(answers.every((answer) => answer.status === 302 && answer.location === "https://alpha.example/buy")).toBe(true);
    expect(await counted()).toBe(3);
    // Later flushes of the same day add nothing, on either instance.
    await go({ client: "203.0.113.20", userAgent: `${BROWSER} Build/late`, on: 1 });
    expect(await counted()).toBe(3);
    // Another address has its own allowance.
    await go({ client: "198.51.100.20", userAgent: agents[0] });
    expect(await counted()).toBe(4);
    // The next UTC day, the address counts again.
    clock.now = Date.parse("2026-11-26T09:00:00Z");
    await go({ client: "203.0.113.20", userAgent: `${BROWSER} Build/tomorrow` });
    expect(await counted()).toBe(5);
  });

  it("holds the allowance across instances flushing at once", async () => {
    const agents = Array.from({ length: 20 }, (_, n) => `${BROWSER} Build/${n}`);
    await Promise.all(agents.map((userAgent, n) => go({ client: "203.0.113.21", userAgent, on: n % 2 })));
    const flushed = await Promise.all(sites.map((site) => site.recorder.flush()));
    expect(flushed).toEqual([true, true]);
    expect(await counted()).toBe(3);
    // The day's counters go with the day's salt.
    expect(await test.db.selectFrom("click_address_days").select("day").execute()).toEqual([{ day: "2026-11-25" }]);
    await forgetReaders(test.db, Date.parse("2026-11-26T00:31:00Z"));
    expect(await test.db.selectFrom("click_address_days").select("day").execute()).toEqual([]);
  });

  it("the salt changes by day, and every instance uses the same one for a day", async () => {
    const one = new DaySalts(test.db);
    const other = new DaySalts(test.db);
    const [today, alsoToday, tomorrow] = await Promise.all([
      one.saltFor("2026-11-25", START),
      other.saltFor("2026-11-25", START),
      one.saltFor("2026-11-26", START),
    ]);
    expect(today.equals(alsoToday)).toBe(true);
    expect(today.equals(tomorrow)).toBe(false);
    expect(today).toHaveLength(32);
    const reader = { address: "203.0.113.14", userAgent: BROWSER };
    expect(readerKey(today, reader, productId)).toBe(readerKey(alsoToday, reader, productId));
    expect(readerKey(today, reader, productId)).not.toBe(readerKey(tomorrow, reader, productId));
    expect(readerKey(today, reader, productId)).not.toBe(readerKey(today, reader, productId + 1));
  });
});
