import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "../offers/maintained-price.server";
import { listKeyRow } from "../products/product-list-keys.server";
import { PRODUCT_LIST_KEY_COLUMNS, toProduct } from "../products/product-row-mapping";
import { importProductCsv, importProductStream, previewProductCsv } from "./csv-import.server";

/**
 * The import's bulk writes (bulk-rows.server.ts) leave the catalog exactly as a row-by-row save
 * would: each product's list keys are what its stored row gives, its price copy is what its
 * offers give, and a file that fails anywhere (past the first statement too) saves nothing.
 */

const HEADER = "name,brand,slug,category_id,price,capacity,heater_type,key_features,collection_ids,gtin";

/** A GTIN-13 with its check digit, from a number. */
function gtin(n: number): string {
  const body = String(400_638_100_000 + n);
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** `count` products, model-1 … model-count, every tenth in the six-person collection. */
function generatedCsv(
  count: number,
  price: (i: number) => string = (i) => `${1000 + i}.99`,
  gtinOf: (i: number) => string = (i) => gtin(10_000 + i),
): string {
  const lines = [HEADER];
  for (let i = 1; i <= count; i++) {
    const collections = i % 10 === 0 ? "[six-person-saunas]" : "";
    lines.push(
      `"Model ${i}, ""deluxe""",Brand ${i % 13},model-${i},barrel,${price(i)},${(i % 6) + 1},wood,"[Cedar, Feature ${i % 17}]",${collections},${gtinOf(i)}`,
    );
  }
  return lines.join("\n");
}

async function productRows(test: TestDatabase) {
  return test.db.selectFrom("products").selectAll().orderBy("id").execute();
}

/** Every product's stored list keys are the ones its stored row gives (what a full refresh would write). */
async function expectKeysAsComputed(test: TestDatabase) {
  for (const row of await productRows(test)) {
    const stored = Object.fromEntries(
      PRODUCT_LIST_KEY_COLUMNS.map((column) => [
        column,
        column === "review_total" && row[column] !== null ? Number(row[column]) : row[column],
      ]),
    );
    expect(stored, row.slug).toEqual(listKeyRow(toProduct(row)));
  }
}

/** Every product's price copy is what its offers give: a refresh finds nothing to write. */
async function expectPricesAsOffers(test: TestDatabase) {
  const ids = (await productRows(test)).map((row) => Number(row.id));
  expect(await refreshProductPrices(test.db, ids, priceSettingsAt(DEFAULT_PRICES))).toBe(0);
}

describe.each(testDialects)("the product import's bulk writes on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("collections").values({ slug: "six-person-saunas", title: "Six Person Saunas" }).execute();
  });
  afterAll(() => test.drop());

  it("writes new, changed and unchanged rows of one file as their own saves would", async () => {
    const first = await importProductCsv(
      test.db,
      [
        HEADER,
        `Alpha,Nordic,alpha,barrel,4999.00,4,wood,"[Cedar, Glass door]",[six-person-saunas],${gtin(1)}`,
        `Beta,Nordic,beta,infrared,4999.00,2,infrared,[Carbon panels],,`,
        `Gamma,Lumo,gamma,traditional,,6,electric,[Finnish heater],,`,
      ].join("\n"),
      { collectionChoice: "add" },
    );
    expect(first.ok ? [first.saved, first.unchanged] : first.toast).toEqual([3, 0]);
    const alphaBefore = (await productRows(test)).find((row) => row.slug === "alpha")!;

    const second = await importProductCsv(
      test.db,
      [
        HEADER,
        // Unchanged: not written, its updated_at stays.
        `Alpha,Nordic,alpha,barrel,4999.00,4,wood,"[Cedar, Glass door]",[six-person-saunas],${gtin(1)}`,
        // A new price in another tier: the offer, the price copy and the list keys follow.
        `Beta,Nordic,beta,infrared,12000.00,2,infrared,[Carbon panels],,`,
        // Features and heater only.
        `Gamma,Lumo,gamma,traditional,,6,wood,"[Finnish heater, Recovery room]",,`,
        // New, in the collection.
        `Delta,Lumo,delta,barrel,15999.00,6,wood,[Cedar],[six-person-saunas],${gtin(4)}`,
      ].join("\n"),
      { collectionChoice: "add" },
    );
    expect(second.ok && [second.saved, second.unchanged]).toEqual([3, 1]);
    expect(second.ok && second.preview.rows.map((row) => [row.slug, row.status])).toEqual([
      ["alpha", "unchanged"],
      ["beta", "changed"],
      ["gamma", "changed"],
      ["delta", "new"],
    ]);

    const rows = await productRows(test);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    expect(rows.map((row) => row.slug)).toEqual(["alpha", "beta", "gamma", "delta"]);
    expect(bySlug.get("alpha")!.updated_at).toEqual(alphaBefore.updated_at);
    expect(Number(bySlug.get("beta")!.price_cents)).toBe(1_200_000);
    expect(bySlug.get("beta")!.list_tags).toContain("|premium-saunas|");
    expect(bySlug.get("gamma")!.heater_key).toBe("wood");
    expect(bySlug.get("gamma")!.search_text).toContain("recovery");
    expect(Number(bySlug.get("delta")!.price_cents)).toBe(1_599_900);
    expect(bySlug.get("delta")!.gtin).toBe(gtin(4));
    await expectKeysAsComputed(test);
    await expectPricesAsOffers(test);

    const offers = await test.db.selectFrom("offers").select(["product_id", "price_minor", "is_primary"]).orderBy("product_id").execute();
    expect(offers.map((offer) => [Number(offer.product_id), Number(offer.price_minor), Boolean(offer.is_primary)])).toEqual([
      [Number(bySlug.get("alpha")!.id), 499_900, true],
      [Number(bySlug.get("beta")!.id), 1_200_000, true],
      [Number(bySlug.get("delta")!.id), 1_599_900, true],
    ]);
    const members = await test.db
      .selectFrom("collection_products")
      .innerJoin("products", "products.id", "collection_products.product_id")
      .select("products.slug")
      .orderBy("collection_products.position")
      .execute();
    expect(members.map((member) => member.slug)).toEqual(["alpha", "delta"]);

    // A file with fewer columns changes only those; the keys follow the merged row.
    const partial = await importProductCsv(test.db, "name,brand,slug,heater_type\nAlpha,Nordic,alpha,electric\n");
    expect(partial.ok && partial.saved).toBe(1);
    const alpha = (await productRows(test)).find((row) => row.slug === "alpha")!;
    expect([alpha.heater_key, Number(alpha.price_cents), alpha.category_key]).toEqual(["electric", 499_900, "barrel"]);
    await expectKeysAsComputed(test);
  });

  it("decides a new product's shown price from its offer as a read-back would, a shop that does not serve the site's country included", async () => {
    // Not read back after the save (its row and offer are known as written): the rule must
    // still see the merchant's countries.
    await test.db
      .insertInto("merchants")
      .values({ slug: "nur-de", name: "Nur DE", domain: "nur-de.example", countries: '["DE"]' })
      .execute();
    const header = "name,brand,slug,price,affiliate_link,website";
    const saved = await importProductCsv(
      test.db,
      [header, "Epsilon,Nordic,epsilon,4999.00,https://nur-de.example/e,", "Zeta,Nordic,zeta,3999.00,,https://zeta.example/"].join("\n"),
    );
    expect(saved.ok && saved.saved).toBe(2);
    const bySlug = new Map((await productRows(test)).map((row) => [row.slug, row]));
    // The only offer ships to Germany, the site sells in the US: no shown price, the link stays.
    expect([bySlug.get("epsilon")!.price_cents, bySlug.get("epsilon")!.affiliate_link]).toEqual([null, "https://nur-de.example/e"]);
    expect(Number(bySlug.get("zeta")!.price_cents)).toBe(399_900);
    await expectPricesAsOffers(test);
  });

  it("imports more rows than one statement carries, in file order, and updates them all", async () => {
    const before = (await productRows(test)).length;
    const inserted = await importProductCsv(test.db, generatedCsv(1500), { collectionChoice: "add" });
    expect(inserted.ok && [inserted.saved, inserted.unchanged]).toEqual([1500, 0]);
    const rows = (await productRows(test)).slice(before);
    expect(rows.map((row) => row.slug)).toEqual(Array.from({ length: 1500 }, (_, i) => `model-${i + 1}`));
    expect(Number(rows[1234]!.price_cents)).toBe(223_599);
    await expectKeysAsComputed(test);
    await expectPricesAsOffers(test);

    const repriced = await importProductCsv(
      test.db,
      generatedCsv(1500, (i) => `${20000 + i}.49`),
      { collectionChoice: "add" },
    );
    expect(repriced.ok && [repriced.saved, repriced.unchanged]).toEqual([1500, 0]);
    const after = (await productRows(test)).slice(before);
    expect(Number(after[1234]!.price_cents)).toBe(2_123_549);
    expect(after.every((row) => row.list_tags.includes("|luxury-saunas|"))).toBe(true);
    await expectKeysAsComputed(test);
    await expectPricesAsOffers(test);

    const again = await importProductCsv(
      test.db,
      generatedCsv(1500, (i) => `${20000 + i}.49`),
      { collectionChoice: "add" },
    );
    expect(again.ok && [again.saved, again.unchanged]).toEqual([0, 1500]);
  });

  it("saves nothing when a row past the first statements fails in the database", async () => {
    const productsBefore = await productRows(test);
    const offersBefore = await test.db.selectFrom("offers").select("id").execute();
    // Row 1400 repeats a GTIN stored by another product: the unique index refuses it, late in the save.
    const file = generatedCsv(
      1500,
      (i) => `${500 + i}.00`,
      (i) => (i === 1400 ? gtin(1) : gtin(5000 + i)),
    ).replace(/model-(\d+),/g, "late-$1,");
    const result = await importProductCsv(test.db, file, { collectionChoice: "add" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(422);
      expect(result.toast.description).toMatch(/^Nothing was saved\. Row 1400 \(slug "late-1400"\)/);
    }
    expect(await productRows(test)).toEqual(productsBefore);
    expect(await test.db.selectFrom("offers").select("id").execute()).toEqual(offersBefore);
  });

  /** The text in pieces of `size` characters, as a file read from disk arrives. */
  async function* pieces(text: string, size: number) {
    for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
  }

  it("saves a file streamed in small pieces as the previewed plan said, batch by batch", async () => {
    const file = generatedCsv(2500, undefined, (i) => gtin(100_000 + i))
      .replace(/model-(\d+),/g, "piece-$1,")
      .replace(/\n/g, "\r\n");
    const preview = await previewProductCsv(test.db, file);
    if (!preview.ok) throw new Error(preview.toast.description);
    expect(preview.preview.counts).toEqual({ new: 2500, changed: 0, unchanged: 0 });
    // 97 characters a piece: records, quoted cells and CR LF pairs are cut everywhere.
    const result = await importProductStream(test.db, pieces(file, 97), {
      collectionChoice: "add",
      expectedFingerprint: preview.preview.fingerprint,
    });
    expect(result.ok && [result.saved, result.unchanged]).toEqual([2500, 0]);
    const rows = (await productRows(test)).filter((row) => row.slug.startsWith("piece-"));
    expect(rows.map((row) => row.slug)).toEqual(Array.from({ length: 2500 }, (_, i) => `piece-${i + 1}`));
    expect(rows[1233]!.name).toBe('Model 1234, "deluxe"');
    const members = await test.db
      .selectFrom("collection_products")
      .innerJoin("products", "products.id", "collection_products.product_id")
      .select("products.slug")
      .where("products.slug", "like", "piece-%")
      .execute();
    expect(members).toHaveLength(250);
    await expectKeysAsComputed(test);
  });

  it("saves nothing when the file refuses itself after batches were written (a slug repeated at its end)", async () => {
    const productsBefore = await productRows(test);
    const file = `${generatedCsv(2500, undefined, (i) => gtin(200_000 + i)).replace(/model-(\d+),/g, "late-slug-$1,")}\nAgain,B,late-slug-3`;
    const result = await importProductStream(test.db, pieces(file, 4096), { collectionChoice: "add" });
    expect(result).toMatchObject({ ok: false, status: 422 });
    if (!result.ok) expect(result.toast.description).toMatch(/^Rows 3 and 2501 both use the slug late-slug-3/);
    expect(await productRows(test)).toEqual(productsBefore);
  });

  it("saves nothing when a quote opened near the end is never closed", async () => {
    const productsBefore = await productRows(test);
    const file = `${generatedCsv(2500, undefined, (i) => gtin(300_000 + i)).replace(/model-(\d+),/g, "open-quote-$1,")}\n"Broken,B,broken`;
    const result = await importProductStream(test.db, pieces(file, 4096), { collectionChoice: "add" });
    expect(result).toMatchObject({ ok: false, status: 422 });
    if (!result.ok) expect(result.toast.description).toBe('Row 2501: a quoted value is never closed (check for a missing ")');
    expect(await productRows(test)).toEqual(productsBefore);
  });
});
