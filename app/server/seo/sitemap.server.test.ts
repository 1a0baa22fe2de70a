import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_COLLECTION_SLUGS } from "~/lib/collection-rules";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { loadCollectionPage } from "../pages/collection.server";
import { buildSitemap, cachedSitemap } from "./sitemap.server";

const ORIGIN = "https://saunas.example";

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
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

  it("lists home, reviews, the learn pages, every collection once and every product by slug", async () => {
    const document = await buildSitemap(test.db, ORIGIN, null);
    expect(document.kind).toBe("urlset");
    const urls = locs((document as { xml: string }).xml);
    expect(urls.slice(0, 3)).toEqual([`${ORIGIN}/`, `${ORIGIN}/reviews`, `${ORIGIN}/learn`]);
    for (const slug of FIXED_COLLECTION_SLUGS) expect(urls).toContain(`${ORIGIN}/reviews/${slug}`);
    expect(urls).toContain(`${ORIGIN}/reviews/cedar-picks`);
    expect(urls.filter((url) => url.endsWith("/reviews/barrel-saunas"))).toHaveLength(1);
    expect(urls.filter((url) => url.includes("/reviews/product/"))).toEqual(
      Array.from({ length: 12 }, (_, i) => `${ORIGIN}/reviews/product/p-${String(i + 1).padStart(2, "0")}`),
    );
    expect(new Set(urls).size).toBe(urls.length);
    expect((document as { xml: string }).xml).toMatch(
      /<loc>https:\/\/saunas\.example\/reviews\/product\/p-01<\/loc><lastmod>\d{4}-\d\d-\d\dT/,
    );
  });

  it("dates each collection page as the page itself does ('Last updated' = lastmod)", async () => {
    // A product on no collection page changes later than everything else: no page's date moves.
    await test.db.updateTable("products").set({ updated_at: "2027-01-01T00:00:00.000Z" }).where("slug", "=", "p-05").execute();
    const xml = ((await buildSitemap(test.db, ORIGIN, null)) as { xml: string }).xml;
    const lastmods = new Map([...xml.matchAll(/<loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?/g)].map((m) => [m[1]!, m[2] ?? null]));
    for (const slug of [...FIXED_COLLECTION_SLUGS, "cedar-picks"]) {
      const page = await loadCollectionPage(test.db, slug);
      if (page.state !== "ready") throw new Error(`${slug}: ${page.state}`);
      expect(page.header.lastUpdated, slug).not.toBeNull();
      expect(lastmods.get(`${ORIGIN}/reviews/${slug}`), slug).toBe(page.header.lastUpdated);
    }
    expect(lastmods.get(`${ORIGIN}/reviews/cedar-picks`)).not.toBe("2027-01-01T00:00:00.000Z");
  });

  it("splits into an index past the per-file limit, each URL in exactly one file", async () => {
    const whole = locs(((await buildSitemap(test.db, ORIGIN, null)) as { xml: string }).xml);
    const perPage = 10;
    const index = await buildSitemap(test.db, ORIGIN, null, perPage);
    expect(index.kind).toBe("index");
    const pages = locs((index as { xml: string }).xml);
    expect(pages).toHaveLength(Math.ceil(whole.length / perPage));
    const joined: string[] = [];
    for (let page = 1; page <= pages.length; page++) {
      const file = await buildSitemap(test.db, ORIGIN, page, perPage);
      const urls = locs((file as { xml: string }).xml);
      expect(urls.length).toBeLessThanOrEqual(perPage);
      joined.push(...urls);
    }
    expect(joined).toEqual(whole);
    expect((await buildSitemap(test.db, ORIGIN, pages.length + 1, perPage)).kind).toBe("not-found");
  });

  it("keeps a generated sitemap until an admin save invalidates the catalog", async () => {
    const before = await cachedSitemap(test.db, ORIGIN, null);
    await test.db.insertInto("products").values({ slug: "late-arrival", name: "Late", brand: "B" }).execute();
    expect(await cachedSitemap(test.db, ORIGIN, null)).toBe(before);
    invalidateCatalog(test.db);
    const after = await cachedSitemap(test.db, ORIGIN, null);
    expect(locs((after as { xml: string }).xml)).toContain(`${ORIGIN}/reviews/product/late-arrival`);
  });
});
