import {
  articlesInCategory,
  articlesWithTag,
  featuredArticles,
  findCategory,
  findTag,
  latestArticles,
  moreArticles,
  relatedArticles,
  toSummary,
  UNKNOWN_CATEGORY,
} from "~/lib/learn/articles";
import {
  tagPageDescription,
  tagPageTitle,
  type ArticlePage,
  type LearnCategoryPage,
  type LearnIndexPage,
  type LearnAuthorPage,
  type LearnTagPage,
} from "~/lib/learn/learn-pages";
import { findAuthorBySlug } from "~/server/articles/authors.server";
import type { PageError } from "~/lib/site/page-errors";
import { redirect } from "react-router";
import {
  findPublishedArticle,
  publishedArticles,
  publishedAuthorCredits,
  redirectedArticleSlug,
} from "~/server/articles/published-articles.server";
import { renderArticleBody } from "~/server/articles/article-markdown.server";
import type { DB } from "~/server/db/connection.server";
import { log } from "~/server/log.server";
import { notFound } from "./page-errors.server";
import { listArticleUpdateNotes } from "../updates/update-notes.server";
import { newestDate } from "~/lib/text/dates";

/**
 * The Knowledge Center's screens, one function per screen, reading the published articles from
 * the database (kept rendered in memory: published-articles.server.ts). An unknown article or tag
 * is a 404 that no cache keeps (the routes send Cache-Control with a found page only); the old
 * address of an article whose slug changed answers 301.
 */

/** /learn: the two featured articles, then the six newest. */
export async function learnIndexPage(db: DB, baseUrl: string): Promise<LearnIndexPage> {
  const articles = (await publishedArticles(db)).map(toSummary);
  const featured = featuredArticles(articles);
  return {
    featured,
    latest: latestArticles(articles),
    canonicalUrl: `${baseUrl}/learn`,
    imageUrl: featured[0] ? `${baseUrl}${featured[0].image}` : undefined,
  };
}

/**
 * /learn/category/{slug}. An unknown category is still a page (titled 'Articles', a generic
 * description, no articles), never a 404; the route keeps it out of search results instead.
 */
export async function learnCategoryPage(db: DB, baseUrl: string, categorySlug: string): Promise<LearnCategoryPage> {
  const all = (await publishedArticles(db)).map(toSummary);
  const category = findCategory(categorySlug);
  const articles = category ? articlesInCategory(all, category.slug) : [];
  const picture = articles[0] ?? latestArticles(all, { count: 1 })[0];
  return {
    title: category?.title ?? UNKNOWN_CATEGORY.title,
    description: category?.description ?? UNKNOWN_CATEGORY.description,
    activePill: category ? `/learn/category/${category.slug}` : undefined,
    articles,
    canonicalUrl: `${baseUrl}/learn/category/${encodeURIComponent(categorySlug)}`,
    imageUrl: picture ? `${baseUrl}${picture.image}` : undefined,
  };
}

/** /learn/tag/{slug}: the articles carrying one tag, titled with the tag's own spelling. */
export async function learnTagPage(db: DB, baseUrl: string, slug: string, request: Request): Promise<LearnTagPage> {
  const all = (await publishedArticles(db)).map(toSummary);
  const tag = findTag(all, slug);
  if (!tag) return learnNotFound({ screen: "learn-tag", kind: "not-found" }, request);
  const articles = articlesWithTag(all, tag.slug);
  return {
    tag,
    title: tagPageTitle(tag.name),
    description: tagPageDescription(tag.name, articles.length),
    articles,
    canonicalUrl: `${baseUrl}/learn/tag/${tag.slug}`,
    // A tag is found on an article, so it has one at least.
    imageUrl: `${baseUrl}${articles[0]!.image}`,
  };
}

/**
 * /learn/author/{slug}: who the author is (bio, credentials, photo, profiles elsewhere), the
 * reviews they wrote or tested and their articles. An author with neither has no page.
 */
export async function learnAuthorPage(db: DB, baseUrl: string, slug: string, request: Request): Promise<LearnAuthorPage> {
  const [author, all, credits] = await Promise.all([findAuthorBySlug(db, slug), publishedArticles(db), publishedAuthorCredits(db)]);
  const articles = author
    ? latestArticles(all.filter((article) => article.author.slug === author.slug).map(toSummary), { count: all.length })
    : [];
  const reviews = author ? (credits.reviews.get(author.id) ?? []) : [];
  const profile = author && credits.profiles.get(author.id);
  if (!author || !profile || (articles.length === 0 && reviews.length === 0))
    return learnNotFound({ screen: "learn-author", kind: "not-found" }, request);
  // The bio is Markdown, rendered and sanitized as an article body is.
  const bioHtml = author.bio.trim() ? renderArticleBody(author.bio) : "";
  // A social card is landscape: the newest article's picture, not the square portrait.
  const picture = articles[0]?.image ?? profile.image;
  return {
    author: { ...profile, bioHtml, bioText: htmlText(bioHtml) },
    articles,
    reviews,
    canonicalUrl: `${baseUrl}/learn/author/${author.slug}`,
    imageUrl: picture ? `${baseUrl}${picture}` : undefined,
  };
}

/** Rendered HTML as one line of plain text. */
function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name] ?? " ")
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'", nbsp: " " };

/** /learn/{slug}: the article and what to read next. */
export async function articlePage(db: DB, baseUrl: string, slug: string, request: Request): Promise<ArticlePage> {
  const article = await findPublishedArticle(db, slug);
  if (!article) {
    const moved = await redirectedArticleSlug(db, slug);
    if (moved) throw redirect(`/learn/${moved}`, 301);
    return learnNotFound({ screen: "article", kind: "not-found" }, request);
  }
  const [published, updateNotes] = await Promise.all([publishedArticles(db), listArticleUpdateNotes(db, article.slug)]);
  const all = published.map(toSummary);
  const related = relatedArticles(all, article);
  // A dated note is a real change: the page's 'Updated' date and its dateModified follow the newest.
  const lastUpdated = newestDate([article.lastUpdated, updateNotes[0]?.date]) ?? undefined;
  return {
    article: { ...article, lastUpdated },
    updateNotes,
    related,
    more: related.length === 0 ? moreArticles(all, article) : [],
    canonicalUrl: `${baseUrl}/learn/${article.slug}`,
    imageUrl: `${baseUrl}${article.image}`,
  };
}

function learnNotFound(error: PageError, request: Request): never {
  log.warn(`404 Not Found: ${new URL(request.url).pathname}`);
  return notFound(error);
}
