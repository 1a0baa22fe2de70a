import { describe, expect, it } from "vitest";
import {
  ARTICLE_CATEGORIES,
  articlesInCategory,
  articlesWithTag,
  CATEGORY_PILLS,
  featuredArticles,
  findCategory,
  findTag,
  latestArticles,
  learnPageMeta,
  moreArticles,
  readTimeMinutes,
  readTimeText,
  relatedArticles,
  tagSlug,
  toSummary,
  type Article,
  type ArticleCategorySlug,
} from "./articles";

let counter = 0;
function article(overrides: Partial<Article> & { slug?: string } = {}): Article {
  counter += 1;
  const slug = overrides.slug ?? `article-${counter}`;
  return {
    id: slug,
    slug,
    title: `Article ${counter}`,
    category: "Buying Guides",
    categorySlug: "buying-guides",
    excerpt: "An excerpt.",
    image: `/images/articles/${slug}.webp`,
    imageAlt: "",
    readTime: "5 min read",
    wordCount: 1000,
    author: { name: "A. Writer", title: "Editor" },
    tester: { name: "A. Writer", title: "Editor" },
    publishDate: "2025-01-15",
    tags: [],
    html: "<p>Body</p>",
    ...overrides,
  };
}

/** Seven articles, one a day from 2025-01-01 to 2025-01-07, in shuffled order. */
function sevenDays(): Article[] {
  return [3, 7, 1, 5, 2, 6, 4].map((day) => article({ slug: `day-${day}`, publishDate: `2025-01-0${day}` }));
}

const slugs = (articles: readonly { slug: string }[]) => articles.map((a) => a.slug);

describe("categories and pills", () => {
  it("has the five categories, each with a title and a description", () => {
    expect(ARTICLE_CATEGORIES.map((c) => [c.slug, c.name])).toEqual([
      ["buying-guides", "Buying Guides"],
      ["comparisons", "Comparisons"],
      ["health-benefits", "Health Benefits"],
      ["maintenance", "Maintenance"],
      ["diy", "DIY"],
    ]);
    for (const category of ARTICLE_CATEGORIES) {
      expect(category.title.length).toBeGreaterThan(3);
      expect(category.description.length).toBeGreaterThan(40);
    }
  });

  it("puts 'All Articles' (/learn) first, then one pill per category", () => {
    expect(CATEGORY_PILLS.map((p) => [p.label, p.href])).toEqual([
      ["All Articles", "/learn"],
      ["Buying Guides", "/learn/category/buying-guides"],
      ["Comparisons", "/learn/category/comparisons"],
      ["Health Benefits", "/learn/category/health-benefits"],
      ["Maintenance", "/learn/category/maintenance"],
      ["DIY", "/learn/category/diy"],
    ]);
  });

  it("finds a category by its slug only", () => {
    expect(findCategory("diy")?.name).toBe("DIY");
    expect(findCategory("DIY")).toBeUndefined();
    expect(findCategory("recipes")).toBeUndefined();
  });
});

describe("tagSlug", () => {
  it.each([
    ["Wood-Burning Stoves", "wood-burning-stoves"],
    ["Barrel Saunas", "barrel-saunas"],
    ["DIY", "diy"],
    ["Heat & Steam", "heat-and-steam"],
    ["R&D", "r-and-d"],
    ["Löyly", "loyly"],
    ["  Outdoor   Installation ", "outdoor-installation"],
    ["Safety!", "safety"],
  ])("%s → %s", (name, slug) => {
    expect(tagSlug(name)).toBe(slug);
  });
});

describe("read time (200 words a minute, rounded up, at least 1)", () => {
  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [1000, 5],
    [1400, 7],
    [1401, 8],
  ])("%i words → %i min", (words, minutes) => {
    expect(readTimeMinutes(words)).toBe(minutes);
  });

  it("reads like '8 min read'", () => {
    expect(readTimeText(1600)).toBe("8 min read");
  });
});

