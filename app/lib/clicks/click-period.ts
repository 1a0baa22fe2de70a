/**
 * The periods the click analytics show, and their days. A day is a UTC calendar day
 * (YYYY-MM-DD): clicks are stored by their UTC time, so every instance and every database
 * agrees on which day a click belongs to, whatever the server's time zone.
 */

export const CLICK_PERIODS = [7, 30, 90] as const;
export type ClickPeriod = (typeof CLICK_PERIODS)[number];
export const DEFAULT_CLICK_PERIOD: ClickPeriod = 30;

const DAY_MS = 86_400_000;

/** `?days=` as one of the offered periods; anything else is the default. */
export function clickPeriodFrom(value: string | null | undefined): ClickPeriod {
  const days = Number(value);
  return (CLICK_PERIODS as readonly number[]).includes(days) ? (days as ClickPeriod) : DEFAULT_CLICK_PERIOD;
}

/** The UTC day of an instant, as stored in the daily roll-up. */
export function utcDay(at: number | Date): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** The `days` UTC days that end with today's, oldest first. */
export function periodDays(days: number, now: number | Date): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) => utcDay(today - (days - 1 - index) * DAY_MS));
}

export interface DailyClicks {
  day: string;
  clicks: number;
}

/** One entry per day of the period, in order, with 0 for a day without clicks. */
export function fillDays(days: readonly string[], counted: ReadonlyArray<DailyClicks>): DailyClicks[] {
  const byDay = new Map(counted.map((entry) => [entry.day, entry.clicks]));
  return days.map((day) => ({ day, clicks: byDay.get(day) ?? 0 }));
}
