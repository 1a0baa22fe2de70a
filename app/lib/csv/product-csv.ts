import { canonicalCollectionSlug } from "../collection/built-in-collections";
import type { Product } from "../catalog/catalog";
import { readGtin } from "../feeds/gtin";
import { dollarsToCents } from "../text/money";
import { isBlankRecord, ownString, readCsvFile } from "./csv-table";
import {
  clampRating,
  MAX_PRICE,
  MAX_WEIGHT,
  quoteForWarning,
  readImageRef,
  readInteger,
  readIsoDate,
  readLink,
  readList,
  readPriceCents,
  readRating,
  readSlug,
  readText,
  readYesNo,
  notYesOrNoError,
  repeatedSlugsError,
  readWeight,
  type ReadValue,
} from "./csv-values";
import { IMPORT_MESSAGES } from "./import-messages";
import { measureHeaderSlug, readMeasureCell, type MeasureImport } from "./measure-csv";
import {
  clampScore,
  DEFAULT_REVIEW_WEIGHTS,
  MAX_ALTERNATIVES,
  MAX_SCORE,
  ratingForSave,
  REVIEW_COLUMNS,
  REVIEW_CRITERIA,
  type ReviewFields,
  type ReviewWeights,
  type ScoreKey,
} from "../catalog/review";

/**
 * The product CSV rules (collection ids become memberships; links and pictures must be safe, see
 * csv-values.ts). The browser runs them for the preview and the server runs them again on the uploaded
 * file before saving: the server never trusts the preview.
 */

export const REQUIRED_PRODUCT_HEADERS = ["name", "brand", "slug"] as const;

