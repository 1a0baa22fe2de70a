import type { ArticleLinkReport } from "./article-shop-links";

/**
 * How the admin describes what became of an article's off-site link (docs/decisions/0102): the
 * editor's list under the preview and /admin/links say it the same way.
 */
export function describeArticleLink(link: ArticleLinkReport): string {
  if (link.kind === "offer") return `Tracked: ${link.productName ?? "a product"} at ${link.merchantName ?? "its shop"}`;
  if (link.kind === "merchant") return `Tracked: ${link.merchantName ?? "a shop"} (its affiliate parameters added)`;
  return link.shopLike ? "Earns nothing: looks like a shop no merchant matches" : "Earns nothing: another site";
}

/** Whether the link goes through the site's tracked redirect. */
export function earns(link: ArticleLinkReport): boolean {
  return link.kind !== "none";
}
