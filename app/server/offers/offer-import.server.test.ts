import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseOfferCsv } from "~/lib/csv/offer-csv";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { offerCsvLines } from "../admin/catalog-export.server";
import { importOfferCsv, previewOfferCsv } from "../admin/csv-import.server";
import { PlanChanged } from "../admin/save-errors";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { saveOffers } from "./offer-save.server";

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };
const HEADER = "product_slug,merchant,link,price,currency,sale_price,sale_end,availability,shipping_note,countries";

async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    offers: await db.selectFrom("offers").selectAll().orderBy("id").execute(),
    merchants: await db.selectFrom("merchants").selectAll().orderBy("id").execute(),
  };
}

async function exported(db: DB): Promise<string> {
  let text = "";
  for await (const chunk of offerCsvLines(db)) text += chunk;
  return text;
}

const offerOf = (db: DB, product: string, merchant: string) =>
  db
    .selectFrom("offers")
    .innerJoin("products", "products.id", "offers.product_id")
    .innerJoin("merchants", "merchants.id", "offers.merchant_id")
    .selectAll("offers")
    .where("products.slug", "=", product)
    .where("merchants.slug", "=", merchant)
    .executeTakeFirstOrThrow();

const priceOf = async (db: DB, product: string) =>
  db.selectFrom("products").select(["price_cents", "sale_price_cents"]).where("slug", "=", product).executeTakeFirstOrThrow();

