import type { UnsubscribeTexts } from "../mail-lists/unsubscribe-view";
import { FLOOD_TEXT } from "../forms/flood-challenge";
import type { OptInResult } from "../mail-lists/opt-in-result";

/**
 * The newsletter's rules as the pages see them: what counts as an address, and the words a
 * reader gets back. The answer to a sign-up is the same whether the address is new, waiting for
 * confirmation or already confirmed, so the form never tells anyone who is on the list.
 */

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";
export const SUBSCRIBER_STATUSES: readonly SubscriberStatus[] = ["pending", "confirmed", "unsubscribed"];

export const STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
};

/** The longest address SMTP carries (RFC 5321). */
const MAX_EMAIL_LENGTH = 254;

/** Trimmed and lower-cased, so the same address typed twice is one subscriber. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/** A plain local@domain.tld check; the confirmation mail is the real test. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && /^[^\s@<>()",;:\\]+@[^\s@<>()",;:\\]+\.[^\s@<>()",;:\\.]{2,}$/.test(email);
}

export type SubscribeResult = OptInResult<"email", { email: string }>;

export const SUBSCRIBE_MESSAGES = {
  thanks: "Thanks! Please check your inbox: click the link in the email we just sent to confirm your subscription.",
  invalid: "Please enter a valid email address, like name@example.com.",
  limited: "Too many sign-ups from here just now. Please try again in a few minutes.",
  failed: "We could not send the confirmation email just now. Please try again in a few minutes.",
  confirming: FLOOD_TEXT.confirming,
};

export const CONFIRM_MESSAGES = {
  confirmed: { title: "You're subscribed", body: "Your email address is confirmed. Our next newsletter will reach you." },
  invalid: {
    title: "Link expired or already used",
    body: "This confirmation link is no longer valid. If you still want our newsletter, sign up again and use the newest email.",
  },
};

/** The newsletter's unsubscribe page: opening the link asks, the button unsubscribes. */
export const NEWSLETTER_UNSUBSCRIBE: UnsubscribeTexts = {
  ask: { title: "Unsubscribe from the newsletter?", body: "We will not send you the newsletter again." },
  button: "Unsubscribe",
  done: { title: "You're unsubscribed", body: "We will not send you the newsletter again. You can sign up again at any time." },
  invalid: {
    title: "Link not recognized",
    body: "This unsubscribe link is incomplete or was changed. Please use the link from the email exactly as it is.",
  },
};

/** The admin list's search (?q=, part of an address) and state filter (?status=). */
export function subscriberQuery(url: URL): { search: string; status?: SubscriberStatus } {
  const status = url.searchParams.get("status");
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 254),
    status: SUBSCRIBER_STATUSES.includes(status as SubscriberStatus) ? (status as SubscriberStatus) : undefined,
  };
}
