import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductCsv, type ProductImport } from "~/lib/csv/product-csv";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { findProductForEdit } from "../admin/admin-queries.server";
import { productCsvLines } from "../admin/catalog-export.server";
import { planProductImport } from "../admin/import-plan.server";
import { saveOneProduct, saveProducts } from "../admin/product-save.server";
import type { DB } from "../db/connection.server";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrice, refreshProductPrices } from "./maintained-price.server";
import { findOrCreateMerchantByDomain } from "./merchant-lookup.server";
import { offersOfProducts } from "./offer-reads.server";
import { savePrimaryOffer } from "./primary-offers.server";

function parsed(csv: string) {
  const outcome = parseProductCsv(csv);
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome;
}

const one = (csv: string): ProductImport => parsed(csv).products[0]!;

async function productRow(db: DB, slug: string) {
  const row = await db
    .selectFrom("products")
    .select(["id", "price_cents", "sale_price_cents", "sale_ends_at", "affiliate_link"])
    .where("slug", "=", slug)
    .executeTakeFirstOrThrow();
  return {
    id: Number(row.id),
    price: row.price_cents === null ? null : Number(row.price_cents),
    sale: row.sale_price_cents === null ? null : Number(row.sale_price_cents),
    saleEnds: row.sale_ends_at,
    link: row.affiliate_link,
  };
}

async function offersOf(db: DB, slug: string) {
  const { id } = await productRow(db, slug);
  return (await offersOfProducts(db, [id])).get(id)!;
}

async function exportedCsv(db: DB): Promise<string> {
  let text = "";
  for await (const chunk of productCsvLines(db)) text += chunk;
  return text;
}

const settings = priceSettingsAt(DEFAULT_PRICES, Date.parse("2026-11-26T12:00:00Z"));
const HEADER = "name,brand,slug,price,sale_price,sale_ends,website,affiliate_link";

