import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAuthContext, signedInAs, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { withAdminRole, withoutAdminRole } from "./admins.server";
import { getSignedInUser } from "./guard.server";
import { listUsers, setAdminRole, signOutEverywhere, UserChangeRefused } from "./users.server";

describe("admin role lists", () => {
  it("adds and removes 'admin' without touching other roles", () => {
    expect(withAdminRole("user")).toBe("admin");
    expect(withAdminRole("editor")).toBe("editor,admin");
    expect(withoutAdminRole("admin")).toBe("user");
    expect(withoutAdminRole("editor,admin")).toBe("editor");
    expect(withoutAdminRole(null)).toBe("user");
  });
});

describe.each(testDialects)("managing accounts on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let ownerCookie: string;
  let helperCookie: string;
  const userOf = (cookie: string) => getSignedInUser(new Request("http://x/admin", { headers: { cookie } }), ctx.context);
  const idOf = async (email: string) =>
    (await test.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    ownerCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    helperCookie = await signedInAs(ctx.auth, "helper@example.com", { admin: false });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("lists every account with its confirmation, role and open sessions", async () => {
    const users = await listUsers(test.db);
    expect(users.map(({ email, verified, admin, sessions }) => ({ email, verified, admin, sessions }))).toEqual([
      { email: "owner@example.com", verified: true, admin: true, sessions: 1 },
      { email: "helper@example.com", verified: true, admin: false, sessions: 1 },
    ]);
    expect((await listUsers(test.db, "HELP")).map((user) => user.email)).toEqual(["helper@example.com"]);
  });

  it("grants admin, which the next request sees, and revokes it again", async () => {
    const helper = await idOf("helper@example.com");
    expect(await setAdminRole(test.db, helper, true)).toEqual({ email: "helper@example.com", changed: true });
    expect((await userOf(helperCookie))?.role).toBe("admin");
    expect(await setAdminRole(test.db, helper, true)).toEqual({ email: "helper@example.com", changed: false });
    expect(await setAdminRole(test.db, helper, false)).toEqual({ email: "helper@example.com", changed: true });
    expect((await userOf(helperCookie))?.role).toBe("user");
  });

  it("never removes the last admin", async () => {
    const owner = await idOf("owner@example.com");
    await expect(setAdminRole(test.db, owner, false)).rejects.toThrow(
      new UserChangeRefused(
        "owner@example.com is the last admin with a confirmed address, so nobody could sign in to the admin area. Make another account admin first.",
      ),
    );
    expect((await userOf(ownerCookie))?.role).toBe("admin");
  });

  it("an admin who never confirmed the address does not count: the last confirmed admin keeps the role", async () => {
    // Such a row came from the accounts library's own set-role or a hand edit; it cannot sign in.
    await ctx.auth.api.signUpEmail({ body: { email: "unconfirmed-admin@example.com", password: "a long password", name: "u" } });
    await test.db.updateTable("user").set({ role: "admin" }).where("email", "=", "unconfirmed-admin@example.com").execute();
    await expect(setAdminRole(test.db, await idOf("owner@example.com"), false)).rejects.toThrow(/last admin with a confirmed address/);
    expect((await userOf(ownerCookie))?.role).toBe("admin");
    // Demoting the unconfirmed one is fine: the owner is still there.
    expect(await setAdminRole(test.db, await idOf("unconfirmed-admin@example.com"), false)).toMatchObject({ changed: true });
  });

  it("of two admins demoting each other at once, exactly one succeeds", async () => {
    const owner = await idOf("owner@example.com");
    const helper = await idOf("helper@example.com");
    for (let round = 0; round < 5; round++) {
      await setAdminRole(test.db, helper, true);
      // PostgreSQL: two connections, as two requests on two instances would have. SQLite: the
      // site's one handle, as every request of its one process has.
      const [first, second] = dialect === "postgres" ? [test.openAnother(), test.openAnother()] : [test.db, test.db];
      const outcomes = await Promise.allSettled([setAdminRole(first, owner, false), setAdminRole(second, helper, false)]);
      expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.reason).toBeInstanceOf(UserChangeRefused);
      const admins = (await listUsers(test.db)).filter((user) => user.admin);
      expect(admins).toHaveLength(1);
      // Back to the owner alone for the next round and the tests below.
      if (admins[0]!.email !== "owner@example.com") {
        await setAdminRole(test.db, owner, true);
        await setAdminRole(test.db, helper, false);
      }
    }
    expect((await userOf(ownerCookie))?.role).toBe("admin");
  });

  it("refuses the role to an account that has not confirmed its address", async () => {
    await ctx.auth.api.signUpEmail({ body: { email: "pending@example.com", password: "a long password", name: "pending" } });
    await expect(setAdminRole(test.db, await idOf("pending@example.com"), true)).rejects.toThrow(/has not confirmed the address yet/);
  });

  it("signs an account out everywhere", async () => {
    const helper = await idOf("helper@example.com");
    expect(await userOf(helperCookie)).not.toBeNull();
    expect(await signOutEverywhere(test.db, helper)).toBe(1);
    expect(await userOf(helperCookie)).toBeNull();
    expect((await userOf(ownerCookie))?.email).toBe("owner@example.com");
  });
});
