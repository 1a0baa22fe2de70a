import { requestContext } from "~/server/load-context";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiAuth from "~/routes/api-auth";
import * as authCallback from "~/routes/auth-callback";
import * as authPage from "~/routes/auth";
import * as authReset from "~/routes/auth-reset";
import * as storageFile from "~/routes/storage-file";
import {
  confirmationLinkFor,
  makeAuthContext,
  SAME_SITE,
  signedInAs,
  TEST_BASE_URL,
  type AuthTestContext,
} from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";

/** The /auth, /auth/callback, /api/auth/* and /storage/product-images/:name route modules. */

type Result = { status: number; location?: string | null; headers?: Headers; body?: unknown };

async function run(fn: () => unknown): Promise<Result> {
  let value: unknown;
  try {
    value = await fn();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, location: value.headers.get("location"), headers: value.headers };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const withInit = value as { init: ResponseInit | null; data: unknown };
    return { status: withInit.init?.status ?? 200, body: withInit.data };
  }
  return { status: 200, body: value };
}

function form(fields: Record<string, string>, headers: Record<string, string> = SAME_SITE): Request {
  return new Request(`${TEST_BASE_URL}/auth`, { method: "POST", body: new URLSearchParams(fields), headers });
}

describe.each(testDialects)("auth routes on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  const call = (
    module: { action?: unknown; loader?: unknown },
    kind: "action" | "loader",
    request: Request,
    params: Record<string, string> = {},
  ) => run(() => (module[kind] as (args: unknown) => unknown)({ request, context: requestContext(ctx.context), params }));

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    await signedInAs(ctx.auth, "ready@example.com", { admin: false });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("signs an admin in to Today unless a page on this site was asked for", async () => {
    const boss = await signedInAs(ctx.auth, "boss@example.com", { admin: true });
    expect(boss).not.toBe("");
    const credentials = { intent: "sign-in", email: "boss@example.com", password: "correct horse battery staple" };
    expect((await call(authPage, "action", form(credentials))).location).toBe("/admin/today");
    expect((await call(authPage, "action", form({ ...credentials, redirectTo: "//evil.com" }))).location).toBe("/admin/today");
    expect((await call(authPage, "action", form({ ...credentials, redirectTo: "/admin" }))).location).toBe("/admin");
  });

  it("signs a user who is not an admin in to /admin, or to a same-site redirectTo, never to another site", async () => {
    const credentials = { intent: "sign-in", email: "ready@example.com", password: "correct horse battery staple" };
    const plain = await call(authPage, "action", form(credentials));
    expect(plain.status).toBe(302);
    expect(plain.location).toBe("/admin");
    expect(plain.headers?.getSetCookie().join(";")).toMatch(/session_token=[^;]+/);

    expect((await call(authPage, "action", form({ ...credentials, redirectTo: "/admin/collections?x=1" }))).location).toBe(
      "/admin/collections?x=1",
    );
    for (const evil of [
      "//evil.com",
      "https://evil.com",
      "/\\evil",
      "/\t/evil.com",
      "/.//evil.com",
      "/..//evil.com",
      "/a/..//evil.com",
      "/%2e//evil.com",
    ]) {
      expect((await call(authPage, "action", form({ ...credentials, redirectTo: evil }))).location, evil).toBe("/admin");
    }
    // The loader does the same with the query string.
    const cookie = plain
      .headers!.getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const loaded = await call(authPage, "loader", new Request(`${TEST_BASE_URL}/auth?redirectTo=//evil.com`, { headers: { cookie } }));
    expect(loaded).toMatchObject({ status: 302, location: "/admin" });
    for (const evil of ["/.//evil.com", "/..//evil.com", "/a/..//evil.com", "/%2e//evil.com"]) {
      const dotted = await call(
        authPage,
        "loader",
        new Request(`${TEST_BASE_URL}/auth?redirectTo=${encodeURIComponent(evil)}`, { headers: { cookie } }),
      );
      expect(dotted, evil).toMatchObject({ status: 302, location: "/admin" });
    }
  });

  it("refuses a sign-in posted from another site, or with no origin at all", async () => {
    const credentials = { intent: "sign-in", email: "ready@example.com", password: "correct horse battery staple" };
    expect((await call(authPage, "action", form(credentials, { origin: "https://evil.example" }))).status).toBe(403);
    expect((await call(authPage, "action", form(credentials, {}))).status).toBe(403);
    expect(
      (
        await call(
          authPage,
          "action",
          form({ ...credentials, intent: "sign-up", email: "csrf@example.com" }, { origin: "https://evil.example" }),
        )
      ).status,
    ).toBe(403);
    expect(await test.db.selectFrom("user").select("id").where("email", "=", "csrf@example.com").executeTakeFirst()).toBeUndefined();
  });

  it("answers with the spec's toasts and the confirmation banner", async () => {
    expect(await call(authPage, "action", form({ intent: "sign-in", email: "", password: "" }))).toMatchObject({
      status: 400,
      body: { toast: { title: "Missing fields", description: "Please enter both email and password" } },
    });
    const signUp = await call(authPage, "action", form({ intent: "sign-up", email: "fresh@example.com", password: "fresh password" }));
    expect(signUp).toMatchObject({
      status: 200,
      body: { toast: { kind: "success", title: "Account created" }, confirmationFor: "fresh@example.com", tab: "sign-in" },
    });
    const early = await call(authPage, "action", form({ intent: "sign-in", email: "fresh@example.com", password: "fresh password" }));
    expect(early).toMatchObject({ status: 403, body: { toast: { title: "Email not confirmed" }, confirmationFor: "fresh@example.com" } });
    expect(await call(authPage, "action", form({ intent: "resend", email: "" }))).toMatchObject({
      body: { toast: { title: "Email required" } },
    });
    expect(await call(authPage, "action", form({ intent: "resend", email: "fresh@example.com" }))).toMatchObject({
      body: { toast: { title: "Email sent", description: "Confirmation email has been resent to your inbox" } },
    });
  });

  it("/auth/callback confirms the address, then says the link was used", async () => {
    const link = confirmationLinkFor(await ctx.mails(), "fresh@example.com");
    expect(await call(authCallback, "loader", new Request(link))).toMatchObject({
      status: 200,
      body: { status: "confirmed", email: "fresh@example.com" },
    });
    expect(await call(authCallback, "loader", new Request(link))).toMatchObject({ status: 200, body: { status: "already-confirmed" } });
    expect(await call(authCallback, "loader", new Request(`${TEST_BASE_URL}/auth/callback?token=nope`))).toMatchObject({
      status: 400,
      body: { status: "invalid" },
    });
  });

  it("signs out", async () => {
    const signedIn = await call(authPage, "action", form({ intent: "sign-in", email: "fresh@example.com", password: "fresh password" }));
    const cookie = signedIn
      .headers!.getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const out = await call(authPage, "action", form({ intent: "sign-out" }, { ...SAME_SITE, cookie }));
    expect(out).toMatchObject({ status: 302, location: "/auth" });
    expect(out.headers?.getSetCookie().join(";")).toMatch(/session_token=;/);
  });

  it("/auth/reset: field errors from the form's schema, then 'Password changed' on /auth through the flash cookie, once", async () => {
    await signedInAs(ctx.auth, "resetter@example.com", { admin: false });
    await ctx.auth.api.requestPasswordReset({ body: { email: "resetter@example.com" } });
    const mail = (await ctx.mails())
      .reverse()
      .find((message) => message.to === "resetter@example.com" && message.subject.startsWith("Reset"));
    const token = new URL(mail!.text.match(/https?:\/\/\S+\/auth\/reset\?token=\S+/)![0]).searchParams.get("token")!;
    const reset = (fields: Record<string, string>) =>
      call(
        authReset,
        "action",
        new Request(`${TEST_BASE_URL}/auth/reset`, { method: "POST", body: new URLSearchParams(fields), headers: SAME_SITE }),
      );

    // Typed passwords never come back in the answer.
    expect(await reset({ token, password: "a new password", confirm: "another one" })).toEqual({
      status: 400,
      body: { ok: false, fieldErrors: { confirm: "The two passwords are not the same." }, formError: null, values: {} },
    });
    const done = await reset({ token, password: "a new password", confirm: "a new password" });
    expect(done).toMatchObject({ status: 302, location: "/auth" });
    const flashCookie = done.headers!.getSetCookie().find((cookie) => cookie.startsWith("flash="))!;
    expect(flashCookie).toMatch(/HttpOnly/i);

    type Loaded = { data: { flash: unknown }; init: ResponseInit };
    const loaded = (await authPage.loader({
      request: new Request(`${TEST_BASE_URL}/auth`, { headers: { cookie: flashCookie.split(";")[0]! } }),
      context: requestContext(ctx.context),
    } as never)) as unknown as Loaded;
    expect(loaded.data.flash).toEqual({ notice: { title: "Password changed", text: "Sign in with your new password." } });
    const headers = new Headers(loaded.init.headers);
    expect(headers.get("set-cookie")).toMatch(/^flash=;/);
    expect(headers.get("cache-control")).toBe("no-store");
    // Without the cookie there is nothing to show and nothing to clear.
    const plain = (await authPage.loader({
      request: new Request(`${TEST_BASE_URL}/auth`),
      context: requestContext(ctx.context),
    } as never)) as unknown as Loaded;
    expect(plain.data.flash).toBeNull();
    expect(new Headers(plain.init.headers).has("set-cookie")).toBe(false);
  });

  it("/api/auth/*: better-auth's handler, with the credential endpoints closed (one door, one limiter)", async () => {
    const session = await call(apiAuth, "loader", new Request(`${TEST_BASE_URL}/api/auth/get-session`));
    expect(session.status).toBe(200);
    for (const endpoint of ["sign-in/email", "sign-up/email", "send-verification-email"]) {
      const request = new Request(`${TEST_BASE_URL}/api/auth/${endpoint}`, {
        method: "POST",
        headers: { ...SAME_SITE, "content-type": "application/json" },
        body: JSON.stringify({ email: "ready@example.com", password: "correct horse battery staple", name: "x" }),
      });
      expect((await call(apiAuth, "action", request)).status, endpoint).toBe(404);
    }
    const crossSite = new Request(`${TEST_BASE_URL}/api/auth/sign-out`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect((await call(apiAuth, "action", crossSite)).status).toBe(403);
  });

  it("reads sign-in forms and /api/auth/* bodies under a few KB: 413 on the declared length and while streaming", async () => {
    const declared = new Request(`${TEST_BASE_URL}/auth`, {
      method: "POST",
      headers: { ...SAME_SITE, "content-type": "application/x-www-form-urlencoded", "content-length": String(400 * 1024 * 1024) },
      body: "intent=sign-in",
    });
    expect(await call(authPage, "action", declared)).toMatchObject({ status: 413 });

    // No length given: the body is counted as it arrives and the reading stops just past the limit.
    const streamed = (url: string, contentType: string) => {
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          if (pulled > 1600) controller.close();
          else controller.enqueue(new Uint8Array(64 * 1024).fill(97));
        },
      });
      const request = new Request(url, {
        method: "POST",
        headers: { ...SAME_SITE, "content-type": contentType },
        body,
        duplex: "half",
      } as RequestInit);
      return { request, pulled: () => pulled };
    };
    const form = streamed(`${TEST_BASE_URL}/auth`, "application/x-www-form-urlencoded");
    expect(await call(authPage, "action", form.request)).toMatchObject({ status: 413 });
    expect(form.pulled()).toBeLessThan(5);
    const api = streamed(`${TEST_BASE_URL}/api/auth/sign-out`, "application/json");
    const refused = await call(apiAuth, "action", api.request);
    expect(refused.status).toBe(413);
    expect(refused.headers?.get("connection")).toBe("close");
    expect(api.pulled()).toBeLessThan(5);
  });

  it("answers a malformed form with 400, not an error", async () => {
    const broken = new Request(`${TEST_BASE_URL}/auth`, {
      method: "POST",
      headers: { ...SAME_SITE, "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsign-in',
    });
    expect(await call(authPage, "action", broken)).toMatchObject({ status: 400 });
    const notAForm = new Request(`${TEST_BASE_URL}/auth`, {
      method: "POST",
      headers: { ...SAME_SITE, "content-type": "application/json" },
      body: "{}",
    });
    expect(await call(authPage, "action", notAForm)).toMatchObject({ status: 400 });
  });

  it("change-password takes the same limited number of current-password guesses as sign-in", async () => {
    const cookie = await signedInAs(ctx.auth, "changer@example.com", { admin: false });
    const change = (currentPassword: string) =>
      call(
        apiAuth,
        "action",
        new Request(`${TEST_BASE_URL}/api/auth/change-password`, {
          method: "POST",
          headers: { ...SAME_SITE, cookie, "content-type": "application/json" },
          body: JSON.stringify({ currentPassword, newPassword: "a brand new password" }),
        }),
      );
    for (let guess = 1; guess <= 5; guess++) expect((await change(`guess ${guess}`)).status).toBe(400);
    const sixth = await change("correct horse battery staple");
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers?.get("retry-after"))).toBeGreaterThan(0);
    const row = await test.db.selectFrom("auth_attempt").select("key").where("account", "=", "changer@example.com").execute();
    expect(row.length).toBeGreaterThan(0);
  });

  it("/storage/product-images/:name serves stored pictures with safe headers, and nothing else", async () => {
    const bucket = path.join(ctx.dataDir, "storage", "product-images");
    mkdirSync(bucket, { recursive: true });
    writeFileSync(
      path.join(bucket, "front.png"),
      await sharp({ create: { width: 2, height: 2, channels: 3, background: "#000" } })
        .png()
        .toBuffer(),
    );
    writeFileSync(path.join(ctx.dataDir, "secret.png"), "not for you");
    const fetchName = (name: string, headers: Record<string, string> = {}) =>
      run(() =>
        storageFile.loader({
          request: new Request(`${TEST_BASE_URL}/storage/product-images/x`, { headers }),
          context: requestContext(ctx.context),
          params: { name },
        } as never),
      );

    const found = await fetchName("front.png");
    expect(found.status).toBe(200);
    expect(found.headers?.get("content-type")).toBe("image/png");
    expect(found.headers?.get("x-content-type-options")).toBe("nosniff");
    expect(found.headers?.get("cache-control")).toMatch(/public, max-age=\d+/);
    const etag = found.headers!.get("etag")!;
    expect((await fetchName("front.png", { "if-none-match": etag })).status).toBe(304);

    for (const name of [
      "../secret.png",
      "..%2Fsecret.png",
      "%2e%2e/secret.png",
      "missing.png",
      "front.png/..",
      "front.svg",
      ".front.png",
      "sub/front.png",
    ]) {
      expect((await fetchName(name)).status, name).toBe(404);
    }
  });
});