describe("featuredArticles", () => {
  it("picks 2: the first published, oldest first", () => {
    expect(slugs(featuredArticles(sevenDays()))).toEqual(["day-1", "day-2"]);
  });

  it("shows what there is when fewer than 2 exist", () => {
    expect(slugs(featuredArticles([article({ slug: "only" })]))).toEqual(["only"]);
    expect(featuredArticles([])).toEqual([]);
  });
});

describe("latestArticles", () => {
  it("with 7 articles gives the 6 newest, newest first", () => {
    expect(slugs(latestArticles(sevenDays()))).toEqual(["day-7", "day-6", "day-5", "day-4", "day-3", "day-2"]);
  });

  it("with 5 articles gives all 5, newest first", () => {
    const five = sevenDays().filter((a) => a.slug !== "day-1" && a.slug !== "day-4");
    expect(slugs(latestArticles(five))).toEqual(["day-7", "day-6", "day-5", "day-3", "day-2"]);
  });

  it("orders articles published on the same day by slug, the same way every time", () => {
    const tied = [
      article({ slug: "b-tied", publishDate: "2025-02-01" }),
      article({ slug: "a-tied", publishDate: "2025-02-01" }),
      article({ slug: "older", publishDate: "2025-01-01" }),
    ];
    expect(slugs(latestArticles(tied))).toEqual(["a-tied", "b-tied", "older"]);
    expect(slugs(latestArticles([...tied].reverse()))).toEqual(["a-tied", "b-tied", "older"]);
  });

  it("the 6 newest of all, the featured ones included: a small Knowledge Center still lists every article", () => {
    const five = sevenDays().filter((a) => a.slug !== "day-1" && a.slug !== "day-4");
    expect(slugs(featuredArticles(five))).toEqual(["day-2", "day-3"]);
    expect(slugs(latestArticles(five))).toEqual(["day-7", "day-6", "day-5", "day-3", "day-2"]);
  });

  it("does not reorder the list it was given", () => {
    const list = sevenDays();
    const before = slugs(list);
    latestArticles(list);
    featuredArticles(list);
    expect(slugs(list)).toEqual(before);
  });
});

describe("relatedArticles", () => {
  const inCategory = (slug: string, categorySlug: ArticleCategorySlug, publishDate: string) => article({ slug, categorySlug, publishDate });

  it("gives up to 3 of the same category, newest first, never the current one", () => {
    const current = inCategory("current", "diy", "2025-03-01");
    const all = [
      current,
      inCategory("diy-1", "diy", "2025-01-01"),
      inCategory("diy-2", "diy", "2025-01-02"),
      inCategory("diy-3", "diy", "2025-01-03"),
      inCategory("diy-4", "diy", "2025-01-04"),
      inCategory("other", "maintenance", "2025-02-01"),
    ];
    expect(slugs(relatedArticles(all, current))).toEqual(["diy-4", "diy-3", "diy-2"]);
  });

  it("gives fewer than 3 when the category has fewer", () => {
    const current = inCategory("current", "diy", "2025-03-01");
    const all = [current, inCategory("diy-1", "diy", "2025-01-01"), inCategory("other", "comparisons", "2025-02-01")];
    expect(slugs(relatedArticles(all, current))).toEqual(["diy-1"]);
  });

  it("gives none when the current article is the only one in its category", () => {
    const current = inCategory("current", "diy", "2025-03-01");
    const all = [current, inCategory("a", "comparisons", "2025-01-01"), inCategory("b", "maintenance", "2025-01-02")];
    expect(relatedArticles(all, current)).toEqual([]);
  });
});

describe("moreArticles", () => {
  it("gives the newest others, skipping the current article and the related ones", () => {
    const all = sevenDays();
    const current = all.find((a) => a.slug === "day-7")!;
    const related = all.filter((a) => a.slug === "day-6");
    expect(slugs(moreArticles(all, current, related))).toEqual(["day-5", "day-4", "day-3"]);
  });
});

