import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "~/lib/audit/audit-actions";
import { callAdminRoute, adminRoutes, answerOf, type AdminHandler, type AdminRoute } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import * as articleEdit from "~/routes/admin/article-edit";
import * as articleRevisions from "~/routes/admin/article-revisions";
import * as articles from "~/routes/admin/articles";
import * as revenue from "~/routes/admin/revenue";
import * as runPage from "~/routes/admin/run";
import { createDraft } from "../articles/article-admin.server";
import { listRevisions } from "../articles/article-revisions.server";
import { enqueueJob } from "../jobs/job-queue.server";
import { dispatchedIntent } from "../forms/intents.server";
import { isRecorded } from "./audit-log.server";

/**
 * Every intent of every admin action, collected from the actions' own intent tables (each
 * action is asked for an intent no page has, and says which it offers), posted as a form: none
 * changes anything without a named entry in the audit log (never "Other admin request"), and
 * each that succeeds is named. A generic form makes many intents refuse (400, nothing changed);
 * the known ones whose entry was missing are then posted as their page posts them.
 */

/** The CSV endpoints take a file as the whole body, not a form: their runs write their own entries. */
const WHOLE_BODY_FILE_ROUTES = /-import(-preview)?\.ts$/;
/** Tables an admin's request may touch without being an action: the sign-in session and the audit log itself. */
const NOT_CHANGES = new Set(["session", "audit_log"]);

function post(url: string, fields: Record<string, string>, cookie: string): Request {
  const body = new URLSearchParams(fields).toString();
  return new Request(url, {
    method: "POST",
    body,
    headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
  });
}

