import { periodDays } from "~/lib/clicks/click-period";
import { MONEY_DAYS, moneyAtStake } from "~/lib/today/today-thresholds";
import type { DB } from "../../db/connection.server";

/**
 * Money at stake for the Today list: the last 30 days' clicks of a product, a page (click source)
 * or a shop, times its earnings per click (commissions not reversed, in the site's currency, of
 * orders whose sub-ID a click of the site carried), or the site's when it earned nothing itself.
 * Read only for the subjects the rules found, so the cost follows the list, not the catalog.
 */

export interface MoneyReader {
  products(ids: readonly number[]): Promise<Map<number, number>>;
  sources(sources: readonly string[]): Promise<Map<string, number>>;
  merchants(ids: readonly number[]): Promise<Map<number, number>>;
}

const CHUNK = 500;

async function inChunks<K, V>(keys: readonly K[], read: (chunk: K[]) => Promise<Map<K, V>>): Promise<Map<K, V>> {
  const unique = [...new Set(keys)];
  const out = new Map<K, V>();
  for (let i = 0; i < unique.length; i += CHUNK) for (const [k, v] of await read(unique.slice(i, i + CHUNK))) out.set(k, v);
  return out;
}

export function moneyReader(db: DB, currency: string, now: number): MoneyReader {
  const days = periodDays(MONEY_DAYS, now);
  const firstDay = days[0]!;
  const from = Date.parse(`${firstDay}T00:00:00Z`);
  const earnings = () =>
    db
      .selectFrom("commissions")
      .innerJoin("click_sub_ids", "click_sub_ids.sub_id", "commissions.sub_id")
      .where("commissions.ordered_at", ">=", from)
      .where("commissions.status", "!=", "reversed")
      .where("commissions.currency", "=", currency);
  let siteEpc: Promise<number> | undefined;
  const site = () =>
    (siteEpc ??= Promise.all([
      db
        .selectFrom("click_days")
        .select((eb) => eb.fn.sum<number | string>("clicks").as("clicks"))
        .where("day", ">=", firstDay)
        .executeTakeFirst(),
      earnings()
        .select((eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("earned"))
        .executeTakeFirst(),
    ]).then(([clicks, earned]) => {
      const total = Number(clicks?.clicks ?? 0);
      return total > 0 ? Number(earned?.earned ?? 0) / total : 0;
    }));
  const combine = async <K>(clicks: Map<K, number>, earned: Map<K, number>): Promise<Map<K, number>> => {
    const perClick = await site();
    const out = new Map<K, number>();
    for (const [key, count] of clicks) {
      const money = moneyAtStake(count, earned.get(key) ?? 0, perClick);
      if (money !== null) out.set(key, money);
    }
    return out;
  };
  return {
    products: (ids) =>
      inChunks(ids, async (chunk) => {
        const [clicks, earned] = await Promise.all([
          db
            .selectFrom("click_product_days")
            .select(["product_id", (eb) => eb.fn.sum<number | string>("clicks").as("clicks")])
            .where("day", ">=", firstDay)
            .where("product_id", "in", chunk)
            .groupBy("product_id")
            .execute(),
          earnings()
            .select(["click_sub_ids.product_id", (eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("earned")])
            .where("click_sub_ids.product_id", "in", chunk)
            .groupBy("click_sub_ids.product_id")
            .execute(),
        ]);
        return combine(
          new Map(clicks.map((row) => [Number(row.product_id), Number(row.clicks)])),
          new Map(earned.map((row) => [Number(row.product_id), Number(row.earned)])),
        );
      }),
    sources: (sources) =>
      inChunks(sources, async (chunk) => {
        const [clicks, earned] = await Promise.all([
          db
            .selectFrom("click_source_days")
            .select(["source", (eb) => eb.fn.sum<number | string>("clicks").as("clicks")])
            .where("day", ">=", firstDay)
            .where("source", "in", chunk)
            .groupBy("source")
            .execute(),
          earnings()
            .select(["click_sub_ids.source", (eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("earned")])
            .where("click_sub_ids.source", "in", chunk)
            .groupBy("click_sub_ids.source")
            .execute(),
        ]);
        return combine(
          new Map(clicks.map((row) => [row.source, Number(row.clicks)])),
          new Map(earned.map((row) => [row.source, Number(row.earned)])),
        );
      }),
    merchants: (ids) =>
      inChunks(ids, async (chunk) => {
        const [clicks, earned] = await Promise.all([
          db
            .selectFrom("clicks")
            .select(["merchant_id", (eb) => eb.fn.countAll<number | string>().as("clicks")])
            .where("clicked_at", ">=", from)
            .where("merchant_id", "in", chunk)
            .groupBy("merchant_id")
            .execute(),
          earnings()
            .select(["click_sub_ids.merchant_id", (eb) => eb.fn.sum<number | string>("commissions.commission_hundredths").as("earned")])
            .where("click_sub_ids.merchant_id", "in", chunk)
            .groupBy("click_sub_ids.merchant_id")
            .execute(),
        ]);
        return combine(
          new Map(clicks.map((row) => [Number(row.merchant_id), Number(row.clicks)])),
          new Map(earned.map((row) => [Number(row.merchant_id), Number(row.earned)])),
        );
      }),
  };
}