/** The columns a product CSV may have, in the template's order. */
export const PRODUCT_CSV_COLUMNS = [
  "name",
  "brand",
  "slug",
  "category_id",
  "tagline",
  "description",
  "full_description",
  "price",
  "sale_price",
  "sale_ends",
  "images",
  "capacity",
  "dimensions",
  "weight",
  "heater_type",
  "heater_spec",
  "key_features",
  "website",
  "affiliate_link",
  "rating",
  "reviews_number",
  "review_count",
  "shipping_info",
  "collection_ids",
  "gtin",
  "mpn",
  "best_seller",
  // The in-depth review (../review.ts); lists in the key_features syntax.
  ...REVIEW_COLUMNS,
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** 'id' is accepted and ignored: products are matched on slug. */
const IGNORED_COLUMNS = new Set(["id"]);

export const UNKNOWN_BRAND = "Unknown Brand";

/** One product as it will be saved: the catalog's fields less those the database keeps (id, timestamps, the sample flag). */
export interface ProductImport extends Omit<Product, "id" | "isSample" | "createdAt" | "updatedAt"> {
  /** The data row it came from: 1 is the first row under the header. */
  rowNumber: number;
  /** Collection slugs (canonical: 'barrel' → 'barrel-saunas'), in the order given. */
  collectionIds: string[];
  /** The file's measure:<slug> cells (./measure-csv.ts), one per such column; absent without any. */
  measurements?: MeasureImport[];
}

export interface ProductCsvResult {
  ok: true;
  products: ProductImport[];
  /** Per-row and per-file warnings, in file order. They never block saving. */
  warnings: string[];
  /**
   * The optional columns the file has. A column the file lacks leaves that field of an existing
   * product as it is; a column it has but leaves empty clears the field.
   */
  columns: ProductCsvColumn[];
  /** Data rows that were not blank, kept or skipped. */
  rowsRead: number;
  /** The measurements named by the file's measure:<slug> columns. */
  measureSlugs: string[];
}

export interface ProductCsvFailure {
  ok: false;
  error: string;
}

export type ProductCsvOutcome = ProductCsvResult | ProductCsvFailure;

export interface ProductRuleOptions {
  /**
   * The collection slugs that exist. When given, a collection_ids entry naming another slug gets
   * a warning (the save skips it). Without it no such check is made.
   */
  knownCollectionSlugs?: ReadonlySet<string>;
  /** Today as YYYY-MM-DD, to warn about a sale that has already ended. Defaults to the clock's UTC date. */
  today?: string;
}

/** The raw text of one row (CSV cells, or a form's fields), by column name. */
export type RawProductFields = Partial<Record<ProductCsvColumn, string>>;

/** List fields arrive already split: a CSV cell uses [a, b]; the form uses one item per line. */
export interface RawProductLists {
  images: string[];
  keyFeatures: string[];
  collectionIds: string[];
  pros?: string[];
  cons?: string[];
  alternatives?: string[];
}

const cleanList = (items: readonly string[] | undefined) => (items ?? []).map((item) => item.trim()).filter((item) => item !== "");

export type ProductRowOutcome =
  | {
      kept: true;
      product: ProductImport;
      warnings: string[];
      /** best_seller's text when it says neither yes nor no: the file (or form) is refused, not guessed at. */
      notYesOrNo?: string;
    }
  | { kept: false; missing: string[]; warnings: string[] };

/**
 * The rules for one row. Missing name or slug drops the row; a missing brand becomes
 * 'Unknown Brand'. Numbers, links and pictures that cannot be used are saved empty or dropped,
 * each with a warning naming the row, the field and the value.
 */
export function readProductRow(
  fields: RawProductFields,
  lists: RawProductLists,
  rowNumber: number,
  options: ProductRuleOptions = {},
): ProductRowOutcome {
  const warnings: string[] = [];
  const name = readText(fields.name);
  const brand = readText(fields.brand);
  const slug = readSlug(fields.slug);
  const missing = [!name && "name", !brand && "brand", !slug && "slug"].filter((field): field is string => Boolean(field));

  if (!name || !slug) {
    return { kept: false, missing, warnings: [`Row ${rowNumber}: Missing ${missing.join(", ")} (row skipped)`] };
  }
  if (!brand) warnings.push(`Row ${rowNumber}: Missing brand (saved as "${UNKNOWN_BRAND}")`);

  const noted = <T>(field: string, raw: string | undefined, read: ReadValue<T>): T => {
    if (read.note) warnings.push(`Row ${rowNumber}: ${field} ${quoteForWarning(raw ?? "")} ${read.note}`);
    return read.value;
  };

  const images: string[] = [];
  for (const item of lists.images) {
    const image = noted("image", item, readImageRef(item));
    if (image) images.push(image);
  }

  const collectionIds: string[] = [];
  // A Set, not a search of the list: a cell naming thousands of collections stays linear.
  const seenCollections = new Set<string>();
  for (const item of lists.collectionIds) {
    const collectionSlug = canonicalCollectionSlug(item);
    if (collectionSlug === "" || seenCollections.has(collectionSlug)) continue;
    if (options.knownCollectionSlugs && !options.knownCollectionSlugs.has(collectionSlug)) {
      warnings.push(`Row ${rowNumber}: collection ${quoteForWarning(item)} does not exist (not linked)`);
      continue;
    }
    seenCollections.add(collectionSlug);
    collectionIds.push(collectionSlug);
  }

  const priceCents = noted("price", fields.price, readPriceCents(fields.price));
  const salePriceCents = noted("sale_price", fields.sale_price, readPriceCents(fields.sale_price));
  const saleEndsAt = noted("sale_ends", fields.sale_ends, readIsoDate(fields.sale_ends));
  warnings.push(...saleWarnings({ priceCents, salePriceCents, saleEndsAt }, options.today).map((text) => `Row ${rowNumber}: ${text}`));

  const bestSeller = readYesNo(fields.best_seller);
  const product: ProductImport = {
    rowNumber,
    slug,
    name,
    brand: brand ?? UNKNOWN_BRAND,
    categoryId: readText(fields.category_id),
    tagline: readText(fields.tagline),
    description: readText(fields.description),
    fullDescription: readText(fields.full_description),
    priceCents,
    salePriceCents,
    saleEndsAt,
    images,
    capacity: noted("capacity", fields.capacity, readInteger(fields.capacity, { personSuffix: true })),
    dimensions: readText(fields.dimensions),
    weightLbs: noted("weight", fields.weight, readWeight(fields.weight)),
    heaterType: readText(fields.heater_type),
    heaterSpec: readText(fields.heater_spec),
    keyFeatures: lists.keyFeatures.map((feature) => feature.trim()).filter((feature) => feature !== ""),
    website: noted("website", fields.website, readLink(fields.website)),
    affiliateLink: noted("affiliate_link", fields.affiliate_link, readLink(fields.affiliate_link)),
    rating: noted("rating", fields.rating, readRating(fields.rating)),
    reviewsNumber: noted("reviews_number", fields.reviews_number, readInteger(fields.reviews_number)),
    reviewCount: readText(fields.review_count),
    shippingInfo: readText(fields.shipping_info),
    gtin: noted("gtin", fields.gtin, readProductGtin(fields.gtin)),
    mpn: readText(fields.mpn),
    bestSeller: bestSeller ?? false,
    ...readReviewFields(fields, lists, slug, noted),
    collectionIds,
  };
  return bestSeller === null ? { kept: true, product, warnings, notYesOrNo: fields.best_seller ?? "" } : { kept: true, product, warnings };
}

type Noted = <T>(field: string, raw: string | undefined, read: ReadValue<T>) => T;

/** The review's fields alone (the editor's review screen), with the notes a row would get, unprefixed. */
export function readProductReview(
  fields: RawProductFields,
  lists: RawProductLists,
  slug: string,
): { review: ReviewFields; warnings: string[] } {
  const warnings: string[] = [];
  const noted: Noted = (field, raw, read) => {
    if (read.note) warnings.push(`${field} ${quoteForWarning(raw ?? "")} ${read.note}`);
    return read.value;
  };
  return { review: readReviewFields(fields, lists, slug, noted), warnings };
}

/** The review's fields of a row: scores 0–10 (one decimal), at most three alternatives other than the product itself. */
function readReviewFields(fields: RawProductFields, lists: RawProductLists, slug: string, noted: Noted): ReviewFields {
  const scores = Object.fromEntries(
    REVIEW_CRITERIA.map(({ key, column }) => [key, noted(column, fields[column], readScore(fields[column]))]),
  ) as Pick<ReviewFields, ScoreKey>;
  const alternatives = [...new Set(cleanList(lists.alternatives).map((item) => item.toLowerCase()))].filter((item) => item !== slug);
  if (alternatives.length > MAX_ALTERNATIVES) {
    noted("alternatives", alternatives.join(", "), {
      value: null,
      note: `names more than ${MAX_ALTERNATIVES} products (the first ${MAX_ALTERNATIVES} kept)`,
    });
  }
  return {
    verdict: readText(fields.verdict),
    pros: cleanList(lists.pros),
    cons: cleanList(lists.cons),
    ...scores,
    bestFor: readText(fields.best_for),
    skipIf: readText(fields.skip_if),
    alternatives: alternatives.slice(0, MAX_ALTERNATIVES),
    reviewer: readText(fields.reviewer),
    tester: readText(fields.tester),
    testedOn: noted("tested_on", fields.tested_on, readIsoDate(fields.tested_on)),
    customerRating: noted("customer_rating", fields.customer_rating, readRating(fields.customer_rating)),
    customerReviewSource: readText(fields.customer_review_source),
  };
}

/** A score: 0 to 10, one decimal; outside that range it is clamped, with a note. */
export function readScore(raw: string | undefined): ReadValue<number | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { value: null, note: "is not a number (saved empty)" };
  const number = Number(text);
  const value = clampScore(number);
  if (number < 0 || number > MAX_SCORE) return { value, note: `is outside 0 to ${MAX_SCORE} (saved as ${value.toFixed(1)})` };
  return { value };
}

