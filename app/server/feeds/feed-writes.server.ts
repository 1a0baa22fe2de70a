import { sql } from "kysely";
import type { OfferFields } from "~/lib/csv/offer-csv";
import { chunks } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { OFFER_COLUMNS, toStoredOffer, type StoredOffer } from "../offers/offer-writes.server";

/**
 * A feed run's writes, a batch of offers per statement (docs/decisions/0064): a 20,000-item feed
 * is some forty statements on either database, not 20,000 round trips. The price history is kept
 * by the offers table's triggers, whichever statement writes. The caller runs these in its
 * transaction and refreshes the products' displayed prices afterwards.
 */

/** Rows per statement: 12 parameters a row stays under both databases' parameter limits. */
const ROWS_PER_STATEMENT = 500;

export interface FeedStoredOffer extends StoredOffer {
  feedId: number | null;
  feedItemId: string | null;
}

/** Every offer at the merchant, by product id. */
export async function storedOffersAtMerchant(db: DB, merchantId: number): Promise<Map<number, FeedStoredOffer>> {
  const rows = await db
    .selectFrom("offers")
    .select([...OFFER_COLUMNS, "feed_id", "feed_item_id"])
    .where("merchant_id", "=", merchantId)
    .execute();
  const stored = new Map<number, FeedStoredOffer>();
  for (const row of rows) {
    const offer = toStoredOffer(row);
    stored.set(offer.productId, { ...offer, feedId: row.feed_id === null ? null : Number(row.feed_id), feedItemId: row.feed_item_id });
  }
  return stored;
}

export interface NewFeedOffer {
  productId: number;
  itemId: string;
  fields: OfferFields;
}

export interface ChangedFeedOffer {
  offerId: number;
  itemId: string;
  fields: OfferFields;
  /** Whether what a buyer pays moved (price_changed_at is set only then). */
  priceChanged: boolean;
}

export interface ConfirmedFeedOffer {
  offerId: number;
  itemId: string;
}

/** Called after each statement with the rows it wrote: a run's progress, and its chance to stop (by throwing) between two. */
export type WriteStep = (rows: number) => void;

export async function insertFeedOffers(
  trx: DB,
  feedId: number,
  merchantId: number,
  offers: readonly NewFeedOffer[],
  now: string,
  step?: WriteStep,
) {
  for (const part of chunks(offers, ROWS_PER_STATEMENT)) {
    await trx
      .insertInto("offers")
      .values(
        part.map(({ productId, itemId, fields }) => ({
          product_id: productId,
          merchant_id: merchantId,
          // The primary offer is the one the product form edits; a feed never takes that place.
          is_primary: false,
          link: fields.link,
          price_minor: fields.priceMinor,
          currency: fields.currency,
          sale_price_minor: fields.salePriceMinor,
          sale_ends_at: fields.saleEndsAt,
          availability: fields.availability,
          available_from: fields.availableFrom,
          shipping_note: fields.shippingNote,
          countries: JSON.stringify(fields.countries),
          source: "feed",
          feed_id: feedId,
          feed_item_id: itemId,
          confirmed_at: now,
          price_changed_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    step?.(part.length);
  }
}

/** One UPDATE … FROM (VALUES …) per batch (SQLite has it since 3.33), as refreshProductPrices writes. */
export async function updateFeedOffers(trx: DB, feedId: number, offers: readonly ChangedFeedOffer[], now: string, step?: WriteStep) {
  const postgres = dialectOf(trx) === "postgres";
  for (const part of chunks(offers, ROWS_PER_STATEMENT)) {
    // PostgreSQL types the VALUES list from its first row; the casts keep nulls and dates typed.
    const tuples = part.map(({ offerId, itemId, fields, priceChanged }) =>
      postgres
        ? sql`(${offerId}::integer, ${itemId}::text, ${fields.link}::text, ${fields.priceMinor}::bigint, ${fields.currency}::text, ${fields.salePriceMinor}::bigint, ${fields.saleEndsAt}::date, ${fields.availability}::text, ${fields.availableFrom}::text, ${fields.shippingNote}::text, ${priceChanged ? 1 : 0}::integer)`
        : sql`(${offerId}, ${itemId}, ${fields.link}, ${fields.priceMinor}, ${fields.currency}, ${fields.salePriceMinor}, ${fields.saleEndsAt}, ${fields.availability}, ${fields.availableFrom}, ${fields.shippingNote}, ${priceChanged ? 1 : 0})`,
    );
    const values = sql.join(tuples);
    await (
      postgres
        ? sql`update offers set feed_item_id = v.item_id, link = v.link, price_minor = v.price_minor, currency = v.currency,
            sale_price_minor = v.sale_price_minor, sale_ends_at = v.sale_ends_at, availability = v.availability,
            available_from = v.available_from, shipping_note = v.shipping_note,
            source = 'feed', feed_id = ${feedId}, confirmed_at = ${now}, updated_at = ${now},
            price_changed_at = case when v.price_changed = 1 then ${now}::timestamptz else offers.price_changed_at end
          from (values ${values}) as v(id, item_id, link, price_minor, currency, sale_price_minor, sale_ends_at, availability, available_from, shipping_note, price_changed)
          where offers.id = v.id`
        : sql`update offers set feed_item_id = v.column2, link = v.column3, price_minor = v.column4, currency = v.column5,
            sale_price_minor = v.column6, sale_ends_at = v.column7, availability = v.column8, available_from = v.column9,
            shipping_note = v.column10, source = 'feed', feed_id = ${feedId}, confirmed_at = ${now}, updated_at = ${now},
            price_changed_at = case when v.column11 = 1 then ${now} else offers.price_changed_at end
          from (values ${values}) as v where offers.id = v.column1`
    ).execute(trx);
    step?.(part.length);
  }
}

/**
 * Offers the feed still lists as they are: only their confirmation moves (and the feed takes over
 * an offer typed or imported before), so the price keeps showing without "Check price".
 */
export async function confirmFeedOffers(trx: DB, feedId: number, offers: readonly ConfirmedFeedOffer[], now: string, step?: WriteStep) {
  const postgres = dialectOf(trx) === "postgres";
  for (const part of chunks(offers, ROWS_PER_STATEMENT)) {
    const values = sql.join(
      part.map(({ offerId, itemId }) => (postgres ? sql`(${offerId}::integer, ${itemId}::text)` : sql`(${offerId}, ${itemId})`)),
    );
    await (
      postgres
        ? sql`update offers set feed_item_id = v.item_id, source = 'feed', feed_id = ${feedId}, confirmed_at = ${now}
          from (values ${values}) as v(id, item_id) where offers.id = v.id`
        : sql`update offers set feed_item_id = v.column2, source = 'feed', feed_id = ${feedId}, confirmed_at = ${now}
          from (values ${values}) as v where offers.id = v.column1`
    ).execute(trx);
    step?.(part.length);
  }
}

/** An item that left the feed: its offer stays, out of stock, so its history and clicks stay too. */
export async function markFeedOffersGone(trx: DB, offerIds: readonly number[], now: string, step?: WriteStep) {
  for (const part of chunks(offerIds, ROWS_PER_STATEMENT)) {
    await trx.updateTable("offers").set({ availability: "OutOfStock", updated_at: now }).where("id", "in", part).execute();
    step?.(part.length);
  }
}
