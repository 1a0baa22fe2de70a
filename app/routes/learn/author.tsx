import { data } from "react-router";
import { ArticleGrid } from "~/components/learn/article-card";
import { LearnPageHeader } from "~/components/learn/learn-page-header";
import { responsiveImage } from "~/lib/images/image-url";
import { KNOWLEDGE_CENTER_NAME, learnPageMeta } from "~/lib/learn/articles";
import { pageErrorMeta } from "~/lib/site/page-errors";
import { searchTitle, shortenText } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { authorPageStructuredData, breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/seo/structured-data";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { learnAuthorPage } from "~/server/pages/learn.server";
import type { Route } from "./+types/author";

export { PageErrorBoundary as ErrorBoundary } from "~/components/site/page-error-boundary";

/** /learn/author/{slug}: who the author is, and every article of theirs, newest first. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  return data(await learnAuthorPage(context.db, context.config.baseUrl, params.author, request), {
    headers: { "Cache-Control": CACHE_CONTROL.articlePage },
  });
}

/** Cache-Control comes with a found author only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function describe(author: { name: string; title: string; bio: string }, count: number): string {
  return (
    author.bio ||
    `${count === 1 ? "One article" : `${count} articles`} by ${author.name}${author.title ? `, ${author.title}` : ""}, in the ${KNOWLEDGE_CENTER_NAME}.`
  );
}

export const meta: Route.MetaFunction = ({ loaderData, matches, error }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { author, articles } = loaderData;
  const origin = siteOrigin(matches);
  return learnPageMeta({
    title: searchTitle(author.name, KNOWLEDGE_CENTER_NAME),
    description: shortenText(describe(author, articles.length)),
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
  const { author, articles } = loaderData;
  return (
    <main id="main" className="flex-1">
      <LearnPageHeader title={author.name} description={describe(author, articles.length)} linkToKnowledgeCenter />
      <div className="page-container py-12 md:py-16">
        <section aria-label={`About ${author.name}`} className="mb-10 flex max-w-3xl items-start gap-4">
          {author.image && (
            <img
              {...responsiveImage(author.image, "avatar", "96px")}
              alt=""
              width={96}
              height={96}
              className="size-20 shrink-0 rounded-full bg-sand object-cover ring-1 ring-line"
            />
          )}
          <div>
            {author.title && <p className="font-semibold text-ink">{author.title}</p>}
            {author.profileUrl && (
              <p className="mt-2">
                <a href={author.profileUrl} rel="noopener me" className="font-semibold text-brand underline">
                  {author.name}&apos;s profile
                </a>
              </p>
            )}
          </div>
        </section>
        <ArticleGrid articles={articles} headingLevel={2} label={`Articles by ${author.name}`} />
      </div>
    </main>
  );
}
