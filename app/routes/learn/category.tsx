import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { NoArticles } from "~/components/learn/no-articles";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { searchTitle } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { learnCategoryPage } from "~/server/pages/learn.server";
import type { Route } from "./+types/category";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

/** /learn/category/{category}. An unknown category answers 200 with an empty page that stays out of search results. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return data(await learnCategoryPage(context.get(appContext).db, context.get(appContext).config.baseUrl, params.category), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData
    ? learnPageMeta({
        title: searchTitle(loaderData.title, KNOWLEDGE_CENTER_NAME),
        description: loaderData.description,
        canonicalUrl: loaderData.canonicalUrl,
        origin: siteOrigin(matches),
        imageUrl: loaderData.imageUrl,
        structuredData: [
          breadcrumbList(
            [HOME_STEP, LEARN_STEP, { name: loaderData.title, path: new URL(loaderData.canonicalUrl).pathname }],
            siteOrigin(matches),
          ),
        ],
        noindex: loaderData.articles.length === 0,
      })
    : pageErrorMeta(error);

export default function ArticleCategory({ loaderData }: Route.ComponentProps) {
  const { title, description, activePill, articles } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={title} description={description} activePill={activePill} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        {articles.length > 0 ? <ArticleGrid articles={articles} headingLevel={2} label={`${title}: articles`} /> : <NoArticles />}
      </div>
    </main>
  );
}
