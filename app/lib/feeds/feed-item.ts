import type { OfferAvailability } from "~/lib/offers/display-price";

/**
 * One item of a merchant's product feed, read into the site's terms (docs/decisions/0061-reading-merchant-feeds.md).
 * The reader produces these; matching, the diff and the save only ever see this shape, whatever
 * the feed's format was.
 */

/**
 * Google Merchant Center XML (RSS 2.0 or Atom with the `g:` namespace), a delimited file with
 * Google's attribute names as its header (tab or comma), or any other delimited file read
 * through the owner's column mapping.
 */
export type FeedFormat = "google-xml" | "google-tsv" | "csv-mapped";

export const FEED_FORMATS: readonly FeedFormat[] = ["google-xml", "google-tsv", "csv-mapped"];

/** Google's attribute names for the fields the site reads; also the names a mapping maps to. */
export const FEED_FIELDS = [
  "id",
  "title",
  "link",
  "price",
  /** A column of its own naming the prices' currency (Awin's "currency", a German shop's "Waehrung"). */
  "currency",
  "sale_price",
  "sale_price_effective_date",
  "availability",
  /** The day a pre-order or back-order ships (Google's availability_date). */
  "availability_date",
  "brand",
  "gtin",
  "mpn",
  "shipping",
] as const;

export type FeedField = (typeof FEED_FIELDS)[number];

/** For "csv-mapped": which column of the owner's file holds each field (id and price required, link recommended). */
export type FeedColumnMapping = Partial<Record<FeedField, string>>;

/** A feed item's fields as text, before they are read (a delimited row's cells, an XML item's elements). */
export type RawFeedFields = Partial<Record<FeedField, string>>;

export interface FeedItem {
  /** The merchant's item id (Google `id`), unique within the feed. */
  id: string;
  title: string | null;
  /** http(s) only; any other link rejects the row. */
  link: string | null;
  /** Integer minor units, > 0. */
  priceMinor: number;
  /** ISO 4217, upper case; every item of one feed has the same. */
  currency: string;
  salePriceMinor: number | null;
  /** YYYY-MM-DD, the sale's first day as the shop wrote it, or null. A sale starting later still has its salePriceMinor. */
  saleStartsAt: string | null;
  /** YYYY-MM-DD, the sale's last day as the shop wrote it, or null. */
  saleEndsAt: string | null;
  /** Google's values ("in stock", "in_stock", "preorder"…) as schema.org's; anything unrecognised is "unknown". */
  availability: OfferAvailability;
  /** YYYY-MM-DD: the day a pre-order or back-order ships; null when not said, or the item is not one. */
  availableFrom: string | null;
  brand: string | null;
  /** Digits only, 8, 12, 13 or 14 of them with a valid check digit; otherwise null and a warning. */
  gtin: string | null;
  mpn: string | null;
  /** A readable note, e.g. "US: $0.00" from Google's country:region:service:price, or the text as written. */
  shipping: string | null;
}

/**
 * One item as read. `line` is where the item starts: the line of its `<item>`/`<entry>` in XML,
 * the row number in a delimited file (the header is row 1, as a spreadsheet counts).
 * A rejected row changes nothing; its `reason` is a sentence for the owner.
 */
export type FeedRow =
  { ok: true; line: number; item: FeedItem; warnings?: string[] } | { ok: false; line: number; itemId: string | null; reason: string };
