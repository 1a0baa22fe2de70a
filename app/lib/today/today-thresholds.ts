/**
 * The thresholds of the Today rules, pure, so each is tested with its own numbers.
 */

const DAY_MS = 86_400_000;

/** A pick's price that moved this much (up or down) since its review was last updated is worth a look. */
export const PRICE_MOVE_SHARE = 0.1;

export function priceMoved(thenMinor: number, nowMinor: number): boolean {
  if (!(thenMinor > 0) || !(nowMinor > 0)) return false;
  return Math.abs(nowMinor - thenMinor) >= PRICE_MOVE_SHARE * thenMinor - 1e-9;
}

/** Percent change, rounded: "+12%", "-30%". */
export function percentChange(thenMinor: number, nowMinor: number): string {
  const percent = Math.round(((nowMinor - thenMinor) / thenMinor) * 100);
  return `${percent > 0 ? "+" : ""}${percent}%`;
}

/** A feed that has not run successfully for longer than this many of its periods is stale. */
export const STALE_AFTER_PERIODS = 2;

/**
 * Whether a scheduled feed is stale: no successful run for longer than twice its schedule. A feed
 * that never succeeded counts from when it was added, so a new feed has its two periods too.
 */
export function feedIsStale(scheduleMs: number | null, lastSuccessAt: number | null, createdAt: number, now: number): boolean {
  if (scheduleMs === null) return false;
  return now - (lastSuccessAt ?? createdAt) > STALE_AFTER_PERIODS * scheduleMs;
}

/** A run that took away more than this share of the feed's items lost them, most likely by mistake. */
export const SHRINK_SHARE = 0.1;

/** `gone` of the `before` items the feed had are gone after one run. */
export function feedShrank(gone: number, before: number): boolean {
  return before > 0 && gone > SHRINK_SHARE * before;
}

/** A review tested (or never dated) this long ago is out of date. */
export const REVIEW_STALE_MONTHS = 12;

/** YYYY-MM-DD (UTC): a review tested before it is out of date. */
export function reviewStaleBefore(now: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - REVIEW_STALE_MONTHS);
  return date.toISOString().slice(0, 10);
}

/** Week over week: a fall to two thirds or less is "fell by a third". */
export const FALL_SHARE = 1 / 3;
/** Fewer clicks than this in the earlier week is noise, not a fall. */
export const MIN_CLICKS_EARLIER_WEEK = 30;

export interface WeekFigures {
  clicks: number;
  /** Commission earned, hundredths. */
  earned: number;
}

export type TrafficFall = { kind: "clicks"; from: number; to: number } | { kind: "epc"; from: number; to: number } | null;

/** Earnings per click, in hundredths (0 with no clicks). */
export function epc(figures: WeekFigures): number {
  return figures.clicks > 0 ? figures.earned / figures.clicks : 0;
}

const fell = (from: number, to: number) => from > 0 && to <= from * (1 - FALL_SHARE) + 1e-9;

/**
 * Whether a page's clicks, or else its earnings per click, fell by a third from the earlier week
 * to the later, only when the earlier week had enough clicks to mean it.
 */
export function trafficFall(earlier: WeekFigures, later: WeekFigures): TrafficFall {
  if (earlier.clicks < MIN_CLICKS_EARLIER_WEEK) return null;
  if (fell(earlier.clicks, later.clicks)) return { kind: "clicks", from: earlier.clicks, to: later.clicks };
  // EPC needs clicks in both weeks to be read at all.
  if (later.clicks > 0 && fell(epc(earlier), epc(later))) return { kind: "epc", from: epc(earlier), to: epc(later) };
  return null;
}

/** The two weeks compared: the 7 UTC days before today (later) and the 7 before those (earlier). */
export function comparedWeeks(now: number): { earlier: { from: string; to: string }; later: { from: string; to: string } } {
  const today = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  const day = (offset: number) => new Date(today - offset * DAY_MS).toISOString().slice(0, 10);
  return { earlier: { from: day(14), to: day(8) }, later: { from: day(7), to: day(1) } };
}

/** The days money at stake is measured over. */
export const MONEY_DAYS = 30;

/**
 * What a subject stands to lose: its clicks × its own earnings per click, or the site's when it
 * earned nothing of its own yet (a page with clicks and no orders still sends readers to shops).
 * Hundredths of the site's currency; null without clicks.
 */
export function moneyAtStake(clicks: number, ownEarned: number, siteEpc: number): number | null {
  if (clicks <= 0) return null;
  const perClick = ownEarned > 0 ? ownEarned / clicks : siteEpc;
  const money = Math.round(clicks * perClick);
  return money > 0 ? money : null;
}
