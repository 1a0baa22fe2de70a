/**
 * ISO 4217 currencies for offers: which codes exist, how many decimals their minor unit has
 * (cents for USD, none for JPY, fils for KWD), and amounts in major units (what people type and
 * what the CSV holds) against integer minor units (what the database keeps).
 */

/** Used where Intl cannot list currencies (an old browser); the server always has the full list. */
const FALLBACK = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "JPY"];

let known: ReadonlySet<string> | null = null;

function knownCurrencies(): ReadonlySet<string> {
  known ??= new Set(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : FALLBACK);
  return known;
}

export const DEFAULT_CURRENCY = "USD";

/** "EUR" yes; "EURO", "eur" (callers upper-case first), "€" no. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && knownCurrencies().has(code);
}

const digitsCache = new Map<string, number>();

/** Decimals of the currency's minor unit: 2 for USD and EUR, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** 1299.5 EUR → 129950; rounded to the minor unit. */
export function majorToMinor(major: number, currency: string): number {
  return Math.round(major * 10 ** currencyDigits(currency));
}

/** 129950 EUR → "1299.50", the plain form the CSV and the forms read back; "" for none. */
export function minorToMajorText(minor: number | null, currency: string): string {
  if (minor === null) return "";
  const digits = currencyDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}

// One formatter per currency and form, kept: building one costs about a hundred times a format.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$7,650", "€1,299.50", "¥150,000" as the admin reads it; whole amounts without decimals. */
export function formatMinor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const whole = minor % 10 ** digits === 0;
  const key = `${currency}:${whole}`;
  try {
    let format = moneyFormats.get(key);
    if (!format) {
      format = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        minimumFractionDigits: whole ? 0 : digits,
        maximumFractionDigits: digits,
      });
      moneyFormats.set(key, format);
    }
    return format.format(minor / 10 ** digits);
  } catch {
    return `${minorToMajorText(minor, currency)} ${currency}`;
  }
}
