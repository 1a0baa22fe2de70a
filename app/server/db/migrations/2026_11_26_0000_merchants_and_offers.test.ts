import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "../../offers/maintained-price.server";
import { toProductRow } from "../../products/product-row-mapping";
import { sampleProducts } from "../../seed/sample-products";
import type { DB } from "../connection.server";
import { createMigrator, migrateToLatest } from "../migrate.server";
import { sampleProductFields } from "../../seed/seed.server";
import { toIsoString } from "../timestamps";

const THIS_MIGRATION = "2026_11_26_0000_merchants_and_offers";

/** Brings a new database to the migration before this one: the schema today's main runs on. */
async function migrateToTheOneBefore(db: DB): Promise<string> {
  const migrator = createMigrator(db);
  const names = (await migrator.getMigrations()).map((migration) => migration.name);
  const previous = names[names.indexOf(THIS_MIGRATION) - 1]!;
  const { error } = await migrator.migrateTo(previous);
  if (error) throw error;
  return previous;
}

const noFields = {
  tagline: null,
  description: null,
  fullDescription: null,
  categoryId: null,
  images: [],
  capacity: null,
  dimensions: null,
  weightLbs: null,
  heaterType: null,
  heaterSpec: null,
  keyFeatures: [],
  rating: null,
  reviewsNumber: null,
  reviewCount: null,
  shippingInfo: null,
  priceCents: null,
  salePriceCents: null,
  saleEndsAt: null,
  website: null,
  affiliateLink: null,
};

/** Products the sample catalog does not have: each a way the old columns could be filled. */
const edgeCases = [
  // A price and the maker's website, no affiliate link: the merchant comes from the website.
  {
    ...noFields,
    slug: "price-no-link",
    name: "Price, no link",
    brand: "Maker One",
    priceCents: 500_000,
    website: "https://www.Maker-One.example/p",
  },
  // A price and nothing to find a shop by: the merchant is named after the brand.
  { ...noFields, slug: "price-only", name: "Price only", brand: "Solo Brand", priceCents: 123_400, shippingInfo: "Pickup only" },
  { ...noFields, slug: "price-only-2", name: "Price only 2", brand: "solo brand", priceCents: 99_900 },
  // A link and no price.
  { ...noFields, slug: "link-no-price", name: "Link, no price", brand: "Shopless", affiliateLink: "https://shop.example/x?ref=1" },
  // Only the maker's website: no price, sale or link, so no offer.
  { ...noFields, slug: "website-only", name: "Website only", brand: "Webby", website: "https://webby.example" },
  { ...noFields, slug: "nothing", name: "Nothing at all", brand: "Blank" },
  // A sale that ended, on a real product at a sample maker's domain (that merchant is then no sample).
  {
    ...noFields,
    slug: "sale-ended",
    name: "Sale ended",
    brand: "Lumo Works",
    priceCents: 900_000,
    salePriceCents: 800_000,
    saleEndsAt: "2020-01-31",
    affiliateLink: "https://lumoworks.example/old?ref=a",
  },
  // A sale price without a price, and a link that is not one: kept as they are.
  { ...noFields, slug: "sale-no-price", name: "Sale, no price", brand: "Odd", salePriceCents: 50_000, affiliateLink: "not a link" },
  { ...noFields, slug: "largest", name: "Largest", brand: "Big", priceCents: 9_999_999_999, affiliateLink: "https://big.example/x" },
];

/** The catalog as today's main seeds it (sample products), plus the edge cases as an owner's own. */
async function seedTheOldCatalog(db: DB) {
  const now = "2026-11-20T10:00:00.000Z";
  await db
    .insertInto("products")
    .values([
      // Written into the schema of that time: without the review's columns, which came later.
      ...sampleProducts.map((product) =>
        toProductRow({ ...sampleProductFields(product), verdict: undefined, pros: undefined }, { isSample: true, now }),
      ),
      ...edgeCases.map((product) => toProductRow(product, { isSample: false, now: "2026-10-01T08:30:00.000Z" })),
    ])
    .execute();
}

interface PriceAndLink {
  price: number | null;
  sale: number | null;
  saleEnds: string | null;
  link: string | null;
}

const num = (value: number | string | null) => (value === null ? null : Number(value));

async function productColumns(db: DB): Promise<Map<string, PriceAndLink & { updatedAt: string; shipping: string | null }>> {
  const rows = await db
    .selectFrom("products")
    .select(["slug", "price_cents", "sale_price_cents", "sale_ends_at", "affiliate_link", "updated_at", "shipping_info"])
    .execute();
  return new Map(
    rows.map((row) => [
      row.slug,
      {
        price: num(row.price_cents),
        sale: num(row.sale_price_cents),
        saleEnds: row.sale_ends_at,
        link: row.affiliate_link,
        updatedAt: toIsoString(row.updated_at),
        shipping: row.shipping_info,
      },
    ]),
  );
}

async function primaryOffers(db: DB) {
  const rows = await db
    .selectFrom("offers")
    .innerJoin("products", "products.id", "offers.product_id")
    .innerJoin("merchants", "merchants.id", "offers.merchant_id")
    .select([
      "products.slug",
      "offers.is_primary",
      "offers.link",
      "offers.price_minor",
      "offers.sale_price_minor",
      "offers.sale_ends_at",
      "offers.currency",
      "offers.availability",
      "offers.shipping_note",
      "offers.countries",
      "offers.source",
      "offers.confirmed_at",
      "offers.price_changed_at",
      "merchants.slug as merchant_slug",
      "merchants.name as merchant_name",
      "merchants.domain as merchant_domain",
      "merchants.is_sample as merchant_is_sample",
    ])
    .execute();
  return new Map(rows.map((row) => [row.slug, row]));
}

