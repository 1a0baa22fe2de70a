import { describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { cookieFrom, signedInAs, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { testDialects } from "../../../tests/support/test-databases";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { signInWithPassword } from "./accounts.server";
import { getSignedInUser } from "./guard.server";
import { requestPasswordReset, resetPassword, RESET_REQUESTED_MESSAGE } from "./password-reset.server";
import { AttemptLimiter } from "./rate-limit.server";

async function resetLinkFor(ctx: AuthTestContext, email: string): Promise<string | undefined> {
  const mail = (await ctx.mails()).reverse().find((message) => message.to === email && message.subject.startsWith("Reset"));
  return mail?.text.match(/https?:\/\/\S+\/auth\/reset\?token=\S+/)?.[0];
}

describe.each(testDialects)("password reset on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);

  it("mails a one-time link; the new password signs in, the old one and old sessions do not", async () => {
    const email = "owner@example.com";
    const oldCookie = await signedInAs(ctx.auth, email, { admin: true });
    expect(await getSignedInUser(new Request("http://x/admin", { headers: { cookie: oldCookie } }), ctx.context)).not.toBeNull();

    expect(await requestPasswordReset(ctx.auth, " Owner@Example.com ", new AttemptLimiter(test.db))).toEqual({
      ok: true,
      message: RESET_REQUESTED_MESSAGE,
    });
    const link = await resetLinkFor(ctx, email);
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/auth\/reset\?token=/);
    const token = new URL(link!).searchParams.get("token")!;

    expect(await resetPassword(ctx.auth, { token, password: "short", confirm: "short" }, new AttemptLimiter(test.db))).toMatchObject({
      ok: false,
      field: "password",
    });
    expect(
      await resetPassword(ctx.auth, { token, password: "a brand new password", confirm: "another one" }, new AttemptLimiter(test.db)),
    ).toMatchObject({
      ok: false,
      field: "confirm",
    });
    expect(
      await resetPassword(
        ctx.auth,
        { token, password: "a brand new password", confirm: "a brand new password" },
        new AttemptLimiter(test.db),
      ),
    ).toEqual({ ok: true });
    // Used once: the same link again is refused.
    expect(
      await resetPassword(
        ctx.auth,
        { token, password: "yet another password", confirm: "yet another password" },
        new AttemptLimiter(test.db),
      ),
    ).toMatchObject({
      ok: false,
      field: "token",
    });

    // Every old session is signed out.
    expect(await getSignedInUser(new Request("http://x/admin", { headers: { cookie: oldCookie } }), ctx.context)).toBeNull();
    const limiter = new AttemptLimiter(test.db);
    const withOld = await signInWithPassword(ctx.auth, { email, password: "correct horse battery staple" }, new Headers(), limiter);
    expect(withOld.ok).toBe(false);
    const withNew = await signInWithPassword(ctx.auth, { email, password: "a brand new password" }, new Headers(), limiter);
    expect(withNew.ok).toBe(true);
    expect(withNew.ok && cookieFrom(withNew.headers)).toMatch(/session_token=/);
  });

  it("answers an unknown address exactly like a known one, and sends it nothing", async () => {
    const before = (await ctx.mails()).length;
    expect(await requestPasswordReset(ctx.auth, "nobody@example.com", new AttemptLimiter(test.db))).toEqual({
      ok: true,
      message: RESET_REQUESTED_MESSAGE,
    });
    expect((await ctx.mails()).length).toBe(before);
  });

  it("refuses a made-up token, an empty address and a malformed one in the user's words", async () => {
    expect(
      await resetPassword(
        ctx.auth,
        { token: "not-a-real-token", password: "a long password", confirm: "a long password" },
        new AttemptLimiter(test.db),
      ),
    ).toEqual({
      ok: false,
      field: "token",
      error: "This reset link has expired or was already used. Ask for a new one.",
    });
    expect(await requestPasswordReset(ctx.auth, "  ", new AttemptLimiter(test.db))).toEqual({
      ok: false,
      error: "Please enter your email address.",
    });
    expect(await requestPasswordReset(ctx.auth, "not-an-address", new AttemptLimiter(test.db))).toEqual({
      ok: false,
      error: "Please enter a valid email address.",
    });
  });

  it("limits requests per address, so one inbox cannot be flooded, and per client across addresses", async () => {
    const limiter = new AttemptLimiter(test.db);
    for (let i = 0; i < 3; i++) expect((await requestPasswordReset(ctx.auth, "flooded@example.com", limiter)).ok).toBe(true);
    expect(await requestPasswordReset(ctx.auth, "flooded@example.com", limiter)).toEqual({ ok: false, error: TOO_MANY_ATTEMPTS });

    for (let i = 0; i < 5; i++)
      expect((await requestPasswordReset(ctx.auth, `victim-${i}@example.com`, limiter, "198.51.100.7")).ok).toBe(true);
    expect(await requestPasswordReset(ctx.auth, "victim-5@example.com", limiter, "198.51.100.7")).toEqual({
      ok: false,
      error: TOO_MANY_ATTEMPTS,
    });
    expect((await requestPasswordReset(ctx.auth, "victim-5@example.com", limiter, "203.0.113.9")).ok).toBe(true);
  });
});
