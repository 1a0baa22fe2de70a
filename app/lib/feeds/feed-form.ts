import { readText } from "../csv/csv-values";
import type { FieldErrors, FormValues } from "../forms/parse-form";
import { FEED_FIELDS, FEED_FORMATS, type FeedColumnMapping, type FeedFormat } from "./feed-item";
import { readFeedSchedule, type FeedSchedule } from "./feed-schedule";
import { isCurrencyCode } from "../offers/currencies";
import type { DecimalMark } from "./feed-amounts";
import { currencyNamedIn } from "./feed-price";

/**
 * The admin's add/edit form for a merchant feed, and its column-mapping step. Every value is
 * checked here, on the server; a problem is an error beside its field.
 */

export const FEED_FORM_FIELDS = ["name", "merchant_id", "source_kind", "url", "format", "schedule", "currency", "decimal_mark"] as const;
export type FeedFormField = (typeof FEED_FORM_FIELDS)[number] | "file";
export type FeedFormValues = Partial<Record<(typeof FEED_FORM_FIELDS)[number], string>>;

/** What the feed form shows: the values typed, and after a refused save, what was wrong. */
export interface FeedFormState {
  values: FormValues;
  fieldErrors?: FieldErrors<FeedFormField>;
  formError?: string | null;
}

export const FEED_FORMAT_LABELS: Record<FeedFormat, string> = {
  "google-xml": "Google Merchant Center XML",
  "google-tsv": "Google Merchant Center TSV or CSV",
  "csv-mapped": "Other CSV (choose the columns)",
};

export interface FeedInput {
  name: string;
  merchantId: number;
  sourceKind: "url" | "upload";
  url: string | null;
  /** null: told from the file on each read. */
  format: FeedFormat | null;
  schedule: FeedSchedule;
  /** The prices' currency when neither a price nor a currency column says; kept as given, never converted. */
  currency: string | null;
  /** null: decided from the file's first prices. */
  decimalMark: DecimalMark | null;
}

export const DECIMAL_MARK_LABELS: Record<DecimalMark, string> = {
  ",": "Decimal comma (14.990,00)",
  ".": "Decimal point (14,990.00)",
};

export function readFeedForm(
  values: FeedFormValues,
  options: { hasUpload: boolean },
): { ok: true; feed: FeedInput } | { ok: false; errors: Partial<Record<FeedFormField, string>> } {
  const errors: Partial<Record<FeedFormField, string>> = {};
  const name = readText(values.name);
  if (!name) errors.name = "Name the feed, e.g. Nordic Bath full catalogue.";
  else if (name.length > 120) errors.name = "Use at most 120 characters.";

  const merchantId = Number(values.merchant_id);
  if (!Number.isInteger(merchantId) || merchantId <= 0) errors.merchant_id = "Choose the shop this feed lists.";

  const sourceKind = values.source_kind === "upload" ? "upload" : "url";
  let url: string | null = null;
  if (sourceKind === "url") {
    const text = readText(values.url);
    try {
      const parsed = new URL(text ?? "");
      if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error("not http");
      url = parsed.toString();
    } catch {
      errors.url = "Write the feed's address, starting with http:// or https://.";
    }
  } else if (!options.hasUpload) {
    errors.file = "Choose the feed file to upload.";
  }

  const formatText = values.format ?? "";
  const format =
    formatText === "" ? null : (FEED_FORMATS as readonly string[]).includes(formatText) ? (formatText as FeedFormat) : undefined;
  if (format === undefined) errors.format = "Choose a format, or leave it to be detected.";

  const schedule = readFeedSchedule(values.schedule || "off");
  if (!schedule) errors.schedule = "Choose how often the feed is read.";

  const currencyText = (values.currency ?? "").trim().toUpperCase();
  if (currencyText !== "" && !isCurrencyCode(currencyText)) {
    errors.currency = "Write the three-letter code of the prices' currency, e.g. EUR or USD.";
  }
  const markText = values.decimal_mark ?? "";
  if (markText !== "" && markText !== "," && markText !== ".")
    errors.decimal_mark = "Choose a decimal separator, or leave it to be read from the file.";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    feed: {
      name: name!,
      merchantId,
      sourceKind,
      url,
      format: format ?? null,
      schedule: schedule!,
      currency: currencyText || null,
      decimalMark: markText === "" ? null : (markText as DecimalMark),
    },
  };
}

/** The fields a mapping must name a column for. */
export const REQUIRED_MAPPED_FIELDS = ["id", "price"] as const;

/**
 * The mapping step's form (`map_<field>` = a column name of the file, or empty; `feed_currency`
 * = the prices' currency when neither they nor a column say). `sample` is the file's first rows:
 * a mapping whose prices would have no currency is refused with the question, not saved to fail
 * at every run.
 */
export function readMappingForm(
  values: Record<string, string>,
  columns: readonly string[],
  sample: readonly (readonly string[])[] = [],
): { ok: true; mapping: FeedColumnMapping; currency: string | null } | { ok: false; error: string } {
  const mapping: FeedColumnMapping = {};
  for (const field of FEED_FIELDS) {
    const column = (values[`map_${field}`] ?? "").trim();
    if (column === "") continue;
    if (!columns.includes(column)) return { ok: false, error: `The file has no column "${column}". Choose one of its columns.` };
    mapping[field] = column;
  }
  const missing = REQUIRED_MAPPED_FIELDS.filter((field) => !mapping[field]);
  if (missing.length > 0) return { ok: false, error: `Choose the column that holds each item's ${missing.join(" and the ")}.` };
  const currency = (values.feed_currency ?? "").trim().toUpperCase() || null;
  if (currency !== null && !isCurrencyCode(currency)) {
    return { ok: false, error: `"${values.feed_currency!.trim()}" is not a currency code: write three letters, e.g. EUR or USD.` };
  }
  if (currency === null && !mapping.currency) {
    const position = columns.indexOf(mapping.price!);
    const bare = sample.map((row) => row[position] ?? "").find((cell) => cell.trim() !== "" && currencyNamedIn(cell) === null);
    if (bare !== undefined) {
      return {
        ok: false,
        error: `Which currency are these prices in? Prices like "${bare.trim()}" name none: write the currency, or choose the column that holds it. Prices are kept in it, never converted.`,
      };
    }
  }
  return { ok: true, mapping, currency };
}
