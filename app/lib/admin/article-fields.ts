import { KNOWLEDGE_CENTER_NAME, tagSlug } from "~/lib/learn/articles";
import { searchTitle } from "~/lib/seo/search-snippet";

/**
 * The article editor's fields, their limits and the small rules the editor runs as the admin
 * types (the slug from the title, tags split, the title search results show). No zod here: the
 * browser loads this module, and the form's schema (article-form.ts) stays on the server.
 */

export const ARTICLE_TITLE_MAX = 160;
export const ARTICLE_EXCERPT_MAX = 400;
export const ARTICLE_TAGS_MAX = 12;
export const ARTICLE_BODY_MAX = 200_000;
export const ARTICLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The fields one save writes and one revision keeps. */
export interface ArticleFields {
  title: string;
  slug: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  categorySlug: string;
  tags: string[];
  authorId: number | null;
  /** Who tried what it describes; null: its author. */
  testerId: number | null;
  image: string;
  imageAlt: string;
  featured: boolean;
  body: string;
  readTimeMinutes: number | null;
}

/** "Best Barrel Saunas: 2025 Guide" → "best-barrel-saunas-2025-guide" (at most 80 characters). */
export function slugFromTitle(title: string): string {
  return tagSlug(title).slice(0, 80).replace(/-+$/, "");
}

/** "Safety, Wood-Burning Stoves,, safety" → ["Safety", "Wood-Burning Stoves"]: one per slug, first spelling kept. */
export function splitTags(value: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of value.split(",")) {
    const name = part.replace(/\s+/g, " ").trim();
    const slug = tagSlug(name);
    if (!slug || seen.has(slug)) continue;
    seen.add(slug);
    tags.push(name);
  }
  return tags;
}

/** The editor's "Search results show" line for the title. */
export function articleSearchTitle(fields: Pick<ArticleFields, "title" | "metaTitle">): string {
  return searchTitle(fields.metaTitle || fields.title, KNOWLEDGE_CENTER_NAME);
}
