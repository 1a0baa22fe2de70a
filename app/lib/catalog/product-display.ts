import type { Product } from "./catalog";
import { canonicalCollectionSlug, titleFromSlug } from "../collection/built-in-collections";
import { formatPrice } from "../text/money";
import { formatDecimal } from "../text/number-text";
import { isRated } from "./ratings";

/**
 * The small display rules of a product (cards, lists, the product page): counts and ratings are
 * shown as stored, never invented.
 */

export const DEFAULT_BRAND = "Premium Brand";
/** The owner's own mark (a product's best_seller): the site measures no sales, so it never claims one itself. */
export const BEST_SELLER = "Best seller";
/** A rating claim, which the stars beside it show to be true. */
export const TOP_RATED = "Top rated";
export const TOP_RATED_MIN_RATING = 4.7;
export const MAX_FEATURE_LINES = 4;
export const MAX_PROS = 4;
export const NO_FEATURES_TEXT = "No features listed";
export const NOT_AVAILABLE = "N/A";

/** Trimmed text, or null when missing or blank. */
export function textOrNull(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  return text === "" ? null : text;
}

/**
 * The shipping text as the owner wrote it, or null when there is none: the page then says nothing
 * about shipping rather than promising "Free Shipping" that nobody confirmed.
 */
export function shippingText(shippingInfo: string | null | undefined): string | null {
  return textOrNull(shippingInfo);
}

/** The brand, or 'Premium Brand' when blank. */
export function brandText(brand: string | null | undefined): string {
  return textOrNull(brand) ?? DEFAULT_BRAND;
}

type ReviewFields = Pick<Product, "reviewsNumber" | "reviewCount">;

/** The number a review-count text starts with: '45+' → 45, '1,200+ reviews' → 1200, 'many' → null. */
export function parseReviewCountText(text: string | null | undefined): number | null {
  const match = /^\s*(\d{1,3}(?:,\d{3})+|\d+)/.exec(text ?? "");
  return match ? Number((match[1] as string).replace(/,/g, "")) : null;
}

function exactReviewCount(product: ReviewFields): number | null {
  const exact = product.reviewsNumber;
  return exact !== null && Number.isInteger(exact) && exact >= 0 ? exact : null;
}

/** reviews_number when present, else the review_count text read as a number, else null. */
export function reviewCountNumber(product: ReviewFields): number | null {
  return exactReviewCount(product) ?? parseReviewCountText(product.reviewCount);
}

/**
 * The count as text: the exact reviews_number ('86'); else from the review_count text in the
 * '45+' style (the text gives a lower bound); else null, and the page shows no count.
 */
export function userCountText(product: ReviewFields): string | null {
  const exact = exactReviewCount(product);
  if (exact !== null) return String(exact);
  const fromText = parseReviewCountText(product.reviewCount);
  return fromText === null ? null : `${fromText}+`;
}

// Specification texts

/** 4 → '4 people', 1 → '1 person', '2-4' kept as is; nothing (or 0 and below) → null. */
export function capacityText(capacity: number | string | null | undefined): string | null {
  if (capacity === null || capacity === undefined) return null;
  const text = String(capacity).trim();
  if (text === "") return null;
  if (!/^\d+$/.test(text)) return text;
  const persons = Number(text);
  if (persons <= 0) return null;
  return persons === 1 ? "1 person" : `${persons} people`;
}

/** 1950 → '1,950 lbs'; null → null. */
export function weightText(weightLbs: number | null | undefined): string | null {
  if (weightLbs === null || weightLbs === undefined || !Number.isFinite(weightLbs) || weightLbs <= 0) return null;
  return `${formatDecimal(weightLbs, { maximumFractionDigits: 2 })} lbs`;
}

/** A specification value, or 'N/A'. */
export function specText(value: string | null | undefined): string {
  return textOrNull(value) ?? NOT_AVAILABLE;
}

// Features and tags

/** The key features with blanks dropped and text trimmed. */
export function keyFeatureList(features: readonly string[]): string[] {
  return features.map((f) => f.trim()).filter((f) => f !== "");
}