/** Every product's price, sale, sale end and link, on the products row and on its primary offer, against the old values. */
async function expectNothingLost(db: DB, before: Awaited<ReturnType<typeof productColumns>>) {
  const after = await productColumns(db);
  expect(after).toEqual(before);

  const offers = await primaryOffers(db);
  for (const [slug, old] of before) {
    const offer = offers.get(slug);
    const hadAny = old.price !== null || old.sale !== null || old.link !== null;
    if (!hadAny) {
      expect(offer, slug).toBeUndefined();
      continue;
    }
    expect(offer, slug).toBeDefined();
    expect(
      { price: num(offer!.price_minor), sale: num(offer!.sale_price_minor), saleEnds: offer!.sale_ends_at, link: offer!.link },
      slug,
    ).toEqual({ price: old.price, sale: old.sale, saleEnds: old.saleEnds, link: old.link });
    expect(Boolean(offer!.is_primary)).toBe(true);
    expect(offer!.currency).toBe("USD");
    expect(offer!.availability).toBe("unknown");
    expect(offer!.countries).toBe("[]");
    expect(offer!.source).toBe("form");
    expect(offer!.shipping_note).toBe(old.shipping);
    expect(toIsoString(offer!.confirmed_at)).toBe(old.updatedAt);
    expect(toIsoString(offer!.price_changed_at)).toBe(old.updatedAt);
  }
  expect(offers.size).toBe([...before.values()].filter((old) => old.price !== null || old.sale !== null || old.link !== null).length);
  return offers;
}

describe.each(testDialects)("the merchants and offers migration on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("moves every product's price, sale, sale end and affiliate link into a primary offer and loses nothing", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    await migrateToTheOneBefore(test.db);
    await seedTheOldCatalog(test.db);
    const before = await productColumns(test.db);
    expect(before.size).toBe(sampleProducts.length + edgeCases.length);

    expect(await migrateToLatest(test.db)).toContain(THIS_MIGRATION);
    const offers = await expectNothingLost(test.db, before);

    // The shop is the affiliate link's domain, else the website's, else the brand.
    expect(offers.get("lumo-works-tyyni-4-cube-sauna")).toMatchObject({
      merchant_domain: "lumoworks.example",
      merchant_slug: "lumoworks-example",
    });
    expect(offers.get("lumo-works-hetki-3-modern-sauna")!.merchant_domain).toBe("lumoworks.example");
    expect(offers.get("price-no-link")).toMatchObject({
      merchant_domain: "maker-one.example",
      merchant_name: "maker-one.example",
      link: null,
    });
    expect(offers.get("price-only")).toMatchObject({ merchant_domain: null, merchant_name: "Solo Brand", merchant_slug: "solo-brand" });
    expect(offers.get("price-only-2")!.merchant_slug).toBe("solo-brand");
    expect(offers.get("link-no-price")).toMatchObject({ merchant_domain: "shop.example", price_minor: null });
    expect(offers.get("sale-no-price")).toMatchObject({ merchant_name: "Odd", link: "not a link" });
    // A shop only sample products use is sample content; one a real product uses is not.
    expect(Boolean(offers.get("birchline-classic-2-barrel-sauna")!.merchant_is_sample)).toBe(true);
    expect(Boolean(offers.get("lumo-works-tyyni-4-cube-sauna")!.merchant_is_sample)).toBe(false);
    expect(Boolean(offers.get("price-only")!.merchant_is_sample)).toBe(false);

    // The copy the code maintains already agrees with the offers: refreshing rewrites no priced product.
    const settings = priceSettingsAt(DEFAULT_PRICES, Date.parse("2026-11-26T12:00:00Z"));
    const pricedIds = (await test.db.selectFrom("products").select("id").where("slug", "<>", "sale-no-price").execute()).map((row) =>
      Number(row.id),
    );
    expect(await refreshProductPrices(test.db, pricedIds, settings)).toBe(0);
  });

  it("down puts the primary offers' prices and links back on the products, and up again makes the same offers", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const previous = await migrateToTheOneBefore(test.db);
    await seedTheOldCatalog(test.db);
    const before = await productColumns(test.db);
    await migrateToLatest(test.db);
    const first = await expectNothingLost(test.db, before);

    const { error } = await createMigrator(test.db).migrateTo(previous);
    if (error) throw error;
    const tables = (await test.db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain("offers");
    expect(tables).not.toContain("merchants");
    expect(await productColumns(test.db)).toEqual(before);

    await migrateToLatest(test.db);
    const second = await expectNothingLost(test.db, before);
    const shape = (offers: typeof first) =>
      [...offers].map(([slug, offer]) => [slug, offer.merchant_slug, offer.merchant_domain, offer.link, num(offer.price_minor)]).sort();
    expect(shape(second)).toEqual(shape(first));
  });

  it("down restores the form's price and link when another shop's offer set the displayed price", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const previous = await migrateToTheOneBefore(test.db);
    await seedTheOldCatalog(test.db);
    await migrateToLatest(test.db);
    const product = await test.db.selectFrom("products").select("id").where("slug", "=", "price-no-link").executeTakeFirstOrThrow();
    // As refreshProductPrices leaves it when a cheaper shop's offer wins.
    await test.db.updateTable("products").set({ price_cents: 450_000, affiliate_link: null }).where("id", "=", product.id).execute();
    await test.db.updateTable("offers").set({ price_minor: 510_000 }).where("product_id", "=", product.id).execute();

    const { error } = await createMigrator(test.db).migrateTo(previous);
    if (error) throw error;
    const row = await test.db
      .selectFrom("products")
      .select(["price_cents", "affiliate_link"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(num(row.price_cents)).toBe(510_000);
  });
});
