import { sql } from "kysely";
import { fillDays, periodDays, type DailyClicks } from "~/lib/clicks/click-period";
import { NO_CLICK_FILTER, UNKNOWN_COUNTRY, type ClickFilter } from "~/lib/clicks/click-filter";
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
  return namedProducts(db, rows);
}

/** Products by id with their clicks, named from the catalog or the record of removed products. */
async function namedProducts(db: DB, rows: readonly { product_id: number; clicks: unknown }[]): Promise<ProductClicks[]> {
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

// A filtered report (app/lib/clicks/click-filter.ts): the roll-ups know neither the reader's
// country nor the merchant, so it reads the raw rows of the period (a range of
// clicks_clicked_at_idx) and groups them in the database.
const DAY_MS = 86_400_000;

function filteredClicks(db: DB, fromDay: string, toDay: string, filter: ClickFilter) {
  let query = db
    .selectFrom("clicks")
    .where("clicked_at", ">=", Date.parse(`${fromDay}T00:00:00Z`))
    .where("clicked_at", "<", Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  if (filter.country === UNKNOWN_COUNTRY) query = query.where("country", "is", null);
  else if (filter.country !== null) query = query.where("country", "=", filter.country);
  if (filter.merchant === "none") query = query.where("merchant_id", "is", null);
  else if (filter.merchant !== null) query = query.where("merchant_id", "=", filter.merchant);
  return query;
}

async function filteredReport(db: DB, period: readonly string[], filter: ClickFilter): Promise<Omit<ClickReport, "total">> {
  const from = period[0]!;
  const to = period.at(-1)!;
  // Whole milliseconds divided by a day's: integer division on both databases, the UTC day's number.
  const dayNumber = sql<number | string>`clicked_at / ${sql.lit(DAY_MS)}`;
  const [perDay, products, sources] = await Promise.all([
    filteredClicks(db, from, to, filter)
      .select([dayNumber.as("day"), sql<string>`count(*)`.as("clicks")])
      .groupBy(dayNumber)
      .execute(),
    filteredClicks(db, from, to, filter)
      .select(["product_id", sql<string>`count(*)`.as("clicks")])
      .groupBy("product_id")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("product_id")
      .limit(TOP_LIMIT)
      .execute(),
    filteredClicks(db, from, to, filter)
      .select(["source", sql<string>`count(*)`.as("clicks")])
      .groupBy("source")
      .orderBy(sql`count(*)`, "desc")
      .orderBy("source")
      .limit(TOP_LIMIT)
      .execute(),
  ]);
  const days = fillDays(
    period,
    perDay.map((row) => ({ day: new Date(Math.floor(Number(row.day)) * DAY_MS).toISOString().slice(0, 10), clicks: count(row.clicks) })),
  );
  return {
    days,
    topProducts: await namedProducts(
      db,
      products.map((row) => ({ product_id: Number(row.product_id), clicks: row.clicks })),
    ),
    topSources: sources.map((row) => ({ source: row.source, clicks: count(row.clicks) })),
  };
}

/** What the filter controls offer: the merchants, and the countries clicks came from in the period. */
export async function clickFilterChoices(
  db: DB,
  days: number,
  now: number | Date = Date.now(),
): Promise<{ countries: string[]; merchants: { id: number; name: string }[] }> {
  const period = periodDays(days, now);
  const [countries, merchants] = await Promise.all([
    filteredClicks(db, period[0]!, period.at(-1)!, NO_CLICK_FILTER)
      .select("country")
      .distinct()
      .where("country", "is not", null)
      .orderBy("country")
      .execute(),
    db.selectFrom("merchants").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return {
    countries: countries.map((row) => row.country).filter((country): country is string => country !== null),
    merchants: merchants.map((merchant) => ({ id: Number(merchant.id), name: merchant.name })),
  };
}

/** Everything the clicks page shows for the `days` days ending today (UTC), for the clicks the filter keeps. */
export async function clickReport(
  db: DB,
  days: number,
  now: number | Date = Date.now(),
  filter: ClickFilter = NO_CLICK_FILTER,
): Promise<ClickReport> {
  const period = periodDays(days, now);
  if (filter.country !== null || filter.merchant !== null) {
    const report = await filteredReport(db, period, filter);
    return { ...report, total: report.days.reduce((sum, day) => sum + day.clicks, 0) };
  }
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
