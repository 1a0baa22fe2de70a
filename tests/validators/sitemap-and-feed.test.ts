import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { atomFeed } from "~/lib/learn/article-feed";
import { toSummary } from "~/lib/learn/articles";
import { sql } from "kysely";
import { PRODUCT_LIST_PAGE_SIZE } from "~/lib/catalog/pagination";
import { MAX_URLS_PER_SITEMAP, sitemapFilePath, sitemapIndexXml } from "~/lib/seo/sitemap";
import { parseArticleFiles } from "~/server/articles/article-markdown.server";
import { sampleArticleSources } from "~/server/seed/sample-article-files";
import { seedSampleContent } from "~/server/seed/seed.server";
import { invalidateCatalog } from "~/server/catalog/catalog-cache.server";
import type { DB } from "~/server/db/connection.server";
import { sitemapFile, sitemapIndex } from "~/server/seo/sitemap.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../support/test-databases";

/**
 * The sitemap and the Knowledge Center feed under strict validators nobody on this project wrote:
 * libxml2 (xmllint, as WebAssembly) validating the sitemap against the sitemaps.org schemas and
 * the feed against RFC 4287's RELAX NG schema. Both are documents machines read without
 * forgiveness: a crawler drops a sitemap that does not validate.
 */

const ORIGIN = "https://saunas.example";
const schema = (name: string) => ({ fileName: name, contents: readFileSync(new URL(`./schemas/${name}`, import.meta.url), "utf8") });

async function xmllintErrors(xml: string, schemaFile: string, extension: "schema" | "relaxng" = "schema"): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: "document.xml", contents: xml }, schema: schema(schemaFile), extension });
  return result.errors.map((error) => error.rawMessage);
}

describe("the validators themselves", () => {
  // A validator that accepts everything proves nothing: each must refuse a broken document.
  it("refuse a sitemap with a relative address and a made-up element", async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>/x</loc><when>today</when></url></urlset>';
    expect((await xmllintErrors(xml, "sitemap.xsd")).length).toBeGreaterThan(0);
  });

  it("refuse a feed entry without an id and with a date that is not RFC 3339", async () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>https://x.example/</id><updated>2025-01-01</updated><entry><title>E</title><updated>2025-01-01T00:00:00Z</updated></entry></feed>';
    expect((await xmllintErrors(xml, "atom.rng", "relaxng")).length).toBeGreaterThan(0);
  });
});

/** A sitemap file as the client receives it. */
async function fileText(db: DB, path: string): Promise<string> {
  const chunks = await sitemapFile(db, ORIGIN, path);
  if (!chunks) throw new Error(`no sitemap file ${path}`);
  let xml = "";
  for await (const chunk of chunks) xml += chunk;
  return xml;
}

const filesOf = (index: string) => [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
const urlCount = (xml: string) => xml.match(/<url>/g)?.length ?? 0;

describe.each(testDialects)("sitemap on %s", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
  });
  afterAll(() => test.drop());

  it("with the sample catalog: an index and files that each validate against the sitemaps.org schemas", async () => {
    const index = await sitemapIndex(test.db, ORIGIN);
    expect(await xmllintErrors(index, "siteindex.xsd")).toEqual([]);
    expect(filesOf(index)).toEqual(["/sitemap-pages-1.xml", "/sitemap-products-1.xml"]);
    let urls = 0;
    for (const path of filesOf(index)) {
      const xml = await fileText(test.db, path);
      expect(await xmllintErrors(xml, "sitemap.xsd"), path).toEqual([]);
      urls += urlCount(xml);
    }
    expect(urls).toBeGreaterThan(29);
  });

  it(
    `past ${MAX_URLS_PER_SITEMAP.toLocaleString("en")} products: a second products file, the first holding exactly the limit, all valid`,
    { timeout: 120_000 },
    async () => {
      const before = await test.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      const extra = MAX_URLS_PER_SITEMAP + 10 - Number(before.n);
      // One statement, both dialects: a row per number of a recursive count.
      await sql`
        with recursive numbers(n) as (select 1 union all select n + 1 from numbers where n < ${sql.lit(extra)})
        insert into products (slug, name, brand) select 'bulk-' || n, 'Bulk ' || n, 'Bulk' from numbers
      `.execute(test.db);
      invalidateCatalog(test.db);
      const total = Number(before.n) + extra;
      expect(total).toBe(MAX_URLS_PER_SITEMAP + 10);

      const index = await sitemapIndex(test.db, ORIGIN);
      expect(await xmllintErrors(index, "siteindex.xsd")).toEqual([]);
      expect(filesOf(index)).toEqual(["/sitemap-pages-1.xml", "/sitemap-products-1.xml", "/sitemap-products-2.xml"]);
      const first = await fileText(test.db, "/sitemap-products-1.xml");
      const second = await fileText(test.db, "/sitemap-products-2.xml");
      expect(urlCount(first)).toBe(MAX_URLS_PER_SITEMAP);
      expect(urlCount(second)).toBe(10);
      expect(second).toContain(`<loc>${ORIGIN}/reviews/product/bulk-${extra}</loc>`);
      expect(await xmllintErrors(first, "sitemap.xsd")).toEqual([]);
      expect(await xmllintErrors(second, "sitemap.xsd")).toEqual([]);
      const pages = await fileText(test.db, "/sitemap-pages-1.xml");
      expect(await xmllintErrors(pages, "sitemap.xsd")).toEqual([]);
      // /reviews has a page per 24 products now, each listed.
      expect(urlCount(pages)).toBeGreaterThan(total / PRODUCT_LIST_PAGE_SIZE);
      expect(urlCount(pages)).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
    },
  );
});

describe("the sitemap index", () => {
  it("validates against the sitemaps.org index schema, with and without a date", async () => {
    const files = [
      { path: sitemapFilePath("pages", 1), lastmod: "2026-11-20T10:00:00.000Z" },
      { path: sitemapFilePath("products", 1), lastmod: null },
    ];
    expect(await xmllintErrors(sitemapIndexXml(files, ORIGIN), "siteindex.xsd")).toEqual([]);
  });
});

describe("the Knowledge Center feed", () => {
  const xml = atomFeed(parseArticleFiles(sampleArticleSources()).map(toSummary), ORIGIN);

  it("validates against RFC 4287's schema", async () => {
    expect(await xmllintErrors(xml, "atom.rng", "relaxng")).toEqual([]);
  });

  it("meets RFC 4287's two rules a schema cannot say: an author for every entry, an alternate link where there is no content", () => {
    const feedHasAuthor = /<feed[^>]*>(?:(?!<entry>)[\s\S])*<author>/.test(xml);
    const entries = xml.split("<entry>").slice(1);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      if (!feedHasAuthor) expect(entry).toContain("<author>");
      if (!entry.includes("<content")) expect(entry).toMatch(/<link rel="alternate"[^>]* href="https:\/\//);
    }
  });
});
