import { ARTICLE_CATEGORIES, type ArticleSummary } from "./articles";
import { newestDate } from "./dates";
import { absoluteUrl } from "./image-url";

/**
 * /sitemap.xml and /robots.txt as text. The sitemap protocol allows 50,000 URLs per file; past
 * that, /sitemap.xml becomes a sitemap index naming /sitemap.xml?page=1, ?page=2, … (see
 * docs/decisions/0025-sitemap-feed-and-newsletter.md).
 */

export const MAX_URLS_PER_SITEMAP = 50_000;

export interface SitemapEntry {
  /** Site path of a canonical public page. */
  path: string;
  /** YYYY-MM-DD or a full ISO timestamp; omitted when the page has no record date. */
  lastmod?: string | null;
}

export function xmlEscape(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function lastmodElement(lastmod: string | null | undefined): string {
  return lastmod ? `<lastmod>${xmlEscape(lastmod)}</lastmod>` : "";
}

export function urlsetXml(entries: Iterable<SitemapEntry>, origin: string): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const entry of entries) {
    lines.push(`<url><loc>${xmlEscape(absoluteUrl(entry.path, origin))}</loc>${lastmodElement(entry.lastmod)}</url>`);
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

/** The address of one file of a split sitemap. */
export function sitemapPagePath(page: number): string {
  return `/sitemap.xml?page=${page}`;
}

export function sitemapIndexXml(pageCount: number, origin: string, lastmod?: string | null): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (let page = 1; page <= pageCount; page++) {
    lines.push(`<sitemap><loc>${xmlEscape(absoluteUrl(sitemapPagePath(page), origin))}</loc>${lastmodElement(lastmod)}</sitemap>`);
  }
  lines.push("</sitemapindex>", "");
  return lines.join("\n");
}

/** Which slice of the whole URL list one sitemap file holds. */
export function sitemapPageRange(page: number, perPage = MAX_URLS_PER_SITEMAP): { start: number; end: number } {
  return { start: (page - 1) * perPage, end: page * perPage };
}

function articleDate(article: Pick<ArticleSummary, "publishDate" | "lastUpdated">): string {
  return article.lastUpdated ?? article.publishDate;
}

/**
 * The Knowledge Center's pages: /learn, each category that has articles (an empty category page
 * is noindex), each tag and each article, dated by their newest article.
 */
export function learnSitemapEntries(articles: readonly ArticleSummary[]): SitemapEntry[] {
  const entries: SitemapEntry[] = [{ path: "/learn", lastmod: newestDate(articles.map(articleDate)) }];
  for (const category of ARTICLE_CATEGORIES) {
    const inCategory = articles.filter((article) => article.categorySlug === category.slug);
    if (inCategory.length > 0) {
      entries.push({ path: `/learn/category/${category.slug}`, lastmod: newestDate(inCategory.map(articleDate)) });
    }
  }
  const tagDates = new Map<string, string>();
  for (const article of articles) {
    for (const tag of article.tags) tagDates.set(tag.slug, newestDate([tagDates.get(tag.slug), articleDate(article)])!);
  }
  for (const [slug, lastmod] of [...tagDates].sort(([a], [b]) => a.localeCompare(b))) {
    entries.push({ path: `/learn/tag/${slug}`, lastmod });
  }
  for (const article of articles) entries.push({ path: `/learn/${article.slug}`, lastmod: articleDate(article) });
  return entries;
}

/** Paths crawlers must leave alone: private areas, the affiliate redirects and search results. */
export const ROBOTS_DISALLOWED = ["/admin", "/auth", "/api/", "/go/", "/reviews?q="];

/**
 * The Disallow lines come before "Allow: /": parsers that take the first matching line (Python's
 * urllib.robotparser, many older crawlers) would otherwise stop at "Allow: /" and crawl /admin,
 * while parsers that take the longest match (Google, RFC 9309) read both orders the same.
 */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml", origin)}`,
    "",
  ].join("\n");
}
