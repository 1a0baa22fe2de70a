import { readCountryCodes, unknownCountryText } from "../offers/countries";
import { DEFAULT_CURRENCY, isCurrencyCode, majorToMinor } from "../offers/currencies";
import { OFFER_AVAILABILITIES, type OfferAvailability } from "../offers/display-price";
import { isBlankRecord, readCsvFile } from "./csv-table";
import { MAX_PRICE, quoteForWarning, readDecimal, readIsoDate, readLink, readList, readSlug, readText } from "./csv-values";
import { IMPORT_MESSAGES } from "./import-messages";
import { saleWarnings } from "./product-csv";

/**
 * The offers CSV rules: one row is one product at one merchant. The browser runs them for the
 * preview and the server again before saving; the product form's offer editor reads its fields
 * with the same rules (readOfferFields), so a typed offer and an imported one agree.
 *
 * Unlike the product CSV, a value that cannot be read is an error, not a warning: an offer is
 * its price and its link, and saving a row with its price emptied would show buyers a wrong
 * shop. The file is refused, naming every such row, and nothing is saved.
 */

export const OFFER_CSV_COLUMNS = [
  "product_slug",
  "merchant",
  "link",
  "price",
  "currency",
  "sale_price",
  "sale_end",
  "availability",
  "available_from",
  "shipping_note",
  "countries",
] as const;

export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number];
/** The columns an offer's fields come from (the other two say which offer it is). */
export type OfferFieldColumn = Exclude<OfferCsvColumn, "product_slug" | "merchant">;

export const REQUIRED_OFFER_HEADERS = ["product_slug", "merchant"] as const;

/** An offer's own fields as they are saved; money in integer minor units of `currency`. */
export interface OfferFields {
  link: string | null;
  priceMinor: number | null;
  currency: string;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  availability: OfferAvailability;
  /** YYYY-MM-DD: the day a pre-order or back-order ships, when the shop says; null otherwise. */
  availableFrom: string | null;
  shippingNote: string | null;
  /** ISO 3166-1 alpha-2, upper case, each once; [] = the merchant's countries. */
  countries: string[];
}

export interface OfferImport extends OfferFields {
  /** The data row it came from: 1 is the first row under the header. */
  rowNumber: number;
  productSlug: string;
  /** The merchant's slug or name as written; the server finds the merchant. */
  merchant: string;
}

export interface OfferCsvResult {
  ok: true;
  offers: OfferImport[];
  /** Things worth knowing that do not stop the save (a sale that has ended, unknown columns). */
  warnings: string[];
  /** The optional columns the file has: one it lacks leaves that field of an existing offer as it is. */
  columns: OfferFieldColumn[];
}

export type OfferCsvOutcome = OfferCsvResult | { ok: false; error: string };

export type RawOfferFields = Partial<Record<OfferFieldColumn, string>>;

export type OfferFieldsOutcome =
  | { ok: true; fields: OfferFields; warnings: string[] }
  | { ok: false; errors: Partial<Record<OfferFieldColumn, string>>; warnings: string[] };

/** "In stock", "in_stock", "INSTOCK", "https://schema.org/InStock" → InStock; empty → unknown. */
export function readAvailability(raw: string | undefined): OfferAvailability | null {
  const key = (raw ?? "")
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, "")
    .replace(/[\s_-]+/g, "")
    .toLowerCase();
  if (key === "") return "unknown";
  return OFFER_AVAILABILITIES.find((value) => value.toLowerCase() === key) ?? null;
}

/** "EUR", " eur " → EUR; empty → the default USD; anything else null. */
export function readCurrency(raw: string | undefined): string | null {
  const code = (raw ?? "").trim().toUpperCase();
  if (code === "") return DEFAULT_CURRENCY;
  return isCurrencyCode(code) ? code : null;
}

const AVAILABILITY_WORDS = "InStock, OutOfStock, PreOrder, BackOrder, Discontinued or unknown";