/** A GTIN with its check digit checked: a mistyped one must not match a feed's item, so it is left empty, with a warning. */
export function readProductGtin(raw: string | undefined): ReadValue<string | null> {
  const read = readGtin(raw);
  return read.warning
    ? { value: null, note: "is not a GTIN (8, 12, 13 or 14 digits, the last a check digit); left empty" }
    : { value: read.gtin };
}

/**
 * A sale that the product page would never show is saved as given (the admin may be about to fix
 * the price), but said out loud: the page shows a sale only while its price is below the list
 * price and its end date has not passed.
 */
export function saleWarnings(
  sale: Pick<ProductImport, "priceCents" | "salePriceCents" | "saleEndsAt">,
  today = new Date().toISOString().slice(0, 10),
  /** The end date's column: sale_ends for products, sale_end for offers. */
  endColumn = "sale_ends",
): string[] {
  const warnings: string[] = [];
  if (sale.salePriceCents !== null) {
    if (sale.priceCents === null) warnings.push("sale_price is set but price is empty (no sale is shown)");
    else if (sale.salePriceCents >= sale.priceCents) warnings.push("sale_price is not below price (no sale is shown)");
  }
  if (sale.saleEndsAt !== null) {
    if (sale.saleEndsAt < today) warnings.push(`${endColumn} ${sale.saleEndsAt} has passed (no sale is shown)`);
    if (sale.salePriceCents === null) warnings.push(`${endColumn} is set but sale_price is empty (no sale is shown)`);
  }
  return warnings;
}

/**
 * The rules before saving products, applied by the server to every product whatever its source:
 * rating 0–5 with one decimal (derived from the review's scores by the owner's weights when it has any), price at most 99,999,999.99 and weight at most 9,999,999.99 with
 * two decimals, empty text as null.
 */
