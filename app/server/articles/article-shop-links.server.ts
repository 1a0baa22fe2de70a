import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import {
  coversLink,
  httpAddressesIn,
  linkHostKey,
  matchShopLink,
  shopLinkIndexBuilder,
  reportOf,
  trackedArticleLink,
  type ArticleLinkReport,
  type ShopLinkIndex,
} from "~/lib/learn/article-shop-links";
import { sql } from "kysely";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { offLoopHandle } from "../db/off-loop-reads.server";
import type { LinkRewriter } from "./article-markdown.server";

/**
 * The merchants and offers an article's hand-written shop links are matched against
 * (docs/decisions/0102). Only the offers on the hosts the links name are read (linkHostKey): a
 * catalog of 100,000 offers is as many addresses to parse, which the web process did after every
 * catalog change, while a few articles link to a handful of shops. An index is kept per database
 * and set of hosts until the next catalog change (a merchant's or offer's save announces one) or
 * a minute at most, since the editor's preview asks for one at every pause in typing.
 */
const INDEX_MAX_AGE_MS = 60_000;
/** Sets of hosts kept per database; the oldest goes first past it. */
const MAX_KEPT_INDEXES = 100;
const indexes = new WeakMap<DB, Map<string, { at: number; index: Promise<ShopLinkIndex> }>>();
const listening = new WeakSet<DB>();

/** The index for links to these addresses' hosts (every merchant, and the offers on those hosts). */
export function readShopLinkIndex(db: DB, hrefs: Iterable<string>): Promise<ShopLinkIndex> {
  if (!listening.has(db)) {
    listening.add(db);
    onCatalogChange(db, () => indexes.delete(db));
  }
  const hosts = new Set<string>();
  for (const href of hrefs) {
    const key = linkHostKey(href);
    if (key !== null) hosts.add(key);
  }
  const key = [...hosts].sort().join(" ");
  let kept = indexes.get(db);
  if (!kept) indexes.set(db, (kept = new Map()));
  const hit = kept.get(key);
  if (hit && Date.now() - hit.at < INDEX_MAX_AGE_MS) return hit.index;
  const index = readIndex(db, hosts);
  kept.delete(key);
  kept.set(key, { at: Date.now(), index });
  if (kept.size > MAX_KEPT_INDEXES) kept.delete(kept.keys().next().value!);
  index.catch(() => {
    if (indexes.get(db)?.get(key)?.index === index) indexes.get(db)?.delete(key);
  });
  return index;
}

/** Offers parsed between two turns of the event loop. */
const OFFERS_PER_SLICE = 2_000;

async function readIndex(db: DB, hosts: ReadonlySet<string>): Promise<ShopLinkIndex> {
  // Read off the event loop, parsed a slice at a time on it.
  const reads = offLoopHandle(db);
  const [merchants, offers] = await Promise.all([
    reads.selectFrom("merchants").select(["slug", "name", "domain", "affiliate_params", "sub_id_template"]).orderBy("id").execute(),
    hosts.size === 0
      ? []
      : reads
          .selectFrom("offers")
          .innerJoin("products", "products.id", "offers.product_id")
          .innerJoin("merchants", "merchants.id", "offers.merchant_id")
          .select(["products.slug as product_slug", "products.name as product_name", "merchants.slug as merchant_slug", "offers.link"])
          .where("offers.link", "is not", null)
          // Every link with one of the hosts anywhere in it (a few more than needed: the builder reads each link's own host).
          .where((eb) => eb.or([...hosts].map((host) => eb(sql<string>`lower(offers.link)`, "like", `%${host}%`))))
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
    hosts,
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
 * `article:{slug}:shop-link`; every off-site link, rewritten or not, is added to `report` when one
 * is given, and one to a host the index was not read for to `uncovered` (renderWithShopLinks).
 */
export function articleLinkRewriter(
  index: ShopLinkIndex,
  articleSlug: string,
  report?: ArticleLinkReport[],
  uncovered?: string[],
): LinkRewriter {
  const source = linkFrom(linkSource.article(articleSlug), "shop-link");
  return (href) => {
    if (uncovered && !coversLink(index, href)) uncovered.push(href);
    const match = matchShopLink(index, href);
    if (match && report) report.push(reportOf(href, match));
    return trackedArticleLink(match, href, source);
  };
}

/**
 * Renders texts whose links are matched against the shop-link index: read for the addresses the
 * texts hold, and, should a render meet a link to a host that index was not read for (written in
 * a way httpAddressesIn misses), read again with it and the texts rendered again.
 */
export async function renderWithShopLinks<T>(
  db: DB,
  texts: readonly string[],
  render: (index: ShopLinkIndex, uncovered: string[]) => T,
): Promise<T> {
  const hrefs = texts.flatMap(httpAddressesIn);
  const uncovered: string[] = [];
  const rendered = render(await readShopLinkIndex(db, hrefs), uncovered);
  if (uncovered.length === 0) return rendered;
  return render(await readShopLinkIndex(db, [...hrefs, ...uncovered]), []);
}
