import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { FeedColumnMapping } from "~/lib/feeds/feed-item";
import { feedFiles, type FeedFiles } from "./feed-files.server";
import { loadFeed, runFeed } from "./feed-run.server";

/**
 * The currency rule and a German shop's CSV through the run the worker does: every price is
 * stored in the currency the feed gave it in, whatever the site's own currency is (USD here).
 */

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };
const GERMAN = path.join(__dirname, "../../../tests/fixtures/feeds/german-shop.csv");

const GERMAN_MAPPING: FeedColumnMapping = {
  id: "Artikelnummer",
  title: "Produktname",
  link: "Deeplink",
  price: "Preis",
  currency: "Waehrung",
  availability: "Lieferstatus",
  brand: "Hersteller",
  mpn: "Herstellernummer",
};

describe.each(testDialects)("feed currencies on %s", (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let files: FeedFiles;
  let feedId: number;
  const stored = () => path.join(dataDir, "storage", "feed-files", "test.feed");

  const setFeed = (values: { mapping?: FeedColumnMapping; currency?: string | null; decimal_mark?: string | null }) =>
    test.db
      .updateTable("feeds")
      .set({ ...values, mapping: values.mapping ? JSON.stringify(values.mapping) : undefined, format: "csv-mapped" })
      .where("id", "=", feedId)
      .execute();
  const run = async () => runFeed(test.db, (await loadFeed(test.db, feedId))!, { trigger: "manual", save: true, files, prices: PRICES });
  const offers = () =>
    test.db
      .selectFrom("offers")
      .innerJoin("products", "products.id", "offers.product_id")
      .select(["products.slug", "offers.price_minor", "offers.currency", "offers.availability"])
      .orderBy("products.slug")
      .execute();

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feed-currency-"));
    mkdirSync(path.join(dataDir, "storage", "feed-files"), { recursive: true });
    test = await createTestDatabase(dialect);
    files = feedFiles({ dataDir, storage: "disk" }, test.db);
    await test.db
      .insertInto("products")
      .values([
        { slug: "alpha", name: "Alpha Barrel", brand: "Harvia", mpn: "HV-ALPHA-240" },
        { slug: "beta", name: "Beta Cabin", brand: "Huum", mpn: "HU-BETA" },
        { slug: "gamma", name: "Gamma Stove", brand: "Narvi", mpn: "NV-100" },
      ])
      .execute();
    await test.db
      .insertInto("merchants")
      .values({ slug: "sauna-de", name: "Sauna DE", domain: "nordic.example", countries: "[]" })
      .execute();
    const merchant = await test.db.selectFrom("merchants").select("id").executeTakeFirstOrThrow();
    const row = await test.db
      .insertInto("feeds")
      .values({
        name: "German feed",
        merchant_id: merchant.id,
        source_kind: "upload",
        upload_name: "test.feed",
        upload_original_name: "preise.csv",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    feedId = Number(row.id);
  });

  beforeEach(async () => {
    await test.db.deleteFrom("offers").execute();
    await setFeed({ currency: null, decimal_mark: null });
  });

  afterAll(async () => {
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("stores a German semicolon CSV's 14.990,00 as 14,990.00 EUR, with its availability words", async () => {
    copyFileSync(GERMAN, stored());
    await setFeed({ mapping: GERMAN_MAPPING });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 3, rejected: 0 } });
    expect(await offers()).toEqual([
      { slug: "alpha", price_minor: 1_499_000, currency: "EUR", availability: "InStock" },
      { slug: "beta", price_minor: 459_950, currency: "EUR", availability: "OutOfStock" },
      // "1.499" alone could be either; the file's other prices say a decimal comma.
      { slug: "gamma", price_minor: 149_900, currency: "EUR", availability: "PreOrder" },
    ]);
  });

  it("refuses to run a mapped feed whose prices name no currency, and asks which; the feed's own currency is then kept, not the site's", async () => {
    writeFileSync(stored(), "sku,cost,mpn\nA-1,14990.00,HV-ALPHA-240\n");
    await setFeed({ mapping: { id: "sku", price: "cost", mpn: "mpn" } });
    const refused = await run();
    expect(refused).toMatchObject({ status: "failed", error: expect.stringMatching(/^Which currency are these prices in\?/) });
    expect(await offers()).toEqual([]);

    await setFeed({ currency: "EUR" });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 1 } });
    expect(await offers()).toEqual([{ slug: "alpha", price_minor: 1_499_000, currency: "EUR", availability: "unknown" }]);
  });

  it("keeps a price's own currency: 15400.00 USD needs no setting", async () => {
    writeFileSync(stored(), "sku,cost,mpn\nA-1,15400.00 USD,HV-ALPHA-240\n");
    await setFeed({ mapping: { id: "sku", price: "cost", mpn: "mpn" } });
    expect(await run()).toMatchObject({ status: "saved" });
    expect(await offers()).toEqual([{ slug: "alpha", price_minor: 1_540_000, currency: "USD", availability: "unknown" }]);
  });

  it("asks for the decimal separator when no price shows it, and reads every price by the one the owner chose", async () => {
    writeFileSync(stored(), "sku;Preis;mpn\nA-1;1.499;HV-ALPHA-240\nB-1;2.999;HU-BETA\n");
    await setFeed({ mapping: { id: "sku", price: "Preis", mpn: "mpn" }, currency: "EUR" });
    expect(await run()).toMatchObject({ status: "failed", error: expect.stringMatching(/Choose the feed's decimal separator/) });
    expect(await offers()).toEqual([]);

    await setFeed({ decimal_mark: "," });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 2 } });
    expect((await offers()).map((offer) => [offer.price_minor, offer.currency])).toEqual([
      [149_900, "EUR"],
      [299_900, "EUR"],
    ]);
  });
});
