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

/** "1 item", "2 items": the run page's sentences count in words that agree. */
export function countOf(value: number, one: string, many = `${one}s`): string {
  return `${value.toLocaleString("en-US")} ${value === 1 ? one : many}`;
}

/** "1 item had no product" / "3 items had no product". */
export function describeUnmatched(unmatched: number): string {
  return `${countOf(unmatched, "item")} had no product`;
}

/**
 * The line under the diff when no offer is new or changed. Offers gone from the feed are still
 * written (marked out of stock), so "saving writes nothing" would be false then.
 */
export function unchangedOffersNote(counts: Pick<FeedRunCounts, "new" | "changed" | "gone">, saved: boolean): string | null {
  if (counts.new + counts.changed > 0) return null;
  if (counts.gone === 0)
    return saved ? "Every item matched its offer: the run changed no offer." : "Every item matches its offer: saving writes nothing.";
  const gone = countOf(counts.gone, "offer");
  return saved
    ? `Every item in the feed matched its offer; the run marked ${gone} out of stock (no longer in the feed).`
    : `Every item in the feed matches its offer; saving marks ${gone} out of stock (no longer in the feed).`;
}
