import { safeHttpUrl } from "../offers/buy-link";
import { dollarsToCents } from "../text/money";

/**
 * How one CSV (or form) value becomes a typed field; links and pictures that are not safe are
 * dropped. Each reader returns the value and, when the text had to be
 * changed or dropped, a note that the caller turns into a per-row warning.
 */

/** The largest price and weight a product may have (the columns hold two decimals). */
export const MAX_PRICE = 99_999_999.99;
export const MAX_WEIGHT = 9_999_999.99;
export const MIN_RATING = 0;
export const MAX_RATING = 5;
/** PostgreSQL's integer column; a bigger count is a typo, not a review count. */
export const MAX_INTEGER = 2_147_483_647;

export interface ReadValue<T> {
  value: T;
  /** Why the text was not used as given, phrased to follow the field name and value. */
  note?: string;
}

/** Trimmed text, or null when empty ("Empty values are saved as null"). */
export function readText(raw: string | undefined): string | null {
  const text = (raw ?? "").trim();
  return text === "" ? null : text;
}

/**
 * A slug as the site keeps it: trimmed and in lower case, so `DUP-1` and `dup-1` name one product
 * (addresses are case-insensitive to readers, and two pages differing only in case would split
 * their links and clicks). Null when empty.
 */
export function readSlug(raw: string | undefined): string | null {
  return readText(raw)?.toLowerCase() ?? null;
}

/**
 * The error for slugs used by more than one row of one file: saving would otherwise keep one row
 * silently. Rows are numbered as in the warnings (1 is the first row under the header); a few
 * repeats are named, then how many more.
 */
export function repeatedSlugsError(repeats: ReadonlyArray<{ slug: string; rows: readonly number[] }>): string {
  const NAMED = 5;
  const sentences = repeats.slice(0, NAMED).map(({ slug, rows }) => {
    const list = rows.length === 2 ? `${rows[0]} and ${rows[1]}` : `${rows.slice(0, -1).join(", ")} and ${rows.at(-1)}`;
    return `Rows ${list} both use the slug ${slug}`.replace(" both ", rows.length === 2 ? " both " : " all ");
  });
  const more = repeats.length - NAMED;
  return `${sentences.join("; ")}${more > 0 ? `; and ${more} more repeated ${more === 1 ? "slug" : "slugs"}` : ""}. Each slug may appear once in a file (letter case does not count); nothing is saved until it does.`;
}

/** Short enough to quote in a warning line. */
export function quoteForWarning(raw: string): string {
  const text = raw.trim().replace(/\s+/g, " ");
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

/**
 * A decimal: '12499', '12499.5', ' 12,499.00 ', '$12,499'. Thousands commas and a leading '$'
 * are accepted because spreadsheets export prices that way (parseFloat would read '12,499' as
 * 12). Anything else, and negative numbers, are not a number for a price or a weight.
 */
export function readDecimal(raw: string | undefined): ReadValue<number | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  const plain = text.replace(/^\$\s*/, "");
  const grouped = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(plain);
  const candidate = grouped ? plain.replace(/,/g, "") : plain;
  if (!/^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(candidate)) return { value: null, note: "is not a number (saved empty)" };
  const value = Number(candidate);
  if (!Number.isFinite(value)) return { value: null, note: "is not a number (saved empty)" };
  return { value };
}

/** Rounds to 2 decimals and caps at max: the rule for prices and weights. */
export function capDecimal(value: number, max: number): ReadValue<number> {
  if (value > max) return { value: max, note: `is above the maximum ${max} (saved as ${max})` };
  return { value: Math.round(value * 100) / 100 };
}

/** A price in dollars → integer cents, capped at 99,999,999.99. */
export function readPriceCents(raw: string | undefined): ReadValue<number | null> {
  const read = readDecimal(raw);
  if (read.value === null) return { value: null, note: read.note };
  const capped = capDecimal(read.value, MAX_PRICE);
  return { value: dollarsToCents(capped.value), note: capped.note };
}

/**
 * A calendar date written YYYY-MM-DD (what spreadsheets export as ISO and what the form's date
 * field sends). Other spellings are ambiguous (is 03/04 March or April?), so they are dropped.
 */
