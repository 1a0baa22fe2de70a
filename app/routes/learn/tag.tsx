import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { LearnNotFound } from "~/components/learn/learn-not-found";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { articlesWithTag, findTag, KNOWLEDGE_CENTER_NAME, learnNotFoundMeta, learnPageMeta, toSummary } from "~/lib/articles";
import { ARTICLE_PAGE_CACHE_CONTROL, loadArticles } from "~/server/articles.server";
import { log } from "~/server/log.server";
import { siteOrigin } from "~/lib/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/structured-data";
import type { Route } from "./+types/tag";

const NOT_FOUND_TITLE = "Tag Not Found";
const NOT_FOUND_MESSAGE = "No article carries this tag. It may have been renamed, or the address may be mistyped.";

/** /learn/tag/{tag-slug}: the articles carrying one tag, titled with the tag's own spelling. */
export function loader({ params, context, request }: Route.LoaderArgs) {
  const all = loadArticles().map(toSummary);
  const tag = findTag(all, params.tag);
  if (!tag) {
    log.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    return data({ found: false as const }, { status: 404 });
  }
  const articles = articlesWithTag(all, tag.slug);
  const { baseUrl } = context.config;
  return data(
    {
      found: true as const,
      tag,
      articles,
      canonicalUrl: `${baseUrl}/learn/tag/${tag.slug}`,
      imageUrl: `${baseUrl}${articles[0]!.image}`,
    },
    { headers: { "Cache-Control": ARTICLE_PAGE_CACHE_CONTROL } },
  );
}

/** The loader sets Cache-Control on a found tag only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function describe(tagName: string, count: number): string {
  return `${count === 1 ? "One article" : `${count} articles`} in the ${KNOWLEDGE_CENTER_NAME} tagged “${tagName}”, newest first.`;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.found) return learnNotFoundMeta(`${NOT_FOUND_TITLE} - ${KNOWLEDGE_CENTER_NAME}`, NOT_FOUND_MESSAGE);
  const { tag, articles } = loaderData;
  return learnPageMeta({
    title: `Articles tagged “${tag.name}” - ${KNOWLEDGE_CENTER_NAME}`,
    description: describe(tag.name, articles.length),
    canonicalUrl: loaderData.canonicalUrl,
    origin: siteOrigin(matches),
    imageUrl: loaderData.imageUrl,
    structuredData: [
      breadcrumbList([HOME_STEP, LEARN_STEP, { name: `Tagged “${tag.name}”`, path: `/learn/tag/${tag.slug}` }], siteOrigin(matches)),
    ],
  });
};

export default function ArticleTag({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <main id="main" className="flex-1">
        <LearnNotFound title={NOT_FOUND_TITLE} message={NOT_FOUND_MESSAGE} />
      </main>
    );
  }
  const { tag, articles } = loaderData;
  const title = `Articles tagged “${tag.name}”`;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={title} description={describe(tag.name, articles.length)} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        <ArticleGrid articles={articles} headingLevel={2} label={title} />
      </div>
    </main>
  );
}
