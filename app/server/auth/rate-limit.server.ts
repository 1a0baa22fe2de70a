import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";

/**
 * The abuse limits of the sign-in, sign-up, resend and change-password doors
 * (docs/decisions/0011 and 0021).
 *
 * Why not better-auth's limiter: it only limits requests that go through its HTTP handler (calls
 * made with auth.api skip it). Ours keys on the address typed and on the client address
 * (client-address.server.ts, TRUST_PROXY), and its counters live in the database (the
 * auth_attempt table), so they hold across restarts and are shared by several instances.
 *
 * Every rule is a sliding window: at most `max` counted attempts per key in `windowMs`.
 * - `attempt`: a refused attempt counts against no key (the mail-sending forms);
 * - `admit`: a refused attempt is charged too, so a client that tries again the moment its wait
 *   ends finds the wait started again (the password doors, docs/decisions/0052).
 */

export interface LimitRule {
  max: number;
  windowMs: number;
}

export const AUTH_LIMITS = {
  /**
   * One address from one untrusted client: the attempts a person typing makes. Refused attempts
   * are charged too; a success clears it.
   */
  signInPerEmail: { max: 5, windowMs: 10 * 60_000 },
  /** Failed sign-ins from one untrusted client across all addresses (password spraying). */
  signInFailuresPerClient: { max: 30, windowMs: 10 * 60_000 },
  /**
   * Failures for one account from every untrusted client together. At the limit, untrusted
   * clients are locked out of the account until failures leave the window; a browser holding
   * the account's device cookie is not.
   */
  signInUntrustedPerAccount: { max: 10, windowMs: 60 * 60_000 },
  /** Failures from one device cookie; at the limit that browser counts as untrusted. */
  signInFailuresPerDevice: { max: 10, windowMs: 60 * 60_000 },
  // No site-wide ceiling on the mail-sending forms: a stranger could spend it for everyone. A
  // flood makes them ask for a proof of work instead (app/server/flood/flood-challenge.server.ts),
  // and each address gets at most a few mails a day (app/server/mail/recipient-cap.server.ts).
  signUpPerEmail: { max: 3, windowMs: 60 * 60_000 },
  signUpPerClient: { max: 5, windowMs: 60 * 60_000 },
  resendPerEmail: { max: 3, windowMs: 10 * 60_000 },
  resendPerClient: { max: 5, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerClient: { max: 5, windowMs: 60 * 60_000 },
  /** Reset links tried from one client: a genuine link is accepted whatever other clients send. */
  resetTokenPerClient: { max: 10, windowMs: 10 * 60_000 },
} as const satisfies Record<string, LimitRule>;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LimitCheck {
  key: string;
  rule: LimitRule;
}

const LONGEST_WINDOW_MS = Math.max(...Object.values(AUTH_LIMITS).map((rule) => rule.windowMs));
const PRUNE_EVERY_MS = 60_000;
const lastPruned = new WeakMap<DB, number>();

export class AttemptLimiter {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt against every key, or none if any key is already at its limit (a refused
   * attempt does not extend the wait). `account` tags the rows so create-admin can clear them.
   */
  async attempt(checks: readonly LimitCheck[], account?: string): Promise<LimitDecision> {
    const now = this.now();
    // Checking and counting are one step: otherwise two requests arriving together (on one
    // instance or on two sharing the database) both see the last free slot and both take it.
    const decision = await this.db.transaction().execute(async (trx) => {
      await lockKeys(trx, checks);
      const refused = await checkLimits(trx, checks, now);
      if (refused) return refused;
      await recordAttempts(
        trx,
        checks.map((check) => check.key),
        account,
        now,
      );
      return { allowed: true } as const;
    });
    if (decision.allowed) await this.#prune(now);
    return decision;
  }

  /** Refuses if any key is at its limit, without counting anything. */
  async check(checks: readonly LimitCheck[], now: number = this.now()): Promise<LimitDecision | null> {
    return checkLimits(this.db, checks, now);
  }

  /** Counts one attempt (or failure) against each key. */
  async record(keys: readonly string[], account?: string, now: number = this.now()): Promise<void> {
    await recordAttempts(this.db, keys, account, now);
  }

  /**
   * Like `attempt`, for the password doors, where waiting must be the only way through: a refused
   * attempt is charged to every key at its limit, whose attempts in the window all move to now.
   * So a client told to wait that tries again early waits a whole window from then, and the key
   * never holds more than `max` rows however fast the retries come. An allowed attempt is counted
   * against the keys in `counted` only; the other keys count failures, recorded once the outcome
   * is known.
   */
  async admit(checks: readonly LimitCheck[], counted: readonly string[], account?: string): Promise<LimitDecision> {
    const now = this.now();
    const decision = await this.db.transaction().execute(async (trx) => {
      await lockKeys(trx, checks);
      const refused = await checkLimits(trx, checks, now);
      if (!refused) {
        await recordAttempts(trx, counted, account, now);
        return { allowed: true } as const;
      }
      for (const { key, rule } of checks) {
        const window = await trx
          .selectFrom("auth_attempt")
          .select((eb) => eb.fn.countAll<number | string>().as("attempts"))
          .where("key", "=", key)
          .where("at", ">", now - rule.windowMs)
          .executeTakeFirst();
        if (Number(window?.attempts ?? 0) < rule.max) continue;
        await trx
          .updateTable("auth_attempt")
          .set({ at: now })
          .where("key", "=", key)
          .where("at", ">", now - rule.windowMs)
          .execute();
      }
      return (await checkLimits(trx, checks, now)) ?? refused;
    });
    if (decision.allowed) await this.#prune(now);
    return decision;
  }

  /** Forgets a key (a successful sign-in forgets that address's earlier typos). */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom("auth_attempt").where("key", "=", key).execute();
  }

  async #prune(now: number): Promise<void> {
    if ((lastPruned.get(this.db) ?? 0) > now - PRUNE_EVERY_MS) return;
    lastPruned.set(this.db, now);
    await this.db
      .deleteFrom("auth_attempt")
      .where("at", "<", now - LONGEST_WINDOW_MS)
      .execute();
  }
}

