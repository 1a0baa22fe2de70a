import type { MetaDescriptor } from "react-router";
import { socialCardMeta } from "../seo/social-card";
import { structuredDataMeta, type JsonLd } from "../seo/structured-data";

/**
 * The Knowledge Center's articles as pages see them, and the rules that pick which articles a
 * page lists. Pure and isomorphic: the files are read and validated in
 * app/server/articles/article-markdown.server.ts.
 */

export interface ArticleAuthor {
  name: string;
  title: string;
  /** Site-relative; without one the page shows their initials. */
  image?: string;
  /** What the photo shows. */
  imageAlt?: string;
  /** The last segment of /learn/author/{slug}, when the author has a page. */
  slug?: string;
  /** Their profiles elsewhere (https), for the JSON-LD Person's sameAs. */
  profileLinks?: string[];
  /** What they write about and test, for the JSON-LD Person's knowsAbout. */
  knowsAbout?: string[];
}

export interface ArticleTag {
  name: string;
  /** The last segment of /learn/tag/{slug}. */
  slug: string;
}

export interface Article {
  /** The slug: /learn/{id} is the article's address. */
  id: string;
  title: string;
  slug: string;
  /** Display name of the category, e.g. "Buying Guides". */
  category: string;
  categorySlug: ArticleCategorySlug;
  excerpt: string;
  /** The editor's title for search results, when the title is longer than they show. */
  metaTitle?: string;
  /** The editor's meta description, when the excerpt is longer than search results show. */
  metaDescription?: string;
  /** Site-relative hero image, e.g. /images/articles/{slug}.webp */
  image: string;
  /** Describes the hero image; empty when the picture only decorates the title. */
  imageAlt: string;
  /** e.g. "8 min read": the front matter's readTimeMinutes, else computed from wordCount. */
  readTime: string;
  wordCount: number;
  author: ArticleAuthor;
  /** Who tried what it describes: its author unless the editor named another. */
  tester: ArticleAuthor;
  /** YYYY-MM-DD */
  publishDate: string;
  /** YYYY-MM-DD, when the article was revised after publication. */
  lastUpdated?: string;
  tags: ArticleTag[];
  /** The editor's pick for 'Featured Articles' (only present when picked). */
  featured?: true;
  /** The sanitized body. */
  html: string;
}

/** What a card needs: everything but the body, which would bloat list pages. */
export type ArticleSummary = Omit<Article, "html">;

export function toSummary({ html: _body, ...summary }: Article): ArticleSummary {
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Categories

export interface ArticleCategory {
  slug: string;
  /** The pill label and the category name shown on cards. */
  name: string;
  /** The h1 of /learn/category/{slug}. */
  title: string;
  description: string;
}

export const ARTICLE_CATEGORIES = [
  {
    slug: "buying-guides",
    name: "Buying Guides",
    title: "Sauna Buying Guides",
    description: "What to compare before you order: sizes, wood, heaters, foundations and the details a product listing leaves out.",
  },
  {
    slug: "comparisons",
    name: "Comparisons",
    title: "Sauna Comparisons",
    description: "Side-by-side looks at sauna types and heat sources, so you can see which one fits the way you will really use it.",
  },
  {
    slug: "health-benefits",
    name: "Health Benefits",
    title: "Sauna Health Benefits",
    description: "What regular sauna bathing can and cannot do for you, who should check with a doctor first, and how to bathe safely.",
  },
  {
    slug: "maintenance",
    name: "Maintenance",
    title: "Sauna Maintenance",
    description: "Simple routines that keep an outdoor sauna clean, safe and weather-tight, from after every session to once a year.",
  },
  {
    slug: "diy",
    name: "DIY",
    title: "DIY Sauna Projects",
    description: "Step-by-step projects for sauna owners who like to build: materials, dimensions, cut lists and safe methods.",
  },
] as const satisfies readonly ArticleCategory[];

export type ArticleCategorySlug = (typeof ARTICLE_CATEGORIES)[number]["slug"];

export const ARTICLE_CATEGORY_SLUGS = ARTICLE_CATEGORIES.map((category) => category.slug) as [
  ArticleCategorySlug,
  ...ArticleCategorySlug[],
];

/** An unknown category still gets a page, titled 'Articles' (an empty listing, never a 404). */
export const UNKNOWN_CATEGORY = {
  title: "Articles",
  description: "Buying guides, comparisons and practical advice from our sauna editors.",
} as const;

export function findCategory(slug: string): ArticleCategory | undefined {
  return ARTICLE_CATEGORIES.find((category) => category.slug === slug);
}

export interface CategoryPill {
  label: string;
  href: string;
  /** null for 'All Articles'. */
  categorySlug: string | null;
}

/** The pill bar: 'All Articles' first, then each category in the order above. */
export const CATEGORY_PILLS: readonly CategoryPill[] = [
  { label: "All Articles", href: "/learn", categorySlug: null },
  ...ARTICLE_CATEGORIES.map((category) => ({
    label: category.name,
    href: `/learn/category/${category.slug}`,
    categorySlug: category.slug,
  })),
];

// ---------------------------------------------------------------------------------------------
// Tags and reading time

/** "Wood-Burning Stoves" → "wood-burning-stoves"; "Heat & Steam" → "heat-and-steam"; "Löyly" → "loyly". */
export function tagSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * 200 words a minute: a little under the usual adult silent-reading pace, because these are
 * how-to articles with tables and numbers that readers stop to take in.
 */
export const READING_WORDS_PER_MINUTE = 200;

/** Whole minutes, rounded up, never less than 1. */
export function readTimeMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / READING_WORDS_PER_MINUTE));
}

