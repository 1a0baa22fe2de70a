import { describe, expect, it } from "vitest";
import { ARTICLE_CATEGORY_SLUGS, KNOWLEDGE_CENTER_NAME, readTimeText, tagSlug } from "~/lib/learn/articles";
import { searchTitle } from "~/lib/seo/search-snippet";
import { ArticleContentError, countWords, parseArticle, parseArticleFiles } from "./article-markdown.server";
import { sampleArticleSources } from "../seed/sample-article-files";

const loadArticles = () => parseArticleFiles(sampleArticleSources());

const FILE = "content/articles/test-article.md";

const validFrontMatter = {
  title: '"A Test Article"',
  slug: "test-article",
  category: "Maintenance",
  categorySlug: "maintenance",
  excerpt: '"A short summary."',
  image: "/images/articles/test-article.webp",
  author: '\n  name: "Test Author"\n  title: "Editor"',
  publishDate: "2025-02-01",
  lastUpdated: "2025-03-01",
  tags: '["Safety", "Wood-Burning Stoves"]',
};

type FrontMatterLines = Partial<Record<keyof typeof validFrontMatter | (string & {}), string | undefined>>;

/** An article file; pass a key as undefined to leave it out. */
function source(overrides: FrontMatterLines = {}, body = "## Heading\n\nSome words in a paragraph.\n"): string {
  const entries = Object.entries({ ...validFrontMatter, ...overrides }).filter(([, value]) => value !== undefined);
  return `---\n${entries.map(([key, value]) => `${key}: ${value}`).join("\n")}\n---\n\n${body}`;
}

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ArticleContentError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected the article to be rejected");
}

describe("the shipped articles", () => {
  const articles = loadArticles();
  const bySlug = new Map(articles.map((article) => [article.slug, article]));

  it("are five, one in each category", () => {
    expect(Object.fromEntries(articles.map((a) => [a.slug, a.categorySlug]))).toEqual({
      "infrared-vs-traditional": "comparisons",
      "health-benefits-of-sauna": "health-benefits",
      "best-barrel-saunas": "buying-guides",
      "sauna-maintenance": "maintenance",
      "diy-sauna-bench": "diy",
    });
  });

  it("state the read times the site promises: 8, 6, 10, 5 and 12 minutes", () => {
    expect(Object.fromEntries(articles.map((a) => [a.slug, a.readTime]))).toEqual({
      "infrared-vs-traditional": "8 min read",
      "health-benefits-of-sauna": "6 min read",
      "best-barrel-saunas": "10 min read",
      "sauna-maintenance": "5 min read",
      "diy-sauna-bench": "12 min read",
    });
  });

  it("are long-form: 900 words or more, with headings", () => {
    for (const article of articles) {
      expect(article.wordCount, article.slug).toBeGreaterThanOrEqual(900);
      expect(article.html, article.slug).toContain("<h2>");
      expect(article.html, article.slug).not.toContain("<h1");
    }
  });

  it("were published between 2025-01-15 and 2025-03-12, and updated (when they were) after that", () => {
    for (const article of articles) {
      expect(article.publishDate >= "2025-01-15" && article.publishDate <= "2025-03-12", article.slug).toBe(true);
      if (article.lastUpdated) expect(article.lastUpdated > article.publishDate, article.slug).toBe(true);
    }
    expect(articles.some((article) => article.lastUpdated)).toBe(true);
    expect(articles.some((article) => !article.lastUpdated)).toBe(true);
  });

  it("give every tag one slug per name and one name per slug", () => {
    const namesBySlug = new Map<string, Set<string>>();
    for (const tag of articles.flatMap((article) => article.tags)) {
      expect(tag.slug).toBe(tagSlug(tag.name));
      namesBySlug.set(tag.slug, (namesBySlug.get(tag.slug) ?? new Set()).add(tag.name));
    }
    for (const [slug, names] of namesBySlug) expect([...names], slug).toHaveLength(1);
  });

  it("cover every category, have an author and site-relative images", () => {
    expect(new Set(articles.map((a) => a.categorySlug))).toEqual(new Set(ARTICLE_CATEGORY_SLUGS));
    for (const article of articles) {
      expect(article.image).toBe(`/images/articles/${article.slug}.webp`);
      expect(article.author.name.length).toBeGreaterThan(0);
      if (article.author.image) expect(article.author.image).toMatch(/^\/images\/authors\/.+\.webp$/);
    }
    // The generic person icon has something to show for.
    expect(articles.some((a) => !a.author.image)).toBe(true);
  });

  it("include at least one table, and the comparison's table survives sanitizing", () => {
    expect(articles.filter((a) => a.html.includes("<table>")).length).toBeGreaterThanOrEqual(3);
    expect(bySlug.get("infrared-vs-traditional")!.html).toMatch(/<th>Traditional Finnish<\/th>/);
  });

  it("keep their links to other pages of the site, in the same tab", () => {
    const html = bySlug.get("infrared-vs-traditional")!.html;
    expect(html).toContain('<a href="/learn/health-benefits-of-sauna">');
    expect(html).toContain('<a href="/reviews/infrared-saunas">');
  });

  it("fit search results: a title of at most 60 characters and a description of at most 160", () => {
    for (const article of loadArticles()) {
      // Whole, not shortened by searchTitle: an editor's title reads better than a cut one.
      expect(searchTitle(article.metaTitle ?? article.title, KNOWLEDGE_CENTER_NAME), article.slug).not.toContain("…");
      expect((article.metaDescription ?? article.excerpt).length, article.slug).toBeLessThanOrEqual(160);
    }
  });
});