export function readIsoDate(raw: string | undefined): ReadValue<string | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = match ? new Date(`${text}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    return { value: null, note: "is not a date written YYYY-MM-DD (saved empty)" };
  }
  return { value: text };
}

/** Pounds, capped at 9,999,999.99 (the parse cap of 99,999,999.99 is below the save cap anyway). */
export function readWeight(raw: string | undefined): ReadValue<number | null> {
  const read = readDecimal(raw);
  if (read.value === null) return { value: null, note: read.note };
  return capDecimal(read.value, MAX_WEIGHT);
}

/** Rounded to one decimal, then clamped to 0..5: 7.34 → 5, 4.46 → 4.5, -2 → 0. */
export function clampRating(value: number): number {
  const rounded = Math.round(value * 10) / 10;
  return Math.min(MAX_RATING, Math.max(MIN_RATING, rounded));
}

export function readRating(raw: string | undefined): ReadValue<number | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return { value: null, note: "is not a number (saved empty)" };
  const number = Number(text);
  const value = clampRating(number);
  if (number < MIN_RATING || number > MAX_RATING) return { value, note: `is outside 0 to 5 (saved as ${value.toFixed(1)})` };
  return { value };
}

/**
 * A whole number: '4', '4.0', '1,250'. For capacity, '4 people' and '6-person' also read as the
 * number, because that is how capacities are written in spec sheets.
 */
const WHOLE_NUMBER = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?$/;
const WHOLE_NUMBER_OF_PERSONS = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.0+)?(?:\s*-?\s*(?:persons?|people|pers\.?))?$/i;

export function readInteger(raw: string | undefined, options: { personSuffix?: boolean } = {}): ReadValue<number | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  const match = (options.personSuffix ? WHOLE_NUMBER_OF_PERSONS : WHOLE_NUMBER).exec(text);
  if (!match) return { value: null, note: "is not a whole number (saved empty)" };
  const value = Number(match[1]!.replace(/,/g, ""));
  if (value > MAX_INTEGER) return { value: null, note: "is too large (saved empty)" };
  return { value };
}

/**
 * A list column (collection_ids, key_features, images): '[a, b]' or '["a", "b"]' is a list;
 * any other non-empty text is a one-item list; empty is an empty list.
 */
export function readList(raw: string | undefined): string[] {
  const text = (raw ?? "").trim();
  if (text === "") return [];
  if (!(text.startsWith("[") && text.endsWith("]"))) return [text];
  // Only a list that looks like JSON is tried as JSON: a failed JSON.parse costs an exception,
  // and 20,000 of them cost seconds.
  if (/^\[\s*("|\])/.test(text)) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) {
        return parsed.map((item) => (item === null || item === undefined ? "" : String(item).trim())).filter((item) => item !== "");
      }
    } catch {
      // Not JSON after all: read it loosely below.
    }
  }
  return text
    .slice(1, -1)
    .split(",")
    .map((item) =>
      item
        .trim()
        .replace(/^(["'])(.*)\1$/, "$2")
        .trim(),
    )
    .filter((item) => item !== "");
}

/** One item per line (the admin form's textareas). */
export function readLines(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A website or affiliate link is an absolute http(s) URL or nothing. 'javascript:…',
 * 'data:…', 'www.example.com' (no scheme) and '//host' are dropped.
 */
export function readLink(raw: string | undefined): ReadValue<string | null> {
  const text = (raw ?? "").trim();
  if (text === "") return { value: null };
  // Stricter than the buy link's rule: a space, quote, angle bracket or backslash in a stored
  // link is a paste error, not an address.
  const url = safeHttpUrl(text);
  if (url !== null && !/[\s<>"\\]/.test(url)) return { value: url };
  return { value: null, note: "is not an http(s) link (dropped)" };
}

/**
 * A picture is an absolute http(s) URL, a path on this site ('/images/x.webp'), or a bare
 * file name in the product-images bucket ('tyyni-front.jpg', which the pages resolve to
 * /storage/product-images/…). Any other scheme, a protocol-relative '//host' or a name with
 * a slash or backslash in it is dropped.
 */
export function readImageRef(raw: string): ReadValue<string | null> {
  const text = raw.trim();
  if (text === "") return { value: null };
  if (SCHEME.test(text))
    return readLink(text).value ? { value: text } : { value: null, note: "is not an http(s) link or a file name (dropped)" };
  if (text.includes("\\") || text.startsWith("//")) return { value: null, note: "is not an http(s) link or a file name (dropped)" };
  if (text.startsWith("/")) return { value: text };
  if (text.includes("/")) return { value: null, note: "is not an http(s) link or a file name (dropped)" };
  return { value: text };
}

/** 'true' or '1' (any case) is true; anything else is false (the collection CSV's 'featured'). */
export function readFlag(raw: string | undefined): boolean {
  const text = (raw ?? "").trim().toLowerCase();
  return text === "true" || text === "1";
}

const YES = new Set(["true", "yes", "1"]);
const NO = new Set(["false", "no", "0", ""]);

/**
 * A strict yes or no (the product CSV's best_seller): true/yes/1 and false/no/0 in any letter
 * case, empty for no. Anything else is null, never a guess: a claim shown to readers must be the
 * one the owner meant.
 */
export function readYesNo(raw: string | undefined): boolean | null {
  const text = (raw ?? "").trim().toLowerCase();
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return null;
}

/** The whole file is refused while a yes-or-no column holds something else; the rows and values are named. */
export function notYesOrNoError(column: string, bad: ReadonlyArray<{ rowNumber: number; raw: string }>): string {
  const NAMED = 5;
  const named = bad.slice(0, NAMED).map(({ rowNumber, raw }) => `row ${rowNumber} has ${quoteForWarning(raw)}`);
  const more = bad.length - NAMED;
  const list = `${named.join(", ")}${more > 0 ? ` and ${more} more ${more === 1 ? "row" : "rows"}` : ""}`;
  return `${column} must say yes or no, but ${list}. Write yes or no (true/false and 1/0 work too), or leave it empty for no; nothing is saved until then.`;
}
