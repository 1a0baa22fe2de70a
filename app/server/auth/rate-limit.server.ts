/**
 * A small sliding-window limiter for the sign-in, sign-up and resend forms (docs/decisions/0011).
 *
 * Why not better-auth's: it only limits requests that go through its HTTP handler (calls made
 * with auth.api skip it), and it keys on the client address, which this server does not see
 * without a trusted proxy. Ours keys on the email address typed (so guessing one account's
 * password is slow whoever does it) plus a site-wide ceiling for sign-up and resend (so the
 * site cannot be used to flood strangers' mailboxes).
 *
 * Counters live in this process's memory: a restart clears them, and with several instances
 * each one counts on its own.
 */

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const AUTH_LIMITS = {
  signInPerEmail: { max: 5, windowMs: 10 * 60_000 },
  signUpPerEmail: { max: 3, windowMs: 60 * 60_000 },
  signUpTotal: { max: 30, windowMs: 60 * 60_000 },
  resendPerEmail: { max: 3, windowMs: 10 * 60_000 },
  resendTotal: { max: 30, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetTotal: { max: 30, windowMs: 60 * 60_000 },
  resetAttempts: { max: 10, windowMs: 10 * 60_000 },
} as const satisfies Record<string, LimitRule>;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const MAX_KEYS = 50_000;

export class AttemptLimiter {
  readonly #hits = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Counts one attempt against every key, or none if any key is already at its limit (a refused
   * attempt does not extend the wait).
   */
  attempt(checks: readonly { key: string; rule: LimitRule }[]): LimitDecision {
    const now = this.now();
    let retryAfterMs = 0;
    const live = checks.map(({ key, rule }) => {
      const recent = (this.#hits.get(key) ?? []).filter((time) => now - time < rule.windowMs);
      if (recent.length >= rule.max) retryAfterMs = Math.max(retryAfterMs, recent[0]! + rule.windowMs - now);
      return { key, recent };
    });
    if (retryAfterMs > 0) {
      for (const { key, recent } of live) this.#hits.set(key, recent);
      return { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) };
    }
    for (const { key, recent } of live) this.#hits.set(key, [...recent, now]);
    this.#prune(now);
    return { allowed: true };
  }

  /** A successful sign-in forgets that address's earlier typos. */
  reset(key: string): void {
    this.#hits.delete(key);
  }

  #prune(now: number) {
    if (this.#hits.size <= MAX_KEYS) return;
    const longest = Math.max(...Object.values(AUTH_LIMITS).map((rule) => rule.windowMs));
    for (const [key, times] of this.#hits) {
      if (times.every((time) => now - time >= longest)) this.#hits.delete(key);
    }
    // Still too many (a flood of distinct addresses): drop the oldest keys.
    for (const key of this.#hits.keys()) {
      if (this.#hits.size <= MAX_KEYS) break;
      this.#hits.delete(key);
    }
  }
}

export const limiterKeys = {
  signIn: (email: string) => `sign-in:${email.trim().toLowerCase()}`,
  signUp: (email: string) => `sign-up:${email.trim().toLowerCase()}`,
  signUpTotal: "sign-up:*",
  resend: (email: string) => `resend:${email.trim().toLowerCase()}`,
  resendTotal: "resend:*",
  reset: (email: string) => `reset:${email.trim().toLowerCase()}`,
  resetTotal: "reset:*",
  resetAttempts: "reset-password:*",
};

/** The process-wide limiter the /auth forms use. */
export const authLimiter = new AttemptLimiter();