describe("articlesInCategory", () => {
  it("lists the category's articles newest first", () => {
    const all = [
      article({ slug: "old", categorySlug: "maintenance", publishDate: "2025-01-01" }),
      article({ slug: "new", categorySlug: "maintenance", publishDate: "2025-02-01" }),
      article({ slug: "elsewhere", categorySlug: "diy", publishDate: "2025-03-01" }),
    ];
    expect(slugs(articlesInCategory(all, "maintenance"))).toEqual(["new", "old"]);
  });

  it("is empty for a known category without articles and for an unknown one", () => {
    const all = [article({ slug: "a", categorySlug: "diy" })];
    expect(articlesInCategory(all, "health-benefits")).toEqual([]);
    expect(articlesInCategory(all, "recipes")).toEqual([]);
  });
});

describe("tags", () => {
  const safety = { name: "Safety", slug: "safety" };
  const all = [
    article({ slug: "a", publishDate: "2025-01-01", tags: [safety] }),
    article({ slug: "b", publishDate: "2025-02-01", tags: [{ name: "DIY", slug: "diy" }, safety] }),
    article({ slug: "c", publishDate: "2025-03-01", tags: [{ name: "DIY", slug: "diy" }] }),
  ];

  it("lists the articles carrying a tag, newest first", () => {
    expect(slugs(articlesWithTag(all, "safety"))).toEqual(["b", "a"]);
    expect(articlesWithTag(all, "nothing")).toEqual([]);
  });

  it("finds the tag's display name, or nothing for an unknown slug", () => {
    expect(findTag(all, "safety")).toEqual(safety);
    expect(findTag(all, "nothing")).toBeUndefined();
  });
});

describe("toSummary", () => {
  it("drops only the body", () => {
    const full = article({ slug: "x" });
    const summary = toSummary(full);
    expect(summary).not.toHaveProperty("html");
    const { html: _body, ...everythingElse } = full;
    expect(summary).toEqual(everythingElse);
  });
});

describe("learnPageMeta", () => {
  const base = {
    title: "A - Sauna Knowledge Center",
    description: "About A.",
    canonicalUrl: "https://saunas.example/learn/a",
    origin: "https://saunas.example",
    imageUrl: "https://saunas.example/images/articles/a.webp",
  };
  const find = (tags: ReturnType<typeof learnPageMeta>, key: string) =>
    tags.find((tag) => "property" in tag && tag.property === key) ?? tags.find((tag) => "name" in tag && tag.name === key);

  it("gives title, description, social tags and a canonical link", () => {
    const tags = learnPageMeta(base);
    expect(tags).toContainEqual({ title: base.title });
    expect(find(tags, "description")).toMatchObject({ content: base.description });
    expect(find(tags, "og:title")).toMatchObject({ content: base.title });
    expect(find(tags, "og:description")).toMatchObject({ content: base.description });
    expect(find(tags, "og:image")).toMatchObject({
      content: "https://saunas.example/img/1200x630/images/articles/a.webp",
    });
    expect(find(tags, "og:type")).toMatchObject({ content: "website" });
    expect(find(tags, "robots")).toMatchObject({ content: "index,follow" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: base.canonicalUrl });
    expect(find(tags, "article:published_time")).toBeUndefined();
  });

  it("marks an article with its dates", () => {
    const tags = learnPageMeta({ ...base, article: { publishedTime: "2025-01-15", modifiedTime: "2025-04-02" } });
    expect(find(tags, "og:type")).toMatchObject({ content: "article" });
    expect(find(tags, "article:published_time")).toMatchObject({ content: "2025-01-15" });
    expect(find(tags, "article:modified_time")).toMatchObject({ content: "2025-04-02" });
  });

  it("keeps empty listings out of search results, without a canonical link", () => {
    const tags = learnPageMeta({ ...base, noindex: true });
    expect(find(tags, "robots")).toMatchObject({ content: "noindex" });
    expect(tags.some((tag) => "rel" in tag)).toBe(false);
  });

  it("uses the site's default picture when the page has none", () => {
    expect(find(learnPageMeta({ ...base, imageUrl: undefined }), "og:image")).toMatchObject({
      content: "https://saunas.example/img/1200x630/images/og-default.jpg",
    });
  });

  it("carries the page's JSON-LD blocks", () => {
    const block = { "@type": "BreadcrumbList", itemListElement: [] };
    expect(learnPageMeta({ ...base, structuredData: [block, null] })).toContainEqual({ "script:ld+json": block });
  });
});
