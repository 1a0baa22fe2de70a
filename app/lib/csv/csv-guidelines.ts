import { PRODUCT_CSV_COLUMNS, type ProductCsvColumn } from "./product-csv";

/**
 * What the admin pages say about the CSV formats: the column guide, the collection slugs a
 * product can name and the downloadable
 * templates. The templates parse cleanly under the rules they describe (see the tests).
 */

export interface ColumnGuide {
  column: string;
  required: boolean;
  rule: string;
  example: string;
}

const productGuide: Record<ProductCsvColumn, Omit<ColumnGuide, "column">> = {
  name: { required: true, rule: "Rows without a name are skipped.", example: "Tyyni Barrel 6" },
  brand: { required: true, rule: "Empty becomes 'Unknown Brand' (with a warning).", example: "Nordic Cedar" },
  slug: {
    required: true,
    rule: "Unique in the file, in any letter case (saved in lower case); an existing product with this slug is updated. Rows without one are skipped.",
    example: "tyyni-barrel-6",
  },
  category_id: { required: false, rule: "Category text, e.g. barrel, infrared, traditional.", example: "barrel" },
  tagline: { required: false, rule: "One line under the name.", example: "Classic cedar barrel for six" },
  description: { required: false, rule: "Short description.", example: "A roomy barrel…" },
  full_description: { required: false, rule: "Long overview on the product page.", example: "" },
  price: {
    required: false,
    rule: "Dollars; '$' and thousands commas allowed. Capped at 99,999,999.99; not a number → empty.",
    example: "8499.00",
  },
  sale_price: {
    required: false,
    rule: "Dollars, like price. Shown struck-through beside the price while it is below the price and the sale runs.",
    example: "7299.00",
  },
  sale_ends: {
    required: false,
    rule: "Last day of the sale, YYYY-MM-DD. Empty: the sale runs until the sale price is cleared.",
    example: "2026-12-31",
  },
  images: {
    required: false,
    rule: "[url1, url2] or one URL. http(s) links, /site paths or file names uploaded to product-images.",
    example: "[tyyni-front.jpg, https://example.com/b.jpg]",
  },
  capacity: { required: false, rule: "Whole number of persons ('6' or '6 people').", example: "6" },
  dimensions: { required: false, rule: "Free text.", example: "7' x 6' x 6'" },
  weight: { required: false, rule: "Pounds. Capped at 9,999,999.99.", example: "1250" },
  heater_type: { required: false, rule: "e.g. Electric, Wood-burning, Infrared.", example: "Electric" },
  heater_spec: { required: false, rule: "Free text.", example: "9 kW with WiFi control" },
  key_features: { required: false, rule: "[feature 1, feature 2] or a single feature.", example: "[Thermo-cedar, Glass door]" },
  website: { required: false, rule: "http(s) link only; anything else is dropped with a warning.", example: "https://example.com/tyyni" },
  affiliate_link: {
    required: false,
    rule: "http(s) link only; anything else is dropped with a warning.",
    example: "https://example.com/?ref=1",
  },
  rating: { required: false, rule: "Rounded to one decimal and kept within 0 to 5 (7.34 → 5.0).", example: "4.7" },
  reviews_number: { required: false, rule: "Whole number; not a number → empty.", example: "128" },
  review_count: { required: false, rule: "Text as shown, e.g. 45+.", example: "45+" },
  shipping_info: { required: false, rule: "Empty: the pages say nothing about shipping.", example: "Free Shipping" },
  collection_ids: {
    required: false,
    rule: "[slug1, slug2]: the collections this product joins, appended in file order. For a collection that lists its saunas by a rule (barrel-saunas lists every barrel), the preview asks first: add the products to its rule, or replace the rule with them.",
    example: "[barrel-saunas, six-person-saunas]",
  },
  gtin: {
    required: false,
    rule: "8, 12, 13 or 14 digits (UPC, EAN); a wrong check digit is left empty with a warning. Merchant feeds find the product by it. One product per GTIN.",
    example: "4006381333931",
  },
  mpn: { required: false, rule: "The maker's part number; merchant feeds find the product by it when no GTIN matches.", example: "NC-TB6" },
  best_seller: {
    required: false,
    rule: "yes or no (true/false, 1/0); empty is no. Only a product marked yes shows a Best seller badge. Anything else stops the import, naming the row.",
    example: "no",
  },
  verdict: { required: false, rule: "The bottom line: a short paragraph.", example: "The best-built barrel under $8,000." },
  pros: { required: false, rule: "[pro 1, pro 2], as key_features.", example: "[Heats in 35 minutes, Thick staves]" },
  cons: { required: false, rule: "[con 1, con 2], as key_features.", example: "[No glass door option]" },
  score_build_quality: {
    required: false,
    rule: "0 to 10, one decimal. With any score, the rating is derived from the scores by the weights.",
    example: "8.5",
  },
  score_heat_efficiency: { required: false, rule: "0 to 10, one decimal.", example: "9" },
  score_installation: { required: false, rule: "0 to 10, one decimal (ease of installation).", example: "7" },
  score_warranty: { required: false, rule: "0 to 10, one decimal.", example: "8" },
  score_value: { required: false, rule: "0 to 10, one decimal.", example: "8.5" },
  best_for: { required: false, rule: "One line: who it suits.", example: "Families who want a wood stove" },
  skip_if: { required: false, rule: "One line: who should look elsewhere.", example: "You need it up in a weekend" },
  alternatives: { required: false, rule: "[slug1, slug2]: up to three other products.", example: "[birchline-ember-6-barrel-sauna]" },
  reviewer: { required: false, rule: "The reviewer's name (an author).", example: "Aino Virtanen" },
  tester: { required: false, rule: "Who tested it (an author); empty: the reviewer.", example: "Marcus Lind" },
  tested_on: { required: false, rule: "The date tested, YYYY-MM-DD.", example: "2026-10-14" },
  customer_rating: {
    required: false,
    rule: "Customers' average rating (0 to 5) at customer_review_source; with reviews_number, search results show it.",
    example: "4.6",
  },
  customer_review_source: { required: false, rule: "Where the customers' rating and count come from.", example: "The maker's store" },
};

