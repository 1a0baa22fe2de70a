import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ArticleFields } from "~/lib/admin/article-fields";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import {
  ArticleRefused,
  createDraft,
  findArticleForEdit,
  listArticlesForAdmin,
  publishDueArticles,
  saveArticle,
} from "./article-admin.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { findRevision, listRevisions, restoreRevision } from "./article-revisions.server";
import { findPublishedArticle, publishedArticles, redirectedArticleSlug } from "./published-articles.server";
import { seedSampleArticles } from "./sample-articles.server";

const editor = { id: "u1", email: "editor@example.com" };
const HOUR = 60 * 60_000;

function ready(fields: Partial<ArticleFields> = {}): ArticleFields {
  return {
    title: "Cedar or Spruce?",
    slug: "cedar-or-spruce",
    excerpt: "Which wood suits an outdoor sauna.",
    metaTitle: "",
    metaDescription: "",
    categorySlug: "comparisons",
    tags: ["Wood"],
    authorId: null,
    testerId: null,
    image: "/images/articles/best-barrel-saunas.webp",
    imageAlt: "A barrel sauna",
    featured: false,
    body: "## Cedar\n\nSmells good.\n",
    readTimeMinutes: null,
    ...fields,
  };
}

describe.each(testDialects)("the article admin (%s)", (dialect) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleArticles(test.db);
  });
  afterEach(async () => test.drop());

  it("a new draft is listed, stays off the public pages, and goes live with 'publish now' dated today", async () => {
    const id = await createDraft(test.db, editor, "comparisons", null);
    const { rows, total } = await listArticlesForAdmin(test.db, { q: "untitled", status: "draft", category: "", author: null, page: 1 });
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ id, status: "draft", title: "Untitled article" });
    await saveArticle(test.db, id, ready(), { editor, publication: { kind: "keep" } });
    expect(await findPublishedArticle(test.db, "cedar-or-spruce")).toBeUndefined();
    const now = Date.parse("2026-11-28T10:00:00Z");
    await saveArticle(test.db, id, ready(), { editor, publication: { kind: "publish-now" }, now });
    const live = await findPublishedArticle(test.db, "cedar-or-spruce");
    expect(live).toMatchObject({ publishDate: "2026-11-28", title: "Cedar or Spruce?", category: "Comparisons" });
    expect(live!.html).toContain("<h2>Cedar</h2>");
  });

  it("a scheduled article goes live when the job finds it due, once, however many runs meet", async () => {
    const id = await createDraft(test.db, editor, "comparisons", null);
    const now = Date.now();
    await saveArticle(test.db, id, ready(), { editor, publication: { kind: "schedule", at: now + HOUR }, now });
    expect(await publishDueArticles(test.db, now)).toEqual([]);
    expect(await findPublishedArticle(test.db, "cedar-or-spruce")).toBeUndefined();
    const other = test.openAnother();
    // Two instances at once on PostgreSQL; on SQLite (one process per database) one after the other.
    const runs =
      dialect === "postgres"
        ? await Promise.all([publishDueArticles(test.db, now + HOUR), publishDueArticles(other, now + HOUR)])
        : [await publishDueArticles(test.db, now + HOUR), await publishDueArticles(other, now + HOUR)];
    expect(runs.flat()).toEqual(["cedar-or-spruce"]);
    // When the other instance's run is the one that published, this instance learns of it from
    // the database's broadcast (catalog-broadcast.server.ts, tested on its own), which this test
    // does not run: delivered by hand, as the listener would.
    invalidateCatalog(test.db);
    expect((await publishedArticles(test.db)).map((article) => article.slug)).toContain("cedar-or-spruce");
  });

  it("refuses a schedule in the past, a slug another article has, and an autosave of a live article", async () => {
    const id = await createDraft(test.db, editor, "comparisons", null);
    const refusal = (run: Promise<unknown>) =>
      run.then(
        () => null,
        (error: unknown) => error,
      );
    const past = await refusal(saveArticle(test.db, id, ready(), { editor, publication: { kind: "schedule", at: Date.now() - 1000 } }));
    expect(past).toBeInstanceOf(ArticleRefused);
    expect(past).toMatchObject({ field: "publishAt" });
    expect(
      await refusal(saveArticle(test.db, id, ready({ slug: "sauna-maintenance" }), { editor, publication: { kind: "keep" } })),
    ).toMatchObject({
      field: "slug",
    });
    const live = await test.db.selectFrom("articles").select("id").where("slug", "=", "diy-sauna-bench").executeTakeFirstOrThrow();
    const article = await findArticleForEdit(test.db, Number(live.id));
    expect(
      await refusal(saveArticle(test.db, article!.id, article!.fields, { editor, publication: { kind: "keep" }, autosave: true })),
    ).toBeInstanceOf(ArticleRefused);
  });

  it("a published article's new slug leaves its old address answering with the new one", async () => {
    const row = await test.db.selectFrom("articles").select("id").where("slug", "=", "diy-sauna-bench").executeTakeFirstOrThrow();
    const article = (await findArticleForEdit(test.db, Number(row.id)))!;
    await saveArticle(test.db, article.id, { ...article.fields, slug: "build-a-sauna-bench" }, { editor, publication: { kind: "keep" } });
    expect(await redirectedArticleSlug(test.db, "diy-sauna-bench")).toBe("build-a-sauna-bench");
    expect(await findPublishedArticle(test.db, "build-a-sauna-bench")).toBeDefined();
    // Back to the first address: it is the article's own again, and no longer a redirect.
    await saveArticle(test.db, article.id, article.fields, { editor, publication: { kind: "keep" } });
    expect(await redirectedArticleSlug(test.db, "diy-sauna-bench")).toBeUndefined();
    expect(await redirectedArticleSlug(test.db, "build-a-sauna-bench")).toBe("diy-sauna-bench");
  });

  it("every save keeps a revision (who, when); autosaves fold into one; restore brings the old text back as a new revision", async () => {
    const id = await createDraft(test.db, editor, "comparisons", null);
    const t = Date.now() - HOUR;
    await saveArticle(test.db, id, ready({ body: "First text." }), { editor, publication: { kind: "keep" }, now: t });
    await saveArticle(test.db, id, ready({ body: "Second" }), { editor, publication: { kind: "keep" }, autosave: true, now: t + 1000 });
    await saveArticle(test.db, id, ready({ body: "Second text" }), {
      editor,
      publication: { kind: "keep" },
      autosave: true,
      now: t + 2000,
    });
    const revisions = await listRevisions(test.db, id);
    // The draft's creation, the save, one folded autosave.
    expect(revisions).toHaveLength(3);
    expect(revisions[0]).toMatchObject({ by: "editor@example.com", autosave: true, savedAt: t + 2000 });
    const first = revisions[1]!;
    expect((await findRevision(test.db, id, first.id))!.fields.body).toBe("First text.");
    await restoreRevision(test.db, id, first.id, { id: "u2", email: "owner@example.com" });
    expect((await findArticleForEdit(test.db, id))!.fields.body).toBe("First text.");
    expect((await listRevisions(test.db, id))[0]).toMatchObject({ by: "owner@example.com", autosave: false });
  });

  it("'Mark as updated' sets the updated date the page shows", async () => {
    const row = await test.db.selectFrom("articles").select("id").where("slug", "=", "sauna-maintenance").executeTakeFirstOrThrow();
    const article = (await findArticleForEdit(test.db, Number(row.id)))!;
    const now = Date.parse("2026-11-28T10:00:00Z");
    await saveArticle(test.db, article.id, article.fields, { editor, publication: { kind: "keep" }, markUpdated: true, now });
    expect((await findPublishedArticle(test.db, "sauna-maintenance"))!.lastUpdated).toBe("2026-11-28");
  });
});
