import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { AuthorAbout } from "~/components/learn/author-about";
import { AuthorReviews } from "~/components/learn/author-reviews";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { searchTitle, shortenText } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { authorPageStructuredData, breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { learnAuthorPage } from "~/server/pages/learn.server";
import type { Route } from "./+types/author";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

/** /learn/author/{slug}: who the author is, what they tested, and every article of theirs, newest first. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return data(await learnAuthorPage(context.get(appContext).db, context.get(appContext).config.baseUrl, params.author, request), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

/** Cache-Control comes with a found author only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** The line under their name: their role and credentials, else what they did here. */
function describe(author: { name: string; title: string; credentials: string }, articles: number, reviews: number): string {
  const role = [author.title, author.credentials].filter(Boolean).join(". ");
  if (role) return role.endsWith(".") ? role : `${role}.`;
  const parts = [
    articles > 0 ? (articles === 1 ? "One article" : `${articles} articles`) : null,
    reviews > 0 ? (reviews === 1 ? "one review" : `${reviews} reviews`) : null,
  ].filter(Boolean);
  return `${parts.join(" and ")} by ${author.name}, in the ${KNOWLEDGE_CENTER_NAME}.`.replace(/^o/, "O");
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { author, articles, reviews } = loaderData;
  const origin = siteOrigin(matches);
  return learnPageMeta({
    title: searchTitle(author.name, KNOWLEDGE_CENTER_NAME),
    description: shortenText(author.bioText || describe(author, articles.length, reviews.length)),
    canonicalUrl: loaderData.canonicalUrl,
    origin,
    imageUrl: loaderData.imageUrl,
    structuredData: [
      breadcrumbList([HOME_STEP, LEARN_STEP, { name: author.name, path: `/learn/author/${author.slug}` }], origin),
      authorPageStructuredData(author, origin),
    ],
  });
};

export default function LearnAuthor({ loaderData }: Route.ComponentProps) {
  const { author, articles, reviews } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={author.name} description={describe(author, articles.length, reviews.length)} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        <AuthorAbout author={author} />
        {reviews.length > 0 && <AuthorReviews name={author.name} reviews={reviews} />}
        {articles.length > 0 && <ArticleGrid articles={articles} headingLevel={2} label={`Articles by ${author.name}`} />}
      </div>
    </main>
  );
}