export const PRODUCT_COLUMN_GUIDE: ColumnGuide[] = PRODUCT_CSV_COLUMNS.map((column) => ({ column, ...productGuide[column] }));

export const COLLECTION_COLUMN_GUIDE: ColumnGuide[] = [
  {
    column: "slug",
    required: true,
    rule: "Unique in the file, in any letter case (saved in lower case); the page is /reviews/{slug}. An existing collection with this slug is overwritten.",
    example: "best-cedar-saunas",
  },
  { column: "title (or name)", required: true, rule: "The page title.", example: "Best Cedar Saunas" },
  { column: "description", required: false, rule: "Shown under the title.", example: "Our favourite cedar saunas" },
  {
    column: "image_url (or image)",
    required: false,
    rule: "http(s) link, /site path or an uploaded file name.",
    example: "https://example.com/cedar.jpg",
  },
  { column: "featured", required: false, rule: "true or 1 marks it featured; anything else does not.", example: "true" },
  {
    column: "product_ids",
    required: false,
    rule: "Comma-separated product ids or slugs, listed on the page in this order.",
    example: '"tyyni-barrel-6, 12, cube-4"',
  },
  {
    column: "picks",
    required: false,
    rule: 'One per line: "role | product | why". Role: Best overall, Runner-up, Budget pick, Upgrade pick, Also tested, or your own (at most 40 characters); why: at most 200 characters; one Best overall. An empty cell removes the picks; no column keeps them.',
    example: '"Best overall | tyyni-barrel-6 | Warm in half an hour"',
  },
];

