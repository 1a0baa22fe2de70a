import { articlesInCategory, findCategory, latestArticles, toSummary, UNKNOWN_CATEGORY } from "~/lib/articles";
import type { LearnCategoryPage } from "~/lib/learn-pages";
import { loadArticles } from "~/server/articles.server";

/**
 * /learn/category/{slug}. An unknown category is still a page (titled 'Articles', a generic
 * description, no articles), never a 404; the route keeps it out of search results instead.
 */
export function learnCategoryPage(baseUrl: string, categorySlug: string): LearnCategoryPage {
  const all = loadArticles().map(toSummary);
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
