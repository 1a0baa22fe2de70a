import { formatMinor } from "~/lib/offers/currencies";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import { parseTextList } from "../products/product-row-mapping";

/**
 * Offers as the admin screens list them: the product screen's offers of one product (with the
 * values its edit forms start from) and the offers page's most recently confirmed offers.
 */

export interface AdminOffer {
  id: number;
  productId: number;
  productSlug: string;
  productName: string;
  merchantId: number;
  merchantName: string;
  merchantSlug: string;
  isPrimary: boolean;
  link: string | null;
  priceMinor: number | null;
  currency: string;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  availability: string;
  availableFrom: string | null;
  shippingNote: string | null;
  countries: string[];
  source: string;
  /** ISO. */
  confirmedAt: string;
  /** '$7,650', or '(no price)'. */
  priceText: string;
  salePriceText: string | null;
  /** The version its edit form sends back (docs/decisions/0103-no-silent-overwrite.md). */
  version: number;
}

function offersQuery(db: DB) {
  return db
    .selectFrom("offers")
    .innerJoin("products", "products.id", "offers.product_id")
    .innerJoin("merchants", "merchants.id", "offers.merchant_id")
    .select([
      "offers.id",
      "offers.product_id",
      "products.slug as product_slug",
      "products.name as product_name",
      "offers.merchant_id",
      "merchants.name as merchant_name",
      "merchants.slug as merchant_slug",
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
      "offers.version",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof offersQuery>["execute"]>>[number];

function toAdminOffer(row: Row): AdminOffer {
  const priceMinor = row.price_minor === null ? null : Number(row.price_minor);
  const salePriceMinor = row.sale_price_minor === null ? null : Number(row.sale_price_minor);
  return {
    id: Number(row.id),
    productId: Number(row.product_id),
    productSlug: row.product_slug,
    productName: row.product_name,
    merchantId: Number(row.merchant_id),
    merchantName: row.merchant_name,
    merchantSlug: row.merchant_slug,
    isPrimary: Boolean(row.is_primary),
    link: row.link,
    priceMinor,
    currency: row.currency,
    salePriceMinor,
    saleEndsAt: row.sale_ends_at,
    availability: row.availability,
    availableFrom: row.available_from,
    shippingNote: row.shipping_note,
    countries: parseTextList(row.countries),
    source: row.source,
    confirmedAt: toIsoString(row.confirmed_at),
    priceText: priceMinor === null ? "(no price)" : formatMinor(priceMinor, row.currency),
    salePriceText: salePriceMinor === null ? null : formatMinor(salePriceMinor, row.currency),
    version: Number(row.version),
  };
}

/** One product's offers, the primary one first, then by merchant name. */
export async function productOffersForAdmin(db: DB, productId: number): Promise<AdminOffer[]> {
  const rows = await offersQuery(db)
    .where("offers.product_id", "=", productId)
    .orderBy("offers.is_primary", "desc")
    .orderBy("merchants.name")
    .execute();
  return rows.map(toAdminOffer);
}

/** The most recently confirmed offers, and how many there are in all. */
export async function recentOffers(db: DB, limit = 50): Promise<{ offers: AdminOffer[]; total: number }> {
  const [rows, count] = await Promise.all([
    offersQuery(db).orderBy("offers.confirmed_at", "desc").orderBy("offers.id", "desc").limit(limit).execute(),
    db
      .selectFrom("offers")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirst(),
  ]);
  return { offers: rows.map(toAdminOffer), total: Number(count?.count ?? 0) };
}
