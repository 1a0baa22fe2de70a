import { moreArticles, relatedArticles, toSummary } from "~/lib/articles";
import type { ArticlePage } from "~/lib/learn-pages";
import { findArticle, loadArticles } from "~/server/articles.server";
import { log } from "~/server/log.server";
import { notFound } from "./page-errors.server";

/**
 * /learn/{slug}: the article and what to read next. An unknown slug is a 404 that no cache
 * keeps.
 */
export function articlePage(baseUrl: string, slug: string, request: Request): ArticlePage {
  const article = findArticle(slug);
  if (!article) {
    log.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    notFound({ screen: "article", kind: "not-found" });
  }
  const all = loadArticles().map(toSummary);
  const related = relatedArticles(all, article);
  return {
    article,
    related,
    more: related.length === 0 ? moreArticles(all, article) : [],
    canonicalUrl: `${baseUrl}/learn/${article.slug}`,
    imageUrl: `${baseUrl}${article.image}`,
  };
}
