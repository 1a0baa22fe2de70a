import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateXML } from "xmllint-wasm";
import { atomFeed } from "~/lib/article-feed";
import { toSummary } from "~/lib/articles";
import { MAX_URLS_PER_SITEMAP, sitemapIndexXml } from "~/lib/sitemap";
import { parseArticleFiles } from "~/server/articles.server";
import { sampleArticleSources } from "~/server/seed/sample-articles";
import { seedSampleContent } from "~/server/seed/seed.server";
import { buildSitemap } from "~/server/seo/sitemap.server";
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

describe.each(testDialects)("sitemap on %s with the sample catalog", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
  });
  afterAll(() => test.drop());

  it("validates against the sitemaps.org urlset schema", async () => {
    const document = await buildSitemap(test.db, ORIGIN, null);
    if (document.kind === "not-found") throw new Error("no sitemap");
    expect(document.kind).toBe("urlset");
    expect(await xmllintErrors(document.xml, "sitemap.xsd")).toEqual([]);
    const urls = document.xml.match(/<url>/g)?.length ?? 0;
    expect(urls).toBeGreaterThan(29);
    expect(urls).toBeLessThanOrEqual(MAX_URLS_PER_SITEMAP);
  });

  it("splits into an index and files that each validate", async () => {
    const index = await buildSitemap(test.db, ORIGIN, null, 10);
    if (index.kind === "not-found") throw new Error("no sitemap index");
    expect(index.kind).toBe("index");
    expect(await xmllintErrors(index.xml, "siteindex.xsd")).toEqual([]);
    const page = await buildSitemap(test.db, ORIGIN, 2, 10);
    if (page.kind === "not-found") throw new Error("no second sitemap file");
    expect(await xmllintErrors(page.xml, "sitemap.xsd")).toEqual([]);
  });
});

describe("the sitemap index", () => {
  it("validates against the sitemaps.org index schema, with and without a date", async () => {
    expect(await xmllintErrors(sitemapIndexXml(3, ORIGIN, "2026-11-20T10:00:00.000Z"), "siteindex.xsd")).toEqual([]);
    expect(await xmllintErrors(sitemapIndexXml(2, ORIGIN), "siteindex.xsd")).toEqual([]);
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
