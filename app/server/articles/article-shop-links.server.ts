import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import {
  buildShopLinkIndex,
  matchShopLink,
  reportOf,
  trackedArticleLink,
  type ArticleLinkReport,
  type ShopLinkIndex,
} from "~/lib/learn/article-shop-links";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import type { LinkRewriter } from "./article-markdown.server";

/**
 * The merchants and offers an article's hand-written shop links are matched against
 * (docs/decisions/0102): read in two queries, kept per database until the next catalog change
 * (a merchant's or offer's save announces one) or a minute at most, since the editor's preview
 * asks for it at every pause in typing.
 */
const INDEX_MAX_AGE_MS = 60_000;
const indexes = new WeakMap<DB, { at: number; index: Promise<ShopLinkIndex> }>();
const listening = new WeakSet<DB>();

export function readShopLinkIndex(db: DB): Promise<ShopLinkIndex> {
  if (!listening.has(db)) {
    listening.add(db);
    onCatalogChange(db, () => indexes.delete(db));
  }
  const hit = indexes.get(db);
  if (hit && Date.now() - hit.at < INDEX_MAX_AGE_MS) return hit.index;
  const index = readIndex(db);
  indexes.set(db, { at: Date.now(), index });
  index.catch(() => {
    if (indexes.get(db)?.index === index) indexes.delete(db);
  });
  return index;
}

async function readIndex(db: DB): Promise<ShopLinkIndex> {
  const [merchants, offers] = await Promise.all([
    db.selectFrom("merchants").select(["slug", "name", "domain", "affiliate_params", "sub_id_template"]).orderBy("id").execute(),
    db
      .selectFrom("offers")
      .innerJoin("products", "products.id", "offers.product_id")
      .innerJoin("merchants", "merchants.id", "offers.merchant_id")
      .select(["products.slug as product_slug", "products.name as product_name", "merchants.slug as merchant_slug", "offers.link"])
      .where("offers.link", "is not", null)
      // The primary offer first: when two offers share a page, the product's own buy button wins.
      .orderBy("offers.is_primary", "desc")
      .orderBy("offers.id")
      .execute(),
  ]);
  return buildShopLinkIndex(
    merchants.map((row) => ({
      slug: row.slug,
      name: row.name,
      domain: row.domain,
      affiliateParams: row.affiliate_params,
      subIdTemplate: row.sub_id_template,
    })),
    offers.map((row) => ({
      productSlug: row.product_slug,
      productName: row.product_name,
      merchantSlug: row.merchant_slug,
      link: row.link,
    })),
  );
}

/**
 * The rewriter an article is rendered with: a link to a known merchant goes through /go from
 * `article:{slug}:shop-link`; every off-site link, rewritten or not, is added to `report` when one is given.
 */
export function articleLinkRewriter(index: ShopLinkIndex, articleSlug: string, report?: ArticleLinkReport[]): LinkRewriter {
  const source = linkFrom(linkSource.article(articleSlug), "shop-link");
  return (href) => {
    const match = matchShopLink(index, href);
    if (match && report) report.push(reportOf(href, match));
    return trackedArticleLink(match, href, source);
  };
}
