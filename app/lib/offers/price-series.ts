import {
  displayPrice,
  effectivePriceMinor,
  isBuyable,
  servesCountry,
  type OfferAvailability,
  type OfferForPrice,
  type PriceSettings,
} from "./display-price";

/**
 * A product's lowest price day by day, from its offers' recorded history (docs/decisions/0060,
 * 0063), and the two claims made from it: "Price dropped N%" and "Lowest price in 90 days". Pure:
 * the server reads the rows, the caller passes the clock and the site's settings.
 *
 * A day's value is the lowest price a reader in the site's country could pay at the END of that
 * UTC day (each offer's state then, a sale counted when it runs on that day), not the lowest
 * moment within it: today's value is then simply the price shown now, and a price that was cut
 * and put back within one day is not a price anyone could still rely on. Today's value is the
 * displayed price itself (`displayPrice`), so the chart's last point and the page's price never
 * disagree, even about a feed price too old to show.
 */

/** One recorded state of one offer: it holds from `recordedAt` until that offer's next entry. */
export interface PriceHistoryEntry {
  /** The row's id: orders two entries recorded at the same instant. */
  id: number;
  offerId: number;
  /** The shop's name; null when the shop itself was removed. */
  merchantName: string | null;
  /** The shop's countries ([] = everywhere), for an offer no longer listed (whose own countries are gone). */
  merchantCountries: string[];
  priceMinor: number | null;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  currency: string;
  availability: OfferAvailability;
  /** ISO instant. */
  recordedAt: string;
}

/** An offer listed now: where it sells, and what today's price is made of. */
export type ListedOffer = OfferForPrice & { id: number };

