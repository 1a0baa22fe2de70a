import { afterEach, describe, expect, it } from "vitest";
import { dollarsToCents } from "~/lib/text/money";
import { displayPrice } from "~/lib/offers/display-price";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { planRemoval, removeFromCatalog } from "../admin/catalog-removal.server";
import { DEFAULT_PRICES, priceSettingsAt } from "../offers/maintained-price.server";
import { offersOfProducts } from "../offers/offer-reads.server";
import { savePrimaryOffer } from "../offers/primary-offers.server";
import { sampleMerchants, sampleOffers } from "./sample-offers";
import { sampleProducts } from "./sample-products";
import { LocalDiskStorage } from "../storage/storage.server";
import { seedSampleContent } from "./seed.server";

/** The displayed price's day: the samples' sales run until December or January. */
const settings = priceSettingsAt(DEFAULT_PRICES, Date.parse("2026-11-26T12:00:00Z"));

/** The one sample whose displayed price a retailer's sale sets (sample-offers.ts says why). */
const RETAILER_SALE = { slug: "birchline-ember-6-barrel-sauna", amount: 920_000, merchant: "backyard-leisure-co" };

describe.each(testDialects)("sample shops and offers on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function offersBySlug() {
    const products = await test.db.selectFrom("products").select(["id", "slug", "price_cents", "sale_price_cents"]).execute();
    const offers = await offersOfProducts(
      test.db,
      products.map((product) => Number(product.id)),
    );
    return new Map(products.map((product) => [product.slug, { row: product, offers: offers.get(Number(product.id))! }]));
  }

  it("gives every sample product its maker's offer and most of them a retailer's, each displayed at its own sample price", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    const merchants = await test.db.selectFrom("merchants").select(["slug", "domain", "is_sample", "countries"]).execute();
    expect(merchants.map((merchant) => merchant.slug).sort()).toEqual(sampleMerchants.map((merchant) => merchant.slug).sort());
    expect(merchants.every((merchant) => Boolean(merchant.is_sample) && merchant.domain!.endsWith(".example"))).toBe(true);

    const bySlug = await offersBySlug();
    for (const sample of sampleProducts) {
      const { row, offers } = bySlug.get(sample.slug)!;
      const primary = offers.filter((offer) => offer.isPrimary);
      expect(primary, sample.slug).toHaveLength(1);
      expect(primary[0], sample.slug).toMatchObject({
        link: sample.affiliate_link,
        priceMinor: dollarsToCents(sample.price),
        salePriceMinor: sample.sale_price === undefined ? null : dollarsToCents(sample.sale_price),
        saleEndsAt: sample.sale_ends_at ?? null,
        currency: "USD",
        availability: "InStock",
      });
      const shown = displayPrice(offers, settings);
      const ownPrice = dollarsToCents(sample.sale_price ?? sample.price);
      expect(shown, sample.slug).toMatchObject({
        kind: "price",
        amountMinor: sample.slug === RETAILER_SALE.slug ? RETAILER_SALE.amount : ownPrice,
      });
      // The row's copy keeps the list price the collections' price tiers read.
      expect(Number(row.price_cents), sample.slug).toBe(dollarsToCents(sample.price));
    }
    expect(bySlug.get(RETAILER_SALE.slug)!.offers.find((offer) => offer.merchantSlug === RETAILER_SALE.merchant)!.salePriceMinor).toBe(
      RETAILER_SALE.amount,
    );

    const withRetailers = sampleProducts.filter((sample) => bySlug.get(sample.slug)!.offers.length >= 2);
    expect(withRetailers.length).toBeGreaterThan(sampleProducts.length / 2);
    expect(sampleProducts.some((sample) => bySlug.get(sample.slug)!.offers.length >= 3)).toBe(true);
    const all = [...bySlug.values()].flatMap(({ offers }) => offers);
    expect(all.filter((offer) => offer.availability === "OutOfStock").length).toBeGreaterThanOrEqual(3);
    expect(all.filter((offer) => !offer.isPrimary && offer.salePriceMinor !== null).length).toBeGreaterThanOrEqual(2);
    const german = all.filter((offer) => offer.currency === "EUR");
    expect(german).toHaveLength(1);
    expect(german[0]!.merchantCountries).toEqual(["DE", "AT"]);
    expect(all).toHaveLength(sampleProducts.length + sampleOffers.length);
  });

  it("'Remove all sample content' removes the sample offers and the shops only they use", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    // An owner's own product sold at one of the sample shops keeps that shop.
    const { id } = await test.db
      .insertInto("products")
      .values({ slug: "mine", name: "Mine", brand: "Me" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await savePrimaryOffer(
      test.db,
      Number(id),
      { priceCents: 100_000, link: "https://nordicbathsupply.example/p/mine" },
      { source: "form", currency: "USD" },
    );

    const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    await removeFromCatalog(test.db, plan, { deleteImages: false, storage: new LocalDiskStorage("/nonexistent-sample-removal") });

    const merchants = await test.db.selectFrom("merchants").select(["slug", "is_sample"]).execute();
    expect(merchants).toEqual([{ slug: "nordic-bath-supply", is_sample: dialect === "postgres" ? false : 0 }]);
    const offers = await test.db.selectFrom("offers").select("product_id").execute();
    expect(offers.map((offer) => Number(offer.product_id))).toEqual([Number(id)]);
  });
});
