import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { normaliseEmail } from "./rate-limit.server";

/**
 * Device cookies (docs/decisions/0052): a browser that has signed in to an account with its
 * password gets a cookie, signed with the site's auth secret, that names the account, a random
 * nonce and when it was issued. A later password check for that account from that browser is a
 * trusted one: the lockout of untrusted clients does not apply to it, and its own failures count
 * against its nonce only. Nothing is stored on the server; the signature is the proof.
 *
 * One cookie per account, named after a keyed hash of the address, so a browser used for two
 * accounts keeps both and the name does not reveal the address.
 */

export const DEVICE_COOKIE_DAYS = 365;
const DEVICE_COOKIE_MS = DEVICE_COOKIE_DAYS * 24 * 60 * 60_000;

export interface DeviceCookieKeys {
  secret: string;
  /** https sites send the cookie only over TLS (and may use the __Host- prefix). */
  secure: boolean;
}

export interface DeviceToken {
  account: string;
  nonce: string;
  issuedAt: number;
}

const mac = (secret: string, purpose: string, text: string) => createHmac("sha256", secret).update(`${purpose}\n${text}`).digest();

export function deviceCookieName(keys: DeviceCookieKeys, email: string): string {
  const id = mac(keys.secret, "device-cookie-name", normaliseEmail(email)).subarray(0, 8).toString("hex");
  return `${keys.secure ? "__Host-" : ""}device-${id}`;
}

/** A fresh token for this account, and the Set-Cookie value that gives it to the browser. */
export function issueDeviceCookie(keys: DeviceCookieKeys, email: string, now = Date.now()): { token: DeviceToken; setCookie: string } {
  const token: DeviceToken = { account: normaliseEmail(email), nonce: randomBytes(16).toString("base64url"), issuedAt: now };
  const payload = Buffer.from(JSON.stringify({ a: token.account, n: token.nonce, t: token.issuedAt })).toString("base64url");
  const value = `${payload}.${mac(keys.secret, "device-cookie", payload).toString("base64url")}`;
  const attributes = [
    `${deviceCookieName(keys, email)}=${value}`,
    "Path=/",
    `Max-Age=${DEVICE_COOKIE_MS / 1000}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(keys.secure ? ["Secure"] : []),
  ];
  return { token, setCookie: attributes.join("; ") };
}

/**
 * The device token this request carries for this account, or null: none, a bad signature, one
 * issued for another account, or one older than its lifetime all mean an untrusted client.
 */
export function deviceTokenFor(keys: DeviceCookieKeys, headers: Headers, email: string, now = Date.now()): DeviceToken | null {
  const value = cookieValue(headers.get("cookie"), deviceCookieName(keys, email));
  if (!value) return null;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(keys.secret, "device-cookie", payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: { a?: unknown; n?: unknown; t?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as typeof claims;
  } catch {
    return null;
  }
  if (typeof claims.a !== "string" || typeof claims.n !== "string" || typeof claims.t !== "number") return null;
  if (claims.a !== normaliseEmail(email)) return null;
  if (claims.t > now + 60_000 || claims.t + DEVICE_COOKIE_MS <= now) return null;
  return { account: claims.a, nonce: claims.n, issuedAt: claims.t };
}

function cookieValue(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
