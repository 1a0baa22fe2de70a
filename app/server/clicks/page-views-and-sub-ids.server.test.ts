import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { isSubId } from "~/lib/offers/sub-id";
import { ClickRecorder } from "./click-recorder.server";
import type { DB } from "../db/connection.server";

const START = Date.parse("2026-11-01T10:00:00Z");
const DAY = 86_400_000;

async function kindViewRows(db: DB) {
  const rows = await db.selectFrom("page_view_device_days").selectAll().orderBy("day").orderBy("kind").orderBy("device").execute();
  return rows.map((row) => [row.day, row.kind, row.device, Number(row.views)]);
}

async function viewRows(db: DB) {
  const rows = await db.selectFrom("page_view_days").selectAll().orderBy("day").orderBy("path").execute();
  return rows.map((row) => [row.day, row.path, Number(row.views)]);
}

const reader = (address: string) => ({ address, userAgent: "Mozilla/5.0 Firefox/132.0" });

describe.each(testDialects)("page views and sub-IDs on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  beforeEach(async () => {
    await test.db.deleteFrom("page_view_days").execute();
    await test.db.deleteFrom("page_view_device_days").execute();
    await test.db.deleteFrom("click_sub_ids").execute();
    await test.db.deleteFrom("clicks").execute();
    await test.db.deleteFrom("click_readers").execute();
  });

  it("counts views per page and day in memory and adds them to the database's at each flush", async () => {
    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    recorder.recordView("/", "desktop", START);
    recorder.recordView("/", "desktop", START + 1);
    recorder.recordView("/reviews/product/tyyni-4", "desktop", START);
    recorder.recordView("/", "desktop", START + DAY);
    expect(await viewRows(test.db)).toEqual([]);
    expect(await recorder.flush()).toBe(true);
    recorder.recordView("/", "desktop", START + 2);
    expect(await recorder.flush()).toBe(true);
    expect(await viewRows(test.db)).toEqual([
      ["2026-11-01", "/", 3],
      ["2026-11-01", "/reviews/product/tyyni-4", 1],
      ["2026-11-02", "/", 1],
    ]);
    await recorder.close();
  });

  it("counts views per page kind and device class too, adding to the stored counts", async () => {
    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    recorder.recordView("/reviews/product/tyyni-4", "phone", START);
    recorder.recordView("/reviews/product/barrel-4", "phone", START + 1);
    recorder.recordView("/reviews/product/tyyni-4", "tablet", START + 2);
    recorder.recordView("/learn/cedar-care", "desktop", START + 3);
    recorder.recordView("/learn/category/heaters", "desktop", START + 4);
    recorder.recordView("/", "phone", START + DAY);
    expect(await recorder.flush()).toBe(true);
    recorder.recordView("/reviews/product/tyyni-4", "phone", START + 5);
    await recorder.close();
    expect(await kindViewRows(test.db)).toEqual([
      ["2026-11-01", "article", "desktop", 1],
      ["2026-11-01", "learn", "desktop", 1],
      ["2026-11-01", "product", "phone", 3],
      ["2026-11-01", "product", "tablet", 1],
      ["2026-11-02", "home", "phone", 1],
    ]);
  });

  it("keeps the counts across a restart once flushed, and a stop flushes what is left", async () => {
    const first = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    for (let i = 0; i < 5; i++) first.recordView("/compare", "desktop", START + i);
    await first.close();
    // A new process on the same database: its counts add to the stored ones.
    const second = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    second.recordView("/compare", "desktop", START + 10);
    await second.close();
    expect(await viewRows(test.db)).toEqual([["2026-11-01", "/compare", 6]]);
  });

  it("writes the views counted during an outage once the database answers", async () => {
    let down = true;
    const flaky = new Proxy(test.db, {
      get(target, property, receiver) {
        if (property === "transaction" && down)
          return () => ({ execute: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432")) });
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const recorder = new ClickRecorder(flaky, { flushEveryMs: 60_000 });
    recorder.recordView("/learn", "desktop", START);
    expect(await recorder.flush()).toBe(false);
    recorder.recordView("/learn", "desktop", START + 1);
    down = false;
    await recorder.close();
    expect(await viewRows(test.db)).toEqual([["2026-11-01", "/learn", 2]]);
  });

  it("gives each counted click a random sub-ID kept with the click's facts; a repeat gets the first one's", async () => {
    const recorder = new ClickRecorder(test.db, { flushEveryMs: 60_000 });
    const click = {
      at: START,
      productId: 4,
      source: "product:tyyni-4",
      country: "DE",
      merchantId: 2,
      placement: "product:sticky-bar",
      device: "phone",
    };
    const first = recorder.record({ ...click, reader: reader("192.0.2.1") });
    const repeat = recorder.record({ ...click, at: START + 60_000, reader: reader("192.0.2.1") });
    const other = recorder.record({ ...click, reader: reader("192.0.2.2") });
    expect(first).not.toBeNull();
    expect(isSubId(first!)).toBe(true);
    expect(repeat).toBe(first);
    expect(other).not.toBe(first);
    await recorder.close();
    const rows = await test.db.selectFrom("click_sub_ids").selectAll().orderBy("clicked_at").orderBy("sub_id").execute();
    const facts = {
      clicked_at: START,
      product_id: 4,
      merchant_id: 2,
      source: "product:tyyni-4",
      country: "DE",
      placement: "product:sticky-bar",
      device: "phone",
      // Outside any A/B test.
      ab_test_id: null,
      ab_variant: null,
    };
    expect(
      rows
        .map((row) => ({ ...row, clicked_at: Number(row.clicked_at) }))
        .sort((a, b) => (a.sub_id === first ? -1 : b.sub_id === first ? 1 : 0)),
    ).toEqual([
      { ...facts, sub_id: first },
      { ...facts, sub_id: other },
    ]);
    const clicks = await test.db.selectFrom("clicks").select(["placement", "device"]).execute();
    expect(clicks).toEqual([
      { placement: "product:sticky-bar", device: "phone" },
      { placement: "product:sticky-bar", device: "phone" },
    ]);
  });
});
