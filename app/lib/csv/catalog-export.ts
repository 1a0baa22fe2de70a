import { centsToDollarsText } from "../text/money";
import { minorToMajorText } from "../offers/currencies";
import { OFFER_CSV_COLUMNS, type OfferCsvColumn } from "./offer-csv";
import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from "./product-csv";
import type { StoredProduct } from "./import-plan";
import { reviewOf } from "../catalog/review";
import { pickLine, type PickRole } from "../collection/pick-roles";

/**
 * A stored record as a row of the import format (ADR 0031), so that exporting the catalog and
 * importing the file changes nothing: money as the importer reads it (dollars, two decimals; an
 * offer's in its own currency's major units),
 * lists as JSON lists (a feature may hold a comma), a collection's products in list order.
 * Formula neutralisation is the CSV writer's job (csv-writer.ts).
 */

export const PRODUCT_EXPORT_HEADER: readonly ProductCsvColumn[] = PRODUCT_CSV_COLUMNS;
export const COLLECTION_EXPORT_HEADER = ["slug", "title", "description", "image_url", "featured", "product_ids", "picks"] as const;

const text = (value: string | null) => value ?? "";
const number = (value: number | null) => (value === null ? "" : String(value));
const list = (items: readonly string[]) => (items.length === 0 ? "" : JSON.stringify(items));

export function productCsvRecord(product: StoredProduct): string[] {
  const review = reviewOf(product);
  const cells: Record<ProductCsvColumn, string> = {
    name: product.name,
    brand: product.brand,
    slug: product.slug,
    category_id: text(product.categoryId),
    tagline: text(product.tagline),
    description: text(product.description),
    full_description: text(product.fullDescription),
    price: centsToDollarsText(product.priceCents),
    sale_price: centsToDollarsText(product.salePriceCents),
    sale_ends: text(product.saleEndsAt),
    images: list(product.images),
    capacity: number(product.capacity),
    dimensions: text(product.dimensions),
    weight: number(product.weightLbs),
    heater_type: text(product.heaterType),
    heater_spec: text(product.heaterSpec),
    key_features: list(product.keyFeatures),
    website: text(product.website),
    affiliate_link: text(product.affiliateLink),
    rating: number(product.rating),
    reviews_number: number(product.reviewsNumber),
    review_count: text(product.reviewCount),
    shipping_info: text(product.shippingInfo),
    collection_ids: list(product.collectionIds),
    gtin: text(product.gtin ?? null),
    mpn: text(product.mpn ?? null),
    best_seller: product.bestSeller ? "yes" : "no",
    verdict: text(review.verdict),
    pros: list(review.pros),
    cons: list(review.cons),
    score_build_quality: number(review.scoreBuildQuality),
    score_heat_efficiency: number(review.scoreHeatEfficiency),
    score_installation: number(review.scoreInstallation),
    score_warranty: number(review.scoreWarranty),
    score_value: number(review.scoreValue),
    best_for: text(review.bestFor),
    skip_if: text(review.skipIf),
    alternatives: list(review.alternatives),
    reviewer: text(review.reviewer),
    tester: text(review.tester),
    tested_on: text(review.testedOn),
    customer_rating: number(review.customerRating),
    customer_review_source: text(review.customerReviewSource),
  };
  return PRODUCT_EXPORT_HEADER.map((column) => cells[column]);
}

export interface ExportedCollection {
  slug: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  featured: boolean;
  /** The collection's products in list order. */
  members: readonly { id: number; slug: string }[];
  /** Its picks and "Also tested" entries in the owner's order. */
  picks?: readonly { role: PickRole; label: string | null; reason: string; product: { id: number; slug: string } }[];
}

/**
 * product_ids are written as slugs (they survive a move to another site), except a slug made
 * only of digits: the importer reads such a token as an id first, so its id is written instead.
 */
export function collectionCsvRecord(collection: ExportedCollection): string[] {
  const refs = collection.members.map((member) => (/^\d{1,15}$/.test(member.slug) ? String(member.id) : member.slug));
  return [
    collection.slug,
    collection.title,
    text(collection.description),
    text(collection.imageUrl),
    collection.featured ? "true" : "false",
    refs.join(", "),
    // One entry a line, products by slug as product_ids writes them.
    (collection.picks ?? [])
      .map((pick) => pickLine({ ...pick, product: /^\d{1,15}$/.test(pick.product.slug) ? String(pick.product.id) : pick.product.slug }))
      .join("\n"),
  ];
}

export const OFFER_EXPORT_HEADER: readonly OfferCsvColumn[] = OFFER_CSV_COLUMNS;

export interface ExportedOffer {
  productSlug: string;
  /** The slug, not the name: slugs are unique, names need not be. */
  merchantSlug: string;
  link: string | null;
  priceMinor: number | null;
  currency: string;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  availability: string;
  availableFrom: string | null;
  shippingNote: string | null;
  countries: readonly string[];
}

/** Money in major units of the offer's currency ('1299.50' EUR, '150000' JPY), as the importer reads it. */
export function offerCsvRecord(offer: ExportedOffer): string[] {
  const cells: Record<OfferCsvColumn, string> = {
    product_slug: offer.productSlug,
    merchant: offer.merchantSlug,
    link: text(offer.link),
    price: minorToMajorText(offer.priceMinor, offer.currency),
    currency: offer.currency,
    sale_price: minorToMajorText(offer.salePriceMinor, offer.currency),
    sale_end: text(offer.saleEndsAt),
    availability: offer.availability,
    available_from: text(offer.availableFrom),
    shipping_note: text(offer.shippingNote),
    countries: list(offer.countries),
  };
  return OFFER_EXPORT_HEADER.map((column) => cells[column]);
}