/**
 * On PostgreSQL each key's counter is locked for the transaction (keys in order, so two attempts
 * never wait on each other crosswise); SQLite runs one transaction at a time.
 */
async function lockKeys(trx: DB, checks: readonly LimitCheck[]): Promise<void> {
  if (dialectOf(trx) !== "postgres") return;
  for (const key of [...new Set(checks.map((check) => check.key))].sort()) {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`sauna-reviews:limit:${key}`}, 0))`.execute(trx);
  }
}

async function checkLimits(db: DB, checks: readonly LimitCheck[], now: number): Promise<LimitDecision | null> {
  let retryAfterMs = 0;
  for (const { key, rule } of checks) {
    const since = now - rule.windowMs;
    const rows = await db
      .selectFrom("auth_attempt")
      .select("at")
      .where("key", "=", key)
      .where("at", ">", since)
      .orderBy("at", "desc")
      .limit(rule.max)
      .execute();
    if (rows.length >= rule.max) {
      // The oldest of the last `max` attempts is the one whose expiry frees a slot.
      const oldest = Number(rows[rows.length - 1]!.at);
      retryAfterMs = Math.max(retryAfterMs, oldest + rule.windowMs - now);
    }
  }
  return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(retryAfterMs / 1000) } : null;
}

async function recordAttempts(db: DB, keys: readonly string[], account: string | undefined, now: number): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insertInto("auth_attempt")
    .values(keys.map((key) => ({ key, account: account ?? null, at: now })))
    .execute();
}

/** Every counter about one account, from every client: create-admin starts the owner afresh. */
export async function clearAttemptsForAccount(db: DB, email: string): Promise<void> {
  await db.deleteFrom("auth_attempt").where("account", "=", normaliseEmail(email)).execute();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Keys of the counters. `client` is the client's address, or null when it is not known. */
export const limiterKeys = {
  signIn: (email: string, client: string | null = null) => `sign-in:${normaliseEmail(email)}${client ? ` from ${client}` : ""}`,
  signInUntrusted: (email: string) => `sign-in-untrusted:${normaliseEmail(email)}`,
  signInDevice: (nonce: string) => `sign-in-device:${nonce}`,
  signInClient: (client: string) => `sign-in-client:${client}`,
  signUp: (email: string) => `sign-up:${normaliseEmail(email)}`,
  signUpClient: (client: string) => `sign-up-client:${client}`,
  resend: (email: string) => `resend:${normaliseEmail(email)}`,
  resendClient: (client: string) => `resend-client:${client}`,
  reset: (email: string) => `reset:${normaliseEmail(email)}`,
  resetClient: (client: string) => `reset-client:${client}`,
  resetTokenClient: (client: string) => `reset-token-client:${client}`,
};