export function readTimeText(wordCount: number): string {
  return readTimeLabel(readTimeMinutes(wordCount));
}

/** 8 → "8 min read". */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

// ---------------------------------------------------------------------------------------------
// Listing rules: featured 2, latest 6 newest first, related up to 3

export const FEATURED_COUNT = 2;
export const LATEST_COUNT = 6;
export const RELATED_COUNT = 3;

type Listable = Pick<ArticleSummary, "slug" | "publishDate" | "categorySlug" | "tags">;

/** Newest first; the same date falls back to the slug so every page lists ties the same way. */
function newestFirst(a: Listable, b: Listable): number {
  return b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug);
}

function oldestFirst(a: Listable, b: Listable): number {
  return a.publishDate.localeCompare(b.publishDate) || a.slug.localeCompare(b.slug);
}

/**
 * 'Featured Articles': the ones the editor marked featured (newest first), then, to fill the 2
 * places, the first published: the foundational guides stay on top while 'Latest' below shows
 * what is new, instead of both sections opening with the same two cards.
 */
export function featuredArticles<T extends Listable & { featured?: boolean }>(articles: readonly T[], count = FEATURED_COUNT): T[] {
  const picked = articles.filter((article) => article.featured).sort(newestFirst);
  const rest = articles.filter((article) => !article.featured).sort(oldestFirst);
  return [...picked, ...rest].slice(0, count);
}

/** The 6 newest by publishDate (featured ones included: the section lists what is new, not what is left). */
export function latestArticles<T extends Listable>(articles: readonly T[], { count = LATEST_COUNT }: { count?: number } = {}): T[] {
  return [...articles].sort(newestFirst).slice(0, count);
}

/** Up to 3 of the same category, never the current one, newest first. */
export function relatedArticles<T extends Listable>(articles: readonly T[], current: Listable, count = RELATED_COUNT): T[] {
  return articles
    .filter((article) => article.categorySlug === current.categorySlug && article.slug !== current.slug)
    .sort(newestFirst)
    .slice(0, count);
}

/**
 * For the side panel when the category has nothing else yet: the newest other articles, so a
 * reader who finished this one still has somewhere to go. Never the current one nor a related one.
 */
export function moreArticles<T extends Listable>(
  articles: readonly T[],
  current: Listable,
  exclude: readonly Listable[] = [],
  count = RELATED_COUNT,
): T[] {
  const skip = new Set([current.slug, ...exclude.map((article) => article.slug)]);
  return articles
    .filter((article) => !skip.has(article.slug))
    .sort(newestFirst)
    .slice(0, count);
}

/** /learn/category/{slug}: every article of the category, newest first (empty for an unknown one). */
export function articlesInCategory<T extends Listable>(articles: readonly T[], categorySlug: string): T[] {
  return articles.filter((article) => article.categorySlug === categorySlug).sort(newestFirst);
}

/** /learn/tag/{slug}: every article carrying the tag, newest first. */
export function articlesWithTag<T extends Listable>(articles: readonly T[], slug: string): T[] {
  return articles.filter((article) => article.tags.some((tag) => tag.slug === slug)).sort(newestFirst);
}

/** The tag's display name as the articles write it, or undefined when no article carries it. */
export function findTag(articles: readonly Listable[], slug: string): ArticleTag | undefined {
  for (const article of articles) {
    const tag = article.tags.find((candidate) => candidate.slug === slug);
    if (tag) return tag;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Page metadata shared by the /learn pages

export const KNOWLEDGE_CENTER_NAME = "Sauna Knowledge Center";

export interface LearnPageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  canonicalUrl: string;
  /** BASE_URL. */
  origin: string;
  /** Absolute URL of the social image; the site's default picture when missing. */
  imageUrl: string | undefined;
  /** JSON-LD blocks of the page (breadcrumbs, the article). */
  structuredData?: (JsonLd | null)[];
  article?: { publishedTime: string; modifiedTime?: string };
  /** Empty listings stay out of search results. */
  noindex?: boolean;
}

export function learnPageMeta(page: LearnPageMeta): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "robots", content: page.noindex ? "noindex" : "index,follow" },
    ...socialCardMeta(
      {
        title: page.title,
        description: page.description,
        url: page.canonicalUrl,
        image: page.imageUrl,
        type: page.article ? "article" : "website",
      },
      page.origin,
    ),
    ...structuredDataMeta(page.structuredData ?? []),
  ];
  // A canonical link on a page asking not to be indexed would send search engines mixed signals.
  if (!page.noindex) tags.push({ tagName: "link", rel: "canonical", href: page.canonicalUrl });
  if (page.article) {
    tags.push({ property: "article:published_time", content: page.article.publishedTime });
    if (page.article.modifiedTime) tags.push({ property: "article:modified_time", content: page.article.modifiedTime });
  }
  return tags;
}
