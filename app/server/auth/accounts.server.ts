import { isAPIError } from "better-auth/api";
import { AUTH_TOASTS, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, type AuthToast } from "~/lib/auth/auth-messages";
import type { ConfirmOutcome } from "~/lib/auth/email-confirmation";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import type { Auth } from "./auth.server";
import { deviceTokenFor, issueDeviceCookie, type DeviceCookieKeys } from "./device-cookie.server";
import { AUTH_LIMITS, limiterKeys, type AttemptLimiter } from "./rate-limit.server";

/**
 * What the /auth forms and the /auth/callback page do with better-auth, turned into the
 * outcomes and toasts the forms show. Calls go through auth.api (server side, no HTTP), so our
 * limiter (rate-limit.server.ts) guards them. `client` is the caller's address
 * (client-address.server.ts), or null when unknown: the per-client limits then do not apply.
 */

export interface Credentials {
  email: string;
  password: string;
}

export type SignInOutcome = { ok: true; headers: Headers } | { ok: false; toast: AuthToast; needsConfirmation?: boolean };

export type SignUpOutcome = { ok: true; toast: AuthToast } | { ok: false; toast: AuthToast };

export type ResendOutcome = { ok: boolean; toast: AuthToast };

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

function errorMessage(error: unknown): string | undefined {
  if (isAPIError(error)) return (error.body as { message?: string } | undefined)?.message ?? error.message;
  return undefined;
}

const normalise = (email: string) => email.trim().toLowerCase();

/** The keys of the device cookies, from the auth instance's own secret and address. */
export function deviceCookieKeys(auth: Auth): DeviceCookieKeys {
  const { secret, baseURL } = auth.options;
  if (!secret) throw new Error("The accounts library has no secret to sign device cookies with.");
  return { secret, secure: typeof baseURL === "string" && baseURL.startsWith("https:") };
}

/**
 * Who is checking a password: the client's address (null when unknown) and the nonce of the
 * device cookie it showed for this account (null when none, or not a valid one for it).
 */
export interface PasswordCaller {
  client: string | null;
  device: string | null;
}

export function passwordCallerOf(auth: Auth, headers: Headers, email: string, client: string | null): PasswordCaller {
  return { client, device: deviceTokenFor(deviceCookieKeys(auth), headers, email)?.nonce ?? null };
}

/** Allowed: `device` is the device cookie the check counts as trusted (null: an untrusted client). */
export type PasswordCheckTicket = { allowed: true; device: string | null } | { allowed: false; retryAfterSeconds: number };

/**
 * The limits in front of every check of an account's password (sign-in and change-password),
 * after OWASP's device cookies (docs/decisions/0052):
 * - a browser showing the account's device cookie is trusted unless that cookie has failed too
 *   often itself; nothing else applies to it, so no stranger can lock the owner's browser out;
 * - any other client is refused after 5 attempts at this address in 10 minutes or 30 failures
 *   across addresses, with refused attempts charged too, and is locked out of the account while
 *   untrusted clients together have failed 10 times in the last hour.
 */
export async function admitPasswordCheck(limiter: AttemptLimiter, email: string, caller: PasswordCaller): Promise<PasswordCheckTicket> {
  const { client, device } = caller;
  if (device) {
    const worn = await limiter.check([{ key: limiterKeys.signInDevice(device), rule: AUTH_LIMITS.signInFailuresPerDevice }]);
    if (!worn || worn.allowed) return { allowed: true, device };
  }
  const own = limiterKeys.signIn(email, client);
  const perClient = await limiter.admit(
    [
      { key: own, rule: AUTH_LIMITS.signInPerEmail },
      ...(client ? [{ key: limiterKeys.signInClient(client), rule: AUTH_LIMITS.signInFailuresPerClient }] : []),
    ],
    [own],
    normalise(email),
  );
  if (!perClient.allowed) return perClient;
  const lockedOut = await limiter.check([{ key: limiterKeys.signInUntrusted(email), rule: AUTH_LIMITS.signInUntrustedPerAccount }]);
  if (lockedOut && !lockedOut.allowed) return lockedOut;
  return { allowed: true, device: null };
}

/**
 * After the password was checked: a right one forgets this client's typos; a wrong one counts
 * against the trusted device alone, or else against the account's untrusted clients and this client.
 */
export async function settlePasswordCheck(
  limiter: AttemptLimiter,
  email: string,
  checked: PasswordCaller,
  passwordWasRight: boolean,
): Promise<void> {
  const { client, device } = checked;
  if (passwordWasRight) {
    await limiter.reset(limiterKeys.signIn(email, client));
    return;
  }
  const keys = device
    ? [limiterKeys.signInDevice(device)]
    : [limiterKeys.signInUntrusted(email), ...(client ? [limiterKeys.signInClient(client)] : [])];
  await limiter.record(keys, normalise(email));
}

