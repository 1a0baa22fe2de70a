import { isAPIError } from "better-auth/api";
import { AUTH_TOASTS, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, type AuthToast } from "~/lib/auth/auth-messages";
import type { ConfirmOutcome } from "~/lib/auth/email-confirmation";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import type { Auth } from "./auth.server";
import { ACCOUNT_FAILURE_DELAY, AUTH_LIMITS, limiterKeys, type AttemptLimiter, type LimitDecision } from "./rate-limit.server";

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

/**
 * The limits in front of every check of an account's password (sign-in and change-password):
 * the account's failures from anywhere (growing delays), this client's failures across all
 * accounts, and this address from this client (5 per 10 minutes). Counts the attempt when allowed.
 */
export async function admitPasswordCheck(limiter: AttemptLimiter, email: string, client: string | null): Promise<LimitDecision> {
  const delayed = await limiter.delayFor(limiterKeys.signInAccount(email), ACCOUNT_FAILURE_DELAY);
  if (delayed) return delayed;
  if (client) {
    const sprayed = await limiter.check([{ key: limiterKeys.signInClient(client), rule: AUTH_LIMITS.signInFailuresPerClient }]);
    if (sprayed) return sprayed;
  }
  return limiter.attempt([{ key: limiterKeys.signIn(email, client), rule: AUTH_LIMITS.signInPerEmail }], normalise(email));
}

/** After the password was checked: a right one forgets the typos, a wrong one counts as a failure. */
export async function settlePasswordCheck(
  limiter: AttemptLimiter,
  email: string,
  client: string | null,
  passwordWasRight: boolean,
): Promise<void> {
  if (passwordWasRight) {
    await limiter.reset(limiterKeys.signIn(email, client));
    await limiter.reset(limiterKeys.signInAccount(email));
    return;
  }
  const keys = [limiterKeys.signInAccount(email), ...(client ? [limiterKeys.signInClient(client)] : [])];
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
  if (!(await admitPasswordCheck(limiter, email, client)).allowed) {
    return { ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) };
  }
  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: normalise(email), password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    await settlePasswordCheck(limiter, email, client, true);
    return { ok: true, headers };
  } catch (error) {
    const code = errorCode(error);
    // better-auth checks the password before it looks at confirmation, so this answer only
    // reaches someone who knows the password.
    if (code === "EMAIL_NOT_VERIFIED") return { ok: false, toast: AUTH_TOASTS.emailNotConfirmed, needsConfirmation: true };
    if (isAPIError(error) && error.statusCode < 500 && code !== "BANNED_USER") {
      await settlePasswordCheck(limiter, email, client, false);
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
  // Per client as well as site-wide, so one visitor cannot spend the whole site's allowance.
  const decision = await limiter.attempt(
    [
      { key: limiterKeys.signUp(email), rule: AUTH_LIMITS.signUpPerEmail },
      ...(client ? [{ key: limiterKeys.signUpClient(client), rule: AUTH_LIMITS.signUpPerClient }] : []),
      { key: limiterKeys.signUpTotal, rule: AUTH_LIMITS.signUpTotal },
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
      { key: limiterKeys.resendTotal, rule: AUTH_LIMITS.resendTotal },
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
