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
import type { AuthorProfile } from "~/lib/learn/author-profile";
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

/** A byline's author; with their profile, also their photo's description, profiles elsewhere and topics. */
export function toAuthor(row: AuthorRow | undefined, profile?: AuthorProfile): ArticleAuthor {
  if (!row) return { name: "Editorial Team", title: "Editor" };
  return {
    name: row.name,
    title: row.title,
    ...(row.image ? { image: row.image, ...(row.image_alt ? { imageAlt: row.image_alt } : {}) } : {}),
    slug: row.slug,
    ...(profile && profile.profileLinks.length > 0 ? { profileLinks: profile.profileLinks } : {}),
    ...(profile && profile.knowsAbout.length > 0 ? { knowsAbout: profile.knowsAbout } : {}),
  };
}

/**
 * An article as its page shows it; its body rendered by the one Markdown renderer. Its tester is
 * the author named as such, else its author.
 */
export function toArticle(
  row: ArticleRow,
  author: AuthorRow | undefined,
  html = renderArticleBody(row.body),
  people: { tester?: AuthorRow; profiles?: ReadonlyMap<number, AuthorProfile> } = {},
): Article {
  const profileOf = (person: AuthorRow | undefined) => (person ? people.profiles?.get(Number(person.id)) : undefined);
  const byline = toAuthor(author, profileOf(author));
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
    author: byline,
    tester: people.tester ? toAuthor(people.tester, profileOf(people.tester)) : byline,
    publishDate: publishAt === null ? utcDate(Date.now()) : utcDate(publishAt),
    ...(row.last_updated ? { lastUpdated: row.last_updated } : {}),
    tags: tagNames(row).map((name) => ({ name, slug: tagSlug(name) })),
    ...(flag(row.featured) ? { featured: true as const } : {}),
    html,
  };
}
