import type { DB } from "../db/connection.server";
import { AttemptLimiter, type LimitDecision, type LimitRule } from "../auth/rate-limit.server";

/**
 * How often the 'Stay Updated' form may be used: per client address, per typed address (each
 * one is a confirmation mail to a possible stranger) and site-wide, so the form cannot be used
 * to flood mailboxes. Every caller goes through allowSubscribeAttempt, the one place to point at
 * another counter store.
 */
export const SUBSCRIBE_LIMITS = {
  perClient: { max: 5, windowMs: 10 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
  total: { max: 200, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Counted in the database, like the account limits: they hold across restarts and instances. */
export function allowSubscribeAttempt(db: DB, clientAddress: string | null, email: string): Promise<LimitDecision> {
  return new AttemptLimiter(db).attempt([
    ...(clientAddress ? [{ key: `newsletter:client:${clientAddress}`, rule: SUBSCRIBE_LIMITS.perClient }] : []),
    { key: `newsletter:email:${email}`, rule: SUBSCRIBE_LIMITS.perEmail },
    { key: "newsletter:*", rule: SUBSCRIBE_LIMITS.total },
  ]);
}
