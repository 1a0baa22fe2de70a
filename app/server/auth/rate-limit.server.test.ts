import { describe, expect, it } from "vitest";
import { AttemptLimiter, AUTH_LIMITS } from "./rate-limit.server";

describe("attempt limiter", () => {
  it("allows max attempts per window, then refuses until the oldest one leaves the window", () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(() => now);
    const check = [{ key: "sign-in:a@b.c", rule: { max: 3, windowMs: 60_000 } }];
    expect(limiter.attempt(check)).toEqual({ allowed: true });
    now += 10_000;
    expect(limiter.attempt(check)).toEqual({ allowed: true });
    expect(limiter.attempt(check)).toEqual({ allowed: true });
    expect(limiter.attempt(check)).toEqual({ allowed: false, retryAfterSeconds: 50 });
    // Refused attempts do not extend the wait.
    now += 49_000;
    expect(limiter.attempt(check)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now += 1_000;
    expect(limiter.attempt(check)).toEqual({ allowed: true });
  });

  it("keeps keys apart, and a site-wide key caps them all", () => {
    const limiter = new AttemptLimiter(() => 0);
    const total = { key: "sign-up:*", rule: { max: 2, windowMs: 60_000 } };
    const per = (email: string) => ({ key: `sign-up:${email}`, rule: { max: 1, windowMs: 60_000 } });
    expect(limiter.attempt([per("a"), total]).allowed).toBe(true);
    expect(limiter.attempt([per("a"), total]).allowed).toBe(false);
    expect(limiter.attempt([per("b"), total]).allowed).toBe(true);
    expect(limiter.attempt([per("c"), total]).allowed).toBe(false);
  });

  it("a refused check counts against no key", () => {
    const limiter = new AttemptLimiter(() => 0);
    const tight = { key: "t", rule: { max: 1, windowMs: 60_000 } };
    const loose = { key: "l", rule: { max: 2, windowMs: 60_000 } };
    limiter.attempt([tight]);
    expect(limiter.attempt([tight, loose]).allowed).toBe(false);
    expect(limiter.attempt([loose]).allowed).toBe(true);
    expect(limiter.attempt([loose]).allowed).toBe(true);
    expect(limiter.attempt([loose]).allowed).toBe(false);
  });

  it("reset forgets a key", () => {
    const limiter = new AttemptLimiter(() => 0);
    const check = [{ key: "k", rule: { max: 1, windowMs: 60_000 } }];
    limiter.attempt(check);
    limiter.reset("k");
    expect(limiter.attempt(check).allowed).toBe(true);
  });

  it("uses the documented limits", () => {
    expect(AUTH_LIMITS.signInPerEmail).toEqual({ max: 5, windowMs: 600_000 });
    expect(AUTH_LIMITS.resendPerEmail).toEqual({ max: 3, windowMs: 600_000 });
  });
});
