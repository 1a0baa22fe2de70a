import { beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "../../../tests/support/test-databases";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { AttemptLimiter, AUTH_LIMITS, clearAttemptsForAccount } from "./rate-limit.server";

describe.each(testDialects)("attempt limiter on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  beforeEach(async () => {
    await test.db.deleteFrom("auth_attempt").execute();
  });

  it("allows max attempts per window, then refuses until the oldest one leaves the window", async () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(test.db, () => now);
    const check = [{ key: "sign-in:a@b.c", rule: { max: 3, windowMs: 60_000 } }];
    expect(await limiter.attempt(check)).toEqual({ allowed: true });
    now += 10_000;
    expect(await limiter.attempt(check)).toEqual({ allowed: true });
    expect(await limiter.attempt(check)).toEqual({ allowed: true });
    expect(await limiter.attempt(check)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Refused attempts do not extend the wait.
    now += 49_000;
    expect(await limiter.attempt(check)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(await limiter.attempt(check)).toEqual({ allowed: true });
  });

  it("keeps keys apart, and a site-wide key caps them all", async () => {
    const limiter = new AttemptLimiter(test.db, () => 1_000);
    const total = { key: "sign-up:*", rule: { max: 2, windowMs: 60_000 } };
    const per = (email: string) => ({ key: `sign-up:${email}`, rule: { max: 1, windowMs: 60_000 } });
    expect((await limiter.attempt([per("a"), total])).allowed).toBe(true);
    expect((await limiter.attempt([per("a"), total])).allowed).toBe(false);
    expect((await limiter.attempt([per("b"), total])).allowed).toBe(true);
    expect((await limiter.attempt([per("c"), total])).allowed).toBe(false);
  });

  it("a refused check counts against no key", async () => {
    const limiter = new AttemptLimiter(test.db, () => 1_000);
    const tight = { key: "t", rule: { max: 1, windowMs: 60_000 } };
    const loose = { key: "l", rule: { max: 2, windowMs: 60_000 } };
    await limiter.attempt([tight]);
    expect((await limiter.attempt([tight, loose])).allowed).toBe(false);
    expect((await limiter.attempt([loose])).allowed).toBe(true);
    expect((await limiter.attempt([loose])).allowed).toBe(true);
    expect((await limiter.attempt([loose])).allowed).toBe(false);
  });

  it("reset forgets a key", async () => {
    const limiter = new AttemptLimiter(test.db, () => 1_000);
    const check = [{ key: "k", rule: { max: 1, windowMs: 60_000 } }];
    await limiter.attempt(check);
    await limiter.reset("k");
    expect((await limiter.attempt(check)).allowed).toBe(true);
  });

  it("uses the documented limits", async () => {
    expect(AUTH_LIMITS.signInPerEmail).toEqual({ max: 5, windowMs: 600_000 });
    expect(AUTH_LIMITS.resendPerEmail).toEqual({ max: 3, windowMs: 600_000 });
  });

  it("counts in the database: a second instance (or a restarted one) sees the same attempts", async () => {
    const check = [{ key: "sign-in:owner@example.com", rule: { max: 2, windowMs: 60_000 } }];
    expect((await new AttemptLimiter(test.db).attempt(check)).allowed).toBe(true);
    const other = test.openAnother();
    expect((await new AttemptLimiter(other).attempt(check)).allowed).toBe(true);
    expect((await new AttemptLimiter(test.db).attempt(check)).allowed).toBe(false);
    expect((await new AttemptLimiter(other).attempt(check)).allowed).toBe(false);
  });

  it("allows exactly the limit when attempts arrive together, from one instance or from several sharing the database", async () => {
    const rule = AUTH_LIMITS.signInPerEmail;
    const check = [{ key: "sign-in:racing@example.com from 203.0.113.9", rule }];
    // SQLite serves one process per database; PostgreSQL may have several instances (handles).
    const instances = dialect === "postgres" ? [test.db, test.openAnother(), test.openAnother()] : [test.db];
    const decisions = await Promise.all(
      Array.from({ length: 4 * rule.max }, (_, index) => new AttemptLimiter(instances[index % instances.length]!).attempt(check)),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(rule.max);
    const rows = await test.db.selectFrom("auth_attempt").select("key").where("key", "=", check[0]!.key).execute();
    expect(rows).toHaveLength(rule.max);
  });

  it("admit charges refused attempts: retrying the moment a wait ends finds it started again", async () => {
    let now = 5_000_000;
    const limiter = new AttemptLimiter(test.db, () => now);
    const own = { key: "sign-in:owner@example.com from 198.51.100.1", rule: { max: 3, windowMs: 60_000 } };
    const failures = { key: "sign-in-client:198.51.100.1", rule: { max: 10, windowMs: 60_000 } };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await limiter.admit([own, failures], [own.key])).toEqual({ allowed: true });
      now += 1_000;
    }
    // Only the keys named as counted were counted.
    expect(await test.db.selectFrom("auth_attempt").select("key").where("key", "=", failures.key).execute()).toHaveLength(0);
    // Refused: a whole window from now. Each try before it ends is refused and starts it again.
    expect(await limiter.admit([own, failures], [own.key])).toEqual({ allowed: false, retryAfterSeconds: 60 });
    for (let retry = 0; retry < 20; retry++) {
      now += 59_000;
      expect(await limiter.admit([own, failures], [own.key])).toEqual({ allowed: false, retryAfterSeconds: 60 });
    }
    // However many refusals, the key never holds more than its limit.
    expect(await test.db.selectFrom("auth_attempt").select("key").where("key", "=", own.key).execute()).toHaveLength(3);
    // A client that waits as long as it was told is let in again.
    now += 60_000;
    expect(await limiter.admit([own, failures], [own.key])).toEqual({ allowed: true });
  });

  it("uses the documented sign-in limits", () => {
    expect(AUTH_LIMITS.signInUntrustedPerAccount).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(AUTH_LIMITS.signInFailuresPerDevice).toEqual({ max: 10, windowMs: 3_600_000 });
    expect(AUTH_LIMITS.signInFailuresPerClient).toEqual({ max: 30, windowMs: 600_000 });
  });

  it("clears every counter tagged with one account, and only those", async () => {
    const limiter = new AttemptLimiter(test.db);
    const rule = { max: 1, windowMs: 60_000 };
    await limiter.attempt([{ key: "sign-in:owner@example.com from 1.2.3.4", rule }], "owner@example.com");
    await limiter.attempt([{ key: "sign-in:other@example.com from 1.2.3.4", rule }], "other@example.com");
    await clearAttemptsForAccount(test.db, " Owner@Example.com ");
    expect((await limiter.attempt([{ key: "sign-in:owner@example.com from 1.2.3.4", rule }])).allowed).toBe(true);
    expect((await limiter.attempt([{ key: "sign-in:other@example.com from 1.2.3.4", rule }])).allowed).toBe(false);
  });
});