/** A price in major units (what the product CSV's price column holds) → minor units, or why not. */
function readMoney(raw: string | undefined, currency: string): { value: number | null } | { error: string } {
  const read = readDecimal(raw);
  if (read.note) return { error: `${quoteForWarning(raw ?? "")} is not a number (write it like 1299.00)` };
  if (read.value === null) return { value: null };
  if (read.value > MAX_PRICE) return { error: `${quoteForWarning(raw ?? "")} is above the largest price, ${MAX_PRICE}` };
  return { value: majorToMinor(read.value, currency) };
}

/**
 * One offer's fields from their text. Errors are keyed by column and phrased to follow the
 * column's name ('currency "EURO" is not…' in a file, the same words beside a form field).
 */
export function readOfferFields(raw: RawOfferFields, countryItems: readonly string[], today?: string): OfferFieldsOutcome {
  const errors: Partial<Record<OfferFieldColumn, string>> = {};
  const currency = readCurrency(raw.currency);
  if (currency === null) {
    errors.currency = `${quoteForWarning(raw.currency ?? "")} is not an ISO 4217 currency code (three letters, such as USD, EUR or GBP)`;
  }
  const moneyCurrency = currency ?? DEFAULT_CURRENCY;
  const price = readMoney(raw.price, moneyCurrency);
  if ("error" in price) errors.price = price.error;
  const salePrice = readMoney(raw.sale_price, moneyCurrency);
  if ("error" in salePrice) errors.sale_price = salePrice.error;
  const saleEnd = readIsoDate(raw.sale_end);
  if (saleEnd.note) errors.sale_end = `${quoteForWarning(raw.sale_end ?? "")} is not a date written YYYY-MM-DD`;
  const availability = readAvailability(raw.availability);
  if (availability === null) errors.availability = `${quoteForWarning(raw.availability ?? "")} is not one of ${AVAILABILITY_WORDS}`;
  const availableFrom = readIsoDate(raw.available_from);
  if (availableFrom.note) errors.available_from = `${quoteForWarning(raw.available_from ?? "")} is not a date written YYYY-MM-DD`;
  const link = readLink(raw.link);
  if (link.note) errors.link = `${quoteForWarning(raw.link ?? "")} is not an http(s) link`;
  const countries = readCountryCodes(countryItems);
  if (countries.unknown.length > 0) {
    errors.countries = `${countries.unknown.map(unknownCountryText).join(", ")} ${countries.unknown.length === 1 ? "is not an" : "are not"} ISO 3166-1 two-letter country ${countries.unknown.length === 1 ? "code" : "codes"}`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors, warnings: [] };
  const fields: OfferFields = {
    link: link.value,
    priceMinor: "value" in price ? price.value : null,
    currency: moneyCurrency,
    salePriceMinor: "value" in salePrice ? salePrice.value : null,
    saleEndsAt: saleEnd.value,
    availability: availability!,
    availableFrom: availableFrom.value,
    shippingNote: readText(raw.shipping_note),
    countries: countries.codes,
  };
  const warnings = saleWarnings(
    { priceCents: fields.priceMinor, salePriceCents: fields.salePriceMinor, saleEndsAt: fields.saleEndsAt },
    today,
    "sale_end",
  );
  return { ok: true, fields, warnings };
}

/** The most row errors one message names; the rest are counted. */
const NAMED_ERRORS = 10;

function refusal(errors: readonly string[]): string {
  const more = errors.length - NAMED_ERRORS;
  const named = errors.slice(0, NAMED_ERRORS).join("; ");
  return `${named}${more > 0 ? `; and ${more} more ${more === 1 ? "problem" : "problems"}` : ""}. Nothing is saved until ${errors.length === 1 ? "it is" : "they are"} fixed.`;
}

/** The message for rows the server could not match, in the same shape as the parse errors. */
export function offerRowsRefusal(errors: readonly string[]): string {
  return refusal(errors);
}

export function parseOfferCsv(text: string, options: { today?: string } = {}): OfferCsvOutcome {
  const file = readCsvFile(text);
  return file.ok ? readOfferRecords(file.records, options) : file;
}

