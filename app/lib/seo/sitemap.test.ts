import { describe, expect, it } from "vitest";
import { atomFeed } from "../learn/article-feed";
import type { ArticleSummary } from "../learn/articles";
import { newestDate } from "../text/dates";
import { learnSitemapEntries, parseSitemapFilePath, robotsTxt, sitemapFilePath, sitemapIndexXml, urlsetXml, xmlEscape } from "./sitemap";

const ORIGIN = "https://saunas.example";

function article(fields: Partial<ArticleSummary> & Pick<ArticleSummary, "slug">): ArticleSummary {
  return {
    id: fields.slug,
    title: `Title ${fields.slug}`,
    category: "Buying Guides",
    categorySlug: "buying-guides",
    excerpt: `About ${fields.slug}.`,
    image: `/images/articles/${fields.slug}.webp`,
    imageAlt: "",
    readTime: "5 min read",
    wordCount: 1000,
    author: { name: "Ann Editor", title: "Editor" },
    tester: { name: "Ann Editor", title: "Editor" },
    publishDate: "2026-01-01",
    tags: [{ name: "Heaters", slug: "heaters" }],
    ...fields,
  };
}

describe("sitemap XML", () => {
  it("writes absolute, escaped locations and leaves out a missing lastmod", () => {
    const xml = urlsetXml([{ path: "/reviews/a&b", lastmod: "2026-11-01" }, { path: "/learn" }], ORIGIN);
    expect(xml).toContain("<url><loc>https://saunas.example/reviews/a&#38;b</loc><lastmod>2026-11-01</lastmod></url>");
    expect(xml).toContain("<url><loc>https://saunas.example/learn</loc></url>");
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(
      true,
    );
  });

  it("names each sitemap file in the index, at the root, with its date when it has one", () => {
    const xml = sitemapIndexXml(
      [
        { path: sitemapFilePath("pages", 1), lastmod: "2026-11-02" },
        { path: sitemapFilePath("products", 3), lastmod: null },
      ],
      ORIGIN,
    );
    expect(xml.match(/<sitemap>/g)).toHaveLength(2);
    expect(xml).toContain("<sitemap><loc>https://saunas.example/sitemap-pages-1.xml</loc><lastmod>2026-11-02</lastmod></sitemap>");
    expect(xml).toContain("<sitemap><loc>https://saunas.example/sitemap-products-3.xml</loc></sitemap>");
  });

  it("reads a sitemap file's address back, and nothing else", () => {
    expect(parseSitemapFilePath("/sitemap-products-12.xml")).toEqual({ section: "products", part: 12 });
    expect(parseSitemapFilePath(sitemapFilePath("pages", 1))).toEqual({ section: "pages", part: 1 });
    for (const path of [
      "/sitemap.xml",
      "/sitemap-products-0.xml",
      "/sitemap-products-01.xml",
      "/sitemap-images-1.xml",
      "/a/sitemap-pages-1.xml",
    ]) {
      expect(parseSitemapFilePath(path), path).toBeNull();
    }
  });

  it("escapes the five XML specials", () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe("&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;");
  });

  it("picks the newest date and ignores missing ones", () => {
    expect(newestDate([null, "2026-01-02", undefined, "2026-03-01T10:00:00.000Z", "2025-12-31"])).toBe("2026-03-01T10:00:00.000Z");
    expect(newestDate([])).toBeNull();
  });
});

describe("learnSitemapEntries", () => {
  it("lists /learn, non-empty categories, each tag and author page once and each article, dated by the newest article", () => {
    const entries = learnSitemapEntries([
      article({ slug: "a", publishDate: "2026-01-01", lastUpdated: "2026-05-01", author: { name: "Ann", title: "Editor", slug: "ann" } }),
      article({
        slug: "b",
        author: { name: "Ann", title: "Editor", slug: "ann" },
        publishDate: "2026-02-01",
        categorySlug: "maintenance",
        category: "Maintenance",
        tags: [
          { name: "Heaters", slug: "heaters" },
          { name: "Wood", slug: "wood" },
        ],
      }),
    ]);
    expect(entries).toEqual([
      { path: "/learn", lastmod: "2026-05-01" },
      { path: "/learn/category/buying-guides", lastmod: "2026-05-01" },
      { path: "/learn/category/maintenance", lastmod: "2026-02-01" },
      { path: "/learn/tag/heaters", lastmod: "2026-05-01" },
      { path: "/learn/tag/wood", lastmod: "2026-02-01" },
      { path: "/learn/author/ann", lastmod: "2026-05-01" },
      { path: "/learn/a", lastmod: "2026-05-01" },
      { path: "/learn/b", lastmod: "2026-02-01" },
    ]);
  });
});

describe("robotsTxt", () => {
  it("allows the site, keeps crawlers out of private areas and search results, and names the sitemap", () => {
    const text = robotsTxt(ORIGIN);
    expect(text).toMatch(/^User-agent: \*\n(Disallow: .+\n)+Allow: \/\n/);
    for (const path of ["/admin", "/auth", "/go/", "/reviews?q="]) expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe("atomFeed", () => {
  it("lists articles newest first with full titles, summaries, dates and absolute links", () => {
    const xml = atomFeed(
      [
        article({ slug: "old", publishDate: "2025-06-01" }),
        article({ slug: "new", publishDate: "2026-02-01", title: "Heat & Steam <Guide>" }),
      ],
      ORIGIN,
    );
    expect(xml.indexOf("/learn/new")).toBeLessThan(xml.indexOf("/learn/old"));
    expect(xml).toContain("<title>Heat &#38; Steam &#60;Guide&#62;</title>");
    expect(xml).toContain('<link rel="alternate" type="text/html" href="https://saunas.example/learn/new"/>');
    expect(xml).toContain("<published>2026-02-01T00:00:00Z</published>");
    expect(xml).toContain("<summary>About new.</summary>");
    expect(xml).toContain("<updated>2026-02-01T00:00:00Z</updated>\n<entry>");
    expect(xml).toContain('<link rel="self" type="application/atom+xml" href="https://saunas.example/learn/feed.xml"/>');
  });
});
