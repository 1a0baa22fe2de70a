import { periodDays, utcDay } from "~/lib/clicks/click-period";
import type { CommissionStatus } from "~/lib/revenue/commission-report";
import {
  countsAsEarned,
  earnedTotal,
  earningsRows,
  earningsTotal,
  notTiedTotal,
  type Dimension,
  type EarningsFacts,
  type EarningsRow,
  type Money,
  type OrderFacts,
} from "~/lib/revenue/earnings";
import { parseTrackingIds, trackingIdIndex } from "~/lib/offers/tracking-ids";
import type { DB } from "../db/connection.server";

/**
 * The revenue report's reads: a period's views (page_view_days), clicks by their facts (the raw
 * clicks), and orders with the facts of the click whose sub-ID they carry (commissions joined to
 * click_sub_ids). An order belongs to the period of its order date.
 */

export interface DailyEarnings {
  day: string;
  views: number;
  clicks: number;
  /** Pending and approved commission, per currency. */
  earned: Money;
}

export interface EarningsReport {
  days: string[];
  total: EarningsRow;
  rows: EarningsRow[];
  daily: DailyEarnings[];
  /** Of the total, the orders whose sub-ID no click of the site carried (another site's, or none), and their commission. */
  notTied: { orders: number; earned: Money };
  reversed: number;
}

const DAY_MS = 86_400_000;

export async function earningsFacts(db: DB, days: readonly string[]): Promise<EarningsFacts & { daily: DailyEarnings[] }> {
  const first = days[0]!;
  const last = days.at(-1)!;
  const from = Date.parse(`${first}T00:00:00Z`);
  const to = Date.parse(`${last}T00:00:00Z`) + DAY_MS;
  const [views, kindViews, clicks, clickDays, orders, products, merchants] = await Promise.all([
    db.selectFrom("page_view_days").select(["day", "path", "views"]).where("day", ">=", first).where("day", "<=", last).execute(),
    db
      .selectFrom("page_view_device_days")
      .select(["kind", "device", (eb) => eb.fn.sum<number | string>("views").as("views")])
      .where("day", ">=", first)
      .where("day", "<=", last)
      .groupBy(["kind", "device"])
      .execute(),
    db
      .selectFrom("clicks")
      .select([
        "product_id",
        "merchant_id",
        "source",
        "country",
        "placement",
        "device",
        (eb) => eb.fn.countAll<number | string>().as("count"),
      ])
      .where("clicked_at", ">=", from)
      .where("clicked_at", "<", to)
      .groupBy(["product_id", "merchant_id", "source", "country", "placement", "device"])
      .execute(),
    db.selectFrom("click_days").select(["day", "clicks"]).where("day", ">=", first).where("day", "<=", last).execute(),
    periodOrders(db, from, to),
    db.selectFrom("products").select(["id", "name", "slug"]).execute(),
    db.selectFrom("merchants").select(["id", "name"]).execute(),
  ]);

  const daily = new Map<string, DailyEarnings>(days.map((day) => [day, { day, views: 0, clicks: 0, earned: {} }]));
  const viewsByPath = new Map<string, number>();
  for (const row of views) {
    const count = Number(row.views);
    viewsByPath.set(row.path, (viewsByPath.get(row.path) ?? 0) + count);
    daily.get(row.day)!.views += count;
  }
  for (const row of clickDays) {
    const entry = daily.get(row.day);
    if (entry) entry.clicks = Number(row.clicks);
  }
  for (const order of orders) {
    const entry = daily.get(utcDay(order.orderedAt));
    if (entry && countsAsEarned(order.status))
      entry.earned[order.currency] = (entry.earned[order.currency] ?? 0) + order.commissionHundredths;
  }
  return {
    viewsByPath,
    viewsByKindDevice: new Map(kindViews.map((row) => [`${row.kind} ${row.device}`, Number(row.views)])),
    clicks: clicks.map((row) => ({
      productId: Number(row.product_id),
      merchantId: row.merchant_id === null ? null : Number(row.merchant_id),
      source: row.source,
      country: row.country,
      placement: row.placement,
      device: row.device,
      count: Number(row.count),
    })),
    orders,
    products: new Map(products.map((row) => [Number(row.id), { name: row.name, slug: row.slug }])),
    merchants: new Map(merchants.map((row) => [Number(row.id), row.name])),
    daily: [...daily.values()],
  };
}

