/**
 * Dates as the site prints them: long US format. Always in UTC, so the
 * server's HTML and the browser's hydration agree whatever the reader's time zone.
 */

function asDate(value: string): Date {
  // A bare calendar date means that day, not local midnight somewhere.
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

// Made once: `toLocaleDateString` with options builds a formatter on every call (about 95 µs
// here, against 1 µs for a kept one), and a list page prints a date on each of its cards.
const LONG_US_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const MONTH_YEAR = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", timeZone: "UTC" });
const SHORT_US_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const HOURS_MINUTES = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
const HOURS_MINUTES_SECONDS = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", timeZone: "UTC" });

/** 'January 15, 2025' */
export function formatLongUsDate(value: string): string {
  return LONG_US_DATE.format(asDate(value));
}

/** 'April 2025' */
export function formatMonthYear(value: string): string {
  return MONTH_YEAR.format(asDate(value));
}

/** 'Nov 20, 2026' */
export function formatShortUsDate(value: string): string {
  return SHORT_US_DATE.format(asDate(value));
}

/** 'Nov 24, 2026, 08:30 UTC': when something happened, to the minute (admin pages). */
export function formatDateTimeUtc(value: string): string {
  const date = new Date(value);
  return `${SHORT_US_DATE.format(date)}, ${HOURS_MINUTES.format(date)} UTC`;
}

/**
 * An instant to the second in UTC, as its day and its time ({ day: 'Nov 24, 2026', time: '08:05:59' }):
 * revisions saved a few seconds apart must read apart, and a narrow table can break between the two.
 */
export function dateAndSecondsUtc(value: string | number): { day: string; time: string } {
  const date = new Date(value);
  return { day: SHORT_US_DATE.format(date), time: HOURS_MINUTES_SECONDS.format(date) };
}

/** 'Nov 24, 2026, 08:05:59 UTC' */
export function formatDateTimeSecondsUtc(value: string | number): string {
  const { day, time } = dateAndSecondsUtc(value);
  return `${day}, ${time} UTC`;
}

/** The newest of some dates (ISO strings of one format compare in time order), or null. */
export function newestDate(dates: Iterable<string | null | undefined>): string | null {
  let newest: string | null = null;
  for (const date of dates) if (date && (newest === null || date > newest)) newest = date;
  return newest;
}
