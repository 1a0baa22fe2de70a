import { createEmailVerificationToken } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { AUTH_TOASTS, INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from "~/lib/auth/auth-messages";
import { confirmationLinkFor, cookieFrom } from "../../../tests/support/auth-fixtures";
import { testDialects } from "../../../tests/support/test-databases";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { confirmEmail, resendConfirmation, settlePasswordCheck, signInWithPassword, signOut, signUpWithPassword } from "./accounts.server";
import { countAdmins, createOrPromoteAdmin, missingAdminHint } from "./admins.server";
import { getSignedInUser, hasAdminRole } from "./guard.server";
import { AttemptLimiter } from "./rate-limit.server";

const noHeaders = () => new Headers();
const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

describe.each(testDialects)("accounts on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  // The counters live in the database: each test starts from none.
  const freshLimiter = async () => {
    await test.db.deleteFrom("auth_attempt").execute();
    return new AttemptLimiter(test.db);
  };

  it("sign-up mails a link to /auth/callback; sign-in is refused until it is opened", async () => {
    const limiter = await freshLimiter();
    const signUp = await signUpWithPassword(ctx.auth, { email: "New.Admin@Example.com", password: "a long password" }, limiter);
    expect(signUp).toEqual({ ok: true, toast: AUTH_TOASTS.accountCreated });
    const link = confirmationLinkFor(await ctx.mails(), "new.admin@example.com");
    expect(link.startsWith("http://127.0.0.1:3000/auth/callback?token=")).toBe(true);

    const early = await signInWithPassword(ctx.auth, { email: "new.admin@example.com", password: "a long password" }, noHeaders(), limiter);
    expect(early).toEqual({ ok: false, toast: AUTH_TOASTS.emailNotConfirmed, needsConfirmation: true });

    expect(await confirmEmail(ctx.auth, test.db, tokenOf(link))).toEqual({ status: "confirmed", email: "new.admin@example.com" });
    // The same link again says so.
    expect(await confirmEmail(ctx.auth, test.db, tokenOf(link))).toEqual({ status: "already-confirmed", email: "new.admin@example.com" });

    const signIn = await signInWithPassword(
      ctx.auth,
      { email: "new.admin@example.com", password: "a long password" },
      noHeaders(),
      limiter,
    );
    expect(signIn.ok).toBe(true);
    const cookie = signIn.ok ? cookieFrom(signIn.headers) : "";
    const user = await getSignedInUser(new Request("http://x/admin", { headers: { cookie } }), ctx.context);
    expect(user).toMatchObject({ email: "new.admin@example.com", role: "user" });
    // Sign-up never grants admin.
    expect(hasAdminRole(user?.role)).toBe(false);

    const cleared = await signOut(ctx.auth, new Headers({ cookie }));
    expect(cleared.getSetCookie().join(";")).toMatch(/session_token=;/);
    expect(await getSignedInUser(new Request("http://x/admin", { headers: { cookie } }), ctx.context)).toBeNull();
  });

  it("gives a wrong password and an unknown address the same answer", async () => {
    const limiter = await freshLimiter();
    await signUpWithPassword(ctx.auth, { email: "known@example.com", password: "the right password" }, limiter);
    await confirmEmail(ctx.auth, test.db, tokenOf(confirmationLinkFor(await ctx.mails(), "known@example.com")));
    const wrong = await signInWithPassword(ctx.auth, { email: "known@example.com", password: "not the password" }, noHeaders(), limiter);
    const unknown = await signInWithPassword(ctx.auth, { email: "nobody@example.com", password: "not the password" }, noHeaders(), limiter);
    const malformed = await signInWithPassword(ctx.auth, { email: "not-an-address", password: "x" }, noHeaders(), limiter);
    expect(wrong).toEqual({ ok: false, toast: AUTH_TOASTS.authError(INVALID_CREDENTIALS) });
    expect(unknown).toEqual(wrong);
    expect(malformed).toEqual(wrong);
    // Not even an unconfirmed account is revealed without its password.
    await signUpWithPassword(ctx.auth, { email: "pending@example.com", password: "pending password" }, limiter);
    expect(await signInWithPassword(ctx.auth, { email: "pending@example.com", password: "wrong" }, noHeaders(), limiter)).toEqual(wrong);
  });

  it("signing up again with a taken address looks like a fresh sign-up and sends nothing", async () => {
    const limiter = await freshLimiter();
    const mailsBefore = (await ctx.mails()).length;
    const again = await signUpWithPassword(ctx.auth, { email: "known@example.com", password: "whatever password" }, limiter);
    expect(again).toEqual({ ok: true, toast: AUTH_TOASTS.accountCreated });
    expect((await ctx.mails()).length).toBe(mailsBefore);
  });

  it("answers missing fields with the spec's toasts", async () => {
    const limiter = await freshLimiter();
    expect(await signInWithPassword(ctx.auth, { email: "a@b.c", password: "" }, noHeaders(), limiter)).toEqual({
      ok: false,
      toast: { kind: "error", title: "Missing fields", description: "Please enter both email and password" },
    });
    expect(await signUpWithPassword(ctx.auth, { email: " ", password: "x" }, limiter)).toMatchObject({
      toast: { title: "Missing fields" },
    });
    expect(await resendConfirmation(ctx.auth, "", limiter)).toEqual({
      ok: false,
      toast: { kind: "error", title: "Email required", description: "Please enter your email address" },
    });
    expect(await signUpWithPassword(ctx.auth, { email: "short@example.com", password: "short" }, limiter)).toEqual({
      ok: false,
      toast: { kind: "error", title: "Authentication error", description: "Password must be at least 8 characters" },
    });
  });

  it("resends the confirmation, with the same answer for unknown addresses", async () => {
    const limiter = await freshLimiter();
    await signUpWithPassword(ctx.auth, { email: "resend@example.com", password: "resend password" }, limiter);
    const before = (await ctx.mails()).filter((mail) => mail.to === "resend@example.com").length;
    expect(await resendConfirmation(ctx.auth, "resend@example.com", limiter)).toEqual({
      ok: true,
      toast: { kind: "success", title: "Email sent", description: "Confirmation email has been resent to your inbox" },
    });
    expect((await ctx.mails()).filter((mail) => mail.to === "resend@example.com").length).toBe(before + 1);
    expect(await resendConfirmation(ctx.auth, "stranger@example.com", limiter)).toMatchObject({ ok: true, toast: { title: "Email sent" } });
    expect((await ctx.mails()).some((mail) => mail.to === "stranger@example.com")).toBe(false);
  });

  it("rate-limits sign-in, sign-up and resend per address", async () => {
    const limiter = await freshLimiter();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const outcome = await signInWithPassword(
        ctx.auth,
        { email: "known@example.com", password: "guess " + attempt },
        noHeaders(),
        limiter,
      );
      expect(outcome).toMatchObject({ toast: { description: INVALID_CREDENTIALS } });
    }
    // The sixth guess is refused even with the right password, and without asking better-auth.
    const sixth = await signInWithPassword(ctx.auth, { email: "KNOWN@example.com", password: "the right password" }, noHeaders(), limiter);
    expect(sixth).toEqual({ ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) });
    // Other addresses are not affected.
    expect(
      (await signInWithPassword(ctx.auth, { email: "new.admin@example.com", password: "a long password" }, noHeaders(), limiter)).ok,
    ).toBe(true);

    for (let attempt = 1; attempt <= 3; attempt++) await resendConfirmation(ctx.auth, "resend@example.com", limiter);
    expect(await resendConfirmation(ctx.auth, "resend@example.com", limiter)).toEqual({
      ok: false,
      toast: AUTH_TOASTS.resendFailed(TOO_MANY_ATTEMPTS),
    });
    for (let attempt = 1; attempt <= 3; attempt++)
      await signUpWithPassword(ctx.auth, { email: "spam@example.com", password: "spam password" }, limiter);
    expect(await signUpWithPassword(ctx.auth, { email: "spam@example.com", password: "spam password" }, limiter)).toEqual({
      ok: false,
      toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS),
    });
  });

  it("a stranger's wrong guesses from another client do not lock the owner out", async () => {
    const limiter = await freshLimiter();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInWithPassword(
        ctx.auth,
        { email: "known@example.com", password: "guess " + attempt },
        noHeaders(),
        limiter,
        "198.51.100.66",
      );
    }
    const stranger = await signInWithPassword(
      ctx.auth,
      { email: "known@example.com", password: "the right password" },
      noHeaders(),
      limiter,
      "198.51.100.66",
    );
    expect(stranger).toEqual({ ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) });
    const owner = await signInWithPassword(
      ctx.auth,
      { email: "known@example.com", password: "the right password" },
      noHeaders(),
      limiter,
      "203.0.113.10",
    );
    expect(owner.ok).toBe(true);
  });

  it("failures from many clients lock untrusted clients out of the account, never the browser that signed in before", async () => {
    const limiter = await freshLimiter();
    const right = { email: "known@example.com", password: "the right password" };
    const before = await signInWithPassword(ctx.auth, right, noHeaders(), limiter, "203.0.113.10");
    expect(before.ok).toBe(true);
    const device = before.ok
      ? before.headers
          .getSetCookie()
          .find((line) => line.startsWith("device-"))!
          .split(";")[0]!
      : "";
    for (let client = 1; client <= 10; client++) {
      const outcome = await signInWithPassword(ctx.auth, { ...right, password: "guess" }, noHeaders(), limiter, `198.51.100.${client}`);
      expect(outcome).toMatchObject({ toast: { description: INVALID_CREDENTIALS } });
    }
    // Any client without the account's device cookie, the right password or not.
    expect(await signInWithPassword(ctx.auth, right, noHeaders(), limiter, "203.0.113.99")).toEqual({
      ok: false,
      toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS),
    });
    expect(await signInWithPassword(ctx.auth, right, noHeaders(), limiter, "203.0.113.10")).toMatchObject({ ok: false });
    // The owner's browser, from the same address or any other.
    expect((await signInWithPassword(ctx.auth, right, new Headers({ cookie: device }), limiter, "203.0.113.10")).ok).toBe(true);
    expect((await signInWithPassword(ctx.auth, right, new Headers({ cookie: device }), limiter, "198.51.100.1")).ok).toBe(true);
  });

  it("one client's failed sign-ins across many addresses are capped", async () => {
    const limiter = await freshLimiter();
    // One real failure shows sign-in counts it against the client; 29 more are recorded directly
    // (each real one costs a password hash).
    const first = await signInWithPassword(
      ctx.auth,
      { email: "spray0@example.com", password: "Summer2026!" },
      noHeaders(),
      limiter,
      "198.51.100.7",
    );
    expect(first).toMatchObject({ toast: { description: INVALID_CREDENTIALS } });
    for (let attempt = 1; attempt <= 29; attempt++)
      await settlePasswordCheck(limiter, `spray${attempt}@example.com`, { client: "198.51.100.7", device: null }, false);
    const next = await signInWithPassword(
      ctx.auth,
      { email: "known@example.com", password: "the right password" },
      noHeaders(),
      limiter,
      "198.51.100.7",
    );
    expect(next).toEqual({ ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) });
    // Successful checks are not failures: a busy office behind one address is not capped by them.
    for (let attempt = 1; attempt <= 31; attempt++)
      await settlePasswordCheck(limiter, `office${attempt}@example.com`, { client: "198.51.100.8", device: null }, true);
    expect(
      (
        await signInWithPassword(
          ctx.auth,
          { email: "known@example.com", password: "the right password" },
          noHeaders(),
          limiter,
          "198.51.100.8",
        )
      ).ok,
    ).toBe(true);
  });

  it("one client cannot spend the site-wide sign-up and resend allowances", async () => {
    const limiter = await freshLimiter();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (await signUpWithPassword(ctx.auth, { email: `flood${attempt}@example.com`, password: "flood password" }, limiter, "198.51.100.9"))
          .ok,
      ).toBe(true);
      expect((await resendConfirmation(ctx.auth, `flood${attempt}@example.com`, limiter, "198.51.100.9")).ok).toBe(true);
    }
    expect(
      await signUpWithPassword(ctx.auth, { email: "flood6@example.com", password: "flood password" }, limiter, "198.51.100.9"),
    ).toEqual({
      ok: false,
      toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS),
    });
    expect(await resendConfirmation(ctx.auth, "flood1@example.com", limiter, "198.51.100.9")).toEqual({
      ok: false,
      toast: AUTH_TOASTS.resendFailed(TOO_MANY_ATTEMPTS),
    });
    // Everyone else still can.
    expect(
      (await signUpWithPassword(ctx.auth, { email: "visitor@example.com", password: "visitor password" }, limiter, "203.0.113.20")).ok,
    ).toBe(true);
    expect((await resendConfirmation(ctx.auth, "visitor@example.com", limiter, "203.0.113.20")).ok).toBe(true);
  });

  it("the counters survive a new limiter (a restart), and create-admin clears them for the owner", async () => {
    await freshLimiter();
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInWithPassword(
        ctx.auth,
        { email: "known@example.com", password: "guess " + attempt },
        noHeaders(),
        new AttemptLimiter(test.db),
      );
    }
    const afterRestart = await signInWithPassword(
      ctx.auth,
      { email: "known@example.com", password: "the right password" },
      noHeaders(),
      new AttemptLimiter(test.db),
    );
    expect(afterRestart).toEqual({ ok: false, toast: AUTH_TOASTS.authError(TOO_MANY_ATTEMPTS) });
    await createOrPromoteAdmin(ctx.auth, test.db, { email: "known@example.com" });
    expect(
      (
        await signInWithPassword(
          ctx.auth,
          { email: "known@example.com", password: "the right password" },
          noHeaders(),
          new AttemptLimiter(test.db),
        )
      ).ok,
    ).toBe(true);
    // The create-admin test below starts from a site without admins.
    await test.db.updateTable("user").set({ role: "user" }).where("email", "=", "known@example.com").execute();
  });

  it("says when a confirmation link has expired or is not valid", async () => {
    const expired = await createEmailVerificationToken(ctx.context.config.authSecret, "pending@example.com", undefined, -60);
    expect(await confirmEmail(ctx.auth, test.db, expired)).toEqual({ status: "expired", email: "pending@example.com" });
    const forged = await createEmailVerificationToken("another-secret-that-is-long-enough-to-sign", "pending@example.com");
    expect(await confirmEmail(ctx.auth, test.db, forged)).toEqual({ status: "invalid" });
    expect(await confirmEmail(ctx.auth, test.db, "garbage")).toEqual({ status: "invalid" });
    expect(await confirmEmail(ctx.auth, test.db, "")).toEqual({ status: "invalid" });
    const row = await test.db
      .selectFrom("user")
      .select("emailVerified")
      .where("email", "=", "pending@example.com")
      .executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(false);
  });

  it("create-admin creates a confirmed admin, or promotes and confirms an existing account", async () => {
    expect(await countAdmins(test.db)).toBe(0);
    expect(await missingAdminHint(test.db)).toMatch(/npm run create-admin -- --email/);
    // The suggested command carries the server's own settings, so the account lands in its database.
    expect(await missingAdminHint(test.db, { PORT: "4599", DATA_DIR: "/srv/saunas" })).toContain(
      "Create one with: DATA_DIR=/srv/saunas PORT=4599 npm run create-admin -- --email",
    );

    expect(await createOrPromoteAdmin(ctx.auth, test.db, { email: "Boss@Example.com", password: "boss password" })).toEqual({
      action: "created",
      email: "boss@example.com",
      passwordChanged: true,
    });
    const limiter = await freshLimiter();
    expect((await signInWithPassword(ctx.auth, { email: "boss@example.com", password: "boss password" }, noHeaders(), limiter)).ok).toBe(
      true,
    );

    // pending@ never confirmed its address: promotion confirms it, and --password replaces the old one.
    expect(await createOrPromoteAdmin(ctx.auth, test.db, { email: "pending@example.com", password: "brand new password" })).toEqual({
      action: "promoted",
      email: "pending@example.com",
      passwordChanged: true,
    });
    const signIn = await signInWithPassword(
      ctx.auth,
      { email: "pending@example.com", password: "brand new password" },
      noHeaders(),
      limiter,
    );
    expect(signIn.ok).toBe(true);
    const cookie = signIn.ok ? cookieFrom(signIn.headers) : "";
    const user = await getSignedInUser(new Request("http://x/admin", { headers: { cookie } }), ctx.context);
    expect(hasAdminRole(user?.role)).toBe(true);

    expect(await createOrPromoteAdmin(ctx.auth, test.db, { email: "known@example.com" })).toMatchObject({
      action: "promoted",
      passwordChanged: false,
    });
    expect(await countAdmins(test.db)).toBe(3);
    expect(await missingAdminHint(test.db)).toBeNull();
    await expect(createOrPromoteAdmin(ctx.auth, test.db, { email: "x@example.com", password: "short" })).rejects.toThrow(
      "at least 8 characters",
    );
    await expect(createOrPromoteAdmin(ctx.auth, test.db, { email: "nobody-yet@example.com" })).rejects.toThrow("give --password");
  });
});

describe("admin role", () => {
  it("reads the admin plugin's comma-separated roles", () => {
    expect(hasAdminRole("admin")).toBe(true);
    expect(hasAdminRole("user,admin")).toBe(true);
    expect(hasAdminRole("user, admin")).toBe(true);
    expect(hasAdminRole("administrator")).toBe(false);
    expect(hasAdminRole("user")).toBe(false);
    expect(hasAdminRole(null)).toBe(false);
  });
});
