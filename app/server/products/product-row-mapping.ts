import type { Insertable, Selectable } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import { REVIEW_COLUMNS, reviewOf, type ReviewFields } from "~/lib/catalog/review";
import type { ProductCsvColumn } from "~/lib/csv/product-csv";
import type { ProductsTable } from "../db/schema";
import { toIsoString } from "../db/timestamps";

/**
 * The one mapping between a products row and a Product, both ways. Reading turns driver-specific
 * values (Date vs text, 0/1 vs boolean, JSON text) into the domain object; writing turns a
 * product's own fields, as the admin form, an import or the seed gives them, into a row. Every
 * reader and writer of the products table goes through here, so a new column is added once.
 */

/** The stored list keys (ADR 0017): derived, so pages never read them back. */
export const PRODUCT_LIST_KEY_COLUMNS = [
  "list_tags",
  "search_name",
  "search_text",
  "feature_words",
  "brand_key",
  "category_key",
  "heater_key",
  "heater_family",
  "review_total",
] as const;

export type ProductRecord = Omit<
  Selectable<ProductsTable>,
  // The version is the admin forms' (admin-queries.server.ts reads it), sample_edited the removal's; no page needs them.
  (typeof PRODUCT_LIST_KEY_COLUMNS)[number] | "gtin" | "mpn" | "version" | "sample_edited" | keyof ReviewColumns
> &
  Partial<Pick<Selectable<ProductsTable>, "gtin" | "mpn">> &
  Partial<ReviewColumns>;

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
  "best_seller",
  "gtin",
  "mpn",
  ...REVIEW_COLUMNS,
  "is_sample",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof ProductRecord)[];

/** A product's own fields: what an editor, a file or the seed gives; the database adds the rest. */
export type ProductFields = Omit<Product, "id" | "isSample" | "createdAt" | "updatedAt" | "offers">;

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
    bestSeller: Boolean(row.best_seller),
    gtin: row.gtin ?? null,
    mpn: row.mpn ?? null,
    ...reviewFromRow(row),
    isSample: Boolean(row.is_sample),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
  };
}

type ReviewColumns = Pick<
  Selectable<ProductsTable>,
  | "verdict"
  | "pros"
  | "cons"
  | "score_build_quality"
  | "score_heat_efficiency"
  | "score_installation"
  | "score_warranty"
  | "score_value"
  | "best_for"
  | "skip_if"
  | "alternatives"
  | "reviewer"
  | "tester"
  | "tested_on"
  | "customer_rating"
  | "customer_review_source"
>;

/** The review's columns as a Product's fields; a row read without them (an older query) gives the empty review. */
function reviewFromRow(row: Partial<ReviewColumns>): Required<ReviewFields> {
  const number = (value: number | string | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    verdict: row.verdict ?? null,
    pros: parseTextList(row.pros ?? "[]"),
    cons: parseTextList(row.cons ?? "[]"),
    scoreBuildQuality: number(row.score_build_quality),
    scoreHeatEfficiency: number(row.score_heat_efficiency),
    scoreInstallation: number(row.score_installation),
    scoreWarranty: number(row.score_warranty),
    scoreValue: number(row.score_value),
    bestFor: row.best_for ?? null,
    skipIf: row.skip_if ?? null,
    alternatives: parseTextList(row.alternatives ?? "[]"),
    reviewer: row.reviewer ?? null,
    tester: row.tester ?? null,
    testedOn: row.tested_on ?? null,
    customerRating: number(row.customer_rating),
    customerReviewSource: row.customer_review_source ?? null,
  };
}

/** The review's columns of a row; left out when the writer said nothing of the review (its fields absent). */
export function reviewRow(product: ReviewFields): Partial<Insertable<ProductsTable>> {
  if (product.verdict === undefined && product.pros === undefined) return {};
  const review = reviewOf(product);
  return {
    verdict: review.verdict,
    pros: JSON.stringify(review.pros),
    cons: JSON.stringify(review.cons),
    score_build_quality: review.scoreBuildQuality,
    score_heat_efficiency: review.scoreHeatEfficiency,
    score_installation: review.scoreInstallation,
    score_warranty: review.scoreWarranty,
    score_value: review.scoreValue,
    best_for: review.bestFor,
    skip_if: review.skipIf,
    alternatives: JSON.stringify(review.alternatives),
    reviewer: review.reviewer,
    tester: review.tester,
    tested_on: review.testedOn,
    customer_rating: review.customerRating,
    customer_review_source: review.customerReviewSource,
  };
}