export interface DayPrice {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** The lowest price a reader could pay at the end of the day; null = no price known (before the first record, or no shop could sell). */
  amountMinor: number | null;
  /** The shop with that price. */
  merchantName: string | null;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' shifted by whole days. */
export function addDays(day: string, days: number): string {
  return dayOfEpochDay(epochDayOf(day) + days);
}

/** Whole days from 1970-01-01 to 'YYYY-MM-DD' (UTC). */
function epochDayOf(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/**
 * 'YYYY-MM-DD' of a day counted from 1970-01-01, in integer arithmetic (the proleptic Gregorian
 * calendar, Hinnant's days-to-civil). A product page names a year of days; a Date and its
 * toISOString per day were a tenth of the page's render time.
 */
function dayOfEpochDay(epochDay: number): string {
  const shifted = epochDay + 719_468; // days from 0000-03-01, so a leap day ends each year
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

const sameCurrency = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The lowest price per day for the `days` days ending today (oldest first; today last), in the
 * site's currency, among the offers that serve the site's country and can be ordered. Where an
 * offer sells is read from the offer as listed now (the history keeps prices, not countries); an
 * offer no longer listed sells where its shop does.
 */
export function dailyLowestPrices(
  entries: readonly PriceHistoryEntry[],
  listed: readonly ListedOffer[],
  settings: PriceSettings,
  days: number,
): DayPrice[] {
  const countriesOf = new Map(listed.map((offer) => [offer.id, offer]));
  const byOffer = new Map<number, PriceHistoryEntry[]>();
  // Each time read once: a page's cards go through a month of rows each.
  const recordedAt = new Map(entries.map((entry) => [entry, Date.parse(entry.recordedAt)]));
  const timeOf = (entry: PriceHistoryEntry) => recordedAt.get(entry) as number;
  const sorted = [...entries].sort((a, b) => timeOf(a) - timeOf(b) || a.id - b.id);
  for (const entry of sorted) {
    const list = byOffer.get(entry.offerId);
    if (list) list.push(entry);
    else byOffer.set(entry.offerId, [entry]);
  }
  const timelines = [...byOffer].filter(([offerId, list]) => {
    const where = countriesOf.get(offerId) ?? { countries: [], merchantCountries: list.at(-1)!.merchantCountries };
    return servesCountry(where, settings.country);
  });

  // Days go forward, so each offer's place in its timeline only moves forward: one pass over the rows.
  const cursors = timelines.map(() => -1);
  const series: DayPrice[] = [];
  const today = epochDayOf(settings.today);
  for (let index = days - 1; index >= 1; index--) {
    const day = dayOfEpochDay(today - index);
    const endOfDay = (today - index + 1) * DAY_MS;
    let best: DayPrice = { day, amountMinor: null, merchantName: null };
    for (const [position, [, timeline]] of timelines.entries()) {
      let cursor = cursors[position] as number;
      while (cursor + 1 < timeline.length && timeOf(timeline[cursor + 1] as PriceHistoryEntry) < endOfDay) cursor++;
      cursors[position] = cursor;
      const state = timeline[cursor];
      if (!state || !sameCurrency(state.currency, settings.currency) || !isBuyable(state.availability)) continue;
      const amount = effectivePriceMinor(state, day);
      if (amount === null) continue;
      const cheaper =
        best.amountMinor === null ||
        amount < best.amountMinor ||
        (amount === best.amountMinor && (state.merchantName ?? "") < (best.merchantName ?? ""));
      if (cheaper) best = { day, amountMinor: amount, merchantName: state.merchantName };
    }
    series.push(best);
  }
  series.push(todayPrice(listed, settings));
  return series;
}

/** Today's point: the displayed price, or no value when the page shows "Check price" or no price. */
function todayPrice(currentOffers: readonly OfferForPrice[], settings: PriceSettings): DayPrice {
  const price = displayPrice(currentOffers, settings);
  if (price.kind !== "price") return { day: settings.today, amountMinor: null, merchantName: null };
  const offer = currentOffers.find((candidate) => candidate.merchantSlug === price.merchantSlug);
  return { day: settings.today, amountMinor: price.amountMinor, merchantName: offer?.merchantName ?? null };
}

/** The median of the values (the mean of the middle two for an even count, rounded); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.round(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/** "Price dropped" compares today with the median of the 30 days before it... */
export const DROP_WINDOW_DAYS = 30;
/** ...of which at least this many must have a price, or there is no past to compare with. */
export const DROP_MIN_DAYS = 20;
/** A drop is claimed only from 5% down: smaller moves are noise, not news. */
export const DROP_MIN_FRACTION = 0.05;
/** "Lowest price in 90 days" looks back 90 days... */
export const LOWEST_WINDOW_DAYS = 90;
/** ...and needs at least 30 of them with a price to mean something. */
export const LOWEST_MIN_DAYS = 30;

/** The values of the `window` days before the series' last day (today), gaps left out. */
function pastValues(series: readonly DayPrice[], window: number): number[] {
  return series
    .slice(Math.max(0, series.length - 1 - window), series.length - 1)
    .map((point) => point.amountMinor)
    .filter((amount): amount is number => amount !== null);
}

/**
 * How much today's price is under the median of the previous 30 days' lowest prices, in whole
 * percent, when it is at least 5% under; else null. Null too when today has no price or fewer than
 * 20 of those days had one: a badge claims only what the history shows.
 */
export function priceDropPercent(series: readonly DayPrice[]): number | null {
  const today = series.at(-1)?.amountMinor ?? null;
  const past = pastValues(series, DROP_WINDOW_DAYS);
  const typical = median(past);
  if (today === null || typical === null || past.length < DROP_MIN_DAYS) return null;
  if (today > typical * (1 - DROP_MIN_FRACTION)) return null;
  return Math.round(((typical - today) / typical) * 100);
}

/**
 * True when today's price is at or below every day's lowest price in the 90 days before it, with
 * at least 30 of those days priced, and below at least one of them: a price that never moved is
 * not news, and saying "lowest in 90 days" of it would suggest a deal that is not there.
 */
export function isLowestInDays(series: readonly DayPrice[], window = LOWEST_WINDOW_DAYS): boolean {
  const today = series.at(-1)?.amountMinor ?? null;
  const past = pastValues(series, window);
  if (today === null || past.length < LOWEST_MIN_DAYS) return false;
  return past.every((amount) => today <= amount) && past.some((amount) => today < amount);
}

/** A run of days with the same lowest price (and shop): the chart's steps and the table's rows. */
export interface PriceStep {
  /** The run's first day, YYYY-MM-DD. */
  from: string;
  amountMinor: number | null;
  merchantName: string | null;
}

/** The series as its changes: each day whose price or shop differs from the day before starts a step. Leading gaps are dropped. */
export function priceSteps(series: readonly DayPrice[]): PriceStep[] {
  const steps: PriceStep[] = [];
  for (const point of series) {
    const last = steps.at(-1);
    if (!last && point.amountMinor === null) continue;
    if (last && last.amountMinor === point.amountMinor && last.merchantName === point.merchantName) continue;
    steps.push({ from: point.day, amountMinor: point.amountMinor, merchantName: point.merchantName });
  }
  return steps;
}

/** The series back from its steps, for the days `from`..`to`: days before the first step have no value. */
export function seriesFromSteps(steps: readonly PriceStep[], from: string, to: string): DayPrice[] {
  const days: DayPrice[] = [];
  let index = -1;
  const last = epochDayOf(to);
  for (let epochDay = epochDayOf(from); epochDay <= last; epochDay++) {
    const day = dayOfEpochDay(epochDay);
    while (index + 1 < steps.length && (steps[index + 1] as PriceStep).from <= day) index++;
    const step = steps[index];
    days.push({ day, amountMinor: step?.amountMinor ?? null, merchantName: step?.merchantName ?? null });
  }
  return days;
}
