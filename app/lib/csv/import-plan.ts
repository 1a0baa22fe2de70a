import { formatMinor } from "../offers/currencies";
import type { CollectionCsvColumn } from "./collection-csv";
import type { OfferFieldColumn, OfferFields } from "./offer-csv";
import type { ProductCsvColumn, ProductImport } from "./product-csv";
import { REVIEW_CRITERIA } from "../catalog/review";

/**
 * What an import will do to the catalog, row by row (ADR 0031): each row is new, changed (with
 * the fields that change, from what to what, in the words and formats the admin reads) or
 * unchanged. The server computes it from the rows as the save will write them and the records as
 * they are stored, for the preview and again inside the save's transaction, so the preview and
 * the save cannot disagree. Unchanged rows are not written.
 *
 * "Unchanged" follows the save's rules exactly: a column the file does not have is not compared
 * (the save leaves that field alone), and values are compared after the save's normalisation
 * (trimmed text, rating rounded and clamped, prices in cents).
 */

export type RowStatus = "new" | "changed" | "unchanged";

export type FieldChange =
  /** One value replaced by another, both as the admin reads them ('$7,650' → '$7,299'). */
  | { field: string; kind: "value"; from: string; to: string }
  /** A list (features, images, collections): what joins and what leaves, and whether the order moved. */
  | { field: string; kind: "list"; added: string[]; removed: string[]; reordered: boolean; from?: string[]; to?: string[] };

export interface PlannedRow {
  rowNumber: number;
  /** The product's or collection's slug; for an offer, "product-slug @ merchant-slug". */
  slug: string;
  /** The product's name or the collection's title, as the file has it; for an offer, "Product at Merchant". */
  name: string;
  status: RowStatus;
  /** Empty unless the row is changed. */
  changes: FieldChange[];
}

export interface PlanCounts {
  new: number;
  changed: number;
  unchanged: number;
}

/**
 * A collection that lists its saunas by a rule and has none stored, to which the file adds
 * products (its collection_ids): saved as it is, the page would show only those instead of its
 * rule's. The import asks first (ADR 0070).
 */
export interface RuleListChange {
  slug: string;
  title: string;
  /** How many saunas its rule lists now (0: none match, and the page shows stand-ins). */
  ruleCount: number;
  /** How many products the file adds to it: the list it would show instead. */
  listedCount: number;
  /** Those products' slugs in file order (the preview sends the first PREVIEW_LISTED_SLUGS). */
  listed: string[];
}

/** The slugs of a rule list the preview sends: the count says how many there are in all. */
export const PREVIEW_LISTED_SLUGS = 20;

/**
 * The owner's answer for every RuleListChange of a file: add the listed products to each
 * collection and keep its rule, or replace the rule with the listed products.
 */
export type CollectionChoice = "add" | "replace";

export const COLLECTION_CHOICES: readonly CollectionChoice[] = ["add", "replace"];

export function readCollectionChoice(raw: unknown): CollectionChoice | null {
  return COLLECTION_CHOICES.find((choice) => choice === raw) ?? null;
}

/** What the preview receives: the counts, and the first rows of each status in file order. */
export interface ImportPreview {
  counts: PlanCounts;
  rows: PlannedRow[];
  /** The server's digest of the whole plan: the save refuses to go ahead when its own differs. */
  fingerprint: string;
  /** Rule-listed collections the file would turn into hand-picked lists: the save needs a CollectionChoice. Absent: none. */
  ruleLists?: RuleListChange[];
  /** The choice the save applied; null when it was not given (the save then wrote nothing). */
  collectionChoice?: CollectionChoice | null;
}

/**
 * Rows of each status sent to the page. The first N of each status, merged in file order,
 * include the file's first N rows whatever their status, so "All" shows the file's beginning.
 */
export const PREVIEW_ROWS_PER_STATUS = 1000;

/**
 * A plan as the page is shown it: every row counted, the first PREVIEW_ROWS_PER_STATUS of each
 * status kept. A 200,000-row import keeps this, not its 200,000 planned rows.
 */