/** A stored product's own fields, e.g. to compare with an imported row or to export it. */
export function toProductFields(row: ProductRecord): ProductFields & { id: number } {
  const { isSample: _sample, createdAt: _created, updatedAt: _updated, ...fields } = toProduct(row);
  return fields;
}

/**
 * The row written for a product. created_at is left to the database's default, so an update
 * never moves it; the list keys are derived afterwards (refreshProductListKeys).
 */
export function toProductRow(product: ProductFields, stamp: { isSample: boolean; now: string }): Insertable<ProductsTable> {
  return {
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    category_id: product.categoryId,
    tagline: product.tagline,
    description: product.description,
    full_description: product.fullDescription,
    price_cents: product.priceCents,
    sale_price_cents: product.salePriceCents,
    sale_ends_at: product.saleEndsAt,
    images: JSON.stringify(product.images),
    capacity: product.capacity,
    dimensions: product.dimensions,
    weight_lbs: product.weightLbs,
    heater_type: product.heaterType,
    heater_spec: product.heaterSpec,
    key_features: JSON.stringify(product.keyFeatures),
    website: product.website,
    affiliate_link: product.affiliateLink,
    rating: product.rating,
    reviews_number: product.reviewsNumber,
    review_count: product.reviewCount,
    shipping_info: product.shippingInfo,
    // Left out when the source said nothing of them (a writer that predates them keeps them).
    ...(product.bestSeller !== undefined ? { best_seller: product.bestSeller } : {}),
    ...(product.gtin !== undefined ? { gtin: product.gtin } : {}),
    ...(product.mpn !== undefined ? { mpn: product.mpn } : {}),
    ...reviewRow(product),
    is_sample: stamp.isSample,
    updated_at: stamp.now,
  };
}

/** Which database columns a CSV column fills; name, brand and slug are always written. */
const CSV_COLUMN_FIELDS: Partial<Record<ProductCsvColumn, (keyof ProductsTable)[]>> = {
  category_id: ["category_id"],
  tagline: ["tagline"],
  description: ["description"],
  full_description: ["full_description"],
  price: ["price_cents"],
  sale_price: ["sale_price_cents"],
  sale_ends: ["sale_ends_at"],
  images: ["images"],
  capacity: ["capacity"],
  dimensions: ["dimensions"],
  weight: ["weight_lbs"],
  heater_type: ["heater_type"],
  heater_spec: ["heater_spec"],
  key_features: ["key_features"],
  website: ["website"],
  affiliate_link: ["affiliate_link"],
  rating: ["rating"],
  reviews_number: ["reviews_number"],
  review_count: ["review_count"],
  shipping_info: ["shipping_info"],
  best_seller: ["best_seller"],
  gtin: ["gtin"],
  mpn: ["mpn"],
  verdict: ["verdict"],
  pros: ["pros"],
  cons: ["cons"],
  // A score moves the overall rating derived from it.
  score_build_quality: ["score_build_quality", "rating"],
  score_heat_efficiency: ["score_heat_efficiency", "rating"],
  score_installation: ["score_installation", "rating"],
  score_warranty: ["score_warranty", "rating"],
  score_value: ["score_value", "rating"],
  best_for: ["best_for"],
  skip_if: ["skip_if"],
  alternatives: ["alternatives"],
  reviewer: ["reviewer"],
  tester: ["tester"],
  tested_on: ["tested_on"],
  customer_rating: ["customer_rating"],
  customer_review_source: ["customer_review_source"],
};

/** The columns an existing product gets from a file: the ones the file has (ADR 0012). */
export function columnsUpdatedByCsv(columns: readonly ProductCsvColumn[]): (keyof ProductsTable)[] {
  const fromFile = new Set(columns.flatMap((column) => CSV_COLUMN_FIELDS[column] ?? []));
  return ["name", "brand", ...fromFile, "is_sample", "updated_at"];
}

/** A JSON list column (images, key_features) as strings; anything else stored there reads as empty. */
export function parseTextList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
