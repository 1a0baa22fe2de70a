/**
 * Price text: '$' plus a thousands-grouped number, or
 * 'Contact for Price' when there is no price. Money is integer cents throughout the catalog.
 *
 * The number format is pinned to en-US (app/lib/text/number-text.ts) so the server and every browser print the same text
 * (no hydration mismatch, no '12.499 $' on a German laptop).
 */

import { formatDecimal } from "./number-text";

export const CONTACT_FOR_PRICE = "Contact for Price";

/**
 * '$12,499' for 1_249_900 cents, '$9,999.99' for 999_999 (cents only when not zero),
 * 'Contact for Price' for null.
 *
 * A price of zero or less, or a value that is not a finite number, is treated as absent: no
 * sauna sells for $0, and showing '$0' would be a false statement about the product.
 */
export function formatPrice(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents) || cents <= 0) return CONTACT_FOR_PRICE;
  const whole = Math.round(cents);
  if (whole % 100 === 0) return `$${formatDecimal(whole / 100)}`;
  return `$${formatDecimal(whole / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Whole dollars to cents, for tests and sample data written in dollars. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Cents as the plain dollar amount a CSV cell or a form field holds ('7650.00'), the form the
 * importer reads back; '' for no price. Structured data uses the same form (schema.org wants a
 * plain number, no currency sign or thousands separator).
 */
export function centsToDollarsText(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(2);
}

/** How each currency is written: its sign and its minor units (ISO 4217); others get their code and two decimals. */
const CURRENCY_FORMS: Record<string, { sign: string; digits: number }> = {
  USD: { sign: "$", digits: 2 },
  EUR: { sign: "€", digits: 2 },
  GBP: { sign: "£", digits: 2 },
  CAD: { sign: "CA$", digits: 2 },
  AUD: { sign: "A$", digits: 2 },
  NZD: { sign: "NZ$", digits: 2 },
  JPY: { sign: "¥", digits: 0 },
};

function currencyForm(currency: string): { sign: string; digits: number } {
  const code = currency.trim().toUpperCase();
  return CURRENCY_FORMS[code] ?? { sign: `${code} `, digits: 2 };
}

/**
 * An amount in minor units of `currency`, written like formatPrice: '$12,499', '€7,990',
 * '$9,999.99' (decimals only when not zero), 'SEK 89,900'. USD is exactly formatPrice, so every
 * existing price text stays as it was; no price is 'Contact for Price'.
 */
export function formatMoney(minor: number | null | undefined, currency: string): string {
  if (currency.trim().toUpperCase() === "USD") return formatPrice(minor);
  if (minor === null || minor === undefined || !Number.isFinite(minor) || minor <= 0) return CONTACT_FOR_PRICE;
  const { sign, digits } = currencyForm(currency);
  const whole = Math.round(minor);
  const scale = 10 ** digits;
  const fractionDigits = whole % scale === 0 ? 0 : digits;
  return `${sign}${formatDecimal(whole / scale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })}`;
}

/** Minor units as the plain decimal schema.org wants ('7650.00' for 765000 USD cents, '129900' for JPY). */
export function minorToDecimalText(minor: number, currency: string): string {
  const { digits } = currencyForm(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
