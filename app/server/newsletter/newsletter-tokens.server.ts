import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The newsletter's two kinds of link token.
 * - Confirmation: 32 random bytes, used once; the database keeps only its SHA-256.
 * - Unsubscribe: an HMAC of the subscriber's id and address under a key derived from AUTH_SECRET,
 *   so the link works without signing in, forever, and cannot be made for someone else's id.
 * Price-drop alerts use the same two kinds under a purpose of their own (UNSUBSCRIBE_PURPOSES), so
 * a newsletter link can never stop an alert with the same id, nor the other way round.
 */

/** One signing key per kind of list. */
export const UNSUBSCRIBE_PURPOSES = {
  newsletter: "newsletter-unsubscribe-v1",
  priceAlert: "price-alert-unsubscribe-v1",
  ownerDigest: "owner-digest-unsubscribe-v1",
} as const;
export type UnsubscribePurpose = (typeof UNSUBSCRIBE_PURPOSES)[keyof typeof UNSUBSCRIBE_PURPOSES];

export function newConfirmToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashConfirmToken(token) };
}

export function hashConfirmToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** How long a confirmation link works after its mail was sent. */
export const CONFIRM_LINK_DAYS = 7;

/** Whether a link's token has the shape newConfirmToken makes (anything else is not looked up). */
export function isConfirmTokenShaped(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** Whether a confirmation mail sent at `sentAt` (ISO) is still within its CONFIRM_LINK_DAYS. */
export function confirmLinkStillValid(sentAt: string, now: Date): boolean {
  return now.getTime() - Date.parse(sentAt) <= CONFIRM_LINK_DAYS * 24 * 60 * 60_000;
}

function unsubscribeKey(authSecret: string, purpose: UnsubscribePurpose): Buffer {
  // A key of its own: an unsubscribe signature can never be mistaken for a session signature.
  return createHmac("sha256", authSecret).update(purpose).digest();
}

function signature(authSecret: string, id: number, email: string, purpose: UnsubscribePurpose): string {
  return createHmac("sha256", unsubscribeKey(authSecret, purpose)).update(`${id}:${email}`).digest("base64url");
}

export function unsubscribeToken(
  authSecret: string,
  id: number,
  email: string,
  purpose: UnsubscribePurpose = UNSUBSCRIBE_PURPOSES.newsletter,
): string {
  return `${id}.${signature(authSecret, id, email, purpose)}`;
}

/** The subscriber id a token names, if its signature is right for that id's address. */
export function parseUnsubscribeToken(token: string): { id: number; signature: string } | null {
  const match = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { id: Number(match[1]), signature: match[2]! } : null;
}

export function unsubscribeSignatureMatches(
  authSecret: string,
  id: number,
  email: string,
  given: string,
  purpose: UnsubscribePurpose = UNSUBSCRIBE_PURPOSES.newsletter,
): boolean {
  const expected = Buffer.from(signature(authSecret, id, email, purpose));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
