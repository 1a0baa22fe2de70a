import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import {
  matchShopLink,
  shopLinkIndexBuilder,
  reportOf,
  trackedArticleLink,
  type ArticleLinkReport,
  type ShopLinkIndex,
} from "~/lib/learn/article-shop-links";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { offLoopHandle } from "../db/off-loop-reads.server";
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

/** Offers parsed between two turns of the event loop. */
const OFFERS_PER_SLICE = 2_000;

async function readIndex(db: DB): Promise<ShopLinkIndex> {
  // Every offer of the catalog: read off the event loop, parsed a slice at a time on it.
  const reads = offLoopHandle(db);
  const [merchants, offers] = await Promise.all([
    reads.selectFrom("merchants").select(["slug", "name", "domain", "affiliate_params", "sub_id_template"]).orderBy("id").execute(),
    reads
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
  const builder = shopLinkIndexBuilder(
    merchants.map((row) => ({
      slug: row.slug,
      name: row.name,
      domain: row.domain,
      affiliateParams: row.affiliate_params,
      subIdTemplate: row.sub_id_template,
    })),
  );
  for (let start = 0; start < offers.length; start += OFFERS_PER_SLICE) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    builder.add(
      offers.slice(start, start + OFFERS_PER_SLICE).map((row) => ({
        productSlug: row.product_slug,
        productName: row.product_name,
        merchantSlug: row.merchant_slug,
        link: row.link,
      })),
    );
  }
  return builder.finish();
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
