import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { ButtonLink } from "~/components/ui/button";
import {
  articlesInCategory,
  findCategory,
  KNOWLEDGE_CENTER_NAME,
  latestArticles,
  learnPageMeta,
  toSummary,
  UNKNOWN_CATEGORY,
} from "~/lib/articles";
import { ARTICLE_PAGE_CACHE_CONTROL, loadArticles } from "~/server/articles.server";
import { siteOrigin } from "~/lib/site-origin";
import { breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/structured-data";
import type { Route } from "./+types/category";

/**
 * /learn/category/{category}. SPEC §2: an unknown category is still a page (title 'Articles',
 * a generic description, no articles), so it answers 200; it just stays out of search results.
 */
export function loader({ params, context }: Route.LoaderArgs) {
  const all = loadArticles().map(toSummary);
  const category = findCategory(params.category);
  const articles = category ? articlesInCategory(all, category.slug) : [];
  const picture = articles[0] ?? latestArticles(all, { count: 1 })[0];
  const { baseUrl } = context.config;
  return data(
    {
      title: category?.title ?? UNKNOWN_CATEGORY.title,
      description: category?.description ?? UNKNOWN_CATEGORY.description,
      activePill: category ? `/learn/category/${category.slug}` : undefined,
      articles,
      canonicalUrl: `${baseUrl}/learn/category/${encodeURIComponent(params.category)}`,
      imageUrl: picture ? `${baseUrl}${picture.image}` : undefined,
    },
    { headers: { "Cache-Control": ARTICLE_PAGE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? learnPageMeta({
        title: `${loaderData.title} - ${KNOWLEDGE_CENTER_NAME}`,
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
    : [];

export default function ArticleCategory({ loaderData }: Route.ComponentProps) {
  const { title, description, activePill, articles } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={title} description={description} activePill={activePill} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        {articles.length > 0 ? (
          <ArticleGrid articles={articles} headingLevel={2} label={`${title}: articles`} />
        ) : (
          <NoArticles />
        )}
      </div>
    </main>
  );
}

function NoArticles() {
  return (
    <section className="mx-auto max-w-lg rounded-card border border-dashed border-line bg-surface px-6 py-12 text-center">
      <h2 className="text-2xl font-semibold">No Articles Found</h2>
      <p className="mt-2 text-ink-muted">Check back soon for new content in this category.</p>
      <ButtonLink to="/learn" variant="secondary" className="mt-6">
        Browse all articles
      </ButtonLink>
    </section>
  );
}