/** Card lines: key features first, then 'Capacity: …', 'Heater: …', 'Size: …'; at most 4. */
export function featureLines(
  product: Pick<Product, "keyFeatures" | "capacity" | "heaterType" | "dimensions">,
  max = MAX_FEATURE_LINES,
): string[] {
  const capacity = capacityText(product.capacity);
  const heater = textOrNull(product.heaterType);
  const size = textOrNull(product.dimensions);
  const lines = [
    ...keyFeatureList(product.keyFeatures),
    ...(capacity ? [`Capacity: ${capacity}`] : []),
    ...(heater ? [`Heater: ${heater}`] : []),
    ...(size ? [`Size: ${size}`] : []),
  ];
  return lines.slice(0, Math.max(0, max));
}

export interface FeatureSummary {
  /** The first `limit` features. */
  visible: string[];
  /** '+2 more', or null when nothing is hidden. */
  moreText: string | null;
  /** 'No features listed' when there are none, else null. */
  emptyText: string | null;
}

/**
 * The comparison table's cell (first 3) and card (first 2). `total` is how many key features the
 * product has when `features` holds only the first few of them (the page data sends no more than
 * the cell shows); by default, all of `features`.
 */
export function featureSummary(features: readonly string[], limit: number, total?: number): FeatureSummary {
  const all = keyFeatureList(features);
  const hidden = Math.max(0, (total ?? all.length) - limit);
  return {
    visible: all.slice(0, limit),
    moreText: hidden > 0 ? `+${hidden} more` : null,
    emptyText: all.length === 0 ? NO_FEATURES_TEXT : null,
  };
}

export type ProductTag = typeof BEST_SELLER | typeof TOP_RATED;

/**
 * A card's one badge: "Best seller" where the owner marked the product so, else "Top rated" at a
 * rating of 4.7 or more, else none. The owner's mark wins when both apply: it says something the
 * card does not already show, while the stars beside the badge already show a high rating.
 */
export function productTag(product: Pick<Product, "rating" | "bestSeller">): ProductTag | null {
  if (product.bestSeller) return BEST_SELLER;
  return isRated(product.rating) && product.rating >= TOP_RATED_MIN_RATING ? TOP_RATED : null;
}

// Category words and links

/** 'barrel' → 'Barrel', 'clt' → 'CLT', 'modern-cube' → 'Modern Cube'; none → 'Outdoor'. */
export function categoryLabel(categoryId: string | null | undefined): string {
  return titleFromSlug(categoryId ?? "") || "Outdoor";
}

/** The collection slug a product's category names ('barrel' → 'barrel-saunas'; none → 'outdoor-saunas'). */
export function categoryCollectionSlug(categoryId: string | null | undefined): string {
  return canonicalCollectionSlug((categoryId ?? "").trim().toLowerCase() || "outdoor");
}

/**
 * The product page breadcrumb's category step: '{category} Saunas' linking to the category's
 * collection page, written as its canonical slug ('barrel' → /reviews/barrel-saunas) so the link
 * needs no redirect. A category with no collection page (a fixed page or a stored collection) links
 * to the reviews index instead: a breadcrumb must never lead to 'Collection Not Found'.
 */
export function categoryBreadcrumb(
  categoryId: string | null | undefined,
  hasCollectionPage: (slug: string) => boolean,
): { label: string; href: string } {
  const slug = categoryCollectionSlug(categoryId);
  const href = hasCollectionPage(slug) ? `/reviews/${encodeURIComponent(slug)}` : "/reviews";
  return { label: `${categoryLabel(categoryId)} Saunas`, href };
}

/** The canonical product URL: by slug, never by id. */
export function productHref(product: Pick<Product, "slug">): string {
  return `/reviews/product/${encodeURIComponent(product.slug)}`;
}

// Sale price

export interface SaleOffer {
  priceText: string;
  salePriceText: string;
  /** YYYY-MM-DD, or null when the sale has no end date. */
  endsOn: string | null;
}

/**
 * The sale shown next to the struck-through list price: only when the sale price is below the
 * list price and the end date (if any) is today or later. `today` is YYYY-MM-DD.
 */
export function activeSale(product: Pick<Product, "priceCents" | "salePriceCents" | "saleEndsAt">, today: string): SaleOffer | null {
  const { priceCents, salePriceCents, saleEndsAt } = product;
  if (priceCents === null || salePriceCents === null || salePriceCents <= 0 || salePriceCents >= priceCents) return null;
  if (saleEndsAt !== null && saleEndsAt < today) return null;
  return { priceText: formatPrice(priceCents), salePriceText: formatPrice(salePriceCents), endsOn: saleEndsAt };
}
