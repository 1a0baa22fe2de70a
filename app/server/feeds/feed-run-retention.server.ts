import type { DB } from "../db/connection.server";

/**
 * A feed run's lists (every changed offer, the rejected, unmatched and gone items: the `details`
 * JSON, up to a few megabytes for a large feed) are emptied once the run is older than
 * FEED_RUN_DETAILS_DAYS; the run itself and its counts stay (docs/decisions/0104). Its page then
 * says the lists are no longer kept.
 */

function runsWithOldDetails(db: DB, before: string) {
  return db.selectFrom("feed_runs").where("details", "is not", null).where("finished_at", "<", before);
}

/** How many runs that finished before `before` (ISO) still hold their lists. */
export async function countOldFeedRunDetails(db: DB, before: string): Promise<number> {
  const row = await runsWithOldDetails(db, before)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Empties the lists of up to `limit` of those runs, oldest first; how many. */
export async function emptyOldFeedRunDetails(db: DB, before: string, limit: number): Promise<number> {
  const result = await db
    .updateTable("feed_runs")
    .set({ details: null })
    .where("id", "in", runsWithOldDetails(db, before).select("id").orderBy("id").limit(limit))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
