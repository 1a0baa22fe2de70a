import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import {
  clickFilterChoices,
  clickReport,
  clicksPerDay,
  recentClickTotal,
  topClickedProducts,
  topClickSources,
} from "./click-analytics.server";
import { writeClicks, type RecordedClick } from "./click-store.server";

const NOW = Date.parse("2026-11-24T15:00:00Z");
const DAY = 86_400_000;
/** `count` clicks on the day `daysAgo` before NOW's (0 = today). */
const on = (daysAgo: number, count: number, productId: number, source: string): RecordedClick[] =>
  Array.from({ length: count }, (_, i) => ({ at: NOW - daysAgo * DAY - i * 1_000, productId, source }));

describe.each(testDialects)("click analytics on %s", (dialect) => {
  let test: TestDatabase;
  let alpha: number;
  let beta: number;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const inserted = await test.db
      .insertInto("products")
      .values([
        { slug: "alpha", name: "Alpha Barrel", brand: "B" },
        { slug: "beta", name: "Beta Cube", brand: "B" },
      ])
      .returning(["id", "slug"])
      .execute();
    alpha = inserted.find((row) => row.slug === "alpha")!.id;
    beta = inserted.find((row) => row.slug === "beta")!.id;
    await test.db.insertInto("removed_products").values({ slug: "gone", product_id: 999, name: "Gone Sauna", category_id: null }).execute();
    await writeClicks(test.db, [
      ...on(0, 3, alpha, "home"),
      ...on(0, 1, beta, "collection:barrel-saunas"),
      ...on(1, 2, beta, "collection:barrel-saunas"),
      ...on(6, 4, alpha, "product:alpha"),
      // Day 7 is outside the last 7 days, inside the last 30.
      ...on(7, 5, 999, "compare"),
      ...on(29, 1, beta, "home"),
      // Outside 30, inside 90.
      ...on(45, 10, beta, "search"),
      ...on(89, 2, alpha, "home"),
      // Outside every period.
      ...on(90, 50, alpha, "home"),
      ...on(400, 50, beta, "home"),
    ]);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("counts clicks per day over the last 7 days, with the days without clicks as zero", async () => {
    const report = await clickReport(test.db, 7, NOW);
    expect(report.days).toEqual([
      { day: "2026-11-18", clicks: 4 },
      { day: "2026-11-19", clicks: 0 },
      { day: "2026-11-20", clicks: 0 },
      { day: "2026-11-21", clicks: 0 },
      { day: "2026-11-22", clicks: 0 },
      { day: "2026-11-23", clicks: 2 },
      { day: "2026-11-24", clicks: 4 },
    ]);
    expect(report.total).toBe(10);
  });

  it("totals 30 and 90 days, each day once", async () => {
    const thirty = await clickReport(test.db, 30, NOW);
    expect(thirty.days).toHaveLength(30);
    expect(thirty.days[0]!.day).toBe("2026-10-26");
    expect(thirty.total).toBe(10 + 5 + 1);
    const ninety = await clickReport(test.db, 90, NOW);
    expect(ninety.days).toHaveLength(90);
    expect(ninety.total).toBe(16 + 10 + 2);
    expect(await recentClickTotal(test.db, 30, NOW)).toBe(16);
  });

  it("ranks products by clicks in the period, naming deleted ones", async () => {
    expect(await topClickedProducts(test.db, "2026-11-18", "2026-11-24")).toEqual([
      { productId: alpha, slug: "alpha", name: "Alpha Barrel", listed: true, clicks: 7 },
      { productId: beta, slug: "beta", name: "Beta Cube", listed: true, clicks: 3 },
    ]);
    const thirty = await clickReport(test.db, 30, NOW);
    expect(thirty.topProducts.map((p) => [p.name, p.clicks, p.listed])).toEqual([
      ["Alpha Barrel", 7, true],
      ["Gone Sauna (deleted)", 5, false],
      ["Beta Cube", 4, true],
    ]);
    expect((await clickReport(test.db, 90, NOW)).topProducts.map((p) => [p.slug, p.clicks])).toEqual([
      ["beta", 14],
      ["alpha", 9],
      ["gone", 5],
    ]);
  });

  it("ranks the source pages by clicks in the period", async () => {
    expect(await topClickSources(test.db, "2026-11-18", "2026-11-24")).toEqual([
      { source: "product:alpha", clicks: 4 },
      { source: "collection:barrel-saunas", clicks: 3 },
      { source: "home", clicks: 3 },
    ]);
    expect((await clickReport(test.db, 90, NOW)).topSources).toEqual([
      { source: "search", clicks: 10 },
      { source: "home", clicks: 6 },
      { source: "compare", clicks: 5 },
      { source: "product:alpha", clicks: 4 },
      { source: "collection:barrel-saunas", clicks: 3 },
    ]);
    expect(await topClickSources(test.db, "2026-11-18", "2026-11-24", 1)).toEqual([{ source: "product:alpha", clicks: 4 }]);
  });

  it("answers an empty period with zero days and empty lists", async () => {
    const days = ["2020-01-01", "2020-01-02"];
    expect(await clicksPerDay(test.db, days)).toEqual([
      { day: "2020-01-01", clicks: 0 },
      { day: "2020-01-02", clicks: 0 },
    ]);
    expect(await topClickedProducts(test.db, "2020-01-01", "2020-01-02")).toEqual([]);
    expect(await topClickSources(test.db, "2020-01-01", "2020-01-02")).toEqual([]);
    expect(await recentClickTotal(test.db, 7, Date.parse("2020-01-02T00:00:00Z"))).toBe(0);
  });
});

