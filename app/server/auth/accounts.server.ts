import { isAPIError } from "better-auth/api";
import { AUTH_TOASTS, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, type AuthToast } from "~/lib/auth/auth-messages";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import type { Auth } from "./auth.server";
import { AUTH_LIMITS, authLimiter, limiterKeys, type AttemptLimiter } from "./rate-limit.server";

/**
 * What the /auth forms and the /auth/callback page do with better-auth, turned into the
 * outcomes and toasts of SPEC §8. Calls go through auth.api (server side, no HTTP), so our
 * limiter (rate-limit.server.ts) guards them.
 */

export interface Credentials {
  email: string;
  password: string;
}

export type SignInOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; toast: AuthToast; needsConfirmation?: boolean };

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

export async function signInWithPassword(
  auth: Auth,
  { email, password }: Credentials,
  requestHeaders: Headers,
  limiter: AttemptLimiter = authLimiter,
): Promise<SignInOutcome> {
  if (email.trim() === "" || password === "") return { ok: false, toast: AUTH_TOASTS.missingFields };
  const key = limiterKeys.signIn(email);
  if (!limiter.attempt([{ key, rule: AUTH_LIMITS.signInPerEmail }]).allowed) {
    return { ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) };
  }
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: normalise(email), password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    limiter.reset(key);
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    // better-auth checks the password before it looks at confirmation, so this answer only
    // reaches someone who knows the password.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, toast: AUTH_TOASTS.emailNotConfirmed, needsConfirmation: true };
    if (isAPIError(error) && error.statusCode < 500 && code !== "BANNED_USER") {
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
  limiter: AttemptLimiter = authLimiter,
): Promise<SignUpOutcome> {
  if (email.trim() === "" || password === "") return { ok: false, toast: AUTH_TOASTS.missingFields };
  const decision = limiter.attempt([
    { key: limiterKeys.signUp(email), rule: AUTH_LIMITS.signUpPerEmail },
    { key: limiterKeys.signUpTotal, rule: AUTH_LIMITS.signUpTotal },
  ]);
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
export async function resendConfirmation(auth: Auth, email: string, limiter: AttemptLimiter = authLimiter): Promise<ResendOutcome> {
  if (email.trim() === "") return { ok: false, toast: AUTH_TOASTS.emailRequired };
  const decision = limiter.attempt([
    { key: limiterKeys.resend(email), rule: AUTH_LIMITS.resendPerEmail },
    { key: limiterKeys.resendTotal, rule: AUTH_LIMITS.resendTotal },
  ]);
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

export type ConfirmOutcome =
  | { status: "confirmed"; email: string }
  | { status: "already-confirmed"; email: string }
  | { status: "expired"; email: string | null }
  | { status: "invalid" };

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
