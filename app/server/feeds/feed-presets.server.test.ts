import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { presetMapping, recognisePreset } from "~/lib/feeds/feed-presets";
import { feedFiles, type FeedFiles } from "./feed-files.server";
import { feedSourceOf, loadFeed, runFeed } from "./feed-run.server";
import { peekFeed } from "./read-feed.server";

/**
 * The networks' product feeds as a publisher downloads them (tests/fixtures/feeds: Awin's
 * Create-a-Feed CSV, Impact's "_IR" catalog TXT, CJ's Shopping (Google format) CSV, each with the
 * column names its network documents; see app/lib/feeds/feed-presets.ts for where), through the
 * mapping screen's look at the file and the worker's run: the offers get the tracked links, the
 * prices in the feed's own currency and the stock words read right.
 */

const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };
const fixture = (name: string) => path.join(__dirname, "../../../tests/fixtures/feeds", name);

describe.each(testDialects)("network product feeds on %s", (dialect) => {
  let test: TestDatabase;
  let dataDir: string;
  let files: FeedFiles;
  let feedId: number;

  const feed = async () => (await loadFeed(test.db, feedId))!;
  const upload = (name: string) => copyFileSync(fixture(name), path.join(dataDir, "storage", "feed-files", "test.feed"));
  const run = async () => runFeed(test.db, await feed(), { trigger: "manual", save: true, files, prices: PRICES });
  const offers = () =>
    test.db
      .selectFrom("offers")
      .innerJoin("products", "products.id", "offers.product_id")
      .select([
        "products.slug",
        "offers.price_minor",
        "offers.currency",
        "offers.availability",
        "offers.available_from",
        "offers.link",
        "offers.sale_price_minor",
        "offers.shipping_note",
      ])
      .orderBy("products.slug")
      .execute();

  /** What the mapping screen does: look at the header, fill the preset in, and save it as the mapping. */
  const mapLikeTheScreen = async () => {
    const peek = await peekFeed(feedSourceOf(await feed(), files));
    const preset = recognisePreset(peek.columns);
    if (preset) {
      await test.db
        .updateTable("feeds")
        .set({ mapping: JSON.stringify(presetMapping(preset, peek.columns, peek.sample)), format: "csv-mapped" })
        .where("id", "=", feedId)
        .execute();
    }
    return { format: peek.format, preset: preset?.id ?? null };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "feed-presets-"));
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
      .values({ slug: "nordic", name: "Nordic Baths", domain: "nordic.example", countries: "[]" })
      .execute();
    const merchant = await test.db.selectFrom("merchants").select("id").executeTakeFirstOrThrow();
    const row = await test.db
      .insertInto("feeds")
      .values({
        name: "Network feed",
        merchant_id: merchant.id,
        source_kind: "upload",
        upload_name: "test.feed",
        upload_original_name: "feed.csv",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    feedId = Number(row.id);
  });

  beforeEach(async () => {
    await test.db.deleteFrom("offers").execute();
    await test.db.updateTable("feeds").set({ mapping: null, format: null, currency: null }).where("id", "=", feedId).execute();
  });

  afterAll(async () => {
    await test.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("Awin: recognised, its tracked aw_deep_link and search_price in GBP kept, in_stock 1/0 read", async () => {
    upload("awin-product-feed.csv");
    expect(await mapLikeTheScreen()).toEqual({ format: "needs-mapping", preset: "awin" });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 2, rejected: 0 } });
    expect(await offers()).toMatchObject([
      {
        slug: "alpha",
        price_minor: 149_999,
        currency: "GBP",
        availability: "InStock",
        link: "https://www.awin1.com/pclick.php?p=38911234567&a=1234567&m=20001",
      },
      { slug: "beta", price_minor: 459_950, currency: "GBP", availability: "OutOfStock" },
    ]);
  });

  it("Impact: recognised, CurrentPrice in USD, a back-order with the day it ships from LaunchDate", async () => {
    upload("impact-catalog.txt");
    expect(await mapLikeTheScreen()).toEqual({ format: "needs-mapping", preset: "impact" });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 2, rejected: 0 } });
    expect(await offers()).toMatchObject([
      { slug: "alpha", price_minor: 724_900, currency: "USD", availability: "InStock", available_from: null },
      { slug: "gamma", price_minor: 149_900, currency: "USD", availability: "BackOrder", available_from: "2027-01-15" },
    ]);
    expect((await offers())[0]!.link).toMatch(/^https:\/\/nordic-us\.sjv\.io\//);
  });

  it("CJ: its Shopping (Google format) export needs no mapping; the sale, pre-order day and shipping per country are read", async () => {
    upload("cj-shopping.csv");
    expect(await mapLikeTheScreen()).toEqual({ format: "google-tsv", preset: null });
    expect(await run()).toMatchObject({ status: "saved", counts: { new: 2, rejected: 0 } });
    expect(await offers()).toMatchObject([
      {
        slug: "alpha",
        price_minor: 765_000,
        sale_price_minor: 725_000,
        currency: "USD",
        availability: "InStock",
        shipping_note: "US: $0.00; CA: $450.00",
      },
      {
        slug: "gamma",
        price_minor: 149_900,
        currency: "USD",
        availability: "PreOrder",
        available_from: "2027-01-15",
        shipping_note: "US: $49.00",
      },
    ]);
  });
});
