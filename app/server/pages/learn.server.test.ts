import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FEATURED_COUNT } from "~/lib/learn/articles";
import { seedSampleArticles } from "~/server/articles/sample-articles.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { articlePage, learnAuthorPage, learnCategoryPage, learnIndexPage, learnTagPage } from "./learn.server";

const BASE = "https://saunas.example";

/** What a page module threw: React Router's data() with a status and headers. */
async function thrownBy(run: () => Promise<unknown>): Promise<{ data: unknown; init: ResponseInit | null }> {
  try {
    await run();
  } catch (thrown) {
    return thrown as { data: unknown; init: ResponseInit | null };
  }
  throw new Error("nothing was thrown");
}

describe.each(testDialects)("the Knowledge Center's page modules (%s)", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleArticles(test.db);
  });
  afterAll(async () => test?.drop());
  let warnings: string[];
  beforeEach(() => {
    warnings = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      warnings.push(String(chunk));
      return true;
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("/learn: the featured articles, then the newest, with the page's own address and picture", async () => {
    const page = await learnIndexPage(test.db, BASE);
    expect(page.featured).toHaveLength(FEATURED_COUNT);
    // The five sample articles: all of them are among the six newest.
    expect(page.latest).toHaveLength(5);
    expect(page.latest.map((article) => article.publishDate)).toEqual(
      page.latest
        .map((article) => article.publishDate)
        .sort()
        .reverse(),
    );
    expect(page.canonicalUrl).toBe(`${BASE}/learn`);
    expect(page.imageUrl).toBe(`${BASE}${page.featured[0]!.image}`);
    // Cards carry no body.
    expect("html" in page.latest[0]!).toBe(false);
  });

  it("a category: its title, pill and articles", async () => {
    const page = await learnCategoryPage(test.db, BASE, "buying-guides");
    expect(page.title).toBe("Sauna Buying Guides");
    expect(page.activePill).toBe("/learn/category/buying-guides");
    expect(page.articles.map((article) => article.categorySlug)).toEqual(["buying-guides"]);
    expect(page.canonicalUrl).toBe(`${BASE}/learn/category/buying-guides`);
    expect(page.imageUrl).toBe(`${BASE}${page.articles[0]!.image}`);
  });

  it("an unknown category is an empty page titled 'Articles', not a 404", async () => {
    const page = await learnCategoryPage(test.db, BASE, "recipes & more");
    expect(page).toMatchObject({
      title: "Articles",
      description: "Buying guides, comparisons and practical advice from our sauna editors.",
      activePill: undefined,
      articles: [],
      canonicalUrl: `${BASE}/learn/category/recipes%20%26%20more`,
    });
    // The newest article lends its picture to the social card.
    expect(page.imageUrl).toMatch(new RegExp(`^${BASE}/images/`));
    expect(warnings).toEqual([]);
  });

  it("a tag: titled with the tag's own spelling, its articles newest first", async () => {
    const page = await learnTagPage(test.db, BASE, "safety", new Request(`${BASE}/learn/tag/safety`));
    expect(page.tag).toEqual({ name: "Safety", slug: "safety" });
    expect(page.title).toBe("Articles tagged “Safety”");
    expect(page.description).toBe(`${page.articles.length} articles in the Sauna Knowledge Center tagged “Safety”, newest first.`);
    const dates = page.articles.map((article) => article.publishDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(page.canonicalUrl).toBe(`${BASE}/learn/tag/safety`);
  });

  it("an author: who they are and their articles, newest first; the article names the author's page", async () => {
    const page = await learnAuthorPage(test.db, BASE, "maija-lehtonen", new Request(`${BASE}/learn/author/maija-lehtonen`));
    expect(page.author).toMatchObject({ slug: "maija-lehtonen", name: "Maija Lehtonen", title: "Senior Sauna Editor" });
    expect(page.articles.map((article) => article.slug).sort()).toEqual(["best-barrel-saunas", "infrared-vs-traditional"]);
    expect(page.canonicalUrl).toBe(`${BASE}/learn/author/maija-lehtonen`);
    const article = await articlePage(test.db, BASE, "best-barrel-saunas", new Request(`${BASE}/learn/best-barrel-saunas`));
    expect(article.article.author.slug).toBe("maija-lehtonen");
  });

  it("an article: the article with its body, related articles, and others only when there are no related ones", async () => {
    const page = await articlePage(test.db, BASE, "infrared-vs-traditional", new Request(`${BASE}/learn/infrared-vs-traditional`));
    expect(page.article.slug).toBe("infrared-vs-traditional");
    expect(page.article.html).toContain("<h2");
    // Each shipped article is alone in its category.
    expect(page.related).toEqual([]);
    expect(page.more.length).toBeGreaterThan(0);
    expect(page.more.some((article) => article.slug === "infrared-vs-traditional")).toBe(false);
    expect(page.canonicalUrl).toBe(`${BASE}/learn/infrared-vs-traditional`);
    expect(page.imageUrl).toBe(`${BASE}${page.article.image}`);
  });

  it.each([
    [
      "an unknown article",
      () => articlePage(test.db, BASE, "no-such-article", new Request(`${BASE}/learn/no-such-article`)),
      "article",
      "/learn/no-such-article",
    ],
    [
      "an unknown author",
      () => learnAuthorPage(test.db, BASE, "no-such-author", new Request(`${BASE}/learn/author/no-such-author`)),
      "learn-author",
      "/learn/author/no-such-author",
    ],
    [
      "an unknown tag",
      () => learnTagPage(test.db, BASE, "no-such-tag", new Request(`${BASE}/learn/tag/no-such-tag`)),
      "learn-tag",
      "/learn/tag/no-such-tag",
    ],
  ])("%s throws the screen's 404, with nothing that lets a cache keep it, and logs the path", async (_name, run, screen, path) => {
    const thrown = await thrownBy(run);
    expect(thrown.data).toMatchObject({ screen, kind: "not-found" });
    expect(thrown.init?.status).toBe(404);
    expect(new Headers(thrown.init?.headers).get("Cache-Control")).toBeNull();
    expect(warnings).toEqual([`[warn] 404 Not Found: ${path}\n`]);
  });
});
