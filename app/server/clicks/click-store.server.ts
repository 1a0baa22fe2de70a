import { sql } from "kysely";
import { utcDay } from "~/lib/clicks/click-period";
import type { DB } from "../db/connection.server";

/** A counted click as the site keeps it: when, which product, from which page. Nothing about the visitor. */
export interface RecordedClick {
  /** Milliseconds since 1970. */
  at: number;
  productId: number;
  /** Already normalised (normaliseLinkSource). */
  source: string;
}

/** Rows per INSERT: 4 values each stays far below SQLite's 32,766 bound variables. */
const ROWS_PER_INSERT = 500;

/**
 * Writes a batch of clicks in one transaction: the raw rows, and the daily roll-up incremented
 * by the same counts, so the two can never disagree (both land, or neither does).
 */
export async function writeClicks(db: DB, clicks: readonly RecordedClick[]): Promise<void> {
  if (clicks.length === 0) return;
  const daily = new Map<string, { day: string; product_id: number; source: string; clicks: number }>();
  for (const click of clicks) {
    const day = utcDay(click.at);
    const key = `${day}\u0000${click.productId}\u0000${click.source}`;
    const entry = daily.get(key);
    if (entry) entry.clicks++;
    else daily.set(key, { day, product_id: click.productId, source: click.source, clicks: 1 });
  }
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < clicks.length; start += ROWS_PER_INSERT) {
      const rows = clicks.slice(start, start + ROWS_PER_INSERT).map((click) => ({
        clicked_at: click.at,
        product_id: click.productId,
        source: click.source,
      }));
      await trx.insertInto("clicks").values(rows).execute();
    }
    const totals = [...daily.values()];
    for (let start = 0; start < totals.length; start += ROWS_PER_INSERT) {
      await trx
        .insertInto("click_daily")
        .values(totals.slice(start, start + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict.columns(["day", "product_id", "source"]).doUpdateSet({ clicks: sql<number>`click_daily.clicks + excluded.clicks` }),
        )
        .execute();
    }
  });
}
