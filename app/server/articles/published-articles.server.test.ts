import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Article } from "~/lib/learn/articles";
import { parseArticleFiles } from "./article-markdown.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { sampleArticleSources } from "../seed/sample-article-files";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleArticles } from "./sample-articles.server";
import { findPublishedArticle, publishedArticles, redirectedArticleSlug } from "./published-articles.server";

describe.each(testDialects)("articles in the database (%s)", (dialect) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(async () => test.drop());

  it("the seeded sample articles are the shipped files, word for word: same addresses, dates, authors and bodies", async () => {
    expect(await seedSampleArticles(test.db)).toBe(5);
    const fromFiles = parseArticleFiles(sampleArticleSources());
    const fromDatabase = await publishedArticles(test.db);
    // The database adds what it knows of the author (page slug, photo description, profiles,
    // topics); everything else the page shows is the same, and each tested what they wrote.
    const byline = ({ name, title, image }: Article["author"]) => ({ name, title, ...(image ? { image } : {}) });
    expect(fromDatabase.map((article) => ({ ...article, author: byline(article.author), tester: byline(article.tester) }))).toEqual(
      fromFiles,
    );
    expect(fromDatabase.every((article) => article.author.slug && article.tester.slug === article.author.slug)).toBe(true);
  });

  it("seeds once in the database's life: never again after the owner removed them", async () => {
    await seedSampleArticles(test.db);
    await test.db.deleteFrom("articles").execute();
    expect(await seedSampleArticles(test.db)).toBe(0);
    expect(await test.db.selectFrom("articles").select("id").execute()).toEqual([]);
  });

  it("shows only published articles, and a save elsewhere shows after invalidateCatalog", async () => {
    await seedSampleArticles(test.db);
    expect(await findPublishedArticle(test.db, "sauna-maintenance")).toBeDefined();
    await test.db.updateTable("articles").set({ status: "draft" }).where("slug", "=", "sauna-maintenance").execute();
    // Kept in memory until a change is announced.
    expect(await findPublishedArticle(test.db, "sauna-maintenance")).toBeDefined();
    invalidateCatalog(test.db);
    expect(await findPublishedArticle(test.db, "sauna-maintenance")).toBeUndefined();
    expect((await publishedArticles(test.db)).map((article) => article.slug)).not.toContain("sauna-maintenance");
  });

  it("an old slug leads to the current one only while the article is published", async () => {
    await seedSampleArticles(test.db);
    const row = await test.db.selectFrom("articles").select("id").where("slug", "=", "diy-sauna-bench").executeTakeFirstOrThrow();
    await test.db
      .insertInto("article_redirects")
      .values({ old_slug: "old-bench", article_id: Number(row.id) })
      .execute();
    expect(await redirectedArticleSlug(test.db, "old-bench")).toBe("diy-sauna-bench");
    expect(await redirectedArticleSlug(test.db, "no-such")).toBeUndefined();
    await test.db.updateTable("articles").set({ status: "draft" }).where("id", "=", Number(row.id)).execute();
    expect(await redirectedArticleSlug(test.db, "old-bench")).toBeUndefined();
  });
});
