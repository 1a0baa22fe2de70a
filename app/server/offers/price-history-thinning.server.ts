import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";

/**
 * Price history past its detail period, thinned to one row per offer and UTC day: the day's last
 * (docs/decisions/0104). A day's point on the chart, "Price dropped" and "Lowest in 90 days" are
 * all the state at the END of the day (app/lib/offers/price-series.ts), which that row is, so
 * thinning changes none of them; only changes made and undone within one day go.
 *
 * The rows already looked at are remembered (their highest id, in site_state), so a daily run
 * reads about one new day of rows, not the whole history again. Rows are looked at in id order up
 * to the first one recorded after the cut-off: ids follow the order of writing, and a row whose
 * time came out of order is looked at by a later run.
 */

const THINNED_THROUGH = "retention:price-history-thinned-through-id";

async function thinnedThrough(db: DB): Promise<number> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", THINNED_THROUGH).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

async function rememberThinnedThrough(db: DB, id: number): Promise<void> {
  await db
    .insertInto("site_state")
    .values({ key: THINNED_THROUGH, value: String(id) })
    .onConflict((conflict) => conflict.column("key").doUpdateSet({ value: String(id) }))
    .execute();
}

/** The ids still to look at: after the ones already thinned, up to the first row recorded at or after the cut-off. */
async function idsToLookAt(db: DB, before: string): Promise<{ after: number; through: number }> {
  const after = await thinnedThrough(db);
  // In id order with a limit, not min(id): both databases then walk the primary key and stop at the first.
  const firstRecent = await db
    .selectFrom("offer_price_history")
    .select("id")
    .where("id", ">", after)
    .where("recorded_at", ">=", before)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (firstRecent) return { after, through: Number(firstRecent.id) - 1 };
  const last = await db
    .selectFrom("offer_price_history")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return { after, through: Math.max(after, Number(last?.id ?? 0)) };
}

/** Rows of the range that a later row of the same offer on the same UTC day replaces. */
function supersededRows(db: DB, range: { after: number; through: number }) {
  // The start of the next UTC day; SQLite's ISO text compares as text ("2026-11-29" sorts after every time of the 28th).
  const nextDay =
    dialectOf(db) === "postgres"
      ? sql<string>`date_trunc('day', h.recorded_at, 'UTC') + interval '24 hours'`
      : sql<string>`date(h.recorded_at, '+1 day')`;
  return db
    .selectFrom("offer_price_history as h")
    .where("h.id", ">", range.after)
    .where("h.id", "<=", range.through)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("offer_price_history as n")
          .select(sql.lit(1).as("one"))
          .whereRef("n.product_id", "=", "h.product_id")
          .whereRef("n.offer_id", "=", "h.offer_id")
          .whereRef("n.recorded_at", ">=", "h.recorded_at")
          .where("n.recorded_at", "<", nextDay)
          .where((eb) => eb.or([eb("n.recorded_at", ">", eb.ref("h.recorded_at")), eb("n.id", ">", eb.ref("h.id"))])),
      ),
    );
}

/** How many rows recorded before `before` (an ISO instant at the start of a UTC day) thinning would delete. */
export async function countThinnablePriceHistory(db: DB, before: string): Promise<number> {
  const row = await supersededRows(db, await idsToLookAt(db, before))
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Deletes up to `limit` superseded rows recorded before `before`, oldest first, in one short transaction; how many. */
export async function thinPriceHistory(db: DB, before: string, limit: number): Promise<number> {
  const range = await idsToLookAt(db, before);
  const rows = await supersededRows(db, range).select("h.id").orderBy("h.id").limit(limit).execute();
  const ids = rows.map((row) => Number(row.id));
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) await trx.deleteFrom("offer_price_history").where("id", "in", ids).execute();
    await rememberThinnedThrough(trx, ids.length < limit ? range.through : ids.at(-1)!);
  });
  return ids.length;
}
