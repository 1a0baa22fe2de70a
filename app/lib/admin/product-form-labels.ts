import { REVIEW_CRITERIA } from "~/lib/catalog/review";

/**
 * The product form's and the review screen's fields with the labels the forms show, in the
 * forms' order: what a save conflict and a revision's difference name each field by.
 */

/**
 * The product form's price, sale and link are its primary offer's, which its own form also saves:
 * the product form carries that offer's version too ("" when it has none), and its save is
 * refused when the offer moved on.
 */
export const OFFER_VERSION_FIELD = "offer_version";

export const REVIEW_FIELD_LABELS: readonly (readonly [string, string])[] = [
  ["verdict", "Verdict"],
  ["pros", "Pros"],
  ["cons", "Cons"],
  ...REVIEW_CRITERIA.map(({ column, label }) => [column, label] as const),
  ["best_for", "Best for"],
  ["skip_if", "Skip it if"],
  ["alternatives", "Alternatives"],
  ["reviewer", "Reviewer"],
  ["tester", "Tested by"],
  ["tested_on", "Date tested"],
  ["customer_rating", "Customers' rating (0–5)"],
  ["customer_review_source", "Customers' reviews source"],
];

export const PRODUCT_FIELD_LABELS: readonly (readonly [string, string])[] = [
  ["name", "Name"],
  ["brand", "Brand"],
  ["slug", "Slug"],
  ["category_id", "Category"],
  ["price", "Price (USD)"],
  ["sale_price", "Sale price (USD)"],
  ["sale_ends", "Sale ends"],
  ["rating", "Rating (0–5)"],
  ["capacity", "Capacity (persons)"],
  ["dimensions", "Dimensions"],
  ["weight", "Weight (lbs)"],
  ["heater_type", "Heater type"],
  ["heater_spec", "Heater specifications"],
  ["shipping_info", "Shipping"],
  ["reviews_number", "Number of reviews"],
  ["review_count", "Review count text"],
  ["tagline", "Tagline"],
  ["website", "Website"],
  ["affiliate_link", "Affiliate link"],
  ["collection_ids", "Collections"],
  ["gtin", "GTIN"],
  ["mpn", "MPN"],
  ["best_seller", "Mark as best seller"],
  ["images", "Images"],
  ["key_features", "Key features"],
  ["description", "Description"],
  ["full_description", "Full description"],
  ...REVIEW_FIELD_LABELS,
];
