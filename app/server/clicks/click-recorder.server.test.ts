import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { utcDay } from "~/lib/clicks/click-period";
import { ClickRecorder } from "./click-recorder.server";
import { writeClicks, type RecordedClick } from "./click-store.server";
import type { DB } from "../db/connection.server";

const DAY = 86_400_000;
const START = Date.parse("2026-11-01T10:00:00Z");

async function rawRows(db: DB) {
  const rows = await db.selectFrom("clicks").select(["clicked_at", "product_id", "source"]).orderBy("id").execute();
  return rows.map((row) => ({ at: Number(row.clicked_at), productId: row.product_id, source: row.source }));
}

/** The three roll-ups as they are stored, each sorted by its key. */
async function rollUps(db: DB) {
  const [days, products, sources] = await Promise.all([
    db.selectFrom("click_days").selectAll().orderBy("day").execute(),
    db.selectFrom("click_product_days").selectAll().orderBy("day").orderBy("product_id").execute(),
    db.selectFrom("click_source_days").selectAll().orderBy("day").orderBy("source").execute(),
  ]);
  return {
    days: days.map((row) => [row.day, Number(row.clicks)]),
    products: products.map((row) => [row.day, row.product_id, Number(row.clicks)]),
    sources: sources.map((row) => [row.day, row.source, Number(row.clicks)]),
  };
}

