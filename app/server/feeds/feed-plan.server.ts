import { createHash } from "node:crypto";
import { planOfferRow, type PlannedRow } from "~/lib/csv/import-plan";
import { FEED_OFFER_COLUMNS, feedOfferFields } from "~/lib/feeds/feed-offer";
import { FEED_DETAIL_CAP, type FeedRunCounts, type GoneOffer } from "~/lib/feeds/feed-run";
import type { DB } from "../db/connection.server";
import { priceDiffers } from "../offers/offer-writes.server";
import type { FeedMatch } from "./feed-match.server";
import { storedOffersAtMerchant, type ChangedFeedOffer, type ConfirmedFeedOffer, type NewFeedOffer } from "./feed-writes.server";

/**
 * A feed run's plan against the offers at its shop (docs/decisions/0064), with the offers
 * import's per-row rules (planOfferRow): each matched item is a new offer, a changed one (and
 * how) or unchanged; an offer this feed wrote whose item is missing is gone. Computed for the
 * preview and again inside the save's transaction; the fingerprint tells the save whether the
 * plan it would write is the one the owner saw.
 */

export interface FeedPlan {
  /** The diff's first rows of each status (FEED_DETAIL_CAP), in feed order; the counts and the fingerprint cover them all. */
  rows: PlannedRow[];
  inserts: NewFeedOffer[];
  updates: ChangedFeedOffer[];
  confirms: ConfirmedFeedOffer[];
  goneIds: number[];
  gone: GoneOffer[];
  /** Every product whose offers this plan writes (for the displayed prices). */
  productIds: number[];
  counts: FeedRunCounts;
  fingerprint: string;
}

export async function planFeedOffers(db: DB, feed: { id: number; merchantId: number }, match: FeedMatch, today: string): Promise<FeedPlan> {
  const stored = await storedOffersAtMerchant(db, feed.merchantId);
  const plan: FeedPlan = {
    rows: [],
    inserts: [],
    updates: [],
    confirms: [],
    goneIds: [],
    gone: [],
    productIds: [],
    counts: { new: 0, changed: 0, unchanged: 0, gone: 0, unmatched: match.unmatchedCount, rejected: match.rejectedCount },
    fingerprint: "",
  };
  const seen = new Set<number>();
  // The fingerprint is hashed row by row (as planFingerprint does), so 20,000 diff rows are never held at once.
  const rowsHash = createHash("sha256");
  const kept = { new: 0, changed: 0, unchanged: 0 };
  for (const item of match.matched) {
    seen.add(item.productId);
    plan.productIds.push(item.productId);
    const current = stored.get(item.productId);
    const fields = feedOfferFields(item.offer, current, today);
    const row = planOfferRow(
      current,
      { ...fields, rowNumber: item.line, slug: item.productSlug, name: `${item.productName} (item ${item.itemId})` },
      FEED_OFFER_COLUMNS,
    );
    rowsHash.update(JSON.stringify([row.slug, row.status, row.changes]));
    if (kept[row.status]++ < FEED_DETAIL_CAP) plan.rows.push(row);
    plan.counts[row.status] += 1;
    if (!current) plan.inserts.push({ productId: item.productId, itemId: item.itemId, fields });
    else if (row.status === "changed") {
      plan.updates.push({
        offerId: current.id,
        itemId: item.itemId,
        fields,
        priceChanged: priceDiffers(current, fields, FEED_OFFER_COLUMNS),
      });
    } else plan.confirms.push({ offerId: current.id, itemId: item.itemId });
  }
  const goneOffers = [...stored.values()].filter(
    (offer) => offer.feedId === feed.id && !seen.has(offer.productId) && offer.availability !== "OutOfStock",
  );
  plan.goneIds = goneOffers.map((offer) => offer.id);
  plan.counts.gone = goneOffers.length;
  plan.productIds.push(...goneOffers.map((offer) => offer.productId));
  const shown = goneOffers.slice(0, FEED_DETAIL_CAP);
  if (shown.length > 0) {
    const names = new Map(
      (
        await db
          .selectFrom("products")
          .select(["id", "slug", "name"])
          .where(
            "id",
            "in",
            shown.map((offer) => offer.productId),
          )
          .execute()
      ).map((row) => [Number(row.id), row]),
    );
    plan.gone = shown.map((offer) => ({
      productSlug: names.get(offer.productId)?.slug ?? String(offer.productId),
      productName: names.get(offer.productId)?.name ?? "",
      itemId: offer.feedItemId,
    }));
  }
  plan.fingerprint = createHash("sha256")
    .update(rowsHash.digest("base64url"))
    .update(plan.goneIds.join(","))
    .digest("base64url")
    .slice(0, 32);
  return plan;
}
