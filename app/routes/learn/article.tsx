import { ArrowLeft, CalendarDays, Clock, RefreshCw } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Link, useLocation, useNavigate, useNavigationType } from "react-router";
import { AuthorLine } from "~/components/learn/author-line";
import { LearnNotFound } from "~/components/learn/learn-not-found";
import { RelatedArticles } from "~/components/learn/related-articles";
import {
  KNOWLEDGE_CENTER_NAME,
  learnNotFoundMeta,
  learnPageMeta,
  moreArticles,
  relatedArticles,
  toSummary,
} from "~/lib/articles";
import { formatLongUsDate, formatMonthYear } from "~/lib/dates";
import { responsiveImage } from "~/lib/image-url";
import { ARTICLE_PAGE_CACHE_CONTROL, findArticle, loadArticles } from "~/server/articles.server";
import { log } from "~/server/log.server";
import { siteOrigin } from "~/lib/site-origin";
import { articleStructuredData, breadcrumbList, HOME_STEP, LEARN_STEP } from "~/lib/structured-data";
import type { Route } from "./+types/article";
import "~/styles/article-prose.css";

const NOT_FOUND_TITLE = "Article Not Found";
const NOT_FOUND_MESSAGE = "The article you're looking for doesn't exist or has been moved.";

/** The article column: the page width less its margins, at most 736 px (624 px beside the sidebar at lg). */
const ARTICLE_HERO_SIZES =
  "(min-width: 1280px) 736px, (min-width: 1024px) 624px, (min-width: 768px) calc(100vw - 4rem), calc(100vw - 2rem)";

export function loader({ params, context, request }: Route.LoaderArgs) {
  const article = findArticle(params.articleId);
  if (!article) {
    log.warn(`404 Not Found: ${new URL(request.url).pathname}`);
    return data({ found: false as const }, { status: 404 });
  }
  const all = loadArticles().map(toSummary);
  const related = relatedArticles(all, article);
  const { baseUrl } = context.config;
  return data(
    {
      found: true as const,
      article,
      related,
      more: related.length === 0 ? moreArticles(all, article) : [],
      canonicalUrl: `${baseUrl}/learn/${article.slug}`,
      imageUrl: `${baseUrl}${article.image}`,
    },
    { headers: { "Cache-Control": ARTICLE_PAGE_CACHE_CONTROL } },
  );
}

/** The loader sets Cache-Control on a found article only; a 404 is not cached. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.found) return learnNotFoundMeta(`${NOT_FOUND_TITLE} - ${KNOWLEDGE_CENTER_NAME}`, NOT_FOUND_MESSAGE);
  const { article } = loaderData;
  const origin = siteOrigin(matches);
  return learnPageMeta({
    title: `${article.title} - ${KNOWLEDGE_CENTER_NAME}`,
    description: article.excerpt,
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

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  useScrollToTopOnNewArticle(loaderData.found ? loaderData.article.id : undefined);
  const followSiteLink = useSiteLinksInBody();

  if (!loaderData.found) {
    return (
      <main id="main" className="flex-1">
        <LearnNotFound title={NOT_FOUND_TITLE} message={NOT_FOUND_MESSAGE} />
      </main>
    );
  }

  const { article, related, more } = loaderData;
  return (
    <main id="main" className="flex-1">
      <div className="page-container pb-16 pt-6 md:pb-24 md:pt-10">
        <div className="mx-auto grid max-w-[46rem] gap-12 lg:max-w-none lg:grid-cols-[minmax(0,46rem)_18rem] lg:justify-center xl:gap-16">
          <article className="min-w-0">
            <header>
              <Link
                to="/learn"
                className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-muted hover:text-brand"
              >
                <ArrowLeft aria-hidden className="size-4" />
                Back to Knowledge Center
              </Link>
              <p className="mt-8">
                <Link
                  to={`/learn/category/${article.categorySlug}`}
                  className="inline-flex h-7 items-center rounded-full bg-brand-soft px-3 text-xs font-bold uppercase tracking-wider text-brand-strong hover:bg-sand-strong"
                >
                  {article.category}
                </Link>
              </p>
              <h1 className="mt-4 text-[2rem] font-semibold leading-[1.12] tracking-tight md:text-[2.75rem]">
                {article.title}
              </h1>
              <p className="mt-4 text-lg leading-relaxed text-ink-muted md:text-xl">{article.excerpt}</p>
              <div className="mt-6 flex flex-col gap-3 border-y border-line py-4">
                <AuthorLine author={article.author} />
                {/* Icons rather than separators: no line on a phone starts with a stray dot. */}
                <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted">
                  <li className="inline-flex items-center gap-1.5">
                    <CalendarDays aria-hidden className="size-4 shrink-0" />
                    <span>
                      Published <time dateTime={article.publishDate}>{formatLongUsDate(article.publishDate)}</time>
                    </span>
                  </li>
                  {article.lastUpdated && (
                    <li className="inline-flex items-center gap-1.5">
                      <RefreshCw aria-hidden className="size-4 shrink-0" />
                      <span>
                        Updated <time dateTime={article.lastUpdated}>{formatMonthYear(article.lastUpdated)}</time>
                      </span>
                    </li>
                  )}
                  <li className="inline-flex items-center gap-1.5">
                    <Clock aria-hidden className="size-4 shrink-0" />
                    <span>{article.readTime}</span>
                  </li>
                </ul>
              </div>
            </header>

            <img
              {...responsiveImage(article.image, "landscape", ARTICLE_HERO_SIZES)}
              alt={article.imageAlt}
              width={1600}
              height={900}
              fetchPriority="high"
              className="mt-8 aspect-[16/9] w-full rounded-card bg-sand object-cover"
            />

            {/* Sanitized on the server (articles.server.ts). Clicks on site links stay in the app. */}
            <div
              className="article-prose mt-10"
              onClick={followSiteLink}
              dangerouslySetInnerHTML={{ __html: article.html }}
            />

            <footer className="mt-12 border-t border-line pt-6">
              <h2 className="font-sans text-xs font-bold uppercase tracking-wider text-ink-muted">Tags</h2>
              <ul className="mt-3 flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li key={tag.slug}>
                    <Link
                      to={`/learn/tag/${tag.slug}`}
                      className="inline-flex h-9 items-center rounded-full border border-line bg-surface px-3.5 text-sm font-medium text-ink hover:border-ink-muted hover:bg-sand"
                    >
                      {tag.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </footer>
          </article>

          <RelatedArticles related={related} more={more} category={article.category} />
        </div>
      </div>
    </main>
  );
}

/**
 * SPEC §2: the page scrolls to the top when the article changes. Back and forward keep the
 * position the browser restores, and a link to a #section keeps its anchor.
 */
function useScrollToTopOnNewArticle(articleId: string | undefined) {
  const navigationType = useNavigationType();
  const { hash } = useLocation();
  useEffect(() => {
    if (navigationType !== "POP" && !hash) window.scrollTo({ top: 0, left: 0 });
    // Only a new article scrolls; navigationType and hash are read at that moment, not watched.
  }, [articleId]);
}

/**
 * The body is HTML from Markdown, so its links are plain <a>. A plain left click on one that
 * stays on the site becomes an in-app navigation (no full reload); new-tab clicks and off-site
 * links behave as usual.
 */
function useSiteLinksInBody() {
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || link.target || !href || !href.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    navigate(href);
  };
}
