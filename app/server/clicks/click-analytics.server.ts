import { sql } from "kysely";
import { fillDays, periodDays, type DailyClicks } from "~/lib/clicks/click-period";
import type { DB } from "../db/connection.server";

/**
 * What the admin sees of the clicks, read from the daily roll-ups only (docs/decisions/0028): a
 * 90-day period is 90 rows of day totals, at most 90 × products rows and 90 × source pages rows,
 * each a range of its table's key (day first), however many raw clicks there are.
 */

export interface ProductClicks {
  productId: number;
  /** Null once the product is deleted and no record of it is left. */
  slug: string | null;
  name: string;
  /** Still in the catalog (its page exists). */
  listed: boolean;
  clicks: number;
}

export interface SourceClicks {
  source: string;
  clicks: number;
}

export interface ClickReport {
  days: DailyClicks[];
  total: number;
  topProducts: ProductClicks[];
  topSources: SourceClicks[];
}

const TOP_LIMIT = 10;
/** PostgreSQL gives sum() of a bigint as a string. */
const count = (value: unknown) => Number(value ?? 0);

/** Clicks on each day of the list (oldest first), 0 for a day without any. */
export async function clicksPerDay(db: DB, days: readonly string[]): Promise<DailyClicks[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom("click_days")
    .select(["day", "clicks"])
    .where("day", ">=", days[0]!)
    .where("day", "<=", days.at(-1)!)
    .execute();
  return fillDays(
    days,
    rows.map((row) => ({ day: row.day, clicks: count(row.clicks) })),
  );
}

/** The most clicked products between two days (inclusive), with their names. */
export async function topClickedProducts(db: DB, fromDay: string, toDay: string, limit = TOP_LIMIT): Promise<ProductClicks[]> {
  const rows = await db
    .selectFrom("click_product_days")
    .select(["product_id", sql<string>`sum(clicks)`.as("clicks")])
    .where("day", ">=", fromDay)
    .where("day", "<=", toDay)
    .groupBy("product_id")
    .orderBy(sql`sum(clicks)`, "desc")
    .orderBy("product_id")
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.product_id);
  const [listed, removed] = await Promise.all([
    db.selectFrom("products").select(["id", "slug", "name"]).where("id", "in", ids).execute(),
    db.selectFrom("removed_products").select(["product_id", "slug", "name"]).where("product_id", "in", ids).execute(),
  ]);
  const listedById = new Map(listed.map((product) => [product.id, product]));
  const removedById = new Map(removed.map((product) => [product.product_id, product]));
  return rows.map((row) => {
    const product = listedById.get(row.product_id);
    const gone = removedById.get(row.product_id);
    return {
      productId: row.product_id,
      slug: product?.slug ?? gone?.slug ?? null,
      name: product?.name ?? (gone ? `${gone.name} (deleted)` : `Deleted product #${row.product_id}`),
      listed: product !== undefined,
      clicks: count(row.clicks),
    };
  });
}

/** The pages that sent the most clicks between two days (inclusive). */
export async function topClickSources(db: DB, fromDay: string, toDay: string, limit = TOP_LIMIT): Promise<SourceClicks[]> {
  const rows = await db
    .selectFrom("click_source_days")
    .select(["source", sql<string>`sum(clicks)`.as("clicks")])
    .where("day", ">=", fromDay)
    .where("day", "<=", toDay)
    .groupBy("source")
    .orderBy(sql`sum(clicks)`, "desc")
    .orderBy("source")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ source: row.source, clicks: count(row.clicks) }));
}

/** Everything the clicks page shows for the `days` days ending today (UTC). */
export async function clickReport(db: DB, days: number, now: number | Date = Date.now()): Promise<ClickReport> {
  const period = periodDays(days, now);
  const from = period[0]!;
  const to = period.at(-1)!;
  const [perDay, topProducts, topSources] = await Promise.all([
    clicksPerDay(db, period),
    topClickedProducts(db, from, to),
    topClickSources(db, from, to),
  ]);
  return { days: perDay, total: perDay.reduce((sum, day) => sum + day.clicks, 0), topProducts, topSources };
}

/** The dashboard card's figure: clicks in the last `days` days, today included. */
export async function recentClickTotal(db: DB, days: number, now: number | Date = Date.now()): Promise<number> {
  const period = periodDays(days, now);
  const row = await db
    .selectFrom("click_days")
    .select(sql<string>`coalesce(sum(clicks), 0)`.as("clicks"))
    .where("day", ">=", period[0]!)
    .where("day", "<=", period.at(-1)!)
    .executeTakeFirst();
  return count(row?.clicks);
}
