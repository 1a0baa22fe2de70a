import { KNOWLEDGE_CENTER_NAME, latestArticles, type ArticleSummary } from "./articles";
import { absoluteUrl } from "../images/image-url";
import { xmlEscape } from "../seo/sitemap";

/**
 * /learn/feed.xml: the Knowledge Center as an Atom 1.0 feed, newest first, with each article's
 * full title, its summary, its publication and revision dates and absolute links, so a feed
 * reader shows it without visiting the site. Atom rather than RSS 2.0: it has a required
 * 'updated' date per entry and unambiguous IDs.
 */

export const FEED_PATH = "/learn/feed.xml";
export const FEED_TITLE = KNOWLEDGE_CENTER_NAME;
/** Enough for any reader's backlog; the site has far fewer today. */
export const FEED_ENTRY_LIMIT = 50;

/** YYYY-MM-DD as an RFC 3339 date-time (Atom requires one). */
function rfc3339(date: string): string {
  return `${date}T00:00:00Z`;
}

function updatedOf(article: Pick<ArticleSummary, "publishDate" | "lastUpdated">): string {
  return article.lastUpdated ?? article.publishDate;
}

export function atomFeed(articles: readonly ArticleSummary[], origin: string): string {
  const entries = latestArticles(articles, { count: FEED_ENTRY_LIMIT });
  const feedUrl = absoluteUrl(FEED_PATH, origin);
  const newest = entries.map(updatedOf).sort().at(-1) ?? "2000-01-01";
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${xmlEscape(FEED_TITLE)}</title>`,
    `<subtitle>${xmlEscape("Guides for outdoor sauna buyers and owners.")}</subtitle>`,
    `<id>${xmlEscape(feedUrl)}</id>`,
    `<link rel="self" type="application/atom+xml" href="${xmlEscape(feedUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlEscape(absoluteUrl("/learn", origin))}"/>`,
    `<updated>${rfc3339(newest)}</updated>`,
  ];
  for (const article of entries) {
    const url = absoluteUrl(`/learn/${article.slug}`, origin);
    lines.push(
      "<entry>",
      `<title>${xmlEscape(article.title)}</title>`,
      `<id>${xmlEscape(url)}</id>`,
      `<link rel="alternate" type="text/html" href="${xmlEscape(url)}"/>`,
      `<published>${rfc3339(article.publishDate)}</published>`,
      `<updated>${rfc3339(updatedOf(article))}</updated>`,
      `<author><name>${xmlEscape(article.author.name)}</name></author>`,
      `<category term="${xmlEscape(article.categorySlug)}" label="${xmlEscape(article.category)}"/>`,
      `<summary>${xmlEscape(article.excerpt)}</summary>`,
      "</entry>",
    );
  }
  lines.push("</feed>", "");
  return lines.join("\n");
}