/** The roll-ups computed from a list of clicks, the way a reader would check them by hand. */
function rollUpsOf(clicks: ReadonlyArray<RecordedClick>) {
  const count = (key: (click: RecordedClick) => Array<string | number>) => {
    const counts = new Map<string, number>();
    for (const click of clicks) {
      const id = JSON.stringify(key(click));
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return [...counts].map(([id, clicks]) => [...(JSON.parse(id) as Array<string | number>), clicks]);
  };
  const byKey = (a: Array<string | number>, b: Array<string | number>) => {
    for (let i = 0; i < a.length - 1; i++) {
      if (a[i] !== b[i]) return typeof a[i] === "number" ? (a[i] as number) - (b[i] as number) : String(a[i]) < String(b[i]) ? -1 : 1;
    }
    return 0;
  };
  return {
    days: count((click) => [utcDay(click.at)]).sort(byKey),
    products: count((click) => [utcDay(click.at), click.productId]).sort(byKey),
    sources: count((click) => [utcDay(click.at), click.source]).sort(byKey),
  };
}

/**
 * The real database, except that every transaction fails while `down()` says so, the way it does
 * when the database server is unreachable (the recorder writes only in transactions).
 */
function withOutage(db: DB, down: () => boolean): DB {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction" && down())
        return () => ({ execute: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) });
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describe.each(testDialects)("click recording on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  beforeEach(async () => {
    await test.db.deleteFrom("clicks").execute();
    await test.db.deleteFrom("click_days").execute();
    await test.db.deleteFrom("click_product_days").execute();
    await test.db.deleteFrom("click_source_days").execute();
  });

  it("keeps clicks in memory until a flush writes them all in one go", async () => {
    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, flushAtCount: 1_000 });
    recorder.record({ at: START, productId: 1, source: "home" });
    recorder.record({ at: START + 1, productId: 2, source: "collection:barrel-saunas" });
    expect(recorder.pending).toBe(2);
    expect(await rawRows(test.db)).toEqual([]);
    expect(await recorder.flush()).toBe(true);
    expect(recorder.pending).toBe(0);
    expect(await rawRows(test.db)).toEqual([
      { at: START, productId: 1, source: "home" },
      { at: START + 1, productId: 2, source: "collection:barrel-saunas" },
    ]);
    await recorder.close();
  });

  it("flushes on its own every period, and as soon as the batch size is reached", async () => {
    const timed = new ClickRecorder(test.db, { flushEveryMs: 50, flushAtCount: 1_000 });
    timed.record({ at: START, productId: 1, source: "home" });
    await expect.poll(() => rawRows(test.db).then((rows) => rows.length), { timeout: 5_000 }).toBe(1);
    await timed.close();

    const counted = new ClickRecorder(test.db, { flushEveryMs: 60_000, flushAtCount: 3 });
    for (let i = 0; i < 3; i++) counted.record({ at: START + i, productId: 7, source: "compare" });
    await expect.poll(() => rawRows(test.db).then((rows) => rows.length), { timeout: 5_000 }).toBe(4);
    await counted.close();
  });

  it("loses nothing on close: everything still buffered is written before it returns", async () => {
    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000, flushAtCount: 100_000 });
    const clicks: RecordedClick[] = [];
    for (let i = 0; i < 12_345; i++)
      clicks.push({ at: START + i * 1_000, productId: (i % 5) + 1, source: i % 3 === 0 ? "home" : "product:x" });
    for (const click of clicks) recorder.record(click);
    await recorder.close();
    expect(recorder.pending).toBe(0);
    const counted = await test.db
      .selectFrom("clicks")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(clicks.length);
    expect(await rollUps(test.db)).toEqual(rollUpsOf(clicks));
  });

  it("keeps the roll-ups equal to the raw rows over many flushes, days and repeated keys", async () => {
    const clicks: RecordedClick[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647);
    for (let i = 0; i < 3_000; i++) {
      clicks.push({
        at: START + (next() % 40) * DAY + (next() % DAY),
        productId: (next() % 6) + 1,
        source: ["home", "compare", "collection:a", "product:b"][next() % 4]!,
      });
    }
    for (let start = 0; start < clicks.length; start += 250) await writeClicks(test.db, clicks.slice(start, start + 250));
    expect(await rollUps(test.db)).toEqual(rollUpsOf(await rawRows(test.db)));
    expect(await rollUps(test.db)).toEqual(rollUpsOf(clicks));
    expect((await rollUps(test.db)).days.length).toBeGreaterThan(30);
  });

  it("puts a click at midnight UTC on the new day", async () => {
    const midnight = Date.parse("2026-11-02T00:00:00Z");
    await writeClicks(test.db, [
      { at: midnight - 1, productId: 1, source: "home" },
      { at: midnight, productId: 1, source: "home" },
    ]);
    expect(await rollUps(test.db)).toEqual({
      days: [
        ["2026-11-01", 1],
        ["2026-11-02", 1],
      ],
      products: [
        ["2026-11-01", 1, 1],
        ["2026-11-02", 1, 1],
      ],
      sources: [
        ["2026-11-01", "home", 1],
        ["2026-11-02", "home", 1],
      ],
    });
  });

  it("keeps the clicks of a failed flush for the next try, in order, up to its bound", async () => {
    const broken = withOutage(test.db, () => true);
    const recorder = new ClickRecorder(broken, { flushEveryMs: 60_000, flushAtCount: 100_000, maxBuffered: 3 });
    recorder.record({ at: START, productId: 1, source: "home" });
    recorder.record({ at: START + 1, productId: 2, source: "home" });
    expect(await recorder.flush()).toBe(false);
    expect(recorder.pending).toBe(2);
    recorder.record({ at: START + 2, productId: 3, source: "home" });
    recorder.record({ at: START + 3, productId: 4, source: "home" });
    // Full: the oldest click goes, and it is counted as lost.
    expect(recorder.pending).toBe(3);
    expect(recorder.dropped).toBe(1);
    expect(await recorder.flush()).toBe(false);
    expect(recorder.pending).toBe(3);
  });

  it("during an outage a full batch does not start a write per click: the timer alone retries", async () => {
    let outage = true;
    let attempts = 0;
    const flaky = withOutage(test.db, () => outage);
    const counting = new Proxy(flaky, {
      get(target, property, receiver) {
        if (property === "transaction") attempts++;
        return Reflect.get(target, property, receiver);
      },
    });
    const recorder = new ClickRecorder(counting, { flushEveryMs: 60_000, flushAtCount: 2 });
    recorder.record({ at: START, productId: 1, source: "home" });
    recorder.record({ at: START + 1, productId: 1, source: "home" });
    expect(await recorder.flush()).toBe(false);
    const afterFirstFailure = attempts;
    // Clicks arrive one by one, each after the previous failed write has settled.
    for (let i = 2; i < 50; i++) {
      recorder.record({ at: START + i, productId: 1, source: "home" });
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await recorder.flush()).toBe(false);
    // The explicit flush above is the only new attempt: the 48 clicks started none.
    expect(attempts).toBe(afterFirstFailure + 1);
    expect(recorder.pending).toBe(50);
    outage = false;
    expect(await recorder.flush()).toBe(true);
    // Written again: a full batch flushes at once as before.
    recorder.record({ at: START + 50, productId: 1, source: "home" });
    recorder.record({ at: START + 51, productId: 1, source: "home" });
    await expect.poll(() => rawRows(test.db).then((rows) => rows.length), { timeout: 10_000 }).toBe(52);
    await recorder.close();
  });

  it("writes the kept clicks once the database answers again", async () => {
    let outage = true;
    const flaky = withOutage(test.db, () => outage);
    const recorder = new ClickRecorder(flaky, { flushEveryMs: 60_000, flushAtCount: 100_000 });
    recorder.record({ at: START, productId: 1, source: "home" });
    recorder.record({ at: START + 1, productId: 1, source: "compare" });
    expect(await recorder.flush()).toBe(false);
    recorder.record({ at: START + 2, productId: 2, source: "home" });
    outage = false;
    await recorder.close();
    expect(await rawRows(test.db)).toEqual([
      { at: START, productId: 1, source: "home" },
      { at: START + 1, productId: 1, source: "compare" },
      { at: START + 2, productId: 2, source: "home" },
    ]);
  });

  it("never runs two writes at once: a slow one holds the rest back, and what came meanwhile is written after it", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let transactions = 0;
    const slow = new Proxy(test.db, {
      get(target, property, receiver) {
        if (property === "transaction") {
          transactions++;
          return () => ({ execute: async (work: (trx: DB) => Promise<void>) => (await released, target.transaction().execute(work)) });
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const recorder = new ClickRecorder(slow, { flushEveryMs: 10, flushAtCount: 2 });
    recorder.record({ at: START, productId: 1, source: "home" });
    recorder.record({ at: START + 1, productId: 1, source: "home" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    recorder.record({ at: START + 2, productId: 1, source: "home" });
    recorder.record({ at: START + 3, productId: 1, source: "home" });
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Ten timer periods and a second full batch later, still only the first write has begun.
    expect(transactions).toBe(1);
    release();
    await recorder.close();
    expect((await rawRows(test.db)).map((row) => row.at)).toEqual([START, START + 1, START + 2, START + 3]);
  });

  it("a failed batch leaves neither raw rows nor any roll-up behind (one transaction)", async () => {
    // A unique index on the source makes the last roll-up insert of the second batch fail, after
    // its raw rows and the other roll-ups were written.
    await test.db.schema.createIndex("click_source_days_fail_probe").on("click_source_days").column("source").unique().execute();
    try {
      await writeClicks(test.db, [{ at: START, productId: 1, source: "home" }]);
      const before = await rollUps(test.db);
      await expect(writeClicks(test.db, [{ at: START + DAY, productId: 2, source: "home" }])).rejects.toThrow();
      expect(await rawRows(test.db)).toEqual([{ at: START, productId: 1, source: "home" }]);
      expect(await rollUps(test.db)).toEqual(before);
      expect(before).toEqual(rollUpsOf([{ at: START, productId: 1, source: "home" }]));
    } finally {
      await test.db.schema.dropIndex("click_source_days_fail_probe").execute();
    }
  });
});
