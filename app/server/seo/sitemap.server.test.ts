import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_COLLECTION_SLUGS } from "~/lib/collection/collection-rules";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { loadCollectionPage } from "../pages/collection.server";
import { sitemapFile, sitemapIndex } from "./sitemap.server";

const ORIGIN = "https://saunas.example";

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
}

/** A sitemap file as the client receives it, or null when there is none. */
async function fileText(db: DB, path: string, perFile?: number): Promise<string | null> {
  const chunks = await sitemapFile(db, ORIGIN, path, perFile);
  if (!chunks) return null;
  let xml = "";
  for await (const chunk of chunks) xml += chunk;
  return xml;
}

/** Every URL of every file the index names, in the index's order. */
async function everyUrl(db: DB, perFile?: number): Promise<{ files: string[]; urls: string[] }> {
  const files = locs(await sitemapIndex(db, ORIGIN, perFile));
  const urls: string[] = [];
  for (const file of files) {
    const xml = await fileText(db, new URL(file).pathname, perFile);
    if (xml === null) throw new Error(`the index names ${file}, which is not there`);
    urls.push(...locs(xml));
  }
  return { files, urls };
}

describe.each(testDialects)("sitemap on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    for (let i = 1; i <= 12; i++) {
      await test.db
        .insertInto("products")
        .values({ slug: `p-${String(i).padStart(2, "0")}`, name: `P ${i}`, brand: "B" })
        .execute();
    }
    await test.db
      .insertInto("collections")
      .values([
        { slug: "cedar-picks", title: "Cedar Picks" },
        // A stored record of a fixed page: listed once, under the fixed page.
        { slug: "barrel-saunas", title: "Best Barrel Saunas" },
      ])
      .execute();
  });
  afterAll(() => test.drop());

  it("is an index of a pages file and a products file, which list home, reviews, the bare sauna table, the learn pages, every collection once and every product by slug", async () => {
    const { files, urls } = await everyUrl(test.db);
    expect(files).toEqual([`${ORIGIN}/sitemap-pages-1.xml`, `${ORIGIN}/sitemap-products-1.xml`]);
    expect(urls.slice(0, 4)).toEqual([`${ORIGIN}/`, `${ORIGIN}/reviews`, `${ORIGIN}/reviews/table`, `${ORIGIN}/learn`]);
    // Only the bare table: its filtered variants are noindex.
    expect(urls.filter((url) => url.includes("/reviews/table"))).toEqual([`${ORIGIN}/reviews/table`]);
    for (const slug of FIXED_COLLECTION_SLUGS) expect(urls).toContain(`${ORIGIN}/reviews/${slug}`);
    expect(urls).toContain(`${ORIGIN}/reviews/cedar-picks`);
    expect(urls.filter((url) => url.endsWith("/reviews/barrel-saunas"))).toHaveLength(1);
    const products = locs((await fileText(test.db, "/sitemap-products-1.xml"))!);
    expect(products).toEqual(Array.from({ length: 12 }, (_, i) => `${ORIGIN}/reviews/product/p-${String(i + 1).padStart(2, "0")}`));
    expect(urls.filter((url) => url.includes("/reviews/product/"))).toEqual(products);
    expect(new Set(urls).size).toBe(urls.length);
    expect(await fileText(test.db, "/sitemap-products-1.xml")).toMatch(
      /<loc>https:\/\/saunas\.example\/reviews\/product\/p-01<\/loc><lastmod>\d{4}-\d\d-\d\dT/,
    );
  });

  it("dates each collection page as the page itself does ('Last updated' = lastmod), and each file by its newest", async () => {
    // A product on no collection page changes later than everything else: no page's date moves.
    await test.db.updateTable("products").set({ updated_at: "2027-01-01T00:00:00.000Z" }).where("slug", "=", "p-05").execute();
    invalidateCatalog(test.db);
    const xml = (await fileText(test.db, "/sitemap-pages-1.xml"))!;
    const lastmods = new Map([...xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1]!, m[2] ?? null]));
    for (const slug of [...FIXED_COLLECTION_SLUGS, "cedar-picks"]) {
      const page = await loadCollectionPage(test.db, slug);
      expect(page.header.lastUpdated, slug).not.toBeNull();
      expect(lastmods.get(`${ORIGIN}/reviews/${slug}`), slug).toBe(page.header.lastUpdated);
    }
    expect(lastmods.get(`${ORIGIN}/reviews/cedar-picks`)).not.toBe("2027-01-01T00:00:00.000Z");
    const index = await sitemapIndex(test.db, ORIGIN);
    expect(index).toContain(`<loc>${ORIGIN}/sitemap-products-1.xml</loc><lastmod>2027-01-01T00:00:00.000Z</lastmod>`);
  });

  it("splits each kind into files of at most the limit, each URL in exactly one file, in the same order", async () => {
    const whole = (await everyUrl(test.db)).urls;
    const perFile = 5;
    const { files, urls } = await everyUrl(test.db, perFile);
    const pageFiles = files.filter((file) => file.includes("/sitemap-pages-"));
    const productFiles = files.filter((file) => file.includes("/sitemap-products-"));
    expect(productFiles).toEqual([1, 2, 3].map((part) => `${ORIGIN}/sitemap-products-${part}.xml`));
    expect(pageFiles).toHaveLength(Math.ceil((whole.length - 12) / perFile));
    for (const file of files) {
      expect(locs((await fileText(test.db, new URL(file).pathname, perFile))!).length, file).toBeLessThanOrEqual(perFile);
    }
    expect(urls).toEqual(whole);
    expect(await fileText(test.db, "/sitemap-products-4.xml", perFile)).toBeNull();
    expect(await fileText(test.db, `/sitemap-pages-${pageFiles.length + 1}.xml`, perFile)).toBeNull();
    expect(await fileText(test.db, "/sitemap-images-1.xml", perFile)).toBeNull();
  });

  it("keeps what the index needs until an admin save invalidates the catalog", async () => {
    const before = await sitemapIndex(test.db, ORIGIN, 4);
    await test.db.insertInto("products").values({ slug: "late-arrival", name: "Late", brand: "B" }).execute();
    expect(await sitemapIndex(test.db, ORIGIN, 4)).toBe(before);
    invalidateCatalog(test.db);
    const after = await sitemapIndex(test.db, ORIGIN, 4);
    expect(after).not.toBe(before);
    expect(locs(after)).toContain(`${ORIGIN}/sitemap-products-4.xml`);
    expect(locs((await fileText(test.db, "/sitemap-products-4.xml", 4))!)).toEqual([`${ORIGIN}/reviews/product/late-arrival`]);
  });
});
