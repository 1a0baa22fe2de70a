import type { Product } from "~/lib/catalog/catalog";
import { OFFER_AVAILABILITIES, type OfferAvailability } from "~/lib/offers/display-price";
import { CARD_HISTORY_DAYS } from "~/lib/offers/price-history-view";
import { addDays, type PriceHistoryEntry } from "~/lib/offers/price-series";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { log } from "../log.server";
import { parseTextList } from "../products/product-row-mapping";

/**
 * Reading offer price history for pages (docs/decisions/0063): for a page of products, the rows
 * recorded in the days shown plus each offer's last row before them (the state the first day
 * starts in), in two queries on the (product_id, recorded_at) index whatever the page's size.
 * A card needs a month of it, the product page a year.
 */

function historyRows(db: DB) {
  return db
    .selectFrom("offer_price_history as h")
    .leftJoin("merchants as m", "m.id", "h.merchant_id")
    .select([
      "h.id",
      "h.product_id",
      "h.offer_id",
      "h.price_minor",
      "h.sale_price_minor",
      "h.sale_ends_at",
      "h.currency",
      "h.availability",
      "h.recorded_at",
      "m.name as merchant_name",
      "m.countries as merchant_countries",
    ]);
}

type HistoryRow = Awaited<ReturnType<ReturnType<typeof historyRows>["execute"]>>[number];

function toEntry(row: HistoryRow): PriceHistoryEntry {
  return {
    id: Number(row.id),
    offerId: Number(row.offer_id),
    merchantName: row.merchant_name,
    merchantCountries:
      row.merchant_countries === null ? [] : parseTextList(row.merchant_countries).map((code) => code.trim().toUpperCase()),
    // PostgreSQL returns bigint columns as text.
    priceMinor: row.price_minor === null ? null : Number(row.price_minor),
    salePriceMinor: row.sale_price_minor === null ? null : Number(row.sale_price_minor),
    saleEndsAt: row.sale_ends_at === null ? null : String(row.sale_ends_at).slice(0, 10),
    currency: row.currency.trim().toUpperCase(),
    availability: (OFFER_AVAILABILITIES as readonly string[]).includes(row.availability)
      ? (row.availability as OfferAvailability)
      : "unknown",
    recordedAt: toIsoString(row.recorded_at),
  };
}

/**
 * The history these products' days `firstDay`..now need, by product id: every row recorded from
 * the start of `firstDay` (UTC), and each offer's last row before it. A product without history gets [].
 */
export async function priceHistoryOfProducts(
  db: DB,
  productIds: readonly number[],
  firstDay: string,
): Promise<Map<number, PriceHistoryEntry[]>> {
  const ids = [...new Set(productIds)];
  const byProduct = new Map<number, PriceHistoryEntry[]>(ids.map((id) => [id, []]));
  const since = `${firstDay}T00:00:00.000Z`;
  for (const part of chunks(ids, IN_LIST_CHUNK)) {
    const [recent, before] = await Promise.all([
      historyRows(db).where("h.product_id", "in", part).where("h.recorded_at", ">=", since).execute(),
      historyRows(db)
        .innerJoin(
          (eb) =>
            eb
              .selectFrom("offer_price_history")
              .select(["offer_id", (inner) => inner.fn.max("recorded_at").as("last_at")])
              .where("product_id", "in", part)
              .where("recorded_at", "<", since)
              .groupBy("offer_id")
              .as("last"),
          (join) => join.onRef("last.offer_id", "=", "h.offer_id").onRef("last.last_at", "=", "h.recorded_at"),
        )
        .where("h.product_id", "in", part)
        .execute(),
    ]);
    for (const row of [...before, ...recent]) byProduct.get(Number(row.product_id))?.push(toEntry(row));
  }
  return byProduct;
}

/** The products with the history of their last `days` days (today included) attached, in one read for all of them. */
export async function withPriceHistory<P extends Product>(db: DB, products: readonly P[], days: number, now = Date.now()): Promise<P[]> {
  if (products.length === 0) return [];
  const today = new Date(now).toISOString().slice(0, 10);
  const history = await priceHistoryOfProducts(
    db,
    products.map((product) => product.id),
    addDays(today, -(days - 1)),
  );
  return products.map((product) => ({ ...product, priceHistory: history.get(product.id) ?? [] }));
}

/** The month of history a page of cards needs for "Price dropped"; a failure only leaves the badges off. */
export async function withCardPriceHistory<P extends Product>(db: DB, products: readonly P[]): Promise<P[]> {
  try {
    return await withPriceHistory(db, products, CARD_HISTORY_DAYS);
  } catch (error) {
    log.error(`Price history for ${products.length} cards could not be read: ${(error as Error)?.message ?? error}`);
    return [...products];
  }
}
