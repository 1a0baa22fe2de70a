import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ArticleView } from "~/components/learn/article-view";
import { RelatedArticles } from "~/components/learn/related-articles";
import { useScrollToTopOnNewArticle } from "~/components/learn/use-scroll-to-top-on-new-article";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { searchTitle, shortenText } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { articleStructuredData, breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { articlePage } from "~/server/pages/learn.server";
import type { Route } from "./+types/article";
import "~/styles/article-prose.css";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  return data(await articlePage(context.get(appContext).db, context.get(appContext).config.baseUrl, params.articleId, request), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

/** Cache-Control comes with a found article only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { article } = loaderData;
  const origin = siteOrigin(matches);
  return learnPageMeta({
    title: searchTitle(article.metaTitle ?? article.title, KNOWLEDGE_CENTER_NAME),
    description: shortenText(article.metaDescription ?? article.excerpt),
    canonicalUrl: loaderData.canonicalUrl,
    origin,
    imageUrl: loaderData.imageUrl,
    structuredData: [
      breadcrumbList(
        [
          HOME_STEP,
          LEARN_STEP,
          { name: article.category, path: `/learn/category/${article.categorySlug}` },
          { name: article.title, path: `/learn/${article.slug}` },
        ],
        origin,
      ),
      articleStructuredData(article, origin),
    ],
    article: { publishedTime: article.publishDate, modifiedTime: article.lastUpdated },
  });
};

export default function ArticleRoute({ loaderData }: Route.ComponentProps) {
  const { article, related, more, updateNotes } = loaderData;
  useScrollToTopOnNewArticle(article.id);
  return (
    <main id="main" className="flex-1">
      <div className="page-container pb-16 pt-6 md:pb-24 md:pt-10">
        <div className="mx-auto grid max-w-[46rem] gap-12 lg:max-w-none lg:grid-cols-[minmax(0,46rem)_18rem] lg:justify-center xl:gap-16">
          <ArticleView article={article} updateNotes={updateNotes} />
          <RelatedArticles related={related} more={more} category={article.category} />
        </div>
      </div>
    </main>
  );
}
