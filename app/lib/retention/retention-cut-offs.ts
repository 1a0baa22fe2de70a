/**
 * Where each retention rule cuts (docs/decisions/0104). Rules kept in months cut at the start of
 * a UTC day, so a day is kept whole or cleared whole, like the daily roll-ups beside it.
 */

const DAY_MS = 86_400_000;

/** The start (00:00 UTC) of the day of `at`. */
export function startOfUtcDay(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

/**
 * The start of the UTC day `months` calendar months before the day of `now`; a day the earlier
 * month lacks (31 March back one month) is that month's last (28 or 29 February).
 */
export function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() - months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

/** The instant `days` whole days before `now`. */
export function daysBefore(now: number, days: number): number {
  return now - days * DAY_MS;
}
