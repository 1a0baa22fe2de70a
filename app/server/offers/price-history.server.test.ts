import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductCsv, type ProductImport } from "~/lib/csv/product-csv";
import { productPriceDrop, priceHistoryView } from "~/lib/offers/price-history-view";
import { priceSettingsAt, DEFAULT_SITE_PRICES } from "~/lib/offers/price-view";
import { addDays, dailyLowestPrices } from "~/lib/offers/price-series";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { planRemoval, removeFromCatalog } from "../admin/catalog-removal.server";
import { saveOneProduct } from "../admin/product-save.server";
import { listProductPage } from "../catalog/product-lists.server";
import type { DB } from "../db/connection.server";
import { seedSampleContent } from "../seed/seed.server";
import { DROPPED_SAMPLES } from "../seed/sample-price-history";
import { sampleProducts } from "../seed/sample-products";
import { findProductByIdOrSlug } from "../products/products.server";
import { withOffers } from "./offer-reads.server";
import { priceHistoryOfProducts, withPriceHistory } from "./price-history.server";

const HEADER = "name,brand,slug,price,sale_price,sale_ends,website,affiliate_link";
const DAY_MS = 86_400_000;

function one(row: string): ProductImport {
  const outcome = parseProductCsv(`${HEADER}\n${row}`);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.products[0]!;
}

/** Moves the product's newest history row back in time: the trigger stamps rows with the moment of the save. */
async function backdateLatest(db: DB, productId: number, daysAgo: number) {
  const latest = await db
    .selectFrom("offer_price_history")
    .select("id")
    .where("product_id", "=", productId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("offer_price_history")
    .set({ recorded_at: new Date(Date.now() - daysAgo * DAY_MS).toISOString() })
    .where("id", "=", latest.id)
    .execute();
}

describe.each(testDialects)("price history reads on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test?.drop());

  it("reads back what the saves wrote as a day-by-day lowest price, and a drop only where there is one", async () => {
    const dropped = await saveOneProduct(test.db, one("Dropped,Maker,dropped,1000,,,,https://shop.example/dropped"), null);
    await backdateLatest(test.db, dropped.id, 60);
    await saveOneProduct(test.db, one("Dropped,Maker,dropped,1100,,,,https://shop.example/dropped"), dropped.id);
    await backdateLatest(test.db, dropped.id, 40);
    // A sale from three days ago: $1,100 down to $990 is 10%.
    await saveOneProduct(test.db, one("Dropped,Maker,dropped,1100,990,2099-12-31,,https://shop.example/dropped"), dropped.id);
    await backdateLatest(test.db, dropped.id, 3);

    const steady = await saveOneProduct(test.db, one("Steady,Maker,steady,2000,,,,https://shop.example/steady"), null);
    await backdateLatest(test.db, steady.id, 50);
    // 3% off is not a drop worth a badge.
    await saveOneProduct(test.db, one("Steady,Maker,steady,1940,,,,https://shop.example/steady"), steady.id);
    await backdateLatest(test.db, steady.id, 2);

    const today = new Date().toISOString().slice(0, 10);
    const since = addDays(today, -30);
    const history = await priceHistoryOfProducts(test.db, [dropped.id, steady.id], since);
    // The row before the window (the state the window starts in) and the one inside it; the $1,000 row is older than needed.
    expect(history.get(dropped.id)!.map((entry) => [entry.priceMinor, entry.salePriceMinor])).toEqual([
      [110_000, null],
      [110_000, 99_000],
    ]);
    expect(history.get(steady.id)!.map((entry) => entry.priceMinor)).toEqual([200_000, 194_000]);

    const settings = priceSettingsAt(DEFAULT_SITE_PRICES, Date.now());
    const page = await listProductPage(test.db, { kind: "all" }, "rating", { limit: 24, offset: 0 });
    const drops = new Map(page.map((product) => [product.slug, productPriceDrop(product, settings)]));
    expect(drops).toEqual(
      new Map([
        ["dropped", 10],
        ["steady", null],
      ]),
    );

    // The product page's year: 61 days with a price, the last one the displayed $990.
    const [full] = await withPriceHistory(test.db, await withOffers(test.db, [(await findProductByIdOrSlug(test.db, "dropped"))!]), 365);
    const series = dailyLowestPrices(full!.priceHistory!, full!.offers!, settings, 365);
    expect(series.filter((point) => point.amountMinor !== null)).toHaveLength(61);
    expect(series.at(-1)?.amountMinor).toBe(99_000);
    expect(series.at(-45)?.amountMinor).toBe(100_000);
    const view = priceHistoryView(full!, settings);
    expect(view?.steps.map((step) => step.amountMinor)).toEqual([100_000, 110_000, 99_000]);
    expect(view?.lowestIn90).toBe(true);
  });

  it("stops counting an offer from the moment it is removed", async () => {
    const { id } = await saveOneProduct(test.db, one("Gone,Maker,gone,500,,,,https://shop.example/gone"), null);
    await backdateLatest(test.db, id, 20);
    await test.db.deleteFrom("offers").where("product_id", "=", id).execute();
    await backdateLatest(test.db, id, 5);
    const [product] = await withPriceHistory(test.db, await withOffers(test.db, [(await findProductByIdOrSlug(test.db, "gone"))!]), 30);
    const series = dailyLowestPrices(product!.priceHistory!, product!.offers!, priceSettingsAt(DEFAULT_SITE_PRICES, Date.now()), 30);
    expect(series.slice(-6).map((point) => point.amountMinor)).toEqual([null, null, null, null, null, null]);
    expect(series.at(-7)?.amountMinor).toBe(50_000);
  });
});

describe.each(testDialects)("sample price history on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
  });
  afterAll(() => test?.drop());

  it("gives every sample product 90 days of history and the drop badge only to the ones that dropped", async () => {
    const settings = priceSettingsAt(DEFAULT_SITE_PRICES, Date.now());
    const page = await listProductPage(test.db, { kind: "all" }, "rating", { limit: 100, offset: 0 });
    expect(page).toHaveLength(sampleProducts.length);
    const withDrop = page.filter((product) => productPriceDrop(product, settings) !== null).map((product) => product.slug);
    expect(withDrop.sort()).toEqual([...DROPPED_SAMPLES].sort());

    const oldest = await test.db
      .selectFrom("offer_price_history")
      .select(["product_id", (eb) => eb.fn.min("recorded_at").as("first")])
      .groupBy("product_id")
      .execute();
    expect(oldest).toHaveLength(sampleProducts.length);
    for (const row of oldest)
      expect(Date.now() - Date.parse(String(row.first instanceof Date ? row.first.toISOString() : row.first))).toBeGreaterThan(60 * DAY_MS);
  });

  it("goes with the sample content when it is removed", async () => {
    const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    await removeFromCatalog(test.db, plan, { deleteImages: false, storage: { remove: async () => true } as never });
    expect(await test.db.selectFrom("offer_price_history").select("id").execute()).toEqual([]);
  });
});