/** The collection slugs a product may name, grouped as the guideline shows them. */
export const COLLECTION_OPTIONS: { group: string; slugs: string[] }[] = [
  { group: "Type", slugs: ["infrared-saunas", "traditional-finnish-saunas", "barrel-saunas", "clt-saunas", "electric", "wood-fired"] },
  { group: "Size", slugs: ["two-person-saunas", "four-person-saunas", "six-person-saunas"] },
  { group: "Feature", slugs: ["eco-friendly-saunas", "recovery-saunas"] },
  { group: "Price", slugs: ["budget-saunas", "premium-saunas", "luxury-saunas"] },
  { group: "Other", slugs: ["custom-saunas"] },
];

export const PRODUCT_CSV_TEMPLATE = [
  PRODUCT_CSV_COLUMNS.join(","),
  [
    "Tyyni Barrel 6",
    "Nordic Cedar",
    "tyyni-barrel-6",
    "barrel",
    "Classic cedar barrel for six",
    "A roomy thermo-cedar barrel sauna.",
    '"A roomy barrel with a 9 kW heater, glass back wall and a porch. Ships flat-packed; two people assemble it in a day."',
    "8499.00",
    "7999.00",
    "",
    '"[tyyni-front.jpg, https://example.com/images/tyyni-side.jpg]"',
    "6",
    "7' x 6' x 6'",
    "1250",
    "Electric",
    "9 kW with WiFi control",
    '"[Thermo-cedar, Glass back wall, Porch]"',
    "https://example.com/tyyni",
    "https://example.com/tyyni?ref=saunareviews",
    "4.7",
    "128",
    "128",
    "Free Shipping",
    '"[barrel-saunas, six-person-saunas]"',
    "4006381333931",
    "NC-TB6",
    "no",
  ].join(","),
].join("\r\n");

export const COLLECTION_CSV_TEMPLATE = [
  "slug,title,description,image_url,featured,product_ids",
  'best-cedar-saunas,Best Cedar Saunas,Our favourite cedar saunas this year,https://example.com/images/cedar.jpg,true,"tyyni-barrel-6, cube-4"',
].join("\r\n");

/** A download link that needs no server round trip. */
export function csvDataUrl(csv: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csv)}`;
}

/** The offers CSV (one row per product and merchant), in the export's column order. */
export const OFFER_COLUMN_GUIDE: ColumnGuide[] = [
  { column: "product_slug", required: true, rule: "The slug of an existing product.", example: "tyyni-barrel-6" },
  {
    column: "merchant",
    required: true,
    rule: "An existing merchant's slug or name (add merchants under Merchants).",
    example: "nordic-bath-supply",
  },
  {
    column: "link",
    required: false,
    rule: "The link a buyer is sent to (the affiliate link), http(s) only.",
    example: "https://shop.example/tyyni?ref=site",
  },
  { column: "price", required: false, rule: "In the currency's main unit, like the product CSV's price.", example: "8499.00" },
  { column: "currency", required: false, rule: "ISO 4217 code; empty is USD.", example: "EUR" },
  { column: "sale_price", required: false, rule: "Shown while below the price and the sale runs.", example: "7999.00" },
  { column: "sale_end", required: false, rule: "The sale's last day, YYYY-MM-DD; empty: until cleared.", example: "2026-12-31" },
  {
    column: "availability",
    required: false,
    rule: "InStock, OutOfStock, PreOrder, BackOrder, Discontinued or unknown (any case, spaces allowed); empty is unknown.",
    example: "in stock",
  },
  {
    column: "available_from",
    required: false,
    rule: "For a pre-order or back-order: the day it ships, YYYY-MM-DD (shown as 'Ships from …' until then).",
    example: "",
  },
  { column: "shipping_note", required: false, rule: "A short line shown beside the offer.", example: "Free curbside delivery" },
  {
    column: "countries",
    required: false,
    rule: "Two-letter country codes it serves, as a list; empty: the merchant's.",
    example: "[US, CA]",
  },
];

export const OFFER_CSV_TEMPLATE = [
  "product_slug,merchant,link,price,currency,sale_price,sale_end,availability,available_from,shipping_note,countries",
  'tyyni-barrel-6,nordic-bath-supply,https://shop.example/tyyni?ref=site,8499.00,USD,7999.00,2026-12-31,in stock,,Free curbside delivery,"[US, CA]"',
].join("\r\n");