export async function signInWithPassword(
  auth: Auth,
  { email, password }: Credentials,
  requestHeaders: Headers,
  limiter: AttemptLimiter,
  client: string | null = null,
): Promise<SignInOutcome> {
  if (email.trim() === "" || password === "") return { ok: false, toast: AUTH_TOASTS.missingFields };
  const ticket = await admitPasswordCheck(limiter, email, passwordCallerOf(auth, requestHeaders, email, client));
  if (!ticket.allowed) return { ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) };
  const checked = { client, device: ticket.device };
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: normalise(email), password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await settlePasswordCheck(limiter, email, checked, true);
    // This browser is now trusted for the account; a fresh nonce each time, so failures counted
    // against an older cookie (perhaps a copied one) do not follow the owner.
    headers.append("Set-Cookie", issueDeviceCookie(deviceCookieKeys(auth), email).setCookie);
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    // better-auth checks the password before it looks at confirmation, so this answer only
    // reaches someone who knows the password.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, toast: AUTH_TOASTS.emailNotConfirmed, needsConfirmation: true };
    if (isAPIError(error) && error.statusCode < 500 && code !== "BANNED_USER") {
      await settlePasswordCheck(limiter, email, checked, false);
      // Unknown address, wrong password, malformed address: one answer for all of them.
      return { ok: false, toast: AUTH_TOASTS.authError(INVALID_CREDENTIALS) };
    }
    if (isAPIError(error)) return { ok: false, toast: AUTH_TOASTS.authError(errorMessage(error)) };
    log.error(`Sign-in failed: ${(error as Error).message}`);
    return { ok: false, toast: AUTH_TOASTS.authError() };
  }
}

/**
 * Creates an unconfirmed account and mails the confirmation link. An address that already has
 * an account gets the same answer (better-auth returns a look-alike user and sends nothing), so
 * sign-up cannot be used to find out who has an account.
 */
export async function signUpWithPassword(
  auth: Auth,
  { email, password }: Credentials,
  limiter: AttemptLimiter,
  client: string | null = null,
): Promise<SignUpOutcome> {
  if (email.trim() === "" || password === "") return { ok: false, toast: AUTH_TOASTS.missingFields };
  // Per address and per client only: a site-wide cap is one a stranger could spend for everyone.
  const decision = await limiter.attempt(
    [
      { key: limiterKeys.signUp(email), rule: AUTH_LIMITS.signUpPerEmail },
      ...(client ? [{ key: limiterKeys.signUpClient(client), rule: AUTH_LIMITS.signUpPerClient }] : []),
    ],
    normalise(email),
  );
  if (!decision.allowed) return { ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) };
  const address = normalise(email);
  try {
    await auth.api.signUpEmail({ body: { email: address, password, name: address.split("@")[0] ?? address } });
    return { ok: true, toast: AUTH_TOASTS.accountCreated };
  } catch (error) {
    const code = errorCode(error);
    if (code === "PASSWORD_TOO_SHORT") return { ok: false, toast: AUTH_TOASTS.authError("Password must be at least 8 characters") };
    if (code === "PASSWORD_TOO_LONG") return { ok: false, toast: AUTH_TOASTS.authError("Password must be at most 128 characters") };
    if (code === "INVALID_EMAIL") return { ok: false, toast: AUTH_TOASTS.authError("Please enter a valid email address") };
    if (isAPIError(error)) return { ok: false, toast: AUTH_TOASTS.authError(errorMessage(error)) };
    log.error(`Sign-up failed: ${(error as Error).message}`);
    return { ok: false, toast: AUTH_TOASTS.authError() };
  }
}

/** Sends the confirmation link again. Unknown and already confirmed addresses get the same answer. */
export async function resendConfirmation(
  auth: Auth,
  email: string,
  limiter: AttemptLimiter,
  client: string | null = null,
): Promise<ResendOutcome> {
  if (email.trim() === "") return { ok: false, toast: AUTH_TOASTS.emailRequired };
  const decision = await limiter.attempt(
    [
      { key: limiterKeys.resend(email), rule: AUTH_LIMITS.resendPerEmail },
      ...(client ? [{ key: limiterKeys.resendClient(client), rule: AUTH_LIMITS.resendPerClient }] : []),
    ],
    normalise(email),
  );
  if (!decision.allowed) return { ok: false, toast: AUTH_TOASTS.resendFailed(TOO_MANY_ATTEMPTS) };
  try {
    await auth.api.sendVerificationEmail({ body: { email: normalise(email) } });
    return { ok: true, toast: AUTH_TOASTS.emailSent };
  } catch (error) {
    if (errorCode(error) === "VALIDATION_ERROR" || errorCode(error) === "INVALID_EMAIL") {
      return { ok: false, toast: AUTH_TOASTS.resendFailed("Please enter a valid email address") };
    }
    log.error(`Resending the confirmation email failed: ${(error as Error).message}`);
    return { ok: false, toast: AUTH_TOASTS.resendFailed() };
  }
}

export type { ConfirmOutcome };

/** The claims of a confirmation token, read without checking it (only to name the address). */
function unverifiedTokenEmail(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { email?: unknown };
    return typeof claims.email === "string" ? claims.email : null;
  } catch {
    return null;
  }
}

/**
 * Confirms the address a link's token names. The token is signed and expires after 24 hours;
 * better-auth checks both. A second visit to the same link finds the address already
 * confirmed and says so.
 */
export async function confirmEmail(auth: Auth, db: DB, token: string): Promise<ConfirmOutcome> {
  if (token === "") return { status: "invalid" };
  const claimed = unverifiedTokenEmail(token);
  const before = claimed
    ? await db.selectFrom("user").select(["emailVerified"]).where("email", "=", claimed.toLowerCase()).executeTakeFirst()
    : undefined;
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    const code = errorCode(error);
    if (code === "TOKEN_EXPIRED") return { status: "expired", email: claimed };
    return { status: "invalid" };
  }
  if (!claimed || !before) return { status: "invalid" };
  return before.emailVerified ? { status: "already-confirmed", email: claimed } : { status: "confirmed", email: claimed };
}

/** Ends the session; the returned headers clear the cookie. */
export async function signOut(auth: Auth, requestHeaders: Headers): Promise<Headers> {
  try {
    const { headers } = await auth.api.signOut({ headers: requestHeaders, returnHeaders: true });
    return headers;
  } catch {
    // No session to end: nothing to clear.
    return new Headers();
  }
}
