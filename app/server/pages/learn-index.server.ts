import { featuredArticles, latestArticles, toSummary } from "~/lib/articles";
import type { LearnIndexPage } from "~/lib/learn-pages";
import { loadArticles } from "~/server/articles.server";

/** /learn: the two featured articles, then the newest of the rest. */
export function learnIndexPage(baseUrl: string): LearnIndexPage {
  const articles = loadArticles().map(toSummary);
  const featured = featuredArticles(articles);
  return {
    featured,
    latest: latestArticles(articles, { excluding: featured }),
    canonicalUrl: `${baseUrl}/learn`,
    imageUrl: featured[0] ? `${baseUrl}${featured[0].image}` : undefined,
  };
}
