import type { ArticleLinkReport } from "./article-shop-links";

/**
 * "Links that earn nothing" on /admin/links (docs/decisions/0102): every off-site link of the
 * published articles that does not go through the tracked redirect, with the article it is in;
 * those that look like a shop's come first (a merchant or an offer to add), then by article and
 * order in it. One pass over the links, a page at a time.
 */

const UNEARNED_PAGE_SIZE = 50;

export interface UnearnedLink {
  articleId: number;
  articleSlug: string;
  articleTitle: string;
  url: string;
  shopLike: boolean;
}

export interface UnearnedLinkPage {
  rows: UnearnedLink[];
  page: number;
  pages: number;
  /** Off-site links that earn nothing, of which `shopLike` look like a shop's. */
  total: number;
  shopLike: number;
  /** Off-site links that go through the tracked redirect. */
  tracked: number;
}

export function unearnedLinkPage(
  articles: readonly { id: number; slug: string; title: string; links: readonly ArticleLinkReport[] }[],
  requestedPage: number,
  pageSize = UNEARNED_PAGE_SIZE,
): UnearnedLinkPage {
  const shopLike: UnearnedLink[] = [];
  const others: UnearnedLink[] = [];
  let tracked = 0;
  for (const article of articles) {
    for (const link of article.links) {
      if (link.kind !== "none") {
        tracked++;
        continue;
      }
      const row = {
        articleId: article.id,
        articleSlug: article.slug,
        articleTitle: article.title,
        url: link.url,
        shopLike: link.shopLike === true,
      };
      (row.shopLike ? shopLike : others).push(row);
    }
  }
  const total = shopLike.length + others.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Number.isSafeInteger(requestedPage) ? Math.min(Math.max(1, requestedPage), pages) : 1;
  const start = (page - 1) * pageSize;
  const rows = (start < shopLike.length ? shopLike.slice(start, start + pageSize) : []).concat(
    others.slice(Math.max(0, start - shopLike.length), Math.max(0, start + pageSize - shopLike.length)),
  );
  return { rows, page, pages, total, shopLike: shopLike.length, tracked };
}
