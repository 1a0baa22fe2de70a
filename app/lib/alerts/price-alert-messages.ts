import type { UnsubscribeTexts } from "../mail-lists/unsubscribe-view";
import { FLOOD_TEXT } from "../forms/flood-challenge";
import type { OptInResult } from "../mail-lists/opt-in-result";

/**
 * The price alert form's answers as the pages see them. The answer to a sign-up is the same
 * whether the address is new, waiting for confirmation or already confirmed, so the form never
 * tells anyone who watches which product.
 */

export type PriceAlertField = "email" | "target";

/** What was sent, echoed back after a refusal so nothing has to be typed again (and, without JavaScript, the form can be shown again). */
export interface PriceAlertTyped {
  email: string;
  target: string;
  productId: number | null;
  /** The sauna's page, when the form named one of ours. */
  productPath: string | null;
}

export type PriceAlertResult = OptInResult<PriceAlertField | "product", PriceAlertTyped>;

/** A product page path the answer page may link back to: only our own review pages. */
export function productPathOrNull(raw: string): string | null {
  return /^\/reviews\/product\/[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/.test(raw) ? raw : null;
}

export const PRICE_ALERT_MESSAGES = {
  thanks: "Check your inbox to confirm: click the link in the email we just sent, and we will write when the price drops.",
  invalidEmail: "Please enter a valid email address, like name@example.com.",
  invalidTarget: "Write the target price as a number, like 1299 or 1,299.00, or leave it empty.",
  noPrice: "This sauna has no current price to watch just now. Please try again later.",
  limited: "Too many sign-ups from here just now. Please try again in a few minutes.",
  failed: "We could not send the confirmation email just now. Please try again in a few minutes.",
  confirming: FLOOD_TEXT.confirming,
  /** The target must be below what the sauna costs now, or the alert would fire at once. */
  targetTooHigh: (currentPriceText: string) =>
    `Your target price must be below the current price, ${currentPriceText}. Leave it empty to hear of any drop of 5% or more.`,
};

export const PRICE_ALERT_PAGES = {
  confirmed: { title: "Price alert on", body: "Your email address is confirmed. We will write once when the price drops." },
  invalidConfirm: {
    title: "Link expired or already used",
    body: "This confirmation link is no longer valid. If you still want the alert, ask for it again on the sauna's page and use the newest email.",
  },
  unsubscribeAsk: { title: "Stop this price alert?", body: "You will get no more emails about this sauna's price." },
  unsubscribed: {
    title: "Price alert stopped",
    body: "You will get no more emails about this sauna's price. You can ask for a new alert at any time.",
  },
  invalidUnsubscribe: {
    title: "Link not recognized",
    body: "This link is incomplete or was changed. Please use the link from the email exactly as it is.",
  },
};

/** The price alert's unsubscribe page (the question names the sauna where the link is genuine). */
export const PRICE_ALERT_UNSUBSCRIBE: UnsubscribeTexts = {
  ask: PRICE_ALERT_PAGES.unsubscribeAsk,
  button: "Stop this alert",
  done: PRICE_ALERT_PAGES.unsubscribed,
  invalid: PRICE_ALERT_PAGES.invalidUnsubscribe,
};
