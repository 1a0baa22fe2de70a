import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mayOpenAdminPath } from "~/lib/auth/admin-access";
import { callAdminRoute, adminRoutes, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { setEditorRole } from "../auth/users.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";

/**
 * The editor on every admin route, taken from the route table itself (app/routes.ts), so a route
 * added later is covered without touching this file: each page's loader, its data request (the
 * same path with `.data`) and its action, called through the route module with a real database
 * and real sessions. An editor gets through exactly where the access table opens the path
 * (app/lib/auth/admin-access.ts) and 403 everywhere else, and a refused call changes nothing.
 */

function post(url: string, headers: Record<string, string>): Request {
  const body = new URLSearchParams({ intent: "nothing-at-all" }).toString();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
}

describe.each(testDialects)("the editor on every admin route on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let editorCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    await test.db.insertInto("products").values({ slug: "existing", name: "Existing", brand: "B", rating: 3.5 }).execute();
    // Derived keys as every save leaves them, so a loader that fills missing ones changes nothing real.
    await refreshProductListKeys(test.db);
    editorCookie = await signedInAs(ctx.auth, "writer@example.com", { admin: false });
    const { id } = await test.db.selectFrom("user").select("id").where("email", "=", "writer@example.com").executeTakeFirstOrThrow();
    expect(await setEditorRole(test.db, id, true)).toEqual({ email: "writer@example.com", changed: true });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  const snapshot = async () => ({
    products: await test.db.selectFrom("products").selectAll().orderBy("id").execute(),
    users: await test.db.selectFrom("user").select(["id", "role"]).orderBy("id").execute(),
    collections: await test.db.selectFrom("collections").selectAll().execute(),
  });

  it("is refused (403) on every page, data request and action the table keeps for admins, and let through where it opens", async () => {
    const list = adminRoutes();
    expect(list.map((route) => route.path)).toContain("/admin/users");
    const before = await snapshot();
    // The refused routes first: nothing may have changed once they are done. The open ones may save.
    const ordered = [...list].sort((a, b) => Number(mayOpenAdminPath("editor", a.path)) - Number(mayOpenAdminPath("editor", b.path)));
    let refusedDone = false;
    for (const route of ordered) {
      const module = await route.load();
      const allowed = mayOpenAdminPath("editor", route.path);
      if (allowed && !refusedDone) {
        expect(await snapshot()).toEqual(before);
        refusedDone = true;
      }
      const calls: [string, AdminHandler | undefined, () => Request][] = [
        ["page", module.loader, () => new Request(`${TEST_BASE_URL}${route.path}`, { headers: { cookie: editorCookie } })],
        ["data request", module.loader, () => new Request(`${TEST_BASE_URL}${route.path}.data`, { headers: { cookie: editorCookie } })],
        ["action", module.action, () => post(`${TEST_BASE_URL}${route.path}`, { ...SAME_SITE, cookie: editorCookie })],
      ];
      for (const [kind, handler, request] of calls) {
        if (!handler) continue;
        const result = await answerOf(() =>
          callAdminRoute(handler, { request: request(), context: requestContext(ctx.context), params: route.params }),
        );
        const label = `${kind} ${route.path}`;
        if (allowed) expect(result.status, label).not.toBe(403);
        // A POST-only endpoint answers any GET 405 before looking at anyone, and shows nothing.
        else expect(kind === "action" ? [403] : [403, 405], label).toContain(result.status);
        expect(result.location ?? "", label).not.toMatch(/^\/auth/);
      }
    }
    expect(refusedDone).toBe(true);
  });

  it("signed out, every admin route sends the page to sign in (or answers 401 to a script)", async () => {
    for (const route of adminRoutes()) {
      const module = await route.load();
      if (!module.loader) continue;
      const result = await answerOf(() =>
        callAdminRoute(module.loader!, {
          request: new Request(`${TEST_BASE_URL}${route.path}`),
          context: requestContext(ctx.context),
          params: route.params,
        }),
      );
      expect([302, 401, 405], route.path).toContain(result.status);
    }
  });

  it("saves a product's review (its fields and the rating from the scores) and nothing else of it", async () => {
    const module = await adminRoutes()
      .find((route) => route.file === "routes/admin/review.tsx")!
      .load();
    // The version the review screen loaded, as its form sends it back.
    const { version } = await test.db.selectFrom("products").select("version").where("id", "=", 1).executeTakeFirstOrThrow();
    const form = new URLSearchParams({
      intent: "save-review",
      version: String(version),
      verdict: "Honest and warm.",
      pros: "Heats fast\nThick staves",
      cons: "Door sticks",
      score_build_quality: "9",
      score_heat_efficiency: "8",
      score_installation: "7",
      score_warranty: "8",
      score_value: "8",
      reviewer: "Aino Virtanen",
      tested_on: "2026-10-14",
      alternatives: "existing, nope",
    }).toString();
    const request = new Request(`${TEST_BASE_URL}/admin/reviews/1`, {
      method: "POST",
      body: form,
      headers: {
        ...SAME_SITE,
        cookie: editorCookie,
        "content-type": "application/x-www-form-urlencoded",
        "content-length": String(form.length),
      },
    });
    const before = await test.db.selectFrom("products").select(["price_cents", "name", "images"]).executeTakeFirstOrThrow();
    expect(
      await answerOf(() => callAdminRoute(module.action!, { request, context: requestContext(ctx.context), params: { productId: "1" } })),
    ).toMatchObject({
      status: 302,
    });
    const after = await test.db.selectFrom("products").selectAll().executeTakeFirstOrThrow();
    expect(after).toMatchObject({ ...before, verdict: "Honest and warm.", reviewer: "Aino Virtanen", tested_on: "2026-10-14" });
    expect(JSON.parse(after.pros)).toEqual(["Heats fast", "Thick staves"]);
    // Its own slug is no alternative of itself.
    expect(JSON.parse(after.alternatives)).toEqual(["nope"]);
    expect(Number(after.rating)).toBe(4); // (9+8+7+8+8)/5 = 8 of 10
  });
});
