import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditConflict } from "~/lib/admin/edit-conflict";
import * as articleEdit from "~/routes/admin/article-edit";
import * as productRevisions from "~/routes/admin/product-revisions";
import * as products from "~/routes/admin/products";
import * as review from "~/routes/admin/review";
import { callAdminRoute, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, SAME_SITE, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { createDraft } from "../articles/article-admin.server";
import { listRevisions } from "../articles/article-revisions.server";
import { BEFORE_REVISIONS, listProductRevisions } from "./product-revisions.server";

/**
 * Two admins on one product, one review and one article: the second save over the first is
 * refused (409) with the fields that differ, theirs and mine, and nothing of either is lost;
 * keep mine, take theirs and merge each do what they say; products and reviews keep revisions
 * that restore (the restore a revision too, and in the audit log). Through the routes' own
 * loaders and actions, as the browser posts them.
 */

type Values = Record<string, string | string[]>;

function post(url: string, cookie: string, values: Values): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  const text = body.toString();
  return new Request(url, {
    method: "POST",
    body: text,
    headers: { ...SAME_SITE, cookie, "content-type": "application/x-www-form-urlencoded", "content-length": String(text.length) },
  });
}

describe.each(testDialects)("no admin overwrites another's newer save (%s)", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let first: string;
  let second: string;
  let productId: number;
  let articleId: number;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    first = await signedInAs(ctx.auth, "aino@example.com", { admin: true });
    second = await signedInAs(ctx.auth, "bo@example.com", { admin: true });
    const inserted = await test.db
      .insertInto("products")
      .values({ slug: "tyyni-4", name: "Tyyni 4", brand: "Tyyni", tagline: "Warm", verdict: "Honest heat.", reviewer: "Aino" })
      .returning("id")
      .executeTakeFirstOrThrow();
    productId = Number(inserted.id);
    articleId = await createDraft(test.db, { id: null, email: "aino@example.com" }, "maintenance", null);
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  const run = (handler: unknown, request: Request, params: Record<string, string> = {}) =>
    answerOf(() => callAdminRoute(handler as AdminHandler, { request, context: requestContext(ctx.context), params }));
  const get = (url: string, cookie: string) => new Request(url, { headers: { cookie } });

  async function productForm(cookie: string): Promise<Values> {
    const url = `${TEST_BASE_URL}/admin/products?edit=${productId}`;
    const { data } = await run(products.loader, get(url, cookie));
    const editing = (data as { editing: { version: number; values: Values } }).editing;
    return { ...editing.values, intent: "save-product", id: String(productId), version: String(editing.version) };
  }
  const saveProduct = (cookie: string, values: Values) =>
    run(products.action, post(`${TEST_BASE_URL}/admin/products?edit=${productId}`, cookie, values));
  const stored = () => test.db.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirstOrThrow();

  it("refuses the second product save with what changed, theirs and mine, and loses nothing", async () => {
    const aino = await productForm(first);
    const bo = await productForm(second);
    expect(await saveProduct(first, { ...aino, name: "Tyyni 4 Deluxe" })).toMatchObject({ status: 302 });
    const refused = await saveProduct(second, { ...bo, tagline: "Warm and quiet" });
    expect(refused.status).toBe(409);
    const { conflict, toast } = refused.data as { conflict: EditConflict; toast: { title: string } };
    expect(toast.title).not.toBe("Product saved");
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["name", "Tyyni 4 Deluxe", "Tyyni 4"],
      ["tagline", "Warm", "Warm and quiet"],
    ]);
    // Theirs is still stored; mine is all in the conflict, ready to be sent again.
    expect(await stored()).toMatchObject({ name: "Tyyni 4 Deluxe", tagline: "Warm" });
    expect(conflict.values).toMatchObject({ name: "Tyyni 4", tagline: "Warm and quiet" });
    expect(conflict.version).toBe(Number((await stored()).version));

    // Merge: the name as they saved it, the tagline as I typed it.
    const merged = await saveProduct(second, {
      ...conflict.values,
      intent: conflict.intent,
      version: String(conflict.version),
      resolve: "merge",
      "pick:name": "theirs",
      "pick:tagline": "mine",
    });
    expect(merged).toMatchObject({ status: 302 });
    expect(await stored()).toMatchObject({ name: "Tyyni 4 Deluxe", tagline: "Warm and quiet" });
  });

  it("keep mine saves over the newer version, once chosen; take theirs is the page as saved", async () => {
    const aino = await productForm(first);
    const bo = await productForm(second);
    await saveProduct(first, { ...aino, brand: "Tyyni Oy" });
    const refused = await saveProduct(second, { ...bo, brand: "Tyyni Ltd" });
    const { conflict } = refused.data as { conflict: EditConflict };
    expect(conflict.fields).toEqual([{ name: "brand", label: "Brand", theirs: "Tyyni Oy", mine: "Tyyni Ltd" }]);
    // Take theirs: the page loaded again shows their save.
    expect((await productForm(second)).brand).toBe("Tyyni Oy");
    // Keep mine, sent with an old version again (a second tab): refused again, not saved.
    expect((await saveProduct(second, { ...conflict.values, intent: conflict.intent, version: bo.version!, resolve: "mine" })).status).toBe(
      409,
    );
    const kept = await saveProduct(second, {
      ...conflict.values,
      intent: conflict.intent,
      version: String(conflict.version),
      resolve: "mine",
    });
    expect(kept).toMatchObject({ status: 302 });
    expect((await stored()).brand).toBe("Tyyni Ltd");
  });

  it("a form sent without its version is checked as the oldest; one that differs in nothing from the newer save goes through", async () => {
    const form = await productForm(first);
    const { version: _dropped, ...withoutVersion } = form;
    expect((await saveProduct(first, { ...withoutVersion, tagline: "Something else" })).status).toBe(409);
    // Another write moved the version (an import, a feed) but the form's fields are what is stored.
    await test.db.updateTable("products").set({ reviews_number: 12 }).where("id", "=", productId).execute();
    const moved = await productForm(first);
    expect(Number(moved.version)).toBeGreaterThan(Number(form.version));
    expect(await saveProduct(first, { ...moved, version: form.version!, reviews_number: "12" })).toMatchObject({ status: 302 });
  });

  async function reviewForm(cookie: string): Promise<Values> {
    const { data } = await run(review.loader, get(`${TEST_BASE_URL}/admin/reviews/${productId}`, cookie), { productId: String(productId) });
    const loaded = data as { version: number; values: Values };
    return { ...loaded.values, intent: "save-review", version: String(loaded.version) };
  }
  const saveReview = (cookie: string, values: Values) =>
    run(review.action, post(`${TEST_BASE_URL}/admin/reviews/${productId}`, cookie, values), { productId: String(productId) });

  it("refuses the second review save the same way, and the product form hears of a review saved since", async () => {
    const product = await productForm(first);
    const aino = await reviewForm(first);
    const bo = await reviewForm(second);
    expect(await saveReview(first, { ...aino, verdict: "Honest heat, fair price." })).toMatchObject({ status: 302 });
    const refused = await saveReview(second, { ...bo, best_for: "Families" });
    expect(refused.status).toBe(409);
    const { conflict } = refused.data as { conflict: EditConflict };
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["verdict", "Honest heat, fair price.", "Honest heat."],
      ["best_for", "", "Families"],
    ]);
    expect((await stored()).verdict).toBe("Honest heat, fair price.");
    const merged = await saveReview(second, {
      ...conflict.values,
      intent: conflict.intent,
      version: String(conflict.version),
      resolve: "merge",
      "pick:verdict": "theirs",
    });
    expect(merged).toMatchObject({ status: 302 });
    expect(await stored()).toMatchObject({ verdict: "Honest heat, fair price.", best_for: "Families" });
    // The product form loaded before the reviews would have put the old verdict back. Its own
    // change is listed too: theirs and mine differ there as well.
    const stale = await saveProduct(first, { ...product, capacity: "4" });
    expect(stale.status).toBe(409);
    expect((stale.data as { conflict: EditConflict }).conflict.fields.map((field) => field.name)).toEqual([
      "capacity",
      "verdict",
      "best_for",
    ]);
  });

  it("keeps the product's and the review's revisions, and restores one as a new revision, in the audit log", async () => {
    const productKept = await listProductRevisions(test.db, productId, "product");
    const reviewKept = await listProductRevisions(test.db, productId, "review");
    // Every save made above, the state before the first one included.
    expect(productKept.at(-1)!.by).toBe(BEFORE_REVISIONS);
    expect(productKept.map((revision) => revision.by).slice(0, -1)).toEqual(expect.arrayContaining(["aino@example.com", "bo@example.com"]));
    expect(reviewKept.at(-1)!.by).toBe(BEFORE_REVISIONS);
    expect(reviewKept.length).toBe(3);

    const params = { productId: String(productId) };
    const url = `${TEST_BASE_URL}/admin/reviews/${productId}/revisions`;
    const page = await run(productRevisions.loader, get(`${url}?a=${reviewKept.at(-1)!.id}&b=${reviewKept[0]!.id}`, first), params);
    const diff = (page.data as { diff: { diffs: { field: string }[] } }).diff;
    expect(diff.diffs.map((change) => change.field)).toEqual(["verdict", "best_for"]);

    const restored = await run(
      productRevisions.action,
      post(url, first, { intent: "restore", revision: String(reviewKept.at(-1)!.id) }),
      params,
    );
    expect(restored).toMatchObject({ status: 302, location: `/admin/reviews/${productId}` });
    expect(await stored()).toMatchObject({ verdict: "Honest heat.", best_for: null });
    const after = await listProductRevisions(test.db, productId, "review");
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({ by: "aino@example.com", restoredFrom: reviewKept.at(-1)!.id });
    const audit = await test.db
      .selectFrom("audit_log")
      .select(["action", "detail"])
      .where("action", "=", "review-revision-restored")
      .execute();
    expect(audit).toHaveLength(1);

    // The product's first revision back: its name as before anyone saved.
    const productUrl = `${TEST_BASE_URL}/admin/products/${productId}/revisions`;
    const back = await run(
      productRevisions.action,
      post(productUrl, first, { intent: "restore", revision: String(productKept.at(-1)!.id) }),
      params,
    );
    expect(back).toMatchObject({ status: 302 });
    expect(await stored()).toMatchObject({ name: "Tyyni 4", brand: "Tyyni", tagline: "Warm" });
    expect((await listProductRevisions(test.db, productId, "product"))[0]!.restoredFrom).toBe(productKept.at(-1)!.id);
  });

  async function articleForm(cookie: string): Promise<Values> {
    const { data } = await run(articleEdit.loader, get(`${TEST_BASE_URL}/admin/articles/${articleId}`, cookie), {
      articleId: String(articleId),
    });
    const { article } = data as { article: { version: number; fields: Record<string, unknown> } };
    const fields = article.fields;
    return {
      title: String(fields.title),
      slug: String(fields.slug),
      excerpt: "",
      metaTitle: "",
      metaDescription: "",
      categorySlug: String(fields.categorySlug),
      tags: "",
      authorId: "",
      testerId: "",
      image: "",
      imageAlt: "",
      body: String(fields.body),
      readTimeMinutes: "",
      version: String(article.version),
    };
  }
  const sendArticle = (cookie: string, values: Values) =>
    run(articleEdit.action, post(`${TEST_BASE_URL}/admin/articles/${articleId}`, cookie, values), { articleId: String(articleId) });

  it("an article's autosave is checked too: the other admin's Save is refused, and so is a stale autosave", async () => {
    const aino = await articleForm(first);
    const bo = await articleForm(second);
    const autosaved = await sendArticle(first, { ...aino, intent: "autosave", title: "Sauna care in winter", body: "Sweep the snow." });
    expect(autosaved.status).toBe(200);
    const newer = (autosaved.data as { version: number }).version;
    expect(newer).toBe(Number(aino.version) + 1);
    // Aino's next autosave names the version her last one left: hers, not a conflict.
    expect(
      (
        await sendArticle(first, {
          ...aino,
          version: String(newer),
          intent: "autosave",
          title: "Sauna care in winter",
          body: "Sweep the snow off.",
        })
      ).status,
    ).toBe(200);

    const refused = await sendArticle(second, { ...bo, intent: "save", slug: "winter-care" });
    expect(refused.status).toBe(409);
    const { conflict } = refused.data as { conflict: EditConflict };
    expect(conflict.fields.map((field) => [field.name, field.theirs, field.mine])).toEqual([
      ["title", "Sauna care in winter", "Untitled article"],
      ["slug", aino.slug, "winter-care"],
      ["body", "Sweep the snow off.", ""],
    ]);
    // Bo's stale autosave is refused the same way, never saved in silence.
    expect((await sendArticle(second, { ...bo, intent: "autosave", slug: "winter-care" })).status).toBe(409);
    const row = await test.db
      .selectFrom("articles")
      .select(["title", "slug", "body"])
      .where("id", "=", articleId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ title: "Sauna care in winter", slug: aino.slug, body: "Sweep the snow off." });

    // Merge: their title and body, my slug.
    const merged = await sendArticle(second, {
      ...conflict.values,
      intent: conflict.intent,
      version: String(conflict.version),
      resolve: "merge",
      "pick:title": "theirs",
      "pick:body": "theirs",
    });
    expect(merged).toMatchObject({ status: 302 });
    const saved = await test.db
      .selectFrom("articles")
      .select(["title", "slug", "body"])
      .where("id", "=", articleId)
      .executeTakeFirstOrThrow();
    expect(saved).toEqual({ title: "Sauna care in winter", slug: "winter-care", body: "Sweep the snow off." });
    expect((await listRevisions(test.db, articleId)).length).toBeGreaterThanOrEqual(3);
  });
});