export interface PlanSummary {
  counts: PlanCounts;
  /** The rows the preview shows, in file order. */
  rows: PlannedRow[];
  fingerprint: string;
  ruleLists: RuleListChange[];
}

/** Collects a plan's rows one by one, keeping what PlanSummary keeps. */
export class PlanRowsKept {
  readonly counts: PlanCounts = { new: 0, changed: 0, unchanged: 0 };
  readonly rows: PlannedRow[] = [];

  add(row: PlannedRow): void {
    // A copy of its own: the row's texts may be slices of the file's text (ownString).
    if (this.counts[row.status]++ < PREVIEW_ROWS_PER_STATUS) this.rows.push(JSON.parse(JSON.stringify(row)) as PlannedRow);
  }
}

export function summarizePlan(rows: readonly PlannedRow[], fingerprint: string, ruleLists: readonly RuleListChange[] = []): PlanSummary {
  const kept = new PlanRowsKept();
  for (const row of rows) kept.add(row);
  return { counts: kept.counts, rows: kept.rows, fingerprint, ruleLists: [...ruleLists] };
}

export function previewOfSummary(plan: PlanSummary, collectionChoice: CollectionChoice | null = null): ImportPreview {
  const lists = plan.ruleLists.map((change) => ({ ...change, listed: change.listed.slice(0, PREVIEW_LISTED_SLUGS) }));
  return { counts: { ...plan.counts }, rows: plan.rows, fingerprint: plan.fingerprint, ruleLists: lists, collectionChoice };
}

export function previewOf(
  rows: readonly PlannedRow[],
  fingerprint: string,
  ruleLists: readonly RuleListChange[] = [],
  collectionChoice: CollectionChoice | null = null,
): ImportPreview {
  return previewOfSummary(summarizePlan(rows, fingerprint, ruleLists), collectionChoice);
}