export function readOfferRecords(records: readonly string[][], options: { today?: string } = {}): OfferCsvOutcome {
  const headerAt = records.findIndex((record) => !isBlankRecord(record));
  if (headerAt < 0) return { ok: false, error: IMPORT_MESSAGES.emptyFile };
  const header = records[headerAt]!;
  const names = header.map((cell) => cell.trim().toLowerCase());
  const missing = REQUIRED_OFFER_HEADERS.filter((required) => !names.includes(required));
  if (missing.length > 0) return { ok: false, error: `${IMPORT_MESSAGES.missingHeaders}${missing.join(", ")}` };

  const warnings: string[] = [];
  const index = new Map<OfferCsvColumn, number>();
  names.forEach((name, position) => {
    if ((OFFER_CSV_COLUMNS as readonly string[]).includes(name)) {
      if (index.has(name as OfferCsvColumn)) warnings.push(`Column "${name}" appears twice; the first one is used`);
      else index.set(name as OfferCsvColumn, position);
    } else if (name !== "") {
      warnings.push(`Column ${quoteForWarning(header[position] ?? name)} is not an offer field and was ignored`);
    }
  });
  // An amount means nothing without its currency: a file with prices but no currency column
  // says USD for every row (the default), so the currency is compared and saved with them.
  const hasMoney = index.has("price") || index.has("sale_price");
  const columns = OFFER_CSV_COLUMNS.filter(
    (column): column is OfferFieldColumn =>
      column !== "product_slug" && column !== "merchant" && (index.has(column) || (column === "currency" && hasMoney)),
  );

  const errors: string[] = [];
  const offers: OfferImport[] = [];
  /** Each (product, merchant) pair's rows: one offer per product and merchant, so a pair named twice is refused. */
  const rowsByPair = new Map<string, number[]>();
  records.slice(headerAt + 1).forEach((record, position) => {
    const rowNumber = position + 1;
    if (isBlankRecord(record)) return;
    const cell = (column: OfferCsvColumn) => {
      const at = index.get(column);
      return at === undefined ? undefined : (record[at] ?? "");
    };
    const productSlug = readSlug(cell("product_slug"));
    const merchant = readText(cell("merchant"));
    if (!productSlug || !merchant) {
      const absent = [!productSlug && "product_slug", !merchant && "merchant"].filter(Boolean).join(" and ");
      errors.push(`Row ${rowNumber}: ${absent} ${absent.includes(" and ") ? "are" : "is"} empty`);
      return;
    }
    const raw: RawOfferFields = {};
    for (const column of columns) raw[column] = cell(column);
    const read = readOfferFields(raw, readList(cell("countries")), options.today);
    if (!read.ok) {
      for (const [column, message] of Object.entries(read.errors)) errors.push(`Row ${rowNumber}: ${column} ${message}`);
      return;
    }
    warnings.push(...read.warnings.map((warning) => `Row ${rowNumber}: ${warning}`));
    const pair = `${productSlug}\u0000${merchant.toLowerCase()}`;
    const rows = rowsByPair.get(pair);
    if (rows) {
      rows.push(rowNumber);
      return;
    }
    rowsByPair.set(pair, [rowNumber]);
    offers.push({ rowNumber, productSlug, merchant, ...read.fields });
  });
  for (const [pair, rows] of rowsByPair) {
    if (rows.length < 2) continue;
    const [productSlug, merchant] = pair.split("\u0000");
    const list = `${rows.slice(0, -1).join(", ")} and ${rows.at(-1)}`;
    errors.push(`Rows ${list} name the same offer, ${productSlug} at ${merchant} (a product has one offer per merchant)`);
  }
  if (errors.length > 0) return { ok: false, error: refusal(errors) };
  if (offers.length === 0) return { ok: false, error: IMPORT_MESSAGES.noValidOffers };
  return { ok: true, offers, warnings, columns };
}
