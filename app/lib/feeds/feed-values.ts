import { readAvailability } from "../csv/offer-csv";
import { currencyDigits } from "../offers/currencies";
import type { OfferAvailability } from "../offers/display-price";
import { parseFeedPrice } from "./feed-price";

/**
 * How a feed's text attributes become an item's fields, following Google Merchant Center's
 * product data specification where it says how a value is written.
 */

/** Google's words (current and retired) and a few every shop system uses. */
const GOOGLE_AVAILABILITY: Record<string, OfferAvailability> = {
  instock: "InStock",
  available: "InStock",
  availablefororder: "InStock",
  limitedavailability: "InStock",
  outofstock: "OutOfStock",
  soldout: "OutOfStock",
  preorder: "PreOrder",
  backorder: "BackOrder",
  discontinued: "Discontinued",
  // A yes/no stock column, as Awin's in_stock (1 or 0) and many shop exports write it.
  "1": "InStock",
  "0": "OutOfStock",
  yes: "InStock",
  no: "OutOfStock",
  true: "InStock",
  false: "OutOfStock",
  // German shop systems' words (Shopware, JTL, Gambio export these as written).
  lieferbar: "InStock",
  sofortlieferbar: "InStock",
  auflager: "InStock",
  nichtlieferbar: "OutOfStock",
  ausverkauft: "OutOfStock",
  vorbestellbar: "PreOrder",
  vorbestellung: "PreOrder",
};

/** "in stock", "in_stock", "out of stock", "preorder", "backorder", 1/0 and yes/no, German "lieferbar"/"nicht lieferbar"/"vorbestellbar", schema.org's names → schema.org's; anything else "unknown". */
export function readFeedAvailability(raw: string | undefined): OfferAvailability {
  const key = (raw ?? "")
    .trim()
    .replace(/^https?:\/\/schema\.org\//i, "")
    .replace(/[\s_-]+/g, "")
    .toLowerCase();
  return GOOGLE_AVAILABILITY[key] ?? readAvailability(raw) ?? "unknown";
}

export interface SaleDates {
  startsAt: string | null;
  endsAt: string | null;
  warning?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

/** The calendar day an ISO date or date-time was written for, as written (the shop's own day, not converted to UTC). */
function dayOf(text: string): string | null {
  const match = DAY.exec(text.trim());
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day) ? `${year}-${month}-${day}` : null;
}

/**
 * sale_price_effective_date: an ISO 8601 interval "2026-11-01T00:00-0800/2026-11-30T23:59-0800"
 * (Google's form), dates alone, or one end left open ("/2026-11-30"). Each end becomes the day
 * it was written for; an unreadable interval is dropped with a warning (the sale price stays,
 * without dates).
 */
export function readSaleDates(raw: string | undefined): SaleDates {
  const text = (raw ?? "").trim();
  if (text === "") return { startsAt: null, endsAt: null };
  const quoted = JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);
  const ends = text.split("/");
  const unreadable = {
    startsAt: null,
    endsAt: null,
    warning: `Sale dates ${quoted} are not an interval like 2026-11-01T00:00-0800/2026-11-30T23:59-0800; the sale is read without dates.`,
  };
  if (ends.length !== 2) return unreadable;
  const [startText, endText] = ends as [string, string];
  const startsAt = startText.trim() === "" ? null : dayOf(startText);
  const endsAt = endText.trim() === "" ? null : dayOf(endText);
  if ((startText.trim() !== "" && startsAt === null) || (endText.trim() !== "" && endsAt === null)) return unreadable;
  if (startsAt !== null && endsAt !== null && endsAt < startsAt) {
    return { ...unreadable, warning: `Sale dates ${quoted} end before they start; the sale is read without dates.` };
  }
  return { startsAt, endsAt };
}

/**
 * availability_date: the day a pre-order or back-order ships, an ISO 8601 date or date-time
 * ("2027-01-15T13:00-0800", Google's form, or "2027-01-15"), read as the day it was written for.
 * Anything else is left out with a warning; the item itself is kept.
 */
export function readAvailabilityDate(raw: string | undefined): { day: string | null; warning?: string } {
  const text = (raw ?? "").trim();
  if (text === "") return { day: null };
  const day = dayOf(text);
  if (day !== null) return { day };
  const quoted = JSON.stringify(text.length > 60 ? `${text.slice(0, 59)}…` : text);
  return { day: null, warning: `Availability date ${quoted} is not a date like 2027-01-15; the item is read without it.` };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$49.00", "€14,990.00", cents always shown: one formatter per currency, since making one costs more than reading a whole row. */
export function formatFeedAmount(minor: number, currency: string): string {
  let format = moneyFormats.get(currency);
  if (!format) {
    const digits = currencyDigits(currency);
    format = new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(currency, format);
  }
  return format.format(minor / 10 ** currencyDigits(currency));
}

/**
 * Google's shipping "US:CA:Overnight:16.00 USD" (country:region:service:price; several separated
 * by commas) → "US CA Overnight: $16.00", a note for the owner and readers. Text in any other form is
 * kept as written.
 */
export function readShipping(raw: string | undefined): string | null {
  const text = (raw ?? "").replace(/\s+/g, " ").trim();
  if (text === "") return null;
  const entries = text.split(/\s*,\s*(?=[A-Za-z]{2}:)/);
  const notes: string[] = [];
  for (const entry of entries) {
    const parts = entry.split(":").map((part) => part.trim());
    if (parts.length !== 4 || !/^[A-Za-z]{2}$/.test(parts[0]!)) return text.slice(0, 500);
    const [country, region, service, priceText] = parts as [string, string, string, string];
    const price = parseFeedPrice(priceText, null, "Shipping", { allowZero: true });
    const where = [country.toUpperCase(), region, service].filter((part) => part !== "").join(" ");
    notes.push(`${where}: ${price.ok ? formatFeedAmount(price.minor, price.currency) : priceText === "" ? "price not given" : priceText}`);
  }
  return notes.join("; ").slice(0, 500);
}

/** Trimmed, white space runs folded, at most `max` characters; null when empty. */
export function readFeedText(raw: string | undefined, max = 500): string | null {
  const text = (raw ?? "").replace(/\s+/g, " ").trim();
  return text === "" ? null : text.slice(0, max);
}
