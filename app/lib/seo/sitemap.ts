import { ARTICLE_CATEGORIES, type ArticleSummary } from "../learn/articles";
import { newestDate } from "../text/dates";
import { absoluteUrl } from "../images/image-url";

/**
 * /sitemap.xml and /robots.txt as text. /sitemap.xml is a sitemap index naming the sitemap files,
 * each of at most 50,000 URLs as the protocol allows: /sitemap-pages-1.xml (the site's pages and
 * every page of its lists), /sitemap-products-1.xml, -2, … (see
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

/** A sitemap file is written as its start, one `urlElement` per line, its end: so it can be streamed. */
export const URLSET_START = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const URLSET_END = "</urlset>\n";

export function urlElement(entry: SitemapEntry, origin: string): string {
  return `<url><loc>${xmlEscape(absoluteUrl(entry.path, origin))}</loc>${lastmodElement(entry.lastmod)}</url>`;
}

export function urlsetXml(entries: Iterable<SitemapEntry>, origin: string): string {
  let xml = URLSET_START;
  for (const entry of entries) xml += `${urlElement(entry, origin)}\n`;
  return xml + URLSET_END;
}

/** The two kinds of sitemap file: the site's pages, and the products. */
export type SitemapSection = "pages" | "products";

/** The address of file `part` (from 1) of a section: at the root, as a sitemap may only list addresses under its own folder. */
export function sitemapFilePath(section: SitemapSection, part: number): string {
  return `/sitemap-${section}-${part}.xml`;
}

/** The section and part a path names, or null when it names no sitemap file (`part` is not checked against what exists). */
export function parseSitemapFilePath(path: string): { section: SitemapSection; part: number } | null {
  const match = /^\/sitemap-(pages|products)-([1-9]\d{0,6})\.xml$/.exec(path);
  return match ? { section: match[1] as SitemapSection, part: Number(match[2]) } : null;
}

/** The sitemap index: each file's address and the newest lastmod of what it lists. */
export function sitemapIndexXml(files: readonly SitemapEntry[], origin: string): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'];
  for (const file of files) {
    lines.push(`<sitemap><loc>${xmlEscape(absoluteUrl(file.path, origin))}</loc>${lastmodElement(file.lastmod)}</sitemap>`);
  }
  lines.push("</sitemapindex>", "");
  return lines.join("\n");
}

function articleDate(article: Pick<ArticleSummary, "publishDate" | "lastUpdated">): string {
  return article.lastUpdated ?? article.publishDate;
}

/**
 * The Knowledge Center's pages: /learn, each category that has articles (an empty category page
 * is noindex), each tag, each author with a page and each article, dated by their newest article.
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
  // An author's page lists their published articles: it changes when the newest of them does.
  const authorDates = new Map<string, string>();
  for (const article of articles) {
    const slug = article.author.slug;
    if (slug) authorDates.set(slug, newestDate([authorDates.get(slug), articleDate(article)])!);
  }
  for (const [slug, lastmod] of [...authorDates].sort(([a], [b]) => a.localeCompare(b))) {
    entries.push({ path: `/learn/author/${slug}`, lastmod });
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
