import { displayPrice, type OfferForPrice, type PriceSettings } from "~/lib/offers/display-price";
import { DEFAULT_SITE_PRICES, priceSettingsAt as settingsAt, type SitePrices } from "~/lib/offers/price-view";
import { updateRows } from "../db/bulk-rows.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { merchantsForPrice, offerForPrice, offersOfProducts } from "./offer-reads.server";
import type { CreatedProduct, FirstOffers } from "./primary-offers.server";

/**
 * The products row's copy of each product's displayed price and of its primary offer's link
 * (docs/decisions/0057): every offer write refreshes it in its own transaction, so SQL filters
 * and sorts by price keep working. Also the price rule's settings the writers pass in.
 */

/** The price rule's settings now (or at `now`), from the site's configuration (config.prices). */
export function priceSettingsAt(prices: SitePrices, now: number = Date.now()): PriceSettings {
  return settingsAt(prices, now);
}

/** SITE_COUNTRY, SITE_CURRENCY and PRICE_MAX_AGE when not set: what writers without the configuration use. */
export const DEFAULT_PRICES: SitePrices = DEFAULT_SITE_PRICES;

const money = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** What the products row keeps of a product's offers (see the comment on the columns in schema.ts). */
export interface MaintainedPrice {
  price_cents: number | null;
  sale_price_cents: number | null;
  sale_ends_at: string | null;
  affiliate_link: string | null;
}

/**
 * The displayed price's offer, copied as it is stored (its price, sale price and sale end), so
 * the lists' SQL and the older readers of these columns keep applying a sale only while it runs;
 * and the primary offer's link. No displayed price (none, or only stale feed prices) is no price.
 */
export function maintainedPrice(offers: readonly OfferForPrice[], settings: PriceSettings): MaintainedPrice {
  const shown = displayPrice(offers, settings);
  const winner = shown.kind === "price" ? offers.find((offer) => offer.merchantSlug === shown.merchantSlug) : undefined;
  return {
    price_cents: winner?.priceMinor ?? null,
    sale_price_cents: winner?.salePriceMinor ?? null,
    sale_ends_at: winner?.saleEndsAt ?? null,
    affiliate_link: offers.find((offer) => offer.isPrimary)?.link ?? null,
  };
}

/**
 * Recomputes the products row's copy of the displayed price and of the primary offer's link from
 * the offers. Call it in the transaction of every offer write. Rows already right are not
 * written; the rest are written in bulk (an import that changes every price changes 200,000
 * rows). Returns how many rows were written.
 */
export async function refreshProductPrices(trx: DB, productIds: readonly number[], settings: PriceSettings): Promise<number> {
  return (await refreshedProductPrices(trx, productIds, settings)).length;
}

const sameMaintained = (stored: MaintainedPrice, next: MaintainedPrice) =>
  money(stored.price_cents) === next.price_cents &&
  money(stored.sale_price_cents) === next.sale_price_cents &&
  stored.sale_ends_at === next.sale_ends_at &&
  stored.affiliate_link === next.affiliate_link;

/**
 * refreshProductPrices, answering which products' rows it wrote. Products created in this
 * transaction (`created`, with `firstOffers`: what savePrimaryOffers wrote for them) have no other
 * offer, so their price is decided from the rows as written instead of read back.
 */
export async function refreshedProductPrices(
  trx: DB,
  productIds: readonly number[],
  settings: PriceSettings,
  created?: { products: ReadonlyMap<number, CreatedProduct>; firstOffers: FirstOffers },
): Promise<number[]> {
  const written: number[] = [];
  if (created) {
    const merchants = await merchantsForPrice(
      trx,
      [...created.firstOffers.values()].map((offer) => offer.merchant_id),
    );
    const changed: (MaintainedPrice & { id: number })[] = [];
    for (const id of new Set(productIds)) {
      const product = created.products.get(id);
      if (!product) continue;
      const offer = created.firstOffers.get(id);
      const merchant = offer && merchants.get(offer.merchant_id);
      // Not written: the offer's own countries are the column's default, every one its merchant serves.
      const offers = offer && merchant ? [offerForPrice({ ...offer, countries: "[]" }, merchant)] : [];
      const next = maintainedPrice(offers, settings);
      if (!sameMaintained(product.stored, next)) changed.push({ id, ...next });
    }
    await updateRows(trx, "products", "id", changed);
    written.push(...changed.map((row) => row.id));
  }
  const toRead = created ? [...new Set(productIds)].filter((id) => !created.products.has(id)) : [...new Set(productIds)];
  for (const part of chunks(toRead, IN_LIST_CHUNK)) {
    const offersOf = await offersOfProducts(trx, part);
    const rows = await trx
      .selectFrom("products")
      .select(["id", "price_cents", "sale_price_cents", "sale_ends_at", "affiliate_link"])
      .where("id", "in", part)
      .execute();
    const changed: (MaintainedPrice & { id: number })[] = [];
    for (const row of rows) {
      const next = maintainedPrice(offersOf.get(Number(row.id)) ?? [], settings);
      if (!sameMaintained(row, next)) changed.push({ id: Number(row.id), ...next });
    }
    await updateRows(trx, "products", "id", changed);
    written.push(...changed.map((row) => row.id));
  }
  return written;
}

export async function refreshProductPrice(trx: DB, productId: number, settings: PriceSettings): Promise<void> {
  await refreshProductPrices(trx, [productId], settings);
}