export function prepareProductForSave(product: ProductImport, weights: ReviewWeights = DEFAULT_REVIEW_WEIGHTS): ProductImport {
  const emptyToNull = (text: string | null) => (text === null || text.trim() === "" ? null : text);
  const maxCents = dollarsToCents(MAX_PRICE);
  const rating = ratingForSave(product, weights);
  return {
    ...product,
    categoryId: emptyToNull(product.categoryId),
    tagline: emptyToNull(product.tagline),
    description: emptyToNull(product.description),
    fullDescription: emptyToNull(product.fullDescription),
    dimensions: emptyToNull(product.dimensions),
    heaterType: emptyToNull(product.heaterType),
    heaterSpec: emptyToNull(product.heaterSpec),
    website: emptyToNull(product.website),
    affiliateLink: emptyToNull(product.affiliateLink),
    reviewCount: emptyToNull(product.reviewCount),
    shippingInfo: emptyToNull(product.shippingInfo),
    gtin: product.gtin === undefined ? undefined : emptyToNull(product.gtin),
    mpn: product.mpn === undefined ? undefined : emptyToNull(product.mpn),
    rating: rating === null || !Number.isFinite(rating) ? null : clampRating(rating),
    priceCents: centsForSave(product.priceCents, maxCents),
    salePriceCents: centsForSave(product.salePriceCents, maxCents),
    weightLbs:
      product.weightLbs === null || !Number.isFinite(product.weightLbs)
        ? null
        : Math.round(Math.min(MAX_WEIGHT, Math.max(0, product.weightLbs)) * 100) / 100,
  };
}

function centsForSave(cents: number | null, maxCents: number): number | null {
  return cents === null || !Number.isFinite(cents) ? null : Math.min(maxCents, Math.max(0, Math.round(cents)));
}

interface HeaderLayout {
  /** Column name → cell index (the first column of that name wins). */
  index: Map<ProductCsvColumn, number>;
  /** A measurement's slug → cell index, for its measure:<slug> column. */
  measures: Map<string, number>;
  warnings: string[];
}

function readHeader(cells: readonly string[]): HeaderLayout | ProductCsvFailure {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const missing = REQUIRED_PRODUCT_HEADERS.filter((required) => !names.includes(required));
  if (missing.length > 0) return { ok: false, error: `${IMPORT_MESSAGES.missingHeaders}${missing.join(", ")}` };
  const index = new Map<ProductCsvColumn, number>();
  const measures = new Map<string, number>();
  const warnings: string[] = [];
  names.forEach((name, position) => {
    const measure = measureHeaderSlug(name);
    if (measure !== null) {
      if (measures.has(measure)) warnings.push(`Column "${name}" appears twice; the first one is used`);
      else measures.set(measure, position);
    } else if ((PRODUCT_CSV_COLUMNS as readonly string[]).includes(name)) {
      const column = name as ProductCsvColumn;
      if (index.has(column)) warnings.push(`Column "${name}" appears twice; the first one is used`);
      else index.set(column, position);
    } else if (name !== "" && !IGNORED_COLUMNS.has(name)) {
      warnings.push(`Column ${quoteForWarning(cells[position] ?? name)} is not a product field and was ignored`);
    }
  });
  return { index, measures, warnings };
}

/**
 * Reads a product CSV record by record, so the browser can feed it chunk by chunk with a
 * progress bar and the server can feed it the whole file: both get the same result.
 */