describe.each(testDialects)("click reports filtered by country and shop on %s", (dialect) => {
  let test: TestDatabase;
  let shop: number;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const [merchant] = await test.db.insertInto("merchants").values({ slug: "saunahaus", name: "Saunahaus" }).returning("id").execute();
    shop = Number(merchant!.id);
    const [product] = await test.db
      .insertInto("products")
      .values({ slug: "alpha", name: "Alpha Barrel", brand: "B" })
      .returning("id")
      .execute();
    const id = Number(product!.id);
    const tagged = (clicks: RecordedClick[], country: string | null, merchantId: number | null) =>
      clicks.map((click) => ({ ...click, country, merchantId }));
    await writeClicks(test.db, [
      ...tagged(on(0, 3, id, "home"), "DE", shop),
      ...tagged(on(1, 2, id, "product:alpha"), "US", null),
      ...tagged(on(2, 1, id, "home"), null, shop),
      // Outside the 7 days.
      ...tagged(on(10, 4, id, "home"), "DE", shop),
    ]);
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("counts only the clicks of one reader country, per day, with its top products and pages", async () => {
    const report = await clickReport(test.db, 7, NOW, { country: "DE", merchant: null });
    expect(report.total).toBe(3);
    expect(report.days.at(-1)).toEqual({ day: "2026-11-24", clicks: 3 });
    expect(report.days.filter((day) => day.clicks > 0)).toHaveLength(1);
    expect(report.topProducts.map((product) => [product.name, product.clicks])).toEqual([["Alpha Barrel", 3]]);
    expect(report.topSources).toEqual([{ source: "home", clicks: 3 }]);
  });

  it("counts the clicks of one shop, of no shop, and of readers whose country was unknown", async () => {
    expect((await clickReport(test.db, 7, NOW, { country: null, merchant: shop })).total).toBe(4);
    expect((await clickReport(test.db, 7, NOW, { country: null, merchant: "none" })).total).toBe(2);
    expect((await clickReport(test.db, 7, NOW, { country: "unknown", merchant: null })).total).toBe(1);
    expect((await clickReport(test.db, 7, NOW, { country: "DE", merchant: "none" })).total).toBe(0);
    // Unfiltered, the roll-ups still count them all.
    expect((await clickReport(test.db, 7, NOW)).total).toBe(6);
  });

  it("offers the countries clicks came from in the period and every shop", async () => {
    expect(await clickFilterChoices(test.db, 7, NOW)).toEqual({ countries: ["DE", "US"], merchants: [{ id: shop, name: "Saunahaus" }] });
  });
});
