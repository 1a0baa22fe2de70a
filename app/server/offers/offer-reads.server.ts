import type { Product } from "~/lib/catalog/catalog";
import type { OfferForPrice, OfferSource } from "~/lib/offers/display-price";
import type { ShopOffer } from "~/lib/offers/shop-offer";
import { parseTrackingIds } from "~/lib/offers/tracking-ids";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { parseTextList } from "../products/product-row-mapping";
import { offerPriceFields } from "./offer-price-columns";

/**
 * Reading offers for pages: the offers of a whole page of products in one query (with their
 * merchants), never one query per product, so a list of 24 cards costs one extra round trip.
 */

const OFFER_SOURCES: readonly OfferSource[] = ["form", "csv", "feed"];

function upperCodes(json: string): string[] {
  return parseTextList(json)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code !== "");
}

function offerRows(db: DB) {
  return db
    .selectFrom("offers")
    .innerJoin("merchants", "merchants.id", "offers.merchant_id")
    .select([
      "offers.id",
      "offers.product_id",
      "offers.merchant_id",
      "offers.is_primary",
      "offers.link",
      "offers.price_minor",
      "offers.currency",
      "offers.sale_price_minor",
      "offers.sale_ends_at",
      "offers.availability",
      "offers.available_from",
      "offers.shipping_note",
      "offers.countries",
      "offers.source",
      "offers.confirmed_at",
      "offers.price_changed_at",
      "merchants.slug as merchant_slug",
      "merchants.name as merchant_name",
      "merchants.countries as merchant_countries",
      "merchants.affiliate_params as merchant_affiliate_params",
      "merchants.sub_id_template as merchant_sub_id_template",
      "merchants.tracking_ids as merchant_tracking_ids",
    ])
    .orderBy("offers.product_id")
    .orderBy("offers.id");
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offerRows>["execute"]>>[number];

/** An offer's columns the price rule reads, as stored (or as a writer is about to store them). */
type PricedOfferColumns = Pick<
  OfferRow,
  | "link"
  | "price_minor"
  | "currency"
  | "sale_price_minor"
  | "sale_ends_at"
  | "availability"
  | "countries"
  | "source"
  | "confirmed_at"
  | "price_changed_at"
  | "is_primary"
>;

/** A merchant's columns the price rule reads: its name for a tie, the countries it ships to. */
export interface MerchantForPrice {
  slug: string;
  name: string;
  /** JSON list, as stored. */
  countries: string;
}

/** The price rule's view of an offer and its merchant (displayPrice's input). */
export function offerForPrice(offer: PricedOfferColumns, merchant: MerchantForPrice): OfferForPrice {
  return {
    merchantSlug: merchant.slug,
    merchantName: merchant.name,
    link: offer.link,
    ...offerPriceFields(offer),
    countries: upperCodes(offer.countries),
    merchantCountries: upperCodes(merchant.countries),
    source: (OFFER_SOURCES as readonly string[]).includes(offer.source) ? (offer.source as OfferSource) : "form",
    confirmedAt: toIsoString(offer.confirmed_at),
    priceChangedAt: toIsoString(offer.price_changed_at),
    isPrimary: Boolean(offer.is_primary),
  };
}

function toShopOffer(row: OfferRow): ShopOffer {
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    merchantId: Number(row.merchant_id),
    ...offerForPrice(row, { slug: row.merchant_slug, name: row.merchant_name, countries: row.merchant_countries }),
    availableFrom: row.available_from,
    shippingNote: row.shipping_note,
    merchantAffiliateParams: row.merchant_affiliate_params,
    merchantSubIdTemplate: row.merchant_sub_id_template,
    merchantTrackingIds: parseTrackingIds(row.merchant_tracking_ids),
  };
}

/** The offers of these products with their merchants, by product id; a product without offers gets []. */
export async function offersOfProducts(db: DB, productIds: readonly number[]): Promise<Map<number, ShopOffer[]>> {
  const ids = [...new Set(productIds)];
  const byProduct = new Map<number, ShopOffer[]>(ids.map((id) => [id, []]));
  for (const part of chunks(ids, IN_LIST_CHUNK)) {
    const rows = await offerRows(db).where("offers.product_id", "in", part).execute();
    for (const row of rows) byProduct.get(Number(row.product_id))?.push(toShopOffer(row));
  }
  return byProduct;
}

/** What the price rule reads of these merchants (offerForPrice), by id. */
export async function merchantsForPrice(db: DB, merchantIds: readonly number[]): Promise<Map<number, MerchantForPrice>> {
  const found = new Map<number, MerchantForPrice>();
  for (const part of chunks([...new Set(merchantIds)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("merchants").select(["id", "slug", "name", "countries"]).where("id", "in", part).execute();
    for (const row of rows) found.set(Number(row.id), { slug: row.slug, name: row.name, countries: row.countries });
  }
  return found;
}

/** Every offer, by product id, in one query: the /go redirect's map of destinations. */
export async function allOffersByProduct(db: DB): Promise<Map<number, ShopOffer[]>> {
  const byProduct = new Map<number, ShopOffer[]>();
  for (const row of await offerRows(db).execute()) {
    const offer = toShopOffer(row);
    const list = byProduct.get(offer.productId);
    if (list) list.push(offer);
    else byProduct.set(offer.productId, [offer]);
  }
  return byProduct;
}

/** The products with their offers attached (one query for all of them), in the same order. */
export async function withOffers<P extends Product>(db: DB, products: readonly P[]): Promise<P[]> {
  if (products.length === 0) return [];
  const offers = await offersOfProducts(
    db,
    products.map((product) => product.id),
  );
  return products.map((product) => ({ ...product, offers: offers.get(product.id) ?? [] }));
}
