import type { OfferFieldColumn, OfferFields } from "../csv/offer-csv";
import type { FeedItem } from "./feed-item";

/**
 * A feed item as the offer it writes (docs/decisions/0064). The feed speaks for the link, the
 * price, the sale and the stock; what a feed does not say (an item without a link or shipping
 * note, the offer's countries) keeps what the offer had, so a thin feed does not erase the
 * owner's own words.
 */

/** The offer fields a feed run compares and writes. */
export const FEED_OFFER_COLUMNS: readonly OfferFieldColumn[] = [
  "link",
  "price",
  "currency",
  "sale_price",
  "sale_end",
  "availability",
  "available_from",
  "shipping_note",
];

/** The part of a feed item an offer is made of: what a run keeps per item between reading and saving. */
export type FeedOfferItem = Pick<
  FeedItem,
  "link" | "priceMinor" | "currency" | "salePriceMinor" | "saleStartsAt" | "saleEndsAt" | "availability" | "availableFrom" | "shipping"
>;

export function feedOfferItem(item: FeedItem): FeedOfferItem {
  return {
    link: item.link,
    priceMinor: item.priceMinor,
    currency: item.currency,
    salePriceMinor: item.salePriceMinor,
    saleStartsAt: item.saleStartsAt,
    saleEndsAt: item.saleEndsAt,
    availability: item.availability,
    availableFrom: item.availableFrom,
    shipping: item.shipping,
  };
}

/**
 * The sale counts from its first day to its last (`today` is YYYY-MM-DD in UTC): a sale that has
 * not begun or has ended is no sale yet, and the next run writes it when it begins.
 */
function saleApplies(item: FeedOfferItem, today: string): boolean {
  if (item.salePriceMinor === null) return false;
  if (item.saleStartsAt !== null && item.saleStartsAt > today) return false;
  return item.saleEndsAt === null || item.saleEndsAt >= today;
}

export function feedOfferFields(item: FeedOfferItem, stored: OfferFields | undefined, today: string): OfferFields {
  const sale = saleApplies(item, today);
  return {
    link: item.link ?? stored?.link ?? null,
    priceMinor: item.priceMinor,
    currency: item.currency,
    salePriceMinor: sale ? item.salePriceMinor : null,
    saleEndsAt: sale ? item.saleEndsAt : null,
    availability: item.availability,
    // The day belongs to a pre-order or back-order: one the feed no longer dates keeps the day it
    // had, and an item in stock (or out of it) has none.
    availableFrom:
      item.availability === "PreOrder" || item.availability === "BackOrder" ? (item.availableFrom ?? stored?.availableFrom ?? null) : null,
    shippingNote: item.shipping ?? stored?.shippingNote ?? null,
    countries: stored?.countries ?? [],
  };
}
