import { MAX_PRICE } from "../csv/csv-values";
import { currencyDigits, isCurrencyCode } from "../offers/currencies";
import { splitAmountWith, type DecimalMark } from "./feed-amounts";

/**
 * A feed's price text → integer minor units and its currency. Google writes "1299.00 USD"; shops
 * also send "USD 1299.00", "1,299.00 USD" and, from European systems, "1.299,00 EUR". The amount
 * is read as text, never through floating point, and an amount with more decimals than its
 * currency has is refused rather than rounded: "1.299 EUR" is far more likely a thousand euros
 * than one euro thirty.
 */

export type FeedPrice = { ok: true; minor: number; currency: string } | { ok: false; reason: string };

/** The example every refusal ends with, in the currency the owner will recognise. */
function example(currency: string | null): string {
  const code = currency ?? "USD";
  const digits = currencyDigits(code);
  return `write it like ${digits === 0 ? "1299" : `1299.${"0".repeat(digits)}`} ${code}`;
}

function quoted(raw: string): string {
  const text = raw.trim().replace(/\s+/g, " ");
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

const SYMBOLS: Record<string, string> = { "€": "EUR", "£": "GBP" };
const DOLLARS = new Set(["USD", "CAD", "AUD", "NZD", "SGD", "HKD"]);

/**
 * "USD 1299.00" / "1299.00 USD" / "1299.00" / "$1,299.00" / "1.299,00 €" → the amount's text and
 * the code (null when none). "$" is the site's currency when that is a dollar, else US dollars;
 * the symbols that name one currency (€, £) are read as it.
 */
function splitCurrency(text: string, defaultCurrency: string | null): { amount: string; code: string | null } {
  const before = /^([A-Za-z]{3})\s*(.*)$/.exec(text);
  if (before && /\d/.test(before[2]!)) return { amount: before[2]!.trim(), code: before[1]!.toUpperCase() };
  const after = /^(.*?)\s*([A-Za-z]{3})$/.exec(text);
  if (after && /\d/.test(after[1]!)) return { amount: after[1]!.trim(), code: after[2]!.toUpperCase() };
  const leading = /^([$€£])\s*(.*)$/.exec(text);
  const trailing = /^(.*?)\s*([$€£])$/.exec(text);
  const [mark, amount] = leading ? [leading[1]!, leading[2]!] : trailing ? [trailing[2]!, trailing[1]!] : [null, text];
  if (mark === "$") return { amount: amount.trim(), code: defaultCurrency && DOLLARS.has(defaultCurrency) ? defaultCurrency : "USD" };
  if (mark !== null) return { amount: amount.trim(), code: SYMBOLS[mark]! };
  return { amount: text, code: null };
}

/** The currency a price cell names itself ("15400.00 USD", "€ 14,99"), or null when it names none. */
export function currencyNamedIn(raw: string): string | null {
  return splitCurrency(raw.trim(), null).code;
}

/**
 * "1,299.00" / "1.299,00" / "1 299,00" / "1299" → whole and fraction digits, or null when the
 * text is not an amount. The last separator is the decimal mark unless it, like every separator
 * before it, groups three digits ("1,299", "1.299.000"). A lone "1.299" stays a decimal, which the
 * currency's digits then refuse, since a point may be either.
 */
function splitAmount(text: string): { whole: string; fraction: string } | null {
  const compact = text.replace(/(?<=\d)[\s\u00a0\u202f'](?=\d{3}\b)/g, "");
  if (/^\d+$/.test(compact)) return { whole: compact, fraction: "" };
  const match = /^(\d*)(?:([.,])(\d+))$/.exec(compact) ?? /^(\d{1,3}(?:([.,])\d{3})+)([.,])(\d+)$/.exec(compact);
  if (!match) return null;
  if (match.length === 4) {
    // One separator: "1,299" is grouping, "12,99", "1299.00" and "1.299" are decimals.
    const [, whole, mark, after] = match as unknown as [string, string, string, string];
    if (mark === "," && after.length === 3 && /^[1-9]\d{0,2}$/.test(whole)) return { whole: `${whole}${after}`, fraction: "" };
    return { whole: whole || "0", fraction: after };
  }
  const [, before, group, mark, after] = match as unknown as [string, string, string, string, string];
  if (mark === group) return after.length === 3 ? { whole: `${before}${after}`.replace(/[.,]/g, ""), fraction: "" } : null;
  return { whole: before.replace(/[.,]/g, ""), fraction: after };
}

/**
 * Reads one price. `field` names it in the reason ("Price", "Sale price"); `defaultCurrency` is
 * used when the text has no code (the site's currency). Zero is refused unless allowed (shipping may be free; an item is not).
 */
export function parseFeedPrice(
  raw: string,
  defaultCurrency: string | null | undefined,
  field = "Price",
  options: { allowZero?: boolean; decimalMark?: DecimalMark } = {},
): FeedPrice {
  const text = raw.trim();
  if (text === "") return { ok: false, reason: `${field} is empty: ${example(defaultCurrency ?? null)}.` };
  const { amount, code } = splitCurrency(text, defaultCurrency ? defaultCurrency.toUpperCase() : null);
  if (code !== null && !isCurrencyCode(code)) {
    return {
      ok: false,
      reason: `${field} ${quoted(raw)} has "${code}", which is not an ISO 4217 currency code (such as USD, EUR or GBP).`,
    };
  }
  const currency = code ?? (defaultCurrency ? defaultCurrency.toUpperCase() : null);
  if (/^-/.test(amount)) return { ok: false, reason: `${field} ${quoted(raw)} is negative: ${example(currency)}.` };
  // A feed whose decimal mark was decided from its rows reads every cell that way, never by a guess per cell.
  const parts = options.decimalMark ? splitAmountWith(amount, options.decimalMark) : splitAmount(amount);
  if (parts === null) {
    // Say which way only of an amount that reads the other way ("14,990.00" in a decimal-comma feed), not of "free".
    const how =
      options.decimalMark && splitAmount(amount) !== null
        ? ` with a decimal ${options.decimalMark === "," ? "comma" : "point"}, as the feed's other prices are`
        : "";
    return { ok: false, reason: `${field} ${quoted(raw)} is not an amount${how}: ${example(currency)}.` };
  }
  if (currency === null) return { ok: false, reason: `${field} ${quoted(raw)} has no currency: ${example(null)}.` };
  const digits = currencyDigits(currency);
  const fraction = parts.fraction.replace(/0+$/, "");
  if (fraction.length > digits) {
    return {
      ok: false,
      reason: `${field} ${quoted(raw)} has more decimals than ${currency} has (${digits}): ${example(currency)}.`,
    };
  }
  const minor = Number(`${parts.whole}${fraction.padEnd(digits, "0")}`);
  if (!Number.isSafeInteger(minor)) return { ok: false, reason: `${field} ${quoted(raw)} is not an amount: ${example(currency)}.` };
  if (minor === 0 && !options.allowZero)
    return { ok: false, reason: `${field} ${quoted(raw)} is zero; an item for sale needs a price above 0.` };
  if (minor / 10 ** digits > MAX_PRICE) {
    return { ok: false, reason: `${field} ${quoted(raw)} is above the largest price the site keeps, ${MAX_PRICE}.` };
  }
  return { ok: true, minor, currency };
}
