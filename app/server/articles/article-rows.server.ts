import {
  findCategory,
  readTimeLabel,
  readTimeText,
  tagSlug,
  type Article,
  type ArticleAuthor,
  type ArticleCategorySlug,
} from "~/lib/learn/articles";
import type { Selectable } from "kysely";
import type { ArticlesTable, AuthorsTable } from "../db/schema";
import { countWords, renderArticleBody } from "./article-markdown.server";

/** A stored article row and its author row, turned into what the public pages show. */

export type ArticleRow = Selectable<ArticlesTable>;
export type AuthorRow = Selectable<AuthorsTable>;

/** SQLite gives 0/1, PostgreSQL a boolean. */
export function flag(value: boolean | number): boolean {
  return value === true || value === 1;
}

export function millis(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

/** The UTC calendar date of a moment: the date the page shows for a publication. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function tagNames(row: Pick<ArticleRow, "tags">): string[] {
  try {
    const parsed: unknown = JSON.parse(row.tags);
    return Array.isArray(parsed) ? parsed.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

export function toAuthor(row: AuthorRow | undefined): ArticleAuthor {
  if (!row) return { name: "Editorial Team", title: "Editor" };
  return {
    name: row.name,
    title: row.title,
    ...(row.image ? { image: row.image } : {}),
    slug: row.slug,
  };
}

/** An article as its page shows it; its body rendered by the one Markdown renderer. */
export function toArticle(row: ArticleRow, author: AuthorRow | undefined, html = renderArticleBody(row.body)): Article {
  const category = findCategory(row.category_slug);
  const wordCount = countWords(html);
  const publishAt = millis(row.publish_at);
  return {
    id: row.slug,
    slug: row.slug,
    title: row.title,
    category: category?.name ?? row.category_slug,
    categorySlug: row.category_slug as ArticleCategorySlug,
    excerpt: row.excerpt,
    ...(row.meta_title ? { metaTitle: row.meta_title } : {}),
    ...(row.meta_description ? { metaDescription: row.meta_description } : {}),
    image: row.image,
    imageAlt: row.image_alt,
    readTime: row.read_time_minutes ? readTimeLabel(row.read_time_minutes) : readTimeText(wordCount),
    wordCount,
    author: toAuthor(author),
    publishDate: publishAt === null ? utcDate(Date.now()) : utcDate(publishAt),
    ...(row.last_updated ? { lastUpdated: row.last_updated } : {}),
    tags: tagNames(row).map((name) => ({ name, slug: tagSlug(name) })),
    ...(flag(row.featured) ? { featured: true as const } : {}),
    html,
  };
}