describe.each(testDialects)("offers repository on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test?.drop());

  it("the product form writes its price, sale and link to the primary offer at the link's shop, and the row copies them", async () => {
    const { id } = await saveOneProduct(
      test.db,
      one(`${HEADER}\nAlpha,Maker,alpha,1000,900,2099-12-31,https://maker.example/alpha,https://WWW.Shop-A.example/alpha?ref=me`),
      null,
    );
    const [offer, ...others] = await offersOf(test.db, "alpha");
    expect(others).toEqual([]);
    expect(offer).toMatchObject({
      productId: id,
      isPrimary: true,
      merchantSlug: "shop-a-example",
      merchantName: "shop-a.example",
      link: "https://WWW.Shop-A.example/alpha?ref=me",
      priceMinor: 100_000,
      salePriceMinor: 90_000,
      saleEndsAt: "2099-12-31",
      currency: "USD",
      availability: "unknown",
      source: "form",
    });
    expect(await productRow(test.db, "alpha")).toMatchObject({
      price: 100_000,
      sale: 90_000,
      saleEnds: "2099-12-31",
      link: "https://WWW.Shop-A.example/alpha?ref=me",
    });
  });

  it("a cheaper shop sets the row's displayed price; the form, the CSV export and the import's diff still show the primary offer", async () => {
    const { id } = await productRow(test.db, "alpha");
    const other = await findOrCreateMerchantByDomain(test.db, "https://cheap.example/");
    await test.db
      .insertInto("offers")
      .values({
        product_id: id,
        merchant_id: other,
        link: "https://cheap.example/alpha",
        price_minor: 85_000,
        currency: "USD",
        availability: "InStock",
        source: "csv",
      })
      .execute();
    await refreshProductPrice(test.db, id, settings);
    // The cheaper shop's price is what the lists filter and sort by; the link stays the primary offer's.
    expect(await productRow(test.db, "alpha")).toEqual({
      id,
      price: 85_000,
      sale: null,
      saleEnds: null,
      link: "https://WWW.Shop-A.example/alpha?ref=me",
    });

    const editing = await findProductForEdit(test.db, id);
    expect(editing!.product).toMatchObject({ priceCents: 100_000, salePriceCents: 90_000, saleEndsAt: "2099-12-31" });

    const csv = await exportedCsv(test.db);
    const exported = parsed(csv);
    expect(exported.products.find((product) => product.slug === "alpha")).toMatchObject({
      priceCents: 100_000,
      salePriceCents: 90_000,
      saleEndsAt: "2099-12-31",
      affiliateLink: "https://WWW.Shop-A.example/alpha?ref=me",
    });
    // Importing the export back changes nothing.
    const plan = await planProductImport(test.db, exported.products, exported.columns);
    expect(plan.rows.map((row) => row.status)).toEqual(exported.products.map(() => "unchanged"));

    // A file that only changes the name leaves the offer and the displayed price alone.
    await saveProducts(test.db, parsed("name,brand,slug\nAlpha Two,Maker,alpha").products, ["name", "brand", "slug"]);
    expect((await productRow(test.db, "alpha")).price).toBe(85_000);
  });

  it("a file writes only the offer fields it has; a link to another shop moves the primary offer there", async () => {
    const before = (await offersOf(test.db, "alpha")).find((offer) => offer.isPrimary)!;
    const priceOnly = parsed("name,brand,slug,price\nAlpha,Maker,alpha,1100");
    await saveProducts(test.db, priceOnly.products, priceOnly.columns, { prices: DEFAULT_PRICES });
    const afterPrice = (await offersOf(test.db, "alpha")).find((offer) => offer.isPrimary)!;
    expect(afterPrice).toMatchObject({ id: before.id, priceMinor: 110_000, salePriceMinor: 90_000, link: before.link, source: "csv" });
    expect(afterPrice.priceChangedAt >= before.priceChangedAt).toBe(true);

    // The new link is at the shop that already had a cheaper offer: that shop's offer gives way to the typed one.
    const moved = parsed("name,brand,slug,affiliate_link\nAlpha,Maker,alpha,https://cheap.example/alpha?ref=me");
    await saveProducts(test.db, moved.products, moved.columns);
    const offers = await offersOf(test.db, "alpha");
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({
      id: before.id,
      merchantSlug: "cheap-example",
      isPrimary: true,
      priceMinor: 110_000,
      link: "https://cheap.example/alpha?ref=me",
    });
    expect(await productRow(test.db, "alpha")).toMatchObject({ price: 110_000, sale: 90_000, link: "https://cheap.example/alpha?ref=me" });
  });

  it("a form left without price, sale and link removes the primary offer; another shop's offer then sets the price", async () => {
    const { id } = await productRow(test.db, "alpha");
    const other = await findOrCreateMerchantByDomain(test.db, "other.example");
    await test.db
      .insertInto("offers")
      .values({
        product_id: id,
        merchant_id: other,
        link: "https://other.example/a",
        price_minor: 70_000,
        currency: "USD",
        availability: "InStock",
        source: "csv",
      })
      .execute();
    await saveOneProduct(test.db, one(`${HEADER}\nAlpha,Maker,alpha,,,,,`), id);
    const offers = await offersOf(test.db, "alpha");
    expect(offers.map((offer) => [offer.merchantSlug, offer.isPrimary])).toEqual([["other-example", false]]);
    expect(await productRow(test.db, "alpha")).toEqual({ id, price: 70_000, sale: null, saleEnds: null, link: null });
    expect((await findProductForEdit(test.db, id))!.product).toMatchObject({ priceCents: null, affiliateLink: null });

    // Typing a link at that shop makes its offer the primary one, keeping its price.
    await saveOneProduct(test.db, one(`name,brand,slug,affiliate_link\nAlpha,Maker,alpha,https://other.example/a?ref=me`), id);
    const [primary, ...rest] = await offersOf(test.db, "alpha");
    expect(rest).toEqual([]);
    // The form has every column: its empty price clears the offer's price.
    expect(primary).toMatchObject({ merchantSlug: "other-example", isPrimary: true, link: "https://other.example/a?ref=me" });
  });

  it("a new product's offer goes to its link's shop, else its website's, else a shop named after its brand", async () => {
    const file = parsed(
      [
        HEADER,
        "Beta,Maker,beta,500,,,https://www.maker.example/beta,",
        "Gamma,Lone Maker,gamma,600,,,,",
        "Delta,lone maker,delta,700,,,,",
        "Epsilon,Maker,epsilon,,,,https://maker.example/e,",
      ].join("\n"),
    );
    await saveProducts(test.db, file.products, file.columns);
    expect((await offersOf(test.db, "beta"))[0]).toMatchObject({
      merchantSlug: "maker-example",
      link: null,
      priceMinor: 50_000,
      source: "csv",
    });
    expect((await offersOf(test.db, "gamma"))[0]).toMatchObject({ merchantSlug: "lone-maker", merchantName: "Lone Maker" });
    expect((await offersOf(test.db, "delta"))[0]!.merchantSlug).toBe("lone-maker");
    // Nothing to sell: no offer.
    expect(await offersOf(test.db, "epsilon")).toEqual([]);
    expect(await productRow(test.db, "beta")).toMatchObject({ price: 50_000, link: null });
  });

  it("refreshing repairs every row whose copy disagrees with its offers, and only those", async () => {
    const slugs = ["beta", "gamma", "delta"];
    const before = await Promise.all(slugs.map((slug) => productRow(test.db, slug)));
    await test.db
      .updateTable("products")
      .set({ price_cents: 1, sale_price_cents: 2, sale_ends_at: "2030-01-01", affiliate_link: "x" })
      .where("slug", "in", slugs)
      .execute();
    const ids = [...before.map((row) => row.id), (await productRow(test.db, "epsilon")).id];
    expect(await refreshProductPrices(test.db, ids, settings)).toBe(3);
    expect(await Promise.all(slugs.map((slug) => productRow(test.db, slug)))).toEqual(before);
    expect(await refreshProductPrices(test.db, ids, settings)).toBe(0);
  });

  it("finds a merchant by its domain however the link spells it, and gives a new one a slug of its own", async () => {
    const a = await findOrCreateMerchantByDomain(test.db, "https://WWW.Dup.example/x?y=1");
    expect(await findOrCreateMerchantByDomain(test.db, "dup.example")).toBe(a);
    const b = await findOrCreateMerchantByDomain(test.db, "http://dup-example");
    expect(b).not.toBe(a);
    const slugs = await test.db.selectFrom("merchants").select(["id", "slug"]).where("id", "in", [a, b]).orderBy("id").execute();
    expect(slugs.map((row) => row.slug)).toEqual(["dup-example", "dup-example-2"]);
    await expect(findOrCreateMerchantByDomain(test.db, "mailto:someone@x.example")).rejects.toThrow("not a shop's web address");
  });

  it("a save that fails leaves the offers as they were", async () => {
    const { id } = await productRow(test.db, "beta");
    const before = await offersOf(test.db, "beta");
    await expect(
      test.db.transaction().execute(async (trx) => {
        await savePrimaryOffer(trx, id, { priceCents: 99_900 }, { source: "form", currency: "USD" });
        await refreshProductPrice(trx, id, settings);
        throw new Error("the rest of the save failed");
      }),
    ).rejects.toThrow("the rest of the save failed");
    expect(await offersOf(test.db, "beta")).toEqual(before);
    expect((await productRow(test.db, "beta")).price).toBe(50_000);
  });
});
