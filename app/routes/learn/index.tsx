import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ArticleCard, ArticleGrid } from "~/components/learn/article-card";
import { FindYourSauna } from "~/components/learn/find-your-sauna";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { NewsletterSignup } from "~/components/newsletter-signup";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { LEARN_INDEX_DESCRIPTION, LEARN_INDEX_INTRO } from "~/lib/learn/learn-pages";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { siteOrigin } from "~/lib/site/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { learnIndexPage } from "~/server/pages/learn.server";
import type { Route } from "./+types/index";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

export async function loader({ context }: Route.LoaderArgs) {
  return data(await learnIndexPage(context.get(appContext).db, context.get(appContext).config.baseUrl), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) =>
  loaderData
    ? learnPageMeta({
        title: `${KNOWLEDGE_CENTER_NAME} - ${SITE_NAME}`,
        description: LEARN_INDEX_DESCRIPTION,
        canonicalUrl: loaderData.canonicalUrl,
        origin: siteOrigin(matches),
        imageUrl: loaderData.imageUrl,
        structuredData: [breadcrumbList([HOME_STEP, LEARN_STEP], siteOrigin(matches))],
      })
    : pageErrorMeta(error);

export default function KnowledgeCenter({ loaderData }: Route.ComponentProps) {
  const { featured, latest } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={KNOWLEDGE_CENTER_NAME} description={LEARN_INDEX_INTRO} activePill="/learn" />

      <section aria-labelledby="featured-articles" className="page-container pt-12 md:pt-16">
        <h2 id="featured-articles" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Featured Articles
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:gap-8">
          {featured.map((article) => (
            <li key={article.slug} className="grid">
              <ArticleCard article={article} size="featured" />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="latest-articles" className="page-container pt-14 md:pt-20">
        <h2 id="latest-articles" className="text-2xl font-semibold tracking-tight md:text-3xl">
          Latest Articles &amp; Guides
        </h2>
        <div className="mt-6">
          <ArticleGrid articles={latest} />
        </div>
      </section>

      <div className="page-container pt-14 md:pt-20">
        <NewsletterSignup />
      </div>

      <FindYourSauna />
    </main>
  );
}