describe.each(testDialects)("the offers CSV import on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values([
        { slug: "alpha", name: "Alpha Barrel", brand: "A" },
        { slug: "beta", name: "Beta Cabin", brand: "B" },
      ])
      .execute();
    await test.db
      .insertInto("merchants")
      .values([
        { slug: "nordic-bath", name: "Nordic Bath Supply", domain: "nordic.example", countries: "[]" },
        { slug: "sauna-depot", name: "Sauna Depot", domain: "depot.example", countries: "[]" },
        { slug: "saunahaus", name: "Saunahaus", domain: "saunahaus.example", countries: '["DE","AT"]' },
      ])
      .execute();
  });
  afterAll(() => test?.drop());

  it("previews every row as new, then saves them in one go: source csv, confirmed now, the product's price refreshed", async () => {
    const csv = [
      HEADER,
      "alpha,nordic-bath,https://nordic.example/alpha?ref=me,8499.00,USD,,,in stock,Free delivery,",
      // The merchant by its name, in another case; one product in several currencies is fine.
      "alpha,sauna depot,https://depot.example/alpha,7999.00,USD,7499.00,2099-12-31,InStock,,[US]",
      'alpha,saunahaus,https://saunahaus.example/alpha,7490,EUR,,,in stock,,"[DE, AT]"',
      "beta,nordic-bath,https://nordic.example/beta,12000,USD,,,Out of stock,,",
    ].join("\n");
    const preview = await previewOfferCsv(test.db, csv);
    expect(preview).toMatchObject({ ok: true, preview: { counts: { new: 4, changed: 0, unchanged: 0 } } });
    if (!preview.ok) return;
    expect(preview.preview.rows.map((row) => [row.rowNumber, row.slug, row.name])).toEqual([
      [1, "alpha @ nordic-bath", "Alpha Barrel at Nordic Bath Supply"],
      [2, "alpha @ sauna-depot", "Alpha Barrel at Sauna Depot"],
      [3, "alpha @ saunahaus", "Alpha Barrel at Saunahaus"],
      [4, "beta @ nordic-bath", "Beta Cabin at Nordic Bath Supply"],
    ]);

    const before = Date.now() - 1000;
    const result = await importOfferCsv(test.db, csv, { expectedFingerprint: preview.preview.fingerprint, prices: PRICES });
    expect(result).toMatchObject({ ok: true, saved: 4, unchanged: 0, toast: { title: "Offers Saved Successfully" } });
    const depot = await offerOf(test.db, "alpha", "sauna-depot");
    expect(depot).toMatchObject({
      price_minor: 799_900,
      sale_price_minor: 749_900,
      currency: "USD",
      availability: "InStock",
      source: "csv",
      is_primary: dialect === "postgres" ? false : 0,
    });
    expect(Date.parse(toIsoString(depot.confirmed_at))).toBeGreaterThanOrEqual(before);
    expect(toIsoString(depot.price_changed_at)).toBe(toIsoString(depot.confirmed_at));
    expect(JSON.parse((await offerOf(test.db, "alpha", "saunahaus")).countries)).toEqual(["DE", "AT"]);
    // The lowest in-stock US-dollar offer serving the site's country, its running sale applied.
    expect(await priceOf(test.db, "alpha")).toEqual({ price_cents: 799_900, sale_price_cents: 749_900 });
    // Beta's only offer is out of stock: no displayed price.
    expect(await priceOf(test.db, "beta")).toEqual({ price_cents: null, sale_price_cents: null });
  });

  it("shows only what changed; a change that leaves the price alone keeps the time the price last changed", async () => {
    const old = await offerOf(test.db, "alpha", "nordic-bath");
    const csv = "product_slug,merchant,availability\nalpha,nordic-bath,out of stock\nalpha,sauna-depot,in stock";
    const preview = await previewOfferCsv(test.db, csv);
    expect(preview).toMatchObject({ ok: true, preview: { counts: { new: 0, changed: 1, unchanged: 1 } } });
    if (!preview.ok) return;
    expect(preview.preview.rows[0]!.changes).toEqual([{ field: "availability", kind: "value", from: "InStock", to: "OutOfStock" }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await importOfferCsv(test.db, csv, { prices: PRICES })).toMatchObject({ ok: true, saved: 1, unchanged: 1 });
    const now = await offerOf(test.db, "alpha", "nordic-bath");
    expect(now).toMatchObject({ availability: "OutOfStock", price_minor: 849_900, link: old.link, shipping_note: "Free delivery" });
    expect(toIsoString(now.price_changed_at)).toBe(toIsoString(old.price_changed_at));
    expect(toIsoString(now.confirmed_at) > toIsoString(old.confirmed_at)).toBe(true);

    // A new price moves it, and the product's displayed price follows in the same save.
    expect(
      await importOfferCsv(test.db, "product_slug,merchant,price,sale_price\nalpha,sauna-depot,6999,", { prices: PRICES }),
    ).toMatchObject({ ok: true, saved: 1 });
    const depot = await offerOf(test.db, "alpha", "sauna-depot");
    expect(toIsoString(depot.price_changed_at)).toBe(toIsoString(depot.confirmed_at));
    expect(await priceOf(test.db, "alpha")).toEqual({ price_cents: 699_900, sale_price_cents: null });
  });

  it("a row naming an unknown product or merchant refuses the whole file, naming the row; nothing is saved", async () => {
    const before = await snapshot(test.db);
    const csv = [HEADER, "alpha,nordic-bath,,1,USD,,,,,", "gamma,nordic-bath,,1,USD,,,,,", "beta,Nowhere Shop,,1,USD,,,,,"].join("\n");
    const expected =
      'Row 2: no product has the slug "gamma"; Row 3: no merchant has the slug or name "Nowhere Shop" (add it under Merchants first). Nothing is saved until they are fixed.';
    expect(await previewOfferCsv(test.db, csv)).toEqual({
      ok: false,
      status: 422,
      toast: { title: "Unknown products or merchants", description: expected },
    });
    expect(await importOfferCsv(test.db, csv, { prices: PRICES })).toEqual({
      ok: false,
      status: 422,
      toast: { title: "Unknown products or merchants", description: expected },
    });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("refuses unreadable values before touching the database", async () => {
    const before = await snapshot(test.db);
    const result = await importOfferCsv(test.db, [HEADER, "alpha,nordic-bath,,free,EURO,,,,,"].join("\n"), { prices: PRICES });
    expect(result).toMatchObject({ ok: false, status: 422, toast: { title: "Error parsing CSV" } });
    expect(!result.ok && result.toast.description).toContain('Row 1: currency "EURO" is not an ISO 4217 currency code');
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("all or nothing: a row the database refuses mid-save rolls back the rows before it", async () => {
    // A trigger stands in for any failure of the database on the second row.
    if (dialect === "sqlite") {
      await sql`create trigger refuse_offer before update on offers when new.shipping_note = 'explode' begin select raise(abort, 'refused by a test trigger'); end`.execute(
        test.db,
      );
    } else {
      await sql`create function refuse_offer() returns trigger language plpgsql as $$ begin if new.shipping_note = 'explode' then raise exception 'refused by a test trigger'; end if; return new; end $$`.execute(
        test.db,
      );
      await sql`create trigger refuse_offer before update on offers for each row execute function refuse_offer()`.execute(test.db);
    }
    const before = await snapshot(test.db);
    const csv = "product_slug,merchant,shipping_note,price\nalpha,nordic-bath,fine,5000\nbeta,nordic-bath,explode,5000";
    const result = await importOfferCsv(test.db, csv, { prices: PRICES });
    expect(result).toMatchObject({ ok: false, status: 422, toast: { title: "Error saving offers" } });
    expect(!result.ok && result.toast.description).toMatch(/^Nothing was saved\. Row 2 \(slug "beta"\): .*refused by a test trigger/);
    expect(await snapshot(test.db)).toEqual(before);
    await sql`drop trigger refuse_offer${sql.raw(dialect === "postgres" ? " on offers" : "")}`.execute(test.db);
  });

  it("a plan that changed since the preview saves nothing and sends the new plan", async () => {
    const csv = "product_slug,merchant,price\nbeta,sauna-depot,11000";
    const preview = await previewOfferCsv(test.db, csv);
    if (!preview.ok) throw new Error("no preview");
    await test.db
      .insertInto("offers")
      .values({ product_id: 2, merchant_id: 2, price_minor: 1, currency: "USD", availability: "unknown", source: "form" })
      .execute();
    const before = await snapshot(test.db);
    const parsed = parseOfferCsv(csv);
    if (!parsed.ok) throw new Error(parsed.error);
    await expect(
      saveOffers(test.db, parsed.offers, parsed.columns, { expectedFingerprint: preview.preview.fingerprint, prices: PRICES }),
    ).rejects.toBeInstanceOf(PlanChanged);
    expect(await importOfferCsv(test.db, csv, { expectedFingerprint: preview.preview.fingerprint, prices: PRICES })).toMatchObject({
      ok: false,
      status: 409,
      preview: { counts: { new: 0, changed: 1, unchanged: 0 } },
    });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("export then import is a no-op: every row unchanged, nothing written", async () => {
    // Values that could go wrong on the way: a formula-looking note, quotes and commas, no minor unit, no price.
    await test.db
      .updateTable("offers")
      .set({ shipping_note: '=SUM(A1) "ships", fast', countries: '["US","CA"]', sale_ends_at: "2099-01-31" })
      .where("price_minor", "=", 849_900)
      .execute();
    await test.db.insertInto("merchants").values({ slug: "tokyo-sauna", name: "Tokyo Sauna", domain: "tokyo.example" }).execute();
    const tokyo = await test.db.selectFrom("merchants").select("id").where("slug", "=", "tokyo-sauna").executeTakeFirstOrThrow();
    await test.db
      .insertInto("offers")
      .values([
        {
          product_id: 1,
          merchant_id: Number(tokyo.id),
          price_minor: 1_500_000,
          currency: "JPY",
          availability: "PreOrder",
          link: null,
          source: "form",
        },
        {
          product_id: 2,
          merchant_id: Number(tokyo.id),
          price_minor: null,
          currency: "USD",
          availability: "unknown",
          link: "https://tokyo.example/b?x=1,2",
          source: "form",
        },
      ])
      .execute();
    const before = await snapshot(test.db);
    const file = await exported(test.db);
    expect(file.split("\r\n")[0]).toBe(
      `${HEADER.replace("availability,", "availability,available_from,")}`
        .split(",")
        .map((column) => `"${column}"`)
        .join(","),
    );
    expect(file).toContain('"\'=SUM(A1) ""ships"", fast"');
    expect(file).toContain('"1500000","JPY"');

    const preview = await previewOfferCsv(test.db, file);
    expect(preview).toMatchObject({ ok: true, preview: { counts: { new: 0, changed: 0, unchanged: before.offers.length } } });
    expect(await importOfferCsv(test.db, file, { prices: PRICES })).toMatchObject({ ok: true, saved: 0, unchanged: before.offers.length });
    expect(await snapshot(test.db)).toEqual(before);
  });
});
