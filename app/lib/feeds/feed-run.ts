import type { PlannedRow } from "../csv/import-plan";

/**
 * What a feed run found (docs/decisions/0064): the counts its screens show and the lists behind
 * them, each capped so a 20,000-item feed's run stays a small record.
 */

export interface FeedRunCounts {
  /** Items that add an offer at the feed's shop. */
  new: number;
  changed: number;
  unchanged: number;
  /** Offers of this feed whose item is no longer in it: marked out of stock. */
  gone: number;
  /** Items no product could be found for. */
  unmatched: number;
  /** Items that could not be read (a price of "free"), or a second item for one product. */
  rejected: number;
}

export interface RejectedItem {
  line: number;
  itemId: string | null;
  reason: string;
}

export interface UnmatchedItem {
  line: number;
  itemId: string;
  title: string | null;
  brand: string | null;
  gtin: string | null;
  mpn: string | null;
}

export interface GoneOffer {
  productSlug: string;
  productName: string;
  itemId: string | null;
}

/** The run page's lists (stored with the run as JSON). */
export interface FeedRunDetails {
  /** The diff rows: the first of each status, in feed order. */
  rows: PlannedRow[];
  rejected: RejectedItem[];
  unmatched: UnmatchedItem[];
  gone: GoneOffer[];
}

/** Rows of each kind kept with a run; the counts are always whole. */
export const FEED_DETAIL_CAP = 500;

/** '3 new, 12 changed, 19,980 unchanged, 2 gone, 1 unmatched, 4 rejected'. */
export function describeFeedCounts(counts: FeedRunCounts): string {
  const n = (value: number) => value.toLocaleString("en-US");
  return `${n(counts.new)} new, ${n(counts.changed)} changed, ${n(counts.unchanged)} unchanged, ${n(counts.gone)} gone, ${n(counts.unmatched)} unmatched, ${n(counts.rejected)} rejected`;
}
