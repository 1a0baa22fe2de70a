import { z } from "zod";
import { centsToDollarsText } from "../text/money";
import type { Product } from "../catalog/catalog";
import { REVIEW_CRITERIA, reviewOf } from "../catalog/review";
import { readLines } from "../csv/csv-values";
import {
  PRODUCT_CSV_COLUMNS,
  readProductReview,
  readProductRow,
  type ProductImport,
  type ProductRuleOptions,
  type RawProductFields,
} from "../csv/product-csv";

/**
 * The admin's add/edit form for one product, under the same rules as a CSV row
 * (readProductRow). The difference is the shape of the input: list fields are textareas with
 * one item per line (collection ids may also be comma-separated), and a missing name or slug is
 * a field error instead of a dropped row.
 */

/** The form has one field per CSV column, so a hand-made product and an imported one agree. */
export const PRODUCT_FORM_FIELDS = PRODUCT_CSV_COLUMNS;

export type ProductFormField = (typeof PRODUCT_FORM_FIELDS)[number];
export type ProductFormValues = Partial<Record<ProductFormField, string>>;

export type ProductFormOutcome =
  | { ok: true; product: ProductImport; warnings: string[] }
  | { ok: false; errors: Partial<Record<ProductFormField, string>>; warnings: string[] };

export function readProductForm(values: ProductFormValues, options: ProductRuleOptions = {}): ProductFormOutcome {
  const fields: RawProductFields = { ...values };
  const lists = {
    images: readLines(values.images),
    keyFeatures: readLines(values.key_features),
    collectionIds: readLines((values.collection_ids ?? "").replace(/,/g, "\n")),
    pros: readLines(values.pros),
    cons: readLines(values.cons),
    alternatives: readLines((values.alternatives ?? "").replace(/,/g, "\n")),
  };
  const outcome = readProductRow(fields, lists, 0, options);
  // The row rules phrase warnings for a file ("Row 0: …"); a form speaks about its fields.
  const warnings = outcome.warnings.map((warning) => warning.replace(/^Row 0: /, ""));
  if (!outcome.kept) {
    const errors: Partial<Record<ProductFormField, string>> = {};
    if (outcome.missing.includes("name")) errors.name = "Enter the product name.";
    if (outcome.missing.includes("slug")) errors.slug = "Enter a slug, e.g. tyyni-barrel-6.";
    return { ok: false, errors, warnings: warnings.filter((warning) => !warning.startsWith("Missing")) };
  }
  if (outcome.notYesOrNo !== undefined) {
    return { ok: false, errors: { best_seller: "Tick the box for a best seller, or leave it clear." }, warnings };
  }
  // A form can ask again: a GTIN that fails its check is an error on the field, not a dropped value.
  if ((values.gtin ?? "").trim() !== "" && outcome.product.gtin === null) {
    return {
      ok: false,
      errors: { gtin: "Not a GTIN: 8, 12, 13 or 14 digits, the last a check digit. Check for a typo." },
      warnings: warnings.filter((warning) => !warning.startsWith("gtin ")),
    };
  }
  return { ok: true, product: outcome.product, warnings };
}

/**
 * The form as a zod schema, for parseForm: every field is text (absent is ""), read by the
 * rules above; a missing name or slug is an issue on that field. The value is the product to
 * save and the warnings to show once it is saved.
 */
export function productFormSchema(options: ProductRuleOptions = {}) {
  const fields = Object.fromEntries(PRODUCT_FORM_FIELDS.map((field) => [field, z.string().default("")])) as Record<
    ProductFormField,
    z.ZodDefault<z.ZodString>
  >;
  return z.object(fields).transform((values, ctx) => {
    const outcome = readProductForm(values, options);
    if (outcome.ok) return { product: outcome.product, warnings: outcome.warnings };
    for (const [field, message] of Object.entries(outcome.errors)) ctx.addIssue({ code: "custom", path: [field], message });
    return z.NEVER;
  });
}

/** A saved product as form values, for editing. */
export function productFormValues(product: Product, collectionSlugs: readonly string[]): ProductFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
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
    images: product.images.join("\n"),
    capacity: text(product.capacity),
    dimensions: text(product.dimensions),
    weight: text(product.weightLbs),
    heater_type: text(product.heaterType),
    heater_spec: text(product.heaterSpec),
    key_features: product.keyFeatures.join("\n"),
    website: text(product.website),
    affiliate_link: text(product.affiliateLink),
    rating: product.rating === null ? "" : product.rating.toFixed(1),
    reviews_number: text(product.reviewsNumber),
    review_count: text(product.reviewCount),
    shipping_info: text(product.shippingInfo),
    collection_ids: collectionSlugs.join(", "),
    gtin: text(product.gtin ?? null),
    mpn: text(product.mpn ?? null),
    // The checkbox's value when ticked; clear is absent, read as no.
    best_seller: product.bestSeller ? "true" : "",
    ...reviewFormValues(product),
  };
}

/** The review's fields as form values (the editor's review screen shows only these). */
export function reviewFormValues(product: Product): ProductFormValues {
  const review = reviewOf(product);
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    verdict: text(review.verdict),
    pros: review.pros.join("\n"),
    cons: review.cons.join("\n"),
    ...Object.fromEntries(REVIEW_CRITERIA.map(({ key, column }) => [column, text(review[key])])),
    best_for: text(review.bestFor),
    skip_if: text(review.skipIf),
    alternatives: review.alternatives.join(", "),
    reviewer: text(review.reviewer),
    tester: text(review.tester),
    tested_on: text(review.testedOn),
    customer_rating: review.customerRating === null ? "" : review.customerRating.toFixed(1),
    customer_review_source: text(review.customerReviewSource),
  };
}

/** The review screen's fields: the review's columns of the product form. */
export const REVIEW_FORM_FIELDS = [
  "verdict",
  "pros",
  "cons",
  ...REVIEW_CRITERIA.map(({ column }) => column),
  "best_for",
  "skip_if",
  "alternatives",
  "reviewer",
  "tester",
  "tested_on",
  "customer_rating",
  "customer_review_source",
] as const satisfies readonly ProductFormField[];

export type ReviewFormField = (typeof REVIEW_FORM_FIELDS)[number];

/**
 * The review screen's form, under the product form's rules for those fields (scores 0–10, a date
 * written YYYY-MM-DD, at most three alternatives other than the product itself).
 */
export function reviewFormSchema(slug: string) {
  const fields = Object.fromEntries(REVIEW_FORM_FIELDS.map((field) => [field, z.string().default("")])) as Record<
    ReviewFormField,
    z.ZodDefault<z.ZodString>
  >;
  return z.object(fields).transform((values) =>
    readProductReview(
      values,
      {
        images: [],
        keyFeatures: [],
        collectionIds: [],
        pros: readLines(values.pros),
        cons: readLines(values.cons),
        alternatives: readLines(values.alternatives.replace(/,/g, "\n")),
      },
      slug,
    ),
  );
}
