/**
 * When a price-drop alert mails its reader (docs/decisions/0062-price-drop-alerts.md). Pure: the
 * job passes the displayed price (the one price rule's, app/lib/offers/display-price.ts) and the
 * clock.
 *
 * - With a target price: when the displayed price is below the target.
 * - Without one: when it is at least 5% below the price the reader saw when subscribing.
 * - Never twice within 7 days for one product, and never again for a price that is not lower
 *   than the one last mailed (a price that goes back up and down again is no news).
 */

/** A drop of at least this share of the price at sign-up is worth a mail when no target was given. */
export const ALERT_DROP_SHARE = 0.05;
/** At most one mail per product and reader in this time. */
export const ALERT_MIN_GAP_MS = 7 * 24 * 60 * 60_000;

export interface AlertState {
  /** Minor units of `currency`; null: any drop of ALERT_DROP_SHARE or more. */
  targetMinor: number | null;
  currency: string;
  priceAtSubscribeMinor: number;
  lastSentAt: Date | null;
  lastSentPriceMinor: number | null;
}

/** The displayed price now: an amount, or no price to vouch for ("check", "none"). */
export type CurrentPrice = { amountMinor: number; currency: string } | null;

/** The price the reader last heard of: the one last mailed, else the one when they subscribed. */
export function previousPriceMinor(alert: Pick<AlertState, "priceAtSubscribeMinor" | "lastSentPriceMinor">): number {
  return alert.lastSentPriceMinor ?? alert.priceAtSubscribeMinor;
}

/** The highest price that counts as a 5% drop from `priceMinor` (95% of it, rounded down). */
export function dropThresholdMinor(priceMinor: number): number {
  return Math.floor(priceMinor * (1 - ALERT_DROP_SHARE));
}

export function shouldSendAlert(alert: AlertState, current: CurrentPrice, now: Date): boolean {
  if (current === null || current.amountMinor <= 0) return false;
  // The site's currency changed since: the numbers do not compare.
  if (current.currency.trim().toUpperCase() !== alert.currency.trim().toUpperCase()) return false;
  if (alert.lastSentAt !== null && now.getTime() - alert.lastSentAt.getTime() < ALERT_MIN_GAP_MS) return false;
  if (alert.lastSentPriceMinor !== null && current.amountMinor >= alert.lastSentPriceMinor) return false;
  if (alert.targetMinor !== null) return current.amountMinor < alert.targetMinor;
  return current.amountMinor <= dropThresholdMinor(alert.priceAtSubscribeMinor);
}

/** A mail sent after this moment still blocks the next one: the job's SQL filter, the same 7 days. */
export function lastSentCutoff(now: Date): Date {
  return new Date(now.getTime() - ALERT_MIN_GAP_MS);
}