describe.each(testDialects)("every admin action names itself in the audit log (%s)", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let cookie: string;
  let articleId: number;
  let productId: number;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    cookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    const product = await test.db
      .insertInto("products")
      .values({ slug: "reviewed", name: "Reviewed", brand: "B", verdict: "Warm and honest.", reviewer: "Aino", pros: '["Heats fast"]' })
      .returning("id")
      .executeTakeFirstOrThrow();
    productId = Number(product.id);
    await test.db.insertInto("merchants").values({ slug: "shop", name: "Shop", domain: "shop.example" }).execute();
    articleId = await createDraft(test.db, { id: null, email: "owner@example.com" }, "maintenance", null);
    Object.assign(ids, { articleId: String(articleId), productId: String(productId) });
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  /** Every table's rows but the session's and the audit log's. */
  async function snapshot(): Promise<string> {
    const tables = (await test.db.introspection.getTables()).map((table) => table.name).filter((name) => !NOT_CHANGES.has(name));
    const rows: Record<string, unknown[]> = {};
    for (const table of tables.sort())
      rows[table] = await test.db
        .selectFrom(table as "products")
        .selectAll()
        .execute();
    return JSON.stringify(rows);
  }
  const newestEntry = () => test.db.selectFrom("audit_log").select(["action", "detail"]).orderBy("id", "desc").limit(1).executeTakeFirst();

  async function run(route: AdminRoute, fields: Record<string, string>, params = route.params) {
    const action = (await route.load()).action as AdminHandler;
    const path = route.path.replace(/\/1(?=\/|$)/g, () => `/${params[Object.keys(params)[0]!] ?? "1"}`);
    const request = post(`${TEST_BASE_URL}${path}`, fields, cookie);
    const answer = await answerOf(() => callAdminRoute(action, { request, context: requestContext(ctx.context), params }));
    return { request, answer };
  }

  it("collects every intent of every admin action, and none changes anything unnamed", async () => {
    const unnamed: string[] = [];
    let intents = 0;
    let succeeded = 0;
    for (const route of adminRoutes()) {
      if (!(await route.load()).action || WHOLE_BODY_FILE_ROUTES.test(route.file)) continue;
      const params = Object.fromEntries(Object.keys(route.params).map((name) => [name, ids[name] ?? "1"]));
      const asked = await run(route, { intent: "no-such-intent" }, params);
      expect(asked.answer.status, route.file).toBe(400);
      const offered = dispatchedIntent(asked.request)?.offered;
      expect(offered, `${route.file} dispatches its intents through one table`).toBeDefined();
      for (const intent of offered!) {
        intents++;
        const before = await snapshot();
        const fields = { intent, id: String(productId), productId: String(productId), version: "1" };
        const { request, answer } = await run(route, fields, params);
        const changed = (await snapshot()) !== before;
        const ok = answer.status < 400;
        if (ok) succeeded++;
        const label = `${route.file} ${intent} (answered ${answer.status}${changed ? ", changed rows" : ""})`;
        if (changed && !isRecorded(request)) unnamed.push(label);
        if (changed && isRecorded(request)) {
          const entry = await newestEntry();
          // A run of owner work writes its entry when it ends (skipGenericAudit); otherwise the entry is this action's.
          if (entry && !(entry.action in AUDIT_ACTIONS && entry.action !== "admin-request")) unnamed.push(`${label}: ${entry.action}`);
        }
      }
    }
    expect(intents).toBeGreaterThan(40);
    expect(succeeded).toBeGreaterThan(5);
    expect(unnamed).toEqual([]);
  });

  /** What the action answered and the audit entries it wrote (newest last). */
  async function send(handler: unknown, path: string, fields: Record<string, string> | FormData, params: Record<string, string> = {}) {
    const since = Number(
      (
        await test.db
          .selectFrom("audit_log")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst()
      )?.id ?? 0,
    );
    const request =
      fields instanceof FormData
        ? new Request(`${TEST_BASE_URL}${path}`, { method: "POST", body: fields, headers: { ...SAME_SITE, cookie } })
        : post(`${TEST_BASE_URL}${path}`, fields, cookie);
    const answer = await answerOf(() => callAdminRoute(handler as AdminHandler, { request, context: requestContext(ctx.context), params }));
    const entries = await test.db.selectFrom("audit_log").select(["action", "detail"]).where("id", ">", since).orderBy("id").execute();
    return { status: answer.status, entries: entries.map((entry) => `${entry.action}: ${entry.detail}`) };
  }

  async function articleForm(): Promise<Record<string, string>> {
    const { data } = await answerOf(() =>
      callAdminRoute(articleEdit.loader as unknown as AdminHandler, {
        request: new Request(`${TEST_BASE_URL}/admin/articles/${articleId}`, { headers: { cookie } }),
        context: requestContext(ctx.context),
        params: { articleId: String(articleId) },
      }),
    );
    const { article } = data as { article: { version: number; fields: Record<string, unknown> } };
    return {
      title: "Sauna care in winter",
      slug: "sauna-care-in-winter",
      excerpt: "Keep the heater dry and the snow off the roof.",
      metaTitle: "",
      metaDescription: "",
      categorySlug: String(article.fields.categorySlug),
      tags: "winter",
      authorId: "",
      image: "/images/articles/winter.webp",
      imageAlt: "A sauna under snow",
      body: "Sweep the snow off the roof before every fire.",
      readTimeMinutes: "",
      version: String(article.version),
    };
  }

  it("names each of the article editor's buttons, a new draft and a restore; a run of autosaves is one entry", async () => {
    const editor = (fields: Record<string, string>) =>
      send(articleEdit.action, `/admin/articles/${articleId}`, fields, { articleId: String(articleId) });
    expect((await send(articles.action, "/admin/articles", { intent: "new-article" })).entries).toEqual([
      expect.stringMatching(/^article-created: Draft id \d+$/),
    ]);

    const first = await editor({ ...(await articleForm()), intent: "autosave" });
    expect(first).toMatchObject({ status: 200, entries: ["article-autosaved: sauna-care-in-winter (id " + articleId + ")"] });
    expect((await editor({ ...(await articleForm()), intent: "autosave", body: "Sweep it twice." })).entries).toEqual([]);

    expect((await editor({ ...(await articleForm()), intent: "save" })).entries).toEqual([
      `article-saved: sauna-care-in-winter (id ${articleId})`,
    ]);
    const at = Date.UTC(2027, 0, 15, 9, 30);
    expect((await editor({ ...(await articleForm()), intent: "schedule", publishAtMs: String(at) })).entries).toEqual([
      `article-scheduled: sauna-care-in-winter (id ${articleId}): goes live 2027-01-15 09:30 UTC`,
    ]);
    expect((await editor({ ...(await articleForm()), intent: "publish" })).entries).toEqual([
      `article-published: sauna-care-in-winter (id ${articleId})`,
    ]);
    expect((await editor({ ...(await articleForm()), intent: "unpublish" })).entries).toEqual([
      `article-unpublished: sauna-care-in-winter (id ${articleId})`,
    ]);

    const oldest = (await listRevisions(test.db, articleId)).at(-1)!;
    const restored = await send(
      articleRevisions.action,
      `/admin/articles/${articleId}/revisions`,
      { intent: "restore", revision: String(oldest.id) },
      {
        articleId: String(articleId),
      },
    );
    expect(restored.status).toBe(302);
    expect(restored.entries).toEqual([
      expect.stringMatching(new RegExp(`^article-revision-restored: .* \\(id ${articleId}\\): revision ${oldest.id} restored$`)),
    ]);
  });

  it("names a commission report's reading, and a run's cancel", async () => {
    const form = new FormData();
    form.set("intent", "read-report");
    form.set("network", "Awin");
    form.set("file", new File(["Transaction ID,Commission Amount\nAW-1,4.50\n"], "november.csv", { type: "text/csv" }));
    const read = await send(revenue.action, "/admin/revenue", form);
    expect(read.status).toBe(302);
    expect(read.entries).toEqual(["commission-report-read: Awin: file november.csv"]);

    const id = await enqueueJob(test.db, { kind: "link-check", label: "Link check", payload: {}, startedBy: "owner@example.com" });
    const cancelled = await send(runPage.action, `/admin/runs/${id}`, { intent: "cancel" }, { runId: String(id) });
    expect(cancelled.entries).toEqual([`run-cancelled: Link check (run ${id})`]);
    // Nothing to cancel any more: nothing done, nothing recorded.
    await test.db.updateTable("jobs").set({ state: "cancelled", finished_at: Date.now() }).where("id", "=", id).execute();
    expect((await send(runPage.action, `/admin/runs/${id}`, { intent: "cancel" }, { runId: String(id) })).entries).toEqual([]);
  });
});