describe("parseArticle", () => {
  it("reads a valid file into an Article", () => {
    const article = parseArticle(FILE, source());
    expect(article).toMatchObject({
      id: "test-article",
      slug: "test-article",
      title: "A Test Article",
      category: "Maintenance",
      categorySlug: "maintenance",
      author: { name: "Test Author", title: "Editor" },
      publishDate: "2025-02-01",
      lastUpdated: "2025-03-01",
      tags: [
        { name: "Safety", slug: "safety" },
        { name: "Wood-Burning Stoves", slug: "wood-burning-stoves" },
      ],
      readTime: "1 min read",
    });
    expect(article.author).not.toHaveProperty("image");
    expect(article.html).toBe("<h2>Heading</h2>\n<p>Some words in a paragraph.</p>");
  });

  it("computes the read time from the word count when the file states none", () => {
    const article = parseArticle(FILE, source());
    expect(article.readTime).toBe(readTimeText(article.wordCount));
  });

  it("uses the read time the file states", () => {
    expect(parseArticle(FILE, source({ readTimeMinutes: "7" })).readTime).toBe("7 min read");
  });

  it.each([
    ["0", "readTimeMinutes must be at least 1"],
    ["2.5", "readTimeMinutes must be a whole number of minutes"],
    ["8 min", "readTimeMinutes must be a whole number of minutes"],
  ])("refuses a read time of %s", (value, message) => {
    expect(problemOf(() => parseArticle(FILE, source({ readTimeMinutes: value })))).toContain(message);
  });

  it("takes a title and a description for search results, refusing ones that search results would cut", () => {
    const article = parseArticle(FILE, source({ metaTitle: '"Short Title"', metaDescription: '"A description."' }));
    expect(article).toMatchObject({ metaTitle: "Short Title", metaDescription: "A description." });
    expect(problemOf(() => parseArticle(FILE, source({ metaTitle: `"${"x".repeat(61)}"` })))).toContain(
      "metaTitle must be at most 60 characters",
    );
    expect(problemOf(() => parseArticle(FILE, source({ metaDescription: `"${"x".repeat(161)}"` })))).toContain(
      "metaDescription must be at most 160 characters",
    );
  });

  it("leaves lastUpdated out when the file has none", () => {
    expect(parseArticle(FILE, source({ lastUpdated: undefined }))).not.toHaveProperty("lastUpdated");
  });

  it("tolerates Windows line ends and a byte-order mark", () => {
    const windows = "\uFEFF" + source().replace(/\n/g, "\r\n");
    expect(parseArticle(FILE, windows).title).toBe("A Test Article");
  });

  it.each<[string, FrontMatterLines, string]>([
    ["a missing title", { title: undefined }, "title is required"],
    ["an empty title", { title: '""' }, "title must not be empty"],
    ["a date in another format", { publishDate: "15/01/2025" }, "publishDate must be a date (YYYY-MM-DD)"],
    ["a date that is not a day", { publishDate: "2025-02-30" }, "publishDate is not a real calendar date"],
    ["a date out of bounds", { publishDate: "1925-01-15" }, "publishDate must be between 2000-01-01 and 2099-12-31"],
    ["a number for a date", { publishDate: "20250115" }, "publishDate must be a date (YYYY-MM-DD)"],
    ["an update before publication", { lastUpdated: "2025-01-01" }, "lastUpdated (2025-01-01) must not be before publishDate (2025-02-01)"],
    [
      "an unknown category",
      { categorySlug: "recipes" },
      "categorySlug must be one of buying-guides, comparisons, health-benefits, maintenance, diy",
    ],
    ["a category name that does not match", { category: "DIY" }, 'category must be "Maintenance" for categorySlug maintenance'],
    ["a slug unlike the file name", { slug: "other-slug" }, 'slug "other-slug" must match the file name (test-article)'],
    ["an image on another host", { image: "https://example.com/x.webp" }, "image must be a site path starting with /"],
    ["a protocol-relative image", { image: "//example.com/x.webp" }, "image must be a site path starting with /"],
    ["an author without a name", { author: '\n  title: "Editor"' }, "author.name is required"],
    ["an empty tag", { tags: '["Safety", ""]' }, "tags[1] must not be empty"],
    ["no tags", { tags: "[]" }, "tags must list at least one tag"],
    ["the same tag twice", { tags: '["Heat & Steam", "Heat and Steam"]' }, 'tags "Heat & Steam" and "Heat and Steam" are the same tag'],
    ["a misspelt key", { publishdate: "2025-02-01" }, "unknown key publishdate"],
  ])("rejects %s with one line naming the file", (_case, overrides, problem) => {
    const message = problemOf(() => parseArticle(FILE, source(overrides)));
    expect(message.startsWith(`Invalid article ${FILE}: ${problem}`)).toBe(true);
  });

  it("rejects a file without front matter", () => {
    expect(problemOf(() => parseArticle(FILE, "# Just Markdown\n"))).toBe(
      `Invalid article ${FILE}: front matter is missing (the file must start with --- , YAML, then ---)`,
    );
  });

  it("rejects front matter that is not YAML, in one line", () => {
    const message = problemOf(() => parseArticle(FILE, '---\ntitle: "unterminated\nslug: x\n---\nBody'));
    expect(message).toMatch(new RegExp(`^Invalid article ${FILE}: front matter is not valid YAML \\(`));
  });

  it("rejects an empty body", () => {
    expect(problemOf(() => parseArticle(FILE, source({}, "\n")))).toBe(`Invalid article ${FILE}: the body is empty`);
  });
});

