import type { Kysely, Transaction } from "kysely";
import { checkWeights, DEFAULT_REVIEW_WEIGHTS, overallFromScores, REVIEW_CRITERIA, type ReviewWeights } from "~/lib/catalog/review";
import type { Database } from "../db/schema";
import { refreshProductListKeys } from "./product-list-keys.server";

/**
 * The owner's weights of the review criteria, and the ratings derived from them. A product's
 * rating column holds its overall (derived when it has scores) so lists sort and filter on it in
 * SQL; a change of weights therefore rewrites every scored product's rating in the same
 * transaction (docs/decisions/0076-review-scores-and-structured-data.md).
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function readReviewWeights(db: Db): Promise<ReviewWeights> {
  const rows = await db.selectFrom("review_weights").select(["criterion", "percent"]).execute();
  const weights = { ...DEFAULT_REVIEW_WEIGHTS };
  for (const row of rows) {
    const criterion = REVIEW_CRITERIA.find(({ key }) => key === row.criterion);
    if (criterion) weights[criterion.key] = Number(row.percent);
  }
  // A stored set that no longer sums to 100 (a criterion added later) is not used half-way.
  return checkWeights(weights) === null ? weights : { ...DEFAULT_REVIEW_WEIGHTS };
}

/** Saves the weights and re-derives every scored product's rating; returns how many ratings moved. */
export async function saveReviewWeights(db: Kysely<Database>, weights: ReviewWeights, now = new Date().toISOString()): Promise<number> {
  const problem = checkWeights(weights);
  if (problem) throw new Error(problem);
  return db.transaction().execute(async (trx) => {
    for (const { key } of REVIEW_CRITERIA) {
      await trx
        .insertInto("review_weights")
        .values({ criterion: key, percent: weights[key] })
        .onConflict((conflict) => conflict.column("criterion").doUpdateSet({ percent: weights[key] }))
        .execute();
    }
    const scored = await trx
      .selectFrom("products")
      .select(["id", "rating", ...REVIEW_CRITERIA.map(({ column }) => column)])
      .where((eb) => eb.or(REVIEW_CRITERIA.map(({ column }) => eb(column, "is not", null))))
      .execute();
    const moved: number[] = [];
    for (const row of scored) {
      const overall = overallFromScores(
        Object.fromEntries(REVIEW_CRITERIA.map(({ key, column }) => [key, row[column] === null ? null : Number(row[column])])),
        weights,
      );
      if (overall === null || overall === (row.rating === null ? null : Number(row.rating))) continue;
      await trx.updateTable("products").set({ rating: overall, updated_at: now }).where("id", "=", row.id).execute();
      moved.push(Number(row.id));
    }
    if (moved.length > 0) await refreshProductListKeys(trx, moved);
    return moved.length;
  });
}
