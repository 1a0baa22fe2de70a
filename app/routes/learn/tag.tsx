import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { searchTitle } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { learnTagPage } from "~/server/pages/learn.server";
import type { Route } from "./+types/tag";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

/** /learn/tag/{tag-slug}: the articles carrying one tag. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return data(await learnTagPage(context.get(appContext).db, context.get(appContext).config.baseUrl, params.tag, request), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

/** Cache-Control comes with a found tag only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { tag } = loaderData;
  return learnPageMeta({
    title: searchTitle(loaderData.title, KNOWLEDGE_CENTER_NAME),
    description: loaderData.description,
    canonicalUrl: loaderData.canonicalUrl,
    origin: siteOrigin(matches),
    imageUrl: loaderData.imageUrl,
    structuredData: [
      breadcrumbList([HOME_STEP, LEARN_STEP, { name: `Tagged “${tag.name}”`, path: `/learn/tag/${tag.slug}` }], siteOrigin(matches)),
    ],
  });
};

export default function ArticleTag({ loaderData }: Route.ComponentProps) {
  const { title, description, articles } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={title} description={description} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        <ArticleGrid articles={articles} headingLevel={2} label={title} />
      </div>
    </main>
  );
}
