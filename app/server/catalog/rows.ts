import type { Selectable } from "kysely";
import type { Collection, CriteriaType, Product } from "~/lib/catalog";
import type { CollectionsTable, ProductsTable } from "../db/schema";

/** Turns driver-specific row values (Date vs text, 0/1 vs boolean, JSON text) into domain objects. */

/** The stored list keys (ADR 0017): derived, so pages never read them back. */
export const PRODUCT_LIST_KEY_COLUMNS = [
  "list_tags",
  "search_text",
  "feature_words",
  "brand_key",
  "category_key",
  "heater_key",
  "review_total",
] as const;

export type ProductRecord = Omit<Selectable<ProductsTable>, (typeof PRODUCT_LIST_KEY_COLUMNS)[number]>;

/** Every column a page reads of a product. */
export const PRODUCT_COLUMNS = [
  "id",
  "slug",
  "name",
  "brand",
  "category_id",
  "tagline",
  "description",
  "full_description",
  "price_cents",
  "sale_price_cents",
  "sale_ends_at",
  "images",
  "capacity",
  "dimensions",
  "weight_lbs",
  "heater_type",
  "heater_spec",
  "key_features",
  "website",
  "affiliate_link",
  "rating",
  "reviews_number",
  "review_count",
  "shipping_info",
  "is_sample",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof ProductRecord)[];

export function toProduct(row: ProductRecord): Product {
  return {
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    categoryId: row.category_id,
    tagline: row.tagline,
    description: row.description,
    fullDescription: row.full_description,
    priceCents: row.price_cents,
    salePriceCents: row.sale_price_cents,
    saleEndsAt: row.sale_ends_at,
    images: parseTextList(row.images),
    capacity: row.capacity,
    dimensions: row.dimensions,
    weightLbs: row.weight_lbs,
    heaterType: row.heater_type,
    heaterSpec: row.heater_spec,
    keyFeatures: parseTextList(row.key_features),
    website: row.website,
    affiliateLink: row.affiliate_link,
    rating: row.rating,
    reviewsNumber: row.reviews_number,
    reviewCount: row.review_count,
    shippingInfo: row.shipping_info,
    isSample: Boolean(row.is_sample),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

export function toCollection(row: Selectable<CollectionsTable>): Collection {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    description: row.description,
    intro: row.intro,
    imageUrl: row.image_url,
    criteriaType: row.criteria_type as CriteriaType,
    criteriaValue: row.criteria_value,
    featured: Boolean(row.featured),
    lastUpdated: row.last_updated,
    isSample: Boolean(row.is_sample),
    updatedAt: toIsoString(row.updated_at),
  };
}

function parseTextList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export function toIsoString(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  // SQLite's CURRENT_TIMESTAMP style ('YYYY-MM-DD HH:MM:SS') is UTC without saying so.
  return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(value) ? new Date(value.replace(" ", "T") + "Z").toISOString() : value;
}