const products = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "product" : "products"}`;
const saunas = (count: number) => `${count.toLocaleString("en-US")} ${count === 1 ? "sauna" : "saunas"}`;

/** The loud line: 'barrel-saunas will show only the products you list: 1 instead of 7.' */
export function ruleListWarning(change: RuleListChange): string {
  const listed = change.listedCount;
  if (change.ruleCount === 0) {
    return `${change.slug} will show only the products you list (${listed.toLocaleString("en-US")}) instead of filling itself by its rule, which matches no sauna yet.`;
  }
  return `${change.slug} will show only the products you list: ${listed.toLocaleString("en-US")} instead of ${change.ruleCount.toLocaleString("en-US")}.`;
}

/** How each choice reads, with what it does to the collections. */
export function collectionChoiceLabel(choice: CollectionChoice, changes: readonly RuleListChange[]): string {
  if (choice === "add") {
    const lists = changes.map(
      (change) => `${change.slug} keeps its ${saunas(change.ruleCount)} and adds ${products(change.listed.length)}`,
    );
    return `Add the products to the collection and keep its rule (${lists.join("; ")})`;
  }
  const lists = changes.map((change) => `${change.slug} shows only ${products(change.listedCount)}`);
  return `Replace the rule with the products you list (${lists.join("; ")})`;
}

/** What a save did with the choice, for the page that shows what the save changed. */
export function collectionChoiceDone(choice: CollectionChoice, changes: readonly RuleListChange[]): string {
  const slugs = changes.map((change) => change.slug).join(", ");
  return choice === "add"
    ? `${slugs}: the rule was kept and the listed products were added to it.`
    : `${slugs}: now shows only the products you listed, instead of its rule.`;
}

/** '1 new, 3 changed, 25 unchanged'. */
export function describeCounts(counts: PlanCounts): string {
  return `${counts.new.toLocaleString("en-US")} new, ${counts.changed.toLocaleString("en-US")} changed, ${counts.unchanged.toLocaleString("en-US")} unchanged`;
}

// ---- How values read in the preview ------------------------------------------------------

const EMPTY = "(empty)";
const wholeDollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const dollarsAndCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '$7,650', '$7,650.50'; unlike the public price, $0 is shown as $0 (the admin typed it). */
export function displayMoney(cents: number | null): string {
  if (cents === null) return EMPTY;
  return `$${cents % 100 === 0 ? wholeDollars.format(cents / 100) : dollarsAndCents.format(cents / 100)}`;
}

/** Long text is cut so a changed description does not fill the screen. */
export function displayText(text: string | null, limit = 80): string {
  if (text === null) return EMPTY;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function displayNumber(value: number | null): string {
  return value === null ? EMPTY : value.toLocaleString("en-US", { maximumFractionDigits: 2 });
}

function valueChange(field: string, from: string, to: string): FieldChange {
  return { field, kind: "value", from, to };
}

/**
 * null when the two lists are equal. An ordered list (images, features, a collection's members)
 * with the same items in another order has changed; a set (a product's collections) has not.
 */
export function listChange(
  field: string,
  before: readonly string[],
  after: readonly string[],
  options: { ordered: boolean; showOrder?: boolean },
): FieldChange | null {
  const beforeSet = new Set(before);
  const afterSet = new Set(after);
  const same = options.ordered
    ? before.length === after.length && before.every((item, index) => item === after[index])
    : beforeSet.size === afterSet.size && [...beforeSet].every((item) => afterSet.has(item));
  if (same) return null;
  const added = after.filter((item) => !beforeSet.has(item));
  const removed = before.filter((item) => !afterSet.has(item));
  const keptAfter = [...afterSet].filter((item) => beforeSet.has(item));
  const reordered = options.ordered && [...beforeSet].filter((item) => afterSet.has(item)).some((item, index) => item !== keptAfter[index]);
  const change: FieldChange = { field, kind: "list", added, removed, reordered };
  // A move, or a repeated item dropped, is only visible as the whole list before and after.
  if ((options.showOrder && reordered) || (added.length === 0 && removed.length === 0)) {
    change.from = [...before];
    change.to = [...after];
  }
  return change;
}

// ---- Products ------------------------------------------------------------------------------

/** A stored product in the shape the save writes: what a prepared import row is compared with. */
export type StoredProduct = Omit<ProductImport, "rowNumber">;

type ProductKey = Exclude<keyof StoredProduct, "slug">;
type FieldKind = "text" | "money" | "number" | "list" | "set" | "yes-no";

/** Each compared field: the CSV column that brings it (null: every file), and how it reads. */
const PRODUCT_FIELDS: { column: ProductCsvColumn | null; field: string; key: ProductKey; kind: FieldKind }[] = [
  { column: null, field: "name", key: "name", kind: "text" },
  { column: null, field: "brand", key: "brand", kind: "text" },
  { column: "category_id", field: "category_id", key: "categoryId", kind: "text" },
  { column: "tagline", field: "tagline", key: "tagline", kind: "text" },
  { column: "description", field: "description", key: "description", kind: "text" },
  { column: "full_description", field: "full_description", key: "fullDescription", kind: "text" },
  { column: "price", field: "price", key: "priceCents", kind: "money" },
  { column: "sale_price", field: "sale_price", key: "salePriceCents", kind: "money" },
  { column: "sale_ends", field: "sale_ends", key: "saleEndsAt", kind: "text" },
  { column: "images", field: "images", key: "images", kind: "list" },
  { column: "capacity", field: "capacity", key: "capacity", kind: "number" },
  { column: "dimensions", field: "dimensions", key: "dimensions", kind: "text" },
  { column: "weight", field: "weight", key: "weightLbs", kind: "number" },
  { column: "heater_type", field: "heater_type", key: "heaterType", kind: "text" },
  { column: "heater_spec", field: "heater_spec", key: "heaterSpec", kind: "text" },
  { column: "key_features", field: "key_features", key: "keyFeatures", kind: "list" },
  { column: "website", field: "website", key: "website", kind: "text" },
  { column: "affiliate_link", field: "affiliate_link", key: "affiliateLink", kind: "text" },
  { column: "rating", field: "rating", key: "rating", kind: "number" },
  { column: "reviews_number", field: "reviews_number", key: "reviewsNumber", kind: "number" },
  { column: "review_count", field: "review_count", key: "reviewCount", kind: "text" },
  { column: "shipping_info", field: "shipping_info", key: "shippingInfo", kind: "text" },
  { column: "gtin", field: "gtin", key: "gtin", kind: "text" },
  { column: "mpn", field: "mpn", key: "mpn", kind: "text" },
  { column: "best_seller", field: "best_seller", key: "bestSeller", kind: "yes-no" },
  { column: "verdict", field: "verdict", key: "verdict", kind: "text" },
  { column: "pros", field: "pros", key: "pros", kind: "list" },
  { column: "cons", field: "cons", key: "cons", kind: "list" },
  ...REVIEW_CRITERIA.map(({ column, key }) => ({ column, field: column, key, kind: "number" as const })),
  { column: "best_for", field: "best_for", key: "bestFor", kind: "text" },
  { column: "skip_if", field: "skip_if", key: "skipIf", kind: "text" },
  { column: "alternatives", field: "alternatives", key: "alternatives", kind: "list" },
  { column: "reviewer", field: "reviewer", key: "reviewer", kind: "text" },
  { column: "tester", field: "tester", key: "tester", kind: "text" },
  { column: "tested_on", field: "tested_on", key: "testedOn", kind: "text" },
  { column: "customer_rating", field: "customer_rating", key: "customerRating", kind: "number" },
  { column: "customer_review_source", field: "customer_review_source", key: "customerReviewSource", kind: "text" },
  // The save makes the product's collections exactly this set; where it stays, its place is kept.
  { column: "collection_ids", field: "collection_ids", key: "collectionIds", kind: "set" },
];

function fieldChange(field: string, kind: FieldKind, stored: unknown, given: unknown): FieldChange | null {
  // A field a reader left out (the review's, on an older record) reads as empty.
  const empty = kind === "list" || kind === "set" ? [] : null;
  const before = stored === undefined ? empty : stored;
  const after = given === undefined ? empty : given;
  switch (kind) {
    case "list":
      return listChange(field, before as string[], after as string[], { ordered: true });
    case "set":
      return listChange(field, before as string[], after as string[], { ordered: false });
    case "money":
      return before === after ? null : valueChange(field, displayMoney(before as number | null), displayMoney(after as number | null));
    case "number":
      return before === after ? null : valueChange(field, displayNumber(before as number | null), displayNumber(after as number | null));
    case "text":
      return before === after ? null : valueChange(field, displayText(before as string | null), displayText(after as string | null));
    case "yes-no":
      // Absent reads as no, as the database's default does.
      return Boolean(before) === Boolean(after) ? null : valueChange(field, before ? "yes" : "no", after ? "yes" : "no");
  }
}

/**
 * One product row against the stored product of its slug (undefined: there is none). The row
 * must be as the save writes it (prepareProductForSave), with collection slugs that exist.
 */
export function planProductRow(stored: StoredProduct | undefined, row: ProductImport, columns: readonly ProductCsvColumn[]): PlannedRow {
  const planned = { rowNumber: row.rowNumber, slug: row.slug, name: row.name };
  if (!stored) return { ...planned, status: "new", changes: [] };
  const present = new Set(columns);
  // A score column rewrites the rating derived from the scores, as the save does.
  if (REVIEW_CRITERIA.some(({ column }) => present.has(column))) present.add("rating");
  const changes: FieldChange[] = [];
  for (const { column, field, key, kind } of PRODUCT_FIELDS) {
    if (column !== null && !present.has(column)) continue;
    const change = fieldChange(field, kind, stored[key], row[key]);
    if (change) changes.push(change);
  }
  return { ...planned, status: changes.length > 0 ? "changed" : "unchanged", changes };
}

// ---- Collections ---------------------------------------------------------------------------

/** A collection as the save writes it; members are product slugs in list order. */
export interface CollectionState {
  title: string;
  description: string | null;
  imageUrl: string | null;
  featured: boolean;
  members: string[];
  /** The picks as the CSV writes them, one entry a line; absent when not compared. */
  picks?: string[];
}

export function planCollectionRow(
  stored: CollectionState | undefined,
  row: CollectionState & { rowNumber: number; slug: string },
  columns: readonly CollectionCsvColumn[],
): PlannedRow {
  const planned = { rowNumber: row.rowNumber, slug: row.slug, name: row.title };
  if (!stored) return { ...planned, status: "new", changes: [] };
  const present = new Set(columns);
  const changes: FieldChange[] = [];
  if (stored.title !== row.title) changes.push(valueChange("title", displayText(stored.title), displayText(row.title)));
  if (present.has("description") && stored.description !== row.description) {
    changes.push(valueChange("description", displayText(stored.description), displayText(row.description)));
  }
  if (present.has("image_url") && stored.imageUrl !== row.imageUrl) {
    changes.push(valueChange("image_url", displayText(stored.imageUrl), displayText(row.imageUrl)));
  }
  if (present.has("featured") && stored.featured !== row.featured) {
    changes.push(valueChange("featured", stored.featured ? "yes" : "no", row.featured ? "yes" : "no"));
  }
  if (present.has("product_ids")) {
    const members = listChange("product_ids", stored.members, row.members, { ordered: true, showOrder: true });
    if (members) changes.push(members);
  }
  if (present.has("picks")) {
    const picks = listChange("picks", stored.picks ?? [], row.picks ?? [], { ordered: true, showOrder: true });
    if (picks) changes.push(picks);
  }
  return { ...planned, status: changes.length > 0 ? "changed" : "unchanged", changes };
}

// ---- Offers --------------------------------------------------------------------------------

/** '€1,299.50'; an offer's money reads in its own currency. */
function displayOfferMoney(minor: number | null, currency: string): string {
  return minor === null ? EMPTY : formatMinor(minor, currency);
}

/**
 * One offer row against the stored offer of its product and merchant (undefined: there is none).
 * As for products, a column the file lacks is not compared. The money fields compare the amount
 * and its currency: 1,000 USD and 1,000 EUR are different prices.
 */
export function planOfferRow(
  stored: OfferFields | undefined,
  row: OfferFields & { rowNumber: number; slug: string; name: string },
  columns: readonly OfferFieldColumn[],
): PlannedRow {
  const planned = { rowNumber: row.rowNumber, slug: row.slug, name: row.name };
  if (!stored) return { ...planned, status: "new", changes: [] };
  const present = new Set(columns);
  const changes: FieldChange[] = [];
  const text = (column: OfferFieldColumn, before: string | null, after: string | null) => {
    if (present.has(column) && before !== after) changes.push(valueChange(column, displayText(before), displayText(after)));
  };
  const money = (column: OfferFieldColumn, before: number | null, after: number | null) => {
    const sameCurrency = !present.has("currency") || stored.currency === row.currency;
    if (present.has(column) && (before !== after || (!sameCurrency && before !== null))) {
      changes.push(valueChange(column, displayOfferMoney(before, stored.currency), displayOfferMoney(after, row.currency)));
    }
  };
  text("link", stored.link, row.link);
  money("price", stored.priceMinor, row.priceMinor);
  text("currency", stored.currency, row.currency);
  money("sale_price", stored.salePriceMinor, row.salePriceMinor);
  text("sale_end", stored.saleEndsAt, row.saleEndsAt);
  text("availability", stored.availability, row.availability);
  text("available_from", stored.availableFrom, row.availableFrom);
  text("shipping_note", stored.shippingNote, row.shippingNote);
  if (present.has("countries")) {
    const countries = listChange("countries", stored.countries, row.countries, { ordered: false });
    if (countries) changes.push(countries);
  }
  return { ...planned, status: changes.length > 0 ? "changed" : "unchanged", changes };
}
