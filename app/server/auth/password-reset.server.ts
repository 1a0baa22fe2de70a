import { isAPIError } from "better-auth/api";
import { forgotPasswordSchema, resetPasswordSchema } from "~/lib/auth/auth-forms";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { log } from "../log.server";
import { RESET_LINK_MINUTES, type Auth } from "./auth.server";
import { AUTH_LIMITS, limiterKeys, type AttemptLimiter } from "./rate-limit.server";

/**
 * Password reset by mail, through better-auth's own flow (a one-time token stored as a
 * verification value), served by our /auth/forgot and /auth/reset forms rather than its HTTP
 * endpoints, so the same limiter guards it as the other account forms.
 */

/** The one answer for every address, known or not: the form must not tell who has an account. */
export const RESET_REQUESTED_MESSAGE = `If an account exists for that address, we have sent it a link to choose a new password. The link works once, for ${RESET_LINK_MINUTES} minutes.`;

export type ResetRequestOutcome = { ok: true; message: string } | { ok: false; error: string };

export async function requestPasswordReset(
  auth: Auth,
  email: string,
  limiter: AttemptLimiter,
  client: string | null = null,
): Promise<ResetRequestOutcome> {
  const parsed = forgotPasswordSchema.safeParse({ email });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]!.message };
  const address = parsed.data.email;
  const decision = await limiter.attempt([
    { key: limiterKeys.reset(address), rule: AUTH_LIMITS.resetPerEmail },
    ...(client ? [{ key: limiterKeys.resetClient(client), rule: AUTH_LIMITS.resetPerClient }] : []),
  ]);
  if (!decision.allowed) return { ok: false, error: TOO_MANY_ATTEMPTS };
  try {
    await auth.api.requestPasswordReset({ body: { email: address } });
  } catch (error) {
    // A mail failure is the operator's problem, not a hint to the visitor: same answer, and the log.
    log.error(`Password reset request failed: ${(error as Error).message}`);
  }
  return { ok: true, message: RESET_REQUESTED_MESSAGE };
}

export type ResetOutcome = { ok: true } | { ok: false; error: string; field?: "password" | "confirm" | "token" };

/**
 * Consumes a reset link. Tries are limited per client only: tokens are 24 random letters and digits, so
 * guessing is hopeless anyway, and a shared ceiling would let strangers keep a genuine link from
 * working by filling it.
 */
export async function resetPassword(
  auth: Auth,
  input: { token: string; password: string; confirm: string },
  limiter: AttemptLimiter,
  client: string | null = null,
): Promise<ResetOutcome> {
  const parsed = resetPasswordSchema.safeParse(input);
  if (!parsed.success) {
    // The first problem, in the form's order: a broken link before a short password before a mismatch.
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: issue.path[0] as "token" | "password" | "confirm", error: issue.message };
  }
  const { token, password } = parsed.data;
  if (client && !(await limiter.attempt([{ key: limiterKeys.resetTokenClient(client), rule: AUTH_LIMITS.resetTokenPerClient }])).allowed) {
    return { ok: false, error: TOO_MANY_ATTEMPTS };
  }
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
    return { ok: true };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      return { ok: false, field: "token", error: "This reset link has expired or was already used. Ask for a new one." };
    }
    log.error(`Password reset failed: ${(error as Error).message}`);
    return { ok: false, error: "The password could not be changed. Please try again later." };
  }
}
