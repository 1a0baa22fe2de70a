import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as articleRevisions from "~/routes/admin/article-revisions";
import * as productRevisions from "~/routes/admin/product-revisions";
import { callAdminRoute, answerOf, type AdminHandler } from "../../../tests/support/admin-routes";
import { makeAuthContext, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { createDraft, findArticleForEdit, saveArticle } from "../articles/article-admin.server";
import { keepProductRevision } from "./product-revisions.server";
import type { RevisionsPageData } from "./revisions-page.server";

/**
 * The one revisions page, as an article's and as a product's: saves seconds apart keep their
 * seconds, and the page opens on the newest against the one before it, never a revision against
 * itself. Through the routes' own loaders.
 */

// Three saves within one minute, the last two a second apart.
const T0 = Date.UTC(2026, 10, 29, 9, 15, 2);
const TIMES = [T0, T0 + 41_000, T0 + 42_000];

describe.each(testDialects)("revisions pages (%s)", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let cookie: string;
  let articleId: number;
  let productId: number;
  const editor = { id: null, email: "aino@example.com" };

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    cookie = await signedInAs(ctx.auth, "aino@example.com", { admin: true });
    articleId = await createDraft(test.db, editor, "maintenance", null);
    for (const [index, now] of TIMES.entries()) {
      const article = (await findArticleForEdit(test.db, articleId))!;
      await saveArticle(
        test.db,
        articleId,
        { ...article.fields, title: `Draft ${index + 1}` },
        { editor, publication: { kind: "keep" }, now },
      );
    }
    const inserted = await test.db
      .insertInto("products")
      .values({ slug: "tyyni-4", name: "Tyyni 4", brand: "Tyyni", tagline: "Warm", verdict: "Honest heat.", reviewer: "Aino" })
      .returning("id")
      .executeTakeFirstOrThrow();
    productId = Number(inserted.id);
    for (const [index, now] of TIMES.entries()) {
      await test.db
        .updateTable("products")
        .set({ tagline: `Warm ${index + 1}` })
        .where("id", "=", productId)
        .execute();
      await keepProductRevision(test.db, productId, "product", editor, null, { now });
    }
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  async function page(handler: unknown, url: string, params: Record<string, string>): Promise<RevisionsPageData> {
    const answer = await answerOf(() =>
      callAdminRoute(handler as AdminHandler, {
        request: new Request(`${TEST_BASE_URL}${url}`, { headers: { cookie } }),
        context: requestContext(ctx.context),
        params,
      }),
    );
    expect(answer.status).toBe(200);
    return answer.data as RevisionsPageData;
  }

  const pages = [
    {
      what: "an article's",
      handler: () => articleRevisions.loader,
      url: () => `/admin/articles/${articleId}/revisions`,
      params: () => ({ articleId: String(articleId) }),
      field: "title",
    },
    {
      what: "a product's",
      handler: () => productRevisions.loader,
      url: () => `/admin/products/${productId}/revisions`,
      params: () => ({ productId: String(productId) }),
      field: "tagline",
    },
  ];

  it.each(pages)("$what keeps each save to the second and opens on the newest against the one before it", async (shown) => {
    const data = await page(shown.handler(), shown.url(), shown.params());
    const saved = data.revisions.map((revision) => revision.savedAt);
    // Newest first; the article's draft was made before the three saves (now, not T0).
    expect(saved.slice(0, 3)).toEqual([...TIMES].reverse());
    expect(data.b).toBe(data.revisions[0]!.id);
    expect(data.a).toBe(data.revisions[1]!.id);
    expect(data.diff?.newer.savedAt).toBe(TIMES[2]);
    expect(data.diff?.older.savedAt).toBe(TIMES[1]);
    expect(data.diff?.diffs.map((change) => change.field)).toEqual([shown.field]);
  });

  it.each(pages)("$what never compares a revision with itself, and shows an asked pair older first", async (shown) => {
    const all = (await page(shown.handler(), shown.url(), shown.params())).revisions.map((revision) => revision.id);
    const twice = await page(shown.handler(), `${shown.url()}?a=${all[1]}&b=${all[1]}`, shown.params());
    expect(twice.a).not.toBe(twice.b);
    expect([twice.a, twice.b]).toEqual([all[2], all[1]]);
    expect(twice.diff?.diffs.length).toBe(1);

    const reversed = await page(shown.handler(), `${shown.url()}?a=${all[0]}&b=${all[2]}`, shown.params());
    expect([reversed.a, reversed.b]).toEqual([all[2], all[0]]);
    expect(reversed.diff!.older.savedAt).toBeLessThan(reversed.diff!.newer.savedAt);
  });
});