describe("the body is sanitized", () => {
  const render = (body: string) => parseArticle(FILE, source({}, body)).html;

  it("removes <script> and its content, and event handlers", () => {
    const html = render('Hello.\n\n<script>alert("x")</script>\n\n<p onclick="steal()">Click</p>\n');
    expect(html).not.toMatch(/script|alert|onclick|steal/);
    expect(html).toContain("<p>Click</p>");
  });

  it("removes javascript: and other non-web links but keeps their text", () => {
    const html = render(
      "[one](javascript:alert(1)) [two](JaVaScRiPt:alert(2)) [three](data:text/html,x) [four](//evil.example/x) [five](mailto:a@b.c)\n",
    );
    expect(html).not.toMatch(/javascript|data:|evil|mailto|href/i);
    expect(html).toBe("<p>one two three four five</p>");
  });

  it("opens off-site links in a new tab with rel=noopener, and keeps site links as they are", () => {
    const html = render("[out](https://example.com/page) and [in](/reviews/barrel-saunas)\n");
    expect(html).toContain('<a href="https://example.com/page" target="_blank" rel="noopener">out</a>');
    expect(html).toContain('<a href="/reviews/barrel-saunas">in</a>');
  });

  it("drops a raw target or rel the author wrote on a site link", () => {
    const html = render('<a href="/learn" target="_top" rel="opener">Home</a>\n');
    expect(html).toContain('<a href="/learn">Home</a>');
  });

  it("keeps headings, lists, tables, code, quotes and emphasis; turns a body h1 into h2", () => {
    const html = render(
      [
        "# Big",
        "### Small",
        "- a\n- b",
        "1. first\n2. second",
        "| A | B | C | D |\n|---|:-:|---|---|\n| 1 | 2 | 3 | 4 |",
        "| X | Y |\n|---|---|\n| 1 | 2 |",
        "`inline` and\n\n```js\nconst x = 1;\n```",
        "> quoted",
        "**strong** and *em*",
      ].join("\n\n"),
    );
    expect(html).toContain("<h2>Big</h2>");
    expect(html).toContain("<h3>Small</h3>");
    expect(html).toContain("<ul>\n<li>a</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
    expect(html).toContain('<th align="center">B</th>');
    expect(html).toContain(
      '<section class="table-scroll table-scroll-wide" tabindex="0" aria-label="Table, scrolls sideways on small screens"><table>',
    );
    expect(html).toContain('<div class="table-scroll"><table>');
    expect(html).toContain("<code>inline</code>");
    expect(html).toContain('<pre><code class="language-js">const x = 1;');
    expect(html).toContain("<blockquote>\n<p>quoted</p>");
    expect(html).toContain("<strong>strong</strong> and <em>em</em>");
  });

  it("removes images, iframes, styles and classes it does not know", () => {
    const html = render(
      '<img src="/x.webp" onerror="x()"><iframe src="https://e.com"></iframe><div class="evil" style="color:red">Text</div>\n',
    );
    expect(html).not.toMatch(/img|iframe|evil|style/);
    expect(html).toContain("Text");
  });
});

describe("countWords", () => {
  it("counts the words of the text, not tags, table pipes or entities", () => {
    expect(countWords("<p>Heat &amp; steam — don&#39;t rush.</p><table><tr><td>6</td><td>kW</td></tr></table>")).toBe(6);
  });
});

describe("parseArticleFiles", () => {
  it("rejects a tag spelt two ways in two files, naming the second file", () => {
    const message = problemOf(() =>
      parseArticleFiles({
        "/content/articles/a-first.md": source({ slug: "a-first", tags: '["Wood-Burning Stoves"]' }),
        "/content/articles/b-second.md": source({ slug: "b-second", tags: '["Wood Burning Stoves"]' }),
      }),
    );
    expect(message).toBe(
      'Invalid article content/articles/b-second.md: tag "Wood Burning Stoves" must be spelled "Wood-Burning Stoves" as in content/articles/a-first.md',
    );
  });
});
