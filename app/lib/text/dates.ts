/**
 * Dates as the site prints them: long US format. Always in UTC, so the
 * server's HTML and the browser's hydration agree whatever the reader's time zone.
 */

function asDate(value: string): Date {
  // A bare calendar date means that day, not local midnight somewhere.
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** 'January 15, 2025' */
export function formatLongUsDate(value: string): string {
  return asDate(value).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** 'April 2025' */
export function formatMonthYear(value: string): string {
  return asDate(value).toLocaleDateString("en-US", { year: "numeric", month: "long", timeZone: "UTC" });
}

/** 'Nov 24, 2026, 08:30 UTC': when something happened, to the minute (admin pages). */
export function formatDateTimeUtc(value: string): string {
  const date = new Date(value);
  const day = date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const time = date.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

/** The newest of some dates (ISO strings of one format compare in time order), or null. */
export function newestDate(dates: Iterable<string | null | undefined>): string | null {
  let newest: string | null = null;
  for (const date of dates) if (date && (newest === null || date > newest)) newest = date;
  return newest;
}
