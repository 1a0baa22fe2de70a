import type { TodayItem } from "~/lib/today/today-items";
import { MONEY_DAYS, REVIEW_STALE_MONTHS, reviewStaleBefore } from "~/lib/today/today-thresholds";
import { periodDays } from "~/lib/clicks/click-period";
import type { DB } from "../../db/connection.server";

/** At most this many out-of-date reviews are listed: the ones readers click through most. */
export const STALE_REVIEWS_LISTED = 100;

/**
 * Rule: a review (a product with a verdict) tested 12 months ago or more, or never dated. The
 * products with the most clicks of the last 30 days come first, so the cap keeps the ones that matter.
 */
export async function staleReviews(db: DB, now: number): Promise<(TodayItem & { productId: number })[]> {
  const before = reviewStaleBefore(now);
  const firstDay = periodDays(MONEY_DAYS, now)[0]!;
  const rows = await db
    .selectFrom("products")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("click_product_days")
          .select(["product_id", (inner) => inner.fn.sum<number | string>("clicks").as("clicks")])
          .where("day", ">=", firstDay)
          .groupBy("product_id")
          .as("recent"),
      (join) => join.onRef("recent.product_id", "=", "products.id"),
    )
    .select(["products.id", "products.name", "products.tested_on"])
    .where("products.verdict", "is not", null)
    .where((eb) => eb.or([eb("products.tested_on", "is", null), eb("products.tested_on", "<", before)]))
    .orderBy((eb) => eb.fn.coalesce("recent.clicks", eb.lit(0)), "desc")
    .orderBy("products.id")
    .limit(STALE_REVIEWS_LISTED)
    .execute();
  return rows.map((row) => ({
    rule: "review-stale",
    subject: `product:${Number(row.id)}`,
    title: row.name,
    detail:
      row.tested_on === null ? "The review has no test date." : `Tested on ${row.tested_on}, more than ${REVIEW_STALE_MONTHS} months ago.`,
    href: `/admin/reviews/${Number(row.id)}`,
    fix: "Update the review",
    // The day it became due: a review re-tested and due again is a new situation.
    since: row.tested_on === null ? null : dueOn(row.tested_on),
    money: null,
    productId: Number(row.id),
  }));
}

function dueOn(testedOn: string): number {
  const date = new Date(`${testedOn}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + REVIEW_STALE_MONTHS);
  return date.getTime();
}