/** The report of the last `days` UTC days, one table's rows (unsorted). */
export async function earningsReport(db: DB, days: number, now: number, dimension: Dimension): Promise<EarningsReport> {
  const period = periodDays(days, now);
  const facts = await earningsFacts(db, period);
  return {
    days: period,
    total: earningsTotal(facts),
    rows: earningsRows(dimension, facts),
    daily: facts.daily,
    notTied: notTiedTotal(facts.orders),
    reversed: facts.orders.filter((order) => order.status === "reversed").length,
  };
}

/**
 * The clicks page's breakdowns of the last `days` UTC days: per placement and per device class,
 * read from one set of facts, each table largest first by clicks.
 */
export async function placementAndDeviceRows(
  db: DB,
  days: number,
  now: number,
): Promise<{ placements: EarningsRow[]; devices: EarningsRow[] }> {
  const facts = await earningsFacts(db, periodDays(days, now));
  const byClicks = (rows: EarningsRow[]) =>
    rows.sort((a, b) => b.clicks - a.clicks || (b.views ?? 0) - (a.views ?? 0) || a.key.localeCompare(b.key));
  return { placements: byClicks(earningsRows("placement", facts)), devices: byClicks(earningsRows("device", facts)) };
}

/**
 * The dashboard's card: the last `days` UTC days' orders and commission per currency, by the
 * revenue page's own rule and period (earnedTotal), so both show the same figures.
 */
export async function recentEarnings(
  db: DB,
  days: number,
  now: number = Date.now(),
): Promise<{ orders: number; earned: Money; notTied: { orders: number; earned: Money } }> {
  const period = periodDays(days, now);
  const from = Date.parse(`${period[0]}T00:00:00Z`);
  const to = Date.parse(`${period.at(-1)}T00:00:00Z`) + DAY_MS;
  return earnedTotal(await periodOrders(db, from, to));
}

/**
 * The orders of [from, to) (ms, by order date), each tied as every report ties it: to the click
 * whose sub-ID it carries, else to the kind of page whose tracking ID it names (Amazon), else to
 * nothing. The revenue page's facts and the dashboard's card both read it.
 */
async function periodOrders(db: DB, from: number, to: number): Promise<(OrderFacts & { orderedAt: number })[]> {
  const [rows, merchants] = await Promise.all([
    db
      .selectFrom("commissions")
      .leftJoin("click_sub_ids", "click_sub_ids.sub_id", "commissions.sub_id")
      .select([
        "commissions.ordered_at",
        "commissions.status",
        "commissions.commission_hundredths",
        "commissions.currency",
        "commissions.sub_id",
        "click_sub_ids.product_id",
        "click_sub_ids.merchant_id",
        "click_sub_ids.source",
        "click_sub_ids.country",
        "click_sub_ids.placement",
        "click_sub_ids.device",
      ])
      .where("commissions.ordered_at", ">=", from)
      .where("commissions.ordered_at", "<", to)
      .execute(),
    db.selectFrom("merchants").select(["id", "tracking_ids"]).where("tracking_ids", "is not", null).execute(),
  ]);
  const tracking = trackingIdIndex(merchants.map((row) => ({ id: Number(row.id), ids: parseTrackingIds(row.tracking_ids) })));
  return rows.map((row) => ({
    orderedAt: Number(row.ordered_at),
    click:
      row.product_id === null || row.source === null
        ? null
        : {
            productId: Number(row.product_id),
            merchantId: row.merchant_id === null ? null : Number(row.merchant_id),
            source: row.source,
            country: row.country,
            placement: row.placement ?? "other",
            device: row.device ?? "unknown",
          },
    tracked: row.product_id === null && row.sub_id !== null ? (tracking.get(row.sub_id.toLowerCase()) ?? null) : null,
    status: row.status as CommissionStatus,
    commissionHundredths: Number(row.commission_hundredths),
    currency: row.currency,
  }));
}
