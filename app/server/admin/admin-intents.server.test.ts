import { requestContext } from "~/server/load-context";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callAdminRoute, adminRoutes, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { createDraft } from "../articles/article-admin.server";
import { UNKNOWN_INTENT_TOAST } from "../forms/intents.server";
import { enqueueJob } from "../jobs/job-queue.server";

/**
 * Every admin action names what it does: a form that names no intent, or one the page does not
 * know, is refused with 400 and changes nothing, so a stray POST (an empty form, a replayed
 * request, a form from another page) never saves, creates or deletes. The actions are taken from
 * the route table, so an action added later is covered without touching this file.
 *
 * Exempt: the CSV endpoints the import pages' script posts a file to as the whole body (no form,
 * so no intent). They check that body instead: an empty one is refused (400 or 422) and saves nothing.
 */
const WHOLE_BODY_FILE_ROUTES = new Set([
  "routes/admin/products-import.ts",
  "routes/admin/products-import-preview.ts",
  "routes/admin/collections-import.ts",
  "routes/admin/collections-import-preview.ts",
  "routes/admin/offers-import.ts",
  "routes/admin/offers-import-preview.ts",
]);

function urlencoded(url: string, fields: Record<string, string>, headers: Record<string, string>): Request {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
}

async function multipart(url: string, fields: Record<string, string>, headers: Record<string, string>): Promise<Request> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  const body = await encoded.arrayBuffer();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...headers, "content-type": encoded.headers.get("content-type")!, "content-length": String(body.byteLength) },
  });
}

/** The forms a stray or forged POST sends: nothing, and an intent no page has, each as both encodings. */
const STRAY_FORMS: [string, Record<string, string>][] = [
  ["an empty form", {}],
  ["an empty intent", { intent: "" }],
  ["an unknown intent", { intent: "blank-everything", verdict: "", pros: "", name: "" }],
  ["an intent from Object.prototype", { intent: "toString" }],
];

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
  } catch {
    return [];
  }
}

describe.each(testDialects)("admin actions check their intent on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let adminCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    adminCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    const { id } = await test.db.selectFrom("user").select("id").where("email", "=", "owner@example.com").executeTakeFirstOrThrow();
    // Something each action could change: a reviewed product, an article, a shop, a run.
    await test.db
      .insertInto("products")
      .values({ slug: "reviewed", name: "Reviewed", brand: "B", verdict: "Warm and honest.", reviewer: "Aino", pros: '["Heats fast"]' })
      .execute();
    await test.db.insertInto("merchants").values({ slug: "shop", name: "Shop", domain: "shop.example" }).execute();
    await createDraft(test.db, { id, email: "owner@example.com" }, "maintenance", null);
    await enqueueJob(test.db, { kind: "link-check", label: "Link check", payload: {}, startedBy: "owner@example.com" });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  /** Every table's rows (sign-in sessions aside: reading one may refresh it) and every stored file. */
  async function snapshot() {
    const tables = (await test.db.introspection.getTables()).map((table) => table.name).filter((name) => name !== "session");
    const rows: Record<string, unknown[]> = {};
    for (const table of tables.sort()) {
      rows[table] = await test.db
        .selectFrom(table as "products")
        .selectAll()
        .execute();
    }
    return { rows, files: filesUnder(path.join(ctx.dataDir, "storage")) };
  }

  it("the route table has actions to check, the ones that blanked a review or made a draft among them", async () => {
    const withActions = [];
    for (const route of adminRoutes()) if ((await route.load()).action) withActions.push(route.file);
    expect(withActions).toEqual(
      expect.arrayContaining(["routes/admin/review.tsx", "routes/admin/articles.tsx", "routes/admin/remove.tsx", "routes/admin/users.tsx"]),
    );
  });

  it("refuses an empty or unknown intent on every admin action with 400, and changes nothing", async () => {
    const before = await snapshot();
    const headers = { ...SAME_SITE, cookie: adminCookie };
    let checked = 0;
    for (const route of adminRoutes()) {
      const action = (await route.load()).action as AdminHandler | undefined;
      if (!action || WHOLE_BODY_FILE_ROUTES.has(route.file)) continue;
      checked++;
      const url = `${TEST_BASE_URL}${route.path}`;
      for (const [what, fields] of STRAY_FORMS) {
        for (const request of [urlencoded(url, fields, headers), await multipart(url, fields, headers)]) {
          const label = `${route.file}: ${what} (${request.headers.get("content-type")!.split(";")[0]})`;
          const answer = await answerOf(() =>
            callAdminRoute(action, { request, context: requestContext(ctx.context), params: route.params }),
          );
          expect(answer.status, label).toBe(400);
          // A page that reads its own form first may refuse it in its own words; the rest say "Unknown action".
          if (answer.data && typeof answer.data === "object" && "toast" in answer.data) {
            expect((answer.data as { toast: unknown }).toast, label).toMatchObject({ kind: "error" });
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // Not even a line in the audit log: nothing was tried.
    expect(await snapshot()).toEqual(before);
  });

  it("the whole-body CSV endpoints refuse an empty body and save nothing", async () => {
    const before = await snapshot();
    const headers = { ...SAME_SITE, cookie: adminCookie, "content-type": "text/csv", "content-length": "0" };
    for (const route of adminRoutes().filter((candidate) => WHOLE_BODY_FILE_ROUTES.has(candidate.file))) {
      const action = (await route.load()).action as AdminHandler;
      const request = new Request(`${TEST_BASE_URL}${route.path}`, { method: "POST", body: "", headers });
      const answer = await answerOf(() => callAdminRoute(action, { request, context: requestContext(ctx.context), params: route.params }));
      expect([400, 422], route.file).toContain(answer.status);
      expect(answer.data, route.file).toMatchObject({ ok: false });
    }
    // Refused before a run was queued or a file stored: nothing was tried, so not even an audit line
    // (a save that runs is audited with its counts, in its own transaction).
    expect(await snapshot()).toEqual(before);
  });

  it("says Unknown action, and that nothing was changed, for a stray save of a review", async () => {
    const review = adminRoutes().find((route) => route.file === "routes/admin/review.tsx")!;
    const action = (await review.load()).action!;
    const request = urlencoded(`${TEST_BASE_URL}/admin/reviews/1`, {}, { ...SAME_SITE, cookie: adminCookie });
    expect(
      await answerOf(() => callAdminRoute(action, { request, context: requestContext(ctx.context), params: { productId: "1" } })),
    ).toMatchObject({
      status: 400,
      data: { toast: UNKNOWN_INTENT_TOAST },
    });
  });
});
