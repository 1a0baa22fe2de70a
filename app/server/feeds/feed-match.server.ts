import { sql } from "kysely";
import type { FeedItem, FeedRow } from "~/lib/feeds/feed-item";
import { feedOfferItem, type FeedOfferItem } from "~/lib/feeds/feed-offer";
import { FEED_DETAIL_CAP, type RejectedItem, type UnmatchedItem } from "~/lib/feeds/feed-run";
import { gtin14, gtinForms } from "~/lib/feeds/gtin-match";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";

/**
 * Which product each item of a feed is (docs/decisions/0064): the product with the item's GTIN
 * (compared as 14 digits), else the one product with its MPN in any letter case (narrowed by
 * brand when several share it), else the product the owner said it is. Items are matched a
 * batch at a time as the feed streams, so a 20,000-item feed is a few hundred queries and only
 * the small part of each item an offer needs is kept.
 */

export interface MatchedItem {
  line: number;
  itemId: string;
  productId: number;
  productSlug: string;
  productName: string;
  offer: FeedOfferItem;
}

export interface FeedMatch {
  /** In feed order. */
  matched: MatchedItem[];
  rejected: RejectedItem[];
  rejectedCount: number;
  unmatched: UnmatchedItem[];
  unmatchedCount: number;
}

interface ProductRef {
  id: number;
  slug: string;
  name: string;
  brand: string;
  gtin: string | null;
  mpn: string | null;
}

const BATCH = 500;

const lower = (text: string) => text.trim().toLowerCase();

async function productsByGtin(db: DB, items: readonly FeedItem[]): Promise<Map<string, ProductRef>> {
  const found = new Map<string, ProductRef>();
  const forms = [...new Set(items.flatMap((item) => (item.gtin ? gtinForms(item.gtin) : [])))];
  for (const part of chunks(forms, IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(["id", "slug", "name", "brand", "gtin", "mpn"]).where("gtin", "in", part).execute();
    for (const row of rows) found.set(gtin14(row.gtin!), { ...row, id: Number(row.id) });
  }
  return found;
}

async function productsByMpn(db: DB, items: readonly FeedItem[]): Promise<Map<string, ProductRef[]>> {
  const found = new Map<string, ProductRef[]>();
  const mpns = [...new Set(items.flatMap((item) => (item.mpn ? [lower(item.mpn)] : [])))];
  for (const part of chunks(mpns, IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "slug", "name", "brand", "gtin", "mpn"])
      .where(sql<string>`lower(mpn)`, "in", part)
      .execute();
    for (const row of rows) {
      const key = lower(row.mpn!);
      found.set(key, [...(found.get(key) ?? []), { ...row, id: Number(row.id) }]);
    }
  }
  return found;
}

async function productsByLink(db: DB, feedId: number, itemIds: readonly string[]): Promise<Map<string, ProductRef>> {
  const found = new Map<string, ProductRef>();
  for (const part of chunks(itemIds, IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("feed_item_links as l")
      .innerJoin("products as p", "p.id", "l.product_id")
      .select(["l.item_id", "p.id", "p.slug", "p.name", "p.brand", "p.gtin", "p.mpn"])
      .where("l.feed_id", "=", feedId)
      .where("l.item_id", "in", part)
      .execute();
    for (const { item_id, ...row } of rows) found.set(item_id, { ...row, id: Number(row.id) });
  }
  return found;
}

/** The one product an MPN names: several share it only across brands, so the item's brand decides. */
function byMpn(candidates: readonly ProductRef[] | undefined, brand: string | null): ProductRef | undefined {
  if (!candidates) return undefined;
  if (candidates.length === 1) return candidates[0];
  if (!brand) return undefined;
  const same = candidates.filter((product) => lower(product.brand) === lower(brand));
  return same.length === 1 ? same[0] : undefined;
}

/** Each item's product, or undefined: GTIN first, then MPN, then the owner's mapping. */
async function matchBatch(db: DB, feedId: number, items: readonly FeedItem[]): Promise<(ProductRef | undefined)[]> {
  const gtins = await productsByGtin(db, items);
  const first = items.map((item) => (item.gtin ? gtins.get(gtin14(item.gtin)) : undefined));
  const mpns = await productsByMpn(
    db,
    items.filter((_, index) => !first[index]),
  );
  const second = first.map((product, index) => product ?? byMpn(mpns.get(lower(items[index]!.mpn ?? "")), items[index]!.brand));
  const links = await productsByLink(
    db,
    feedId,
    items.filter((_, index) => !second[index]).map((item) => item.id),
  );
  return second.map((product, index) => product ?? links.get(items[index]!.id));
}

export async function matchFeedRows(db: DB, feedId: number, rows: AsyncIterable<FeedRow>): Promise<FeedMatch> {
  const result: FeedMatch = { matched: [], rejected: [], rejectedCount: 0, unmatched: [], unmatchedCount: 0 };
  const claimed = new Map<number, { itemId: string; line: number }>();
  const reject = (entry: RejectedItem) => {
    result.rejectedCount += 1;
    if (result.rejected.length < FEED_DETAIL_CAP) result.rejected.push(entry);
  };

  let batch: { line: number; item: FeedItem }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const products = await matchBatch(
      db,
      feedId,
      batch.map((entry) => entry.item),
    );
    batch.forEach(({ line, item }, index) => {
      const product = products[index];
      if (!product) {
        result.unmatchedCount += 1;
        if (result.unmatched.length < FEED_DETAIL_CAP) {
          result.unmatched.push({ line, itemId: item.id, title: item.title, brand: item.brand, gtin: item.gtin, mpn: item.mpn });
        }
        return;
      }
      const earlier = claimed.get(product.id);
      if (earlier) {
        reject({
          line,
          itemId: item.id,
          reason: `Item "${item.id}" is the same product as item "${earlier.itemId}" (line ${earlier.line}), ${product.name}: a product has one offer per shop, so only the first is used.`,
        });
        return;
      }
      claimed.set(product.id, { itemId: item.id, line });
      result.matched.push({
        line,
        itemId: item.id,
        productId: product.id,
        productSlug: product.slug,
        productName: product.name,
        offer: feedOfferItem(item),
      });
    });
    batch = [];
  };

  for await (const row of rows) {
    if (!row.ok) {
      reject({ line: row.line, itemId: row.itemId, reason: row.reason });
      continue;
    }
    batch.push({ line: row.line, item: row.item });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  // A second item for one product is found a batch later than the reader's own rejections.
  result.rejected.sort((a, b) => a.line - b.line);
  return result;
}
