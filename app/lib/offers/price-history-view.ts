import type { Product } from "../catalog/catalog";
import { formatMoney } from "../text/money";
import type { PriceSettings } from "./display-price";
import {
  addDays,
  dailyLowestPrices,
  isLowestInDays,
  priceDropPercent,
  priceSteps,
  seriesFromSteps,
  DROP_WINDOW_DAYS,
  type DayPrice,
  type PriceStep,
} from "./price-series";

/**
 * What the product page and the cards show of a product's price history, made from the rows the
 * loader attached (`product.priceHistory`) and the same settings the displayed price uses.
 */

/** The product page reads a year; the chart shows 90 days, and the year on request. */
export const HISTORY_DAYS = 365;
export const SHORT_RANGE_DAYS = 90;
/** The cards read only what "Price dropped" needs: the 30 days before today, and today. */
export const CARD_HISTORY_DAYS = DROP_WINDOW_DAYS + 1;

export interface PriceHistoryView {
  /** The last day, YYYY-MM-DD. */
  today: string;
  currency: string;
  /** The lowest price as its changes, oldest first, over the past year: small enough to send to the page. */
  steps: PriceStep[];
  /** Today's price is the lowest of the past 90 days (docs/decisions/0063). */
  lowestIn90: boolean;
}

function lowestSeries(product: Product, settings: PriceSettings, days: number): DayPrice[] | null {
  if (!product.priceHistory) return null;
  return dailyLowestPrices(product.priceHistory, product.offers ?? [], settings, days);
}

/** The product page's chart data; null without at least two days with a price (a single point is no history). */
export function priceHistoryView(product: Product, settings: PriceSettings): PriceHistoryView | null {
  const series = lowestSeries(product, settings, HISTORY_DAYS);
  if (!series || series.filter((point) => point.amountMinor !== null).length < 2) return null;
  return {
    today: settings.today,
    currency: settings.currency.trim().toUpperCase(),
    steps: priceSteps(series),
    lowestIn90: isLowestInDays(series),
  };
}

/** "Price dropped N%" for a card, or null (no history read, or no real drop). */
export function productPriceDrop(product: Product, settings: PriceSettings): number | null {
  const series = lowestSeries(product, settings, CARD_HISTORY_DAYS);
  return series ? priceDropPercent(series) : null;
}

/** The days `days` back to today of the view, a value per day. */
export function historyRange(view: PriceHistoryView, days: number): DayPrice[] {
  return seriesFromSteps(view.steps, addDays(view.today, -(days - 1)), view.today);
}

// Made once: a formatter per call costs about 95 µs, and a chart labels every one of its days.
const SHORT_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** 'Nov 20' */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The chart's one-line summary for screen readers: 'Lowest price over 90 days: from $9,600 to
 * $9,200; lowest $9,200 on Nov 20.' (the first day the lowest was reached).
 */
export function historySummary(series: readonly DayPrice[], currency: string, label: string): string {
  const priced = series.filter((point): point is DayPrice & { amountMinor: number } => point.amountMinor !== null);
  const first = priced[0];
  const last = priced.at(-1);
  if (!first || !last) return `Lowest price over ${label}: no price known.`;
  const lowest = priced.reduce((best, point) => (point.amountMinor < best.amountMinor ? point : best), first);
  const money = (minor: number) => formatMoney(minor, currency);
  const since = first.day === series[0]?.day ? "from" : `from ${shortDay(first.day)} at`;
  return `Lowest price over ${label}: ${since} ${money(first.amountMinor)} to ${money(last.amountMinor)}; lowest ${money(lowest.amountMinor)} on ${shortDay(lowest.day)}.`;
}

/** The table alternative: one row per change in the range, newest first. */
export function historyRows(view: PriceHistoryView, days: number): Array<{ from: string; price: string; shop: string }> {
  const start = addDays(view.today, -(days - 1));
  const inRange = view.steps.filter((step, index) => step.from >= start || (view.steps[index + 1]?.from ?? "9999") > start);
  return inRange
    .map((step) => ({
      from: step.from < start ? start : step.from,
      price: step.amountMinor === null ? "No price" : formatMoney(step.amountMinor, view.currency),
      shop: step.merchantName ?? (step.amountMinor === null ? "" : "A former shop"),
    }))
    .reverse();
}