export function createProductCsvReader(options: ProductRuleOptions = {}) {
  let layout: HeaderLayout | null = null;
  let failure: ProductCsvFailure | null = null;
  let rowNumber = 0;
  let rowsRead = 0;
  /** Read and not yet taken (takeProducts): a streaming save takes them batch by batch. */
  let products: ProductImport[] = [];
  let kept = 0;
  /**
   * Each slug's first row, and every row of a slug used twice: that makes the whole file an error,
   * naming the rows. One number a slug, not an array: a 200,000-row file keeps 200,000 of them.
   */
  const firstRowBySlug = new Map<string, number>();
  const repeatedRows = new Map<string, number[]>();
  const warnings: string[] = [];
  const notYesOrNo: { rowNumber: number; raw: string }[] = [];

  function addRecord(record: string[]) {
    if (failure) return;
    if (!layout) {
      if (isBlankRecord(record)) return;
      const header = readHeader(record);
      if ("ok" in header) {
        failure = header;
        return;
      }
      layout = header;
      warnings.push(...header.warnings);
      return;
    }
    // Blank rows are skipped but counted, so "Row n" stays the n-th row under the header.
    rowNumber += 1;
    if (isBlankRecord(record)) return;
    rowsRead += 1;
    // Rows with too few values read as empty for the rest; extra values are ignored.
    const cell = (column: ProductCsvColumn) => {
      const at = layout!.index.get(column);
      return at === undefined ? undefined : (record[at] ?? "");
    };
    const fields: RawProductFields = {};
    for (const column of layout.index.keys()) fields[column] = cell(column);
    const outcome = readProductRow(
      fields,
      {
        images: readList(cell("images")),
        keyFeatures: readList(cell("key_features")),
        collectionIds: readList(cell("collection_ids")),
        pros: readList(cell("pros")),
        cons: readList(cell("cons")),
        alternatives: readList(cell("alternatives")),
      },
      rowNumber,
      options,
    );
    for (const warning of outcome.warnings) warnings.push(ownString(warning));
    if (!outcome.kept) return;
    if (layout.measures.size > 0) outcome.product.measurements = readMeasures(layout.measures, record, rowNumber, warnings);
    if (outcome.notYesOrNo !== undefined) notYesOrNo.push({ rowNumber, raw: outcome.notYesOrNo });
    const slug = outcome.product.slug;
    const first = firstRowBySlug.get(slug);
    if (first === undefined) {
      firstRowBySlug.set(ownString(slug), rowNumber);
      products.push(outcome.product);
      kept += 1;
    } else {
      const rows = repeatedRows.get(slug);
      if (rows) rows.push(rowNumber);
      else repeatedRows.set(slug, [first, rowNumber]);
    }
  }

  return {
    addRecords(records: string[][]) {
      for (const record of records) addRecord(record);
    },
    /** The file's optional columns once its header is read; null before it, or when the header is refused. */
    columns(): ProductCsvColumn[] | null {
      return layout && !failure ? PRODUCT_CSV_COLUMNS.filter((column) => layout!.index.has(column)) : null;
    },
    /** The measurements the file's measure:<slug> columns name (empty before the header, or without any). */
    measureSlugs(): string[] {
      return layout && !failure ? [...layout.measures.keys()] : [];
    },
    /** The products read since the last call (each slug's first row). finish() returns only those not taken. */
    takeProducts(): ProductImport[] {
      const taken = products;
      products = [];
      return taken;
    },
    /** Why the file is refused already (its header), or null. */
    failure(): string | null {
      return failure?.error ?? null;
    },
    /** How many products are waiting to be taken. */
    pending(): number {
      return products.length;
    },
    finish(): ProductCsvOutcome {
      if (failure) return failure;
      if (!layout) return { ok: false, error: IMPORT_MESSAGES.emptyFile };
      if (kept === 0) return { ok: false, error: IMPORT_MESSAGES.noValidProducts };
      // In the order of each slug's first row, as the file has them.
      const repeats = [...repeatedRows].map(([slug, rows]) => ({ slug, rows })).sort((a, b) => a.rows[0]! - b.rows[0]!);
      if (repeats.length > 0) return { ok: false, error: repeatedSlugsError(repeats) };
      if (notYesOrNo.length > 0) return { ok: false, error: notYesOrNoError("best_seller", notYesOrNo) };
      const columns = PRODUCT_CSV_COLUMNS.filter((column) => layout!.index.has(column));
      return { ok: true, products, warnings, columns, rowsRead, measureSlugs: [...layout.measures.keys()] };
    },
  };
}

/** A row's measure:<slug> cells; a cell that cannot be read is left out, with a warning naming the row. */
function readMeasures(
  columns: ReadonlyMap<string, number>,
  record: readonly string[],
  rowNumber: number,
  warnings: string[],
): MeasureImport[] {
  const entries: MeasureImport[] = [];
  for (const [slug, at] of columns) {
    const read = readMeasureCell(slug, record[at] ?? "");
    if (read.note) warnings.push(`Row ${rowNumber}: ${read.note}`);
    if (read.entry) entries.push(read.entry);
  }
  return entries;
}

/** The whole file at once (the server, and tests). */
export function parseProductCsv(text: string, options: ProductRuleOptions = {}): ProductCsvOutcome {
  const file = readCsvFile(text);
  if (!file.ok) return file;
  const reader = createProductCsvReader(options);
  reader.addRecords(file.records);
  return reader.finish();
}
