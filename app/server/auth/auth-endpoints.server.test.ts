import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as users from "~/routes/admin/users";
import * as apiAuth from "~/routes/api-auth";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { callAdminRoute } from "../../../tests/support/admin-routes";

/**
 * /api/auth/* serves only the endpoints the site offers; everything else the accounts library
 * would answer is a 404. Role changes happen on /admin/users, which keeps the last admin.
 */

const PASSWORD = "correct horse battery staple";

type Answer = { status: number; body: unknown };

async function answerOf(run: () => unknown): Promise<Answer> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, body: await value.json().catch(() => null) };
  const withInit = value as { type?: string; init?: ResponseInit | null; data?: unknown };
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, body: withInit.data };
  return { status: 200, body: value };
}

describe.each(testDialects)("the accounts library's HTTP endpoints on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let adminCookie: string;
  let userCookie: string;

  const api = (method: string, path: string, cookie: string, body?: unknown) =>
    answerOf(() => {
      const request = new Request(`${TEST_BASE_URL}/api/auth/${path}`, {
        method,
        headers: { ...SAME_SITE, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const handler = method === "GET" || method === "HEAD" ? apiAuth.loader : apiAuth.action;
      return handler({ request, context: requestContext(ctx.context), params: {} } as never);
    });
  const roleOf = async (email: string) =>
    (await test.db.selectFrom("user").select("role").where("email", "=", email).executeTakeFirstOrThrow()).role;
  const idOf = async (email: string) =>
    (await test.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    adminCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    userCookie = await signedInAs(ctx.auth, "reader@example.com", { admin: false });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("verify-password is not there: 40 wrong guesses and then the right password all answer 404", async () => {
    for (let guess = 1; guess <= 40; guess++) {
      expect((await api("POST", "verify-password", userCookie, { password: `guess ${guess}` })).status).toBe(404);
    }
    const right = await api("POST", "verify-password", userCookie, { password: PASSWORD });
    expect(right.status).toBe(404);
    expect(right.body).not.toEqual({ status: true });
  });

  it("the admin plugin's endpoints answer 404, even to an admin, and change nothing", async () => {
    const reader = await idOf("reader@example.com");
    const owner = await idOf("owner@example.com");
    const calls: [string, string, unknown?][] = [
      ["POST", "admin/set-role", { userId: owner, role: "user" }],
      ["POST", "admin/set-role", { userId: reader, role: "admin" }],
      ["POST", "admin/create-user", { email: "made@example.com", password: "a long password", name: "made", role: "admin" }],
      ["POST", "admin/remove-user", { userId: owner }],
      ["POST", "admin/ban-user", { userId: owner }],
      ["POST", "admin/impersonate-user", { userId: reader }],
      ["POST", "admin/set-user-password", { userId: reader, newPassword: "taken over password" }],
      ["POST", "admin/revoke-user-sessions", { userId: reader }],
      ["GET", "admin/list-users"],
      ["GET", "list-sessions"],
      ["POST", "update-user", { name: "renamed" }],
      ["POST", "delete-user", { password: PASSWORD }],
      ["GET", "reset-password/some-token"],
      // Spellings a router might take for the same endpoint.
      ["POST", "admin/set-role/", { userId: owner, role: "user" }],
      ["POST", "admin//set-role", { userId: owner, role: "user" }],
      ["POST", "ADMIN/SET-ROLE", { userId: owner, role: "user" }],
      ["POST", "admin/%73et-role", { userId: owner, role: "user" }],
      ["POST", "change-password/", { currentPassword: PASSWORD, newPassword: "another long password" }],
      // Allowed paths under the wrong method.
      ["GET", "change-password"],
      ["POST", "get-session", {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await api(method, path, adminCookie, body)).status, `${method} ${path}`).toBe(404);
    }
    expect(await roleOf("owner@example.com")).toBe("admin");
    expect(await roleOf("reader@example.com")).toBe("user");
    expect(await test.db.selectFrom("user").select("id").where("email", "=", "made@example.com").executeTakeFirst()).toBeUndefined();
    expect(await test.db.selectFrom("session").select("id").where("userId", "=", reader).execute()).toHaveLength(1);
  });

  it("get-session, change-password and sign-out still answer", async () => {
    const cookie = await signedInAs(ctx.auth, "changer@example.com", { admin: false });
    const session = await api("GET", "get-session", cookie);
    expect(session).toMatchObject({ status: 200, body: { user: { email: "changer@example.com" } } });
    expect((await api("POST", "change-password", cookie, { currentPassword: PASSWORD, newPassword: "another long password" })).status).toBe(
      200,
    );
    expect((await api("POST", "sign-out", cookie, {})).status).toBe(200);
    expect((await api("GET", "get-session", cookie)).body).toBeNull();
  });

  it("/admin/users refuses to demote the last confirmed admin, with the reason", async () => {
    const revoke = (userId: string) =>
      answerOf(() =>
        callAdminRoute(users.action, {
          request: new Request(`${TEST_BASE_URL}/admin/users`, {
            method: "POST",
            headers: { ...SAME_SITE, cookie: adminCookie },
            body: new URLSearchParams({ intent: "revoke-admin", userId }),
          }),
          context: requestContext(ctx.context),
          params: {},
        } as never),
      );
    const refused = await revoke(await idOf("owner@example.com"));
    expect(refused).toMatchObject({
      status: 409,
      body: {
        toast: {
          kind: "error",
          title: "Not changed",
          description:
            "owner@example.com is the last admin with a confirmed address, so nobody could sign in to the admin area. Make another account admin first.",
        },
      },
    });
    expect(await roleOf("owner@example.com")).toBe("admin");
  });
});
