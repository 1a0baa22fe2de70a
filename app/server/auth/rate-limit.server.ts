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
 * Two kinds of rule:
 * - sliding windows (`attempt`): at most `max` counted attempts per key in `windowMs`; a refused
 *   attempt counts against no key;
 * - growing delays (`delayFor`): after `free` failures for a key, each further try must wait
 *   twice as long as the one before, up to `maxDelayMs`. Used for an account's failures from
 *   every address together, so a stranger guessing from many places slows guessing down without
 *   ever locking the owner out for longer than a few minutes.
 */

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface DelayRule {
  /** Failures allowed in the window before any delay. */
  free: number;
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const AUTH_LIMITS = {
  /** One address from one client: the attempts a person typing makes. A success clears it. */
  signInPerEmail: { max: 5, windowMs: 10 * 60_000 },
  /** Failed sign-ins from one client across all addresses (password spraying). */
  signInFailuresPerClient: { max: 30, windowMs: 10 * 60_000 },
  signUpPerEmail: { max: 3, windowMs: 60 * 60_000 },
  signUpPerClient: { max: 5, windowMs: 60 * 60_000 },
  signUpTotal: { max: 30, windowMs: 60 * 60_000 },
  resendPerEmail: { max: 3, windowMs: 10 * 60_000 },
  resendPerClient: { max: 5, windowMs: 60 * 60_000 },
  resendTotal: { max: 30, windowMs: 60 * 60_000 },
  resetPerEmail: { max: 3, windowMs: 60 * 60_000 },
  resetPerClient: { max: 5, windowMs: 60 * 60_000 },
  resetTotal: { max: 30, windowMs: 60 * 60_000 },
  resetAttempts: { max: 10, windowMs: 10 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Failed sign-ins for one account from anywhere: 10 free an hour, then 1 s, 2 s, 4 s… up to 5 minutes. */
export const ACCOUNT_FAILURE_DELAY: DelayRule = { free: 10, windowMs: 60 * 60_000, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000 };

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LimitCheck {
  key: string;
  rule: LimitRule;
}

const LONGEST_WINDOW_MS = Math.max(ACCOUNT_FAILURE_DELAY.windowMs, ...Object.values(AUTH_LIMITS).map((rule) => rule.windowMs));
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
    // On PostgreSQL each key's counter is locked for the transaction (keys in order, so two
    // attempts never wait on each other crosswise); SQLite runs one transaction at a time.
    const decision = await this.db.transaction().execute(async (trx) => {
      if (dialectOf(trx) === "postgres") {
        for (const key of [...new Set(checks.map((check) => check.key))].sort()) {
          await sql`select pg_advisory_xact_lock(hashtextextended(${`sauna-reviews:limit:${key}`}, 0))`.execute(trx);
        }
      }
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
   * A growing-delay rule: null when a try is allowed now, else how long to wait. The delay runs
   * from the last failure, so a waiting owner is never pushed further back by refused tries.
   */
  async delayFor(key: string, rule: DelayRule): Promise<LimitDecision | null> {
    const now = this.now();
    const row = await this.db
      .selectFrom("auth_attempt")
      .select((eb) => [eb.fn.countAll<number | string>().as("failures"), eb.fn.max("at").as("last")])
      .where("key", "=", key)
      .where("at", ">", now - rule.windowMs)
      .executeTakeFirst();
    const failures = Number(row?.failures ?? 0);
    if (failures < rule.free || row?.last == null) return null;
    const delay = Math.min(rule.firstDelayMs * 2 ** (failures - rule.free), rule.maxDelayMs);
    const waitMs = Number(row.last) + delay - now;
    return waitMs > 0 ? { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) } : null;
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
  signInAccount: (email: string) => `sign-in-account:${normaliseEmail(email)}`,
  signInClient: (client: string) => `sign-in-client:${client}`,
  signUp: (email: string) => `sign-up:${normaliseEmail(email)}`,
  signUpClient: (client: string) => `sign-up-client:${client}`,
  signUpTotal: "sign-up:*",
  resend: (email: string) => `resend:${normaliseEmail(email)}`,
  resendClient: (client: string) => `resend-client:${client}`,
  resendTotal: "resend:*",
  reset: (email: string) => `reset:${normaliseEmail(email)}`,
  resetClient: (client: string) => `reset-client:${client}`,
  resetTotal: "reset:*",
  resetAttempts: "reset-password:*",
};
