import { articlesWithTag, findTag, toSummary } from "~/lib/articles";
import { tagPageDescription, tagPageTitle, type LearnTagPage } from "~/lib/learn-pages";
import { loadArticles } from "~/server/articles.server";
import { log } from "~/server/log.server";
import { notFound } from "./page-errors.server";

/**
 * /learn/tag/{slug}: the articles carrying one tag, titled with the tag's own spelling. A tag no
 * article carries is a 404 that no cache keeps.
 */
export function learnTagPage(baseUrl: string, slug: string, request: Request): LearnTagPage {
  const all = loadArticles().map(toSummary);
  const tag = findTag(all, slug);
  if (!tag) {
    log.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    notFound({ screen: "learn-tag", kind: "not-found" });
  }
  const articles = articlesWithTag(all, tag.slug);
  return {
    tag,
    title: tagPageTitle(tag.name),
    description: tagPageDescription(tag.name, articles.length),
    articles,
    canonicalUrl: `${baseUrl}/learn/tag/${tag.slug}`,
    // A tag found on an article has that article at least.
    imageUrl: `${baseUrl}${articles[0]!.image}`,
  };
}
