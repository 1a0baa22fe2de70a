import type { DB } from "../db/connection.server";
import { AttemptLimiter, type LimitCheck, type LimitDecision, type LimitRule } from "../auth/rate-limit.server";

/**
 * How often the mail lists' sign-up forms (the newsletter's, a price alert's) may be used, all
 * lists together: per client address and per typed address (each sign-up is a confirmation mail
 * to a possible stranger, whichever list it is for). There is no site-wide ceiling, which a
 * stranger could spend for everyone: a flood of sign-ups makes the form ask for a proof of work
 * instead (app/server/flood/flood-challenge.server.ts), and no address gets more than a few mails
 * a day (app/server/mail/recipient-cap.server.ts). Every caller goes through allowSubscribeAttempt,
 * the one place to point at another counter store.
 */
export const SUBSCRIBE_LIMITS = {
  perClient: { max: 5, windowMs: 10 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** The client's own limit, which the flood gate checks before it counts a post towards a flood. */
export function subscribeClientChecks(clientAddress: string | null): LimitCheck[] {
  return clientAddress ? [{ key: `mail-list:client:${clientAddress}`, rule: SUBSCRIBE_LIMITS.perClient }] : [];
}

/** Counted in the database, like the account limits: they hold across restarts and instances. */
export function allowSubscribeAttempt(db: DB, clientAddress: string | null, email: string): Promise<LimitDecision> {
  return new AttemptLimiter(db).attempt([
    ...subscribeClientChecks(clientAddress),
    { key: `mail-list:email:${email}`, rule: SUBSCRIBE_LIMITS.perEmail },
  ]);
}
