import type { OfferFieldColumn, OfferFields } from "~/lib/csv/offer-csv";
import type { OfferSource } from "~/lib/offers/display-price";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { parseTextList } from "../products/product-row-mapping";
import { offerPriceFields } from "./offer-price-columns";

/**
 * Writing one offer of a product at a merchant, the same way for the offers CSV and the admin's
 * offer form: only the fields the source brought are written, the source and the confirmation
 * time always, and the time the price changed only when it did. The caller runs it inside its
 * transaction and refreshes the product's displayed price afterwards (refreshProductPrice).
 */

/** An offer as stored, in the shape the plan compares and the writes start from. */
export interface StoredOffer extends OfferFields {
  id: number;
  productId: number;
  merchantId: number;
  isPrimary: boolean;
}

const pairKey = (productId: number, merchantId: number) => `${productId}:${merchantId}`;

export const OFFER_COLUMNS = [
  "id",
  "product_id",
  "merchant_id",
  "is_primary",
  "link",
  "price_minor",
  "currency",
  "sale_price_minor",
  "sale_ends_at",
  "availability",
  "available_from",
  "shipping_note",
  "countries",
] as const;

export type OfferRecord = {
  id: number;
  product_id: number;
  merchant_id: number;
  is_primary: boolean | number;
  link: string | null;
  price_minor: number | null;
  currency: string;
  sale_price_minor: number | null;
  sale_ends_at: string | null;
  availability: string;
  available_from: string | null;
  shipping_note: string | null;
  countries: string;
};

export function toStoredOffer(row: OfferRecord): StoredOffer {
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    merchantId: Number(row.merchant_id),
    isPrimary: Boolean(row.is_primary),
    link: row.link,
    ...offerPriceFields(row),
    availableFrom: row.available_from,
    shippingNote: row.shipping_note,
    countries: parseTextList(row.countries).map((code) => code.toUpperCase()),
  };
}

/** Every stored offer of these products, by "productId:merchantId". */
export async function storedOffersOf(db: DB, productIds: readonly number[]): Promise<Map<string, StoredOffer>> {
  const stored = new Map<string, StoredOffer>();
  for (const part of chunks([...new Set(productIds)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("offers").select(OFFER_COLUMNS).where("product_id", "in", part).execute();
    for (const row of rows) {
      const offer = toStoredOffer(row);
      stored.set(pairKey(offer.productId, offer.merchantId), offer);
    }
  }
  return stored;
}

export function storedOfferFor(stored: ReadonlyMap<string, StoredOffer>, productId: number, merchantId: number): StoredOffer | undefined {
  return stored.get(pairKey(productId, merchantId));
}

export async function findStoredOffer(db: DB, offerId: number): Promise<StoredOffer | null> {
  const row = await db.selectFrom("offers").select(OFFER_COLUMNS).where("id", "=", offerId).executeTakeFirst();
  return row ? toStoredOffer(row) : null;
}

/** Whether the amounts a buyer pays differ (the price, the sale price or their currency). */
export function priceDiffers(stored: OfferFields, fields: OfferFields, columns: readonly OfferFieldColumn[]): boolean {
  return (
    (columns.includes("price") && stored.priceMinor !== fields.priceMinor) ||
    (columns.includes("sale_price") && stored.salePriceMinor !== fields.salePriceMinor) ||
    (columns.includes("currency") && stored.currency !== fields.currency)
  );
}

export interface OfferWrite {
  productId: number;
  merchantId: number;
  fields: OfferFields;
  /** The fields the source brought; an existing offer keeps the others. */
  columns: readonly OfferFieldColumn[];
  source: OfferSource;
}

/** The database columns of each offer field. */
function fieldValues(fields: OfferFields, columns: readonly OfferFieldColumn[]) {
  const all = {
    link: fields.link,
    price_minor: fields.priceMinor,
    currency: fields.currency,
    sale_price_minor: fields.salePriceMinor,
    sale_ends_at: fields.saleEndsAt,
    availability: fields.availability,
    available_from: fields.availableFrom,
    shipping_note: fields.shippingNote,
    countries: JSON.stringify(fields.countries),
  };
  const byColumn: Record<OfferFieldColumn, Partial<typeof all>> = {
    link: { link: all.link },
    price: { price_minor: all.price_minor },
    currency: { currency: all.currency },
    sale_price: { sale_price_minor: all.sale_price_minor },
    sale_end: { sale_ends_at: all.sale_ends_at },
    availability: { availability: all.availability },
    available_from: { available_from: all.available_from },
    shipping_note: { shipping_note: all.shipping_note },
    countries: { countries: all.countries },
  };
  return { all, chosen: Object.assign({}, ...columns.map((column) => byColumn[column])) as Partial<typeof all> };
}

/**
 * Inserts the offer, or updates the stored one (pass it: the caller has read it in the same
 * transaction). A new offer is never the primary one: that is the offer the product form's and
 * the product CSV's price and link columns own. Returns the offer's id.
 */
export async function writeOffer(db: DB, write: OfferWrite, stored: StoredOffer | undefined, now: string): Promise<number> {
  const { all, chosen } = fieldValues(write.fields, write.columns);
  if (stored) {
    const changed = priceDiffers(stored, write.fields, write.columns);
    await db
      .updateTable("offers")
      .set({ ...chosen, source: write.source, confirmed_at: now, updated_at: now, ...(changed ? { price_changed_at: now } : {}) })
      .where("id", "=", stored.id)
      .execute();
    return stored.id;
  }
  const inserted = await db
    .insertInto("offers")
    .values({
      product_id: write.productId,
      merchant_id: write.merchantId,
      is_primary: false,
      ...all,
      source: write.source,
      confirmed_at: now,
      price_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
