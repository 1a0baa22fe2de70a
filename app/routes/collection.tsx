import { Info } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, redirect, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { toast } from "~/components/ui/toast";
import { BackToReviewsLink } from "~/components/collection/back-to-reviews-link";
import { CollectionHero } from "~/components/collection/collection-hero";
import { CollectionNotFound } from "~/components/collection/collection-not-found";
import { CollectionSkeleton } from "~/components/collection/collection-skeleton";
import { ComparisonGrid } from "~/components/collection/comparison-grid";
import { ExampleProducts } from "~/components/collection/example-products";
import { Methodology } from "~/components/collection/methodology";
import { RankedList } from "~/components/collection/ranked-list";
import { CollectionViews, VIEW_PARAM } from "~/components/collection/view-switch";
import { Pagination } from "~/components/catalog/pagination";
import { titleFromSlug } from "~/lib/built-in-collections";
import { pageErrorTexts } from "~/lib/page-errors";
import { collectionPageDefaults, collectionPageTitle } from "~/lib/collection-page-defaults";
import { isFixedCollectionSlug } from "~/lib/collection-rules";
import {
  isPastLastPage,
  PAGE_PARAM,
  pagedLinkTags,
  pagedTitle,
  pagedUrls,
  pageHref,
  parsePageParam,
} from "~/lib/pagination";
import { absoluteUrl } from "~/lib/image-url";
import { SITE_NAME } from "~/lib/site-navigation";
import { siteOrigin } from "~/lib/site-origin";
import { socialCardMeta } from "~/lib/social-card";
import { breadcrumbList, HOME_STEP, itemList, REVIEWS_STEP, structuredDataMeta } from "~/lib/structured-data";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/server/catalog/catalog-cache.server";
import {
  collectionPageStatus,
  loadCollectionPage,
  type CollectionPageData,
} from "~/server/catalog/collection-page.server";
import type { Route } from "./+types/collection";

/**
 * /reviews/{listId}: the 17 fixed collection pages and every collection stored in the database
 * (SPEC §2 "Collection review page", §4 "Collection review content").
 */

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { page: pageNumber, canonical } = parsePageParam(url.searchParams.get(PAGE_PARAM));
  if (!canonical) throw redirect(pageHref(url.pathname, url.search, pageNumber), 301);

  const page = await loadCollectionPage(context.db, params.listId, {
    surveyFormUrl: context.config.surveyFormUrl,
    page: pageNumber,
  });
  if (page.state === "redirect") {
    throw redirect(`${page.location}${url.search}`, 301);
  }
  const status = collectionPageStatus(page);
  if (page.state !== "ready") return data(page, { status });
  // Past the end: the last page, which moves as the catalog changes, hence temporary (ADR 0017).
  if (isPastLastPage(page.pagination)) {
    throw redirect(pageHref(url.pathname, url.search, page.pagination.pageCount), 302);
  }

  const { baseUrl } = context.config;
  return data(
    {
      ...page,
      urls: pagedUrls(baseUrl, `/reviews/${page.header.slug}`, new URLSearchParams(), page.pagination),
      socialImageUrl: absoluteUrl(page.header.image, baseUrl),
    },
    // Only a real page may be kept by a CDN: a 404 or 500 must not outlive the problem (D8).
    { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Switching between the ranked list and the comparison (?view=) needs no new data. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(VIEW_PARAM);
    params.sort();
    return params.toString();
  };
  return withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;
}

const NOT_FOUND_TITLE = `Collection Not Found - ${SITE_NAME}`;

export const meta: Route.MetaFunction = ({ loaderData, params, matches }) => {
  if (!loaderData || loaderData.state !== "ready") {
    const title = loaderData?.state === "error" ? `Error loading products - ${SITE_NAME}` : NOT_FOUND_TITLE;
    return [
      { title },
      { name: "description", content: `The "${params.listId}" sauna collection could not be shown.` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { header, urls, socialImageUrl, pagination, saunas } = loaderData;
  const origin = siteOrigin(matches);
  const title = pagedTitle(collectionPageTitle(header.title), pagination.page);
  const tags: ReturnType<Route.MetaFunction> = [
    { title },
    { name: "description", content: header.description },
    { name: "robots", content: "index,follow" },
    ...pagedLinkTags(urls),
    ...socialCardMeta({ title, description: header.description, url: urls.canonical, image: socialImageUrl, type: "article" }, origin),
    ...structuredDataMeta([
      breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: header.title, path: `/reviews/${header.slug}` }], origin),
      // Positions follow the ranks the page shows, so a later page of the list continues the count.
      saunas.length > 0 ? itemList(saunas, origin, saunas[0]!.rank) : null,
    ]),
  ];
  if (header.lastUpdated) tags.push({ property: "article:modified_time", content: header.lastUpdated });
  return tags;
};

/** True while the router fetches another collection page (not a product, not this page's ?view). */
function isLoadingAnotherCollection(navigation: ReturnType<typeof useNavigation>, currentPathname: string): boolean {
  if (navigation.state !== "loading" || !navigation.location) return false;
  const next = navigation.location.pathname;
  return next !== currentPathname && /^\/reviews\/[^/]+\/?$/.test(next);
}

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { pathname } = useLocation();

  let body: React.ReactNode;
  if (isLoadingAnotherCollection(navigation, pathname)) body = <CollectionSkeleton />;
  else if (loaderData.state === "not-found") body = (
      <CollectionNotFound {...pageErrorTexts({ screen: "collection", kind: "not-found", listId: loaderData.listId })} />
    );
  else if (loaderData.state === "error")
    body = <CollectionError listId={loaderData.listId} message={loaderData.message} />;
  else body = <CollectionReview page={loaderData} />;

  return (
    <main id="main" className="flex-1">
      {body}
    </main>
  );
}

type ReadyPage = Extract<CollectionPageData, { state: "ready" }>;

function CollectionReview({ page }: { page: ReadyPage }) {
  const { header, saunas, content, source, showingTopRated, pagination } = page;

  // SPEC §2 "Metadata": the infrared page says so when its collection record is missing.
  useEffect(() => {
    if (header.recordMissing && header.slug === "infrared-saunas") {
      toast.error("Collection not found", {
        description: "Showing our standard infrared sauna list instead.",
        id: "infrared-collection-missing",
      });
    }
  }, [header.recordMissing, header.slug]);

  const orderText = source === "membership" ? "in our editors' order" : "ranked by our rating, best first";

  return (
    <>
      <CollectionHero key={header.slug} header={header} />
      <div className="page-container py-10 md:py-14">
        <p
          className="max-w-3xl text-lg leading-relaxed text-ink md:text-xl md:leading-relaxed"
          data-testid="collection-intro"
        >
          {header.intro}
        </p>

        {content === "empty" ? (
          <div className="mt-10">
            <ExampleProducts />
          </div>
        ) : (
          <section aria-labelledby="picks-title" className="mt-10 md:mt-14">
            {showingTopRated && (
              <p className="mb-6 flex gap-2 rounded-card border border-line bg-sand px-4 py-3 text-sm text-ink">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand" />
                No sauna in our catalog matches this collection yet, so these are our best-rated saunas overall.
              </p>
            )}
            <CollectionViews
              heading={
                <>
                  <h2 id="picks-title" className="text-3xl font-semibold tracking-tight md:text-4xl">
                    Our top picks
                  </h2>
                  <p className="mt-1 text-sm text-ink-muted">
                    {pagination.totalItems.toLocaleString("en-US")} {pagination.totalItems === 1 ? "sauna" : "saunas"},{" "}
                    {orderText}.
                  </p>
                  <p
                    className="mt-3 max-w-2xl text-xs leading-relaxed text-ink-muted"
                    data-testid="affiliate-disclosure"
                  >
                    <strong className="font-semibold text-ink">Disclosure:</strong> we earn a commission when you buy
                    through the price links on this page, at no extra cost to you. It never decides the order of this
                    list.
                  </p>
                </>
              }
              list={<RankedList saunas={saunas} />}
              compare={<ComparisonGrid saunas={saunas} />}
            />
            <Pagination pagination={pagination} label={`${header.title}, pages`} />
          </section>
        )}
      </div>
      <Methodology />
    </>
  );
}

/** SPEC §4, error: red text and a destructive toast. */
function CollectionError({ listId, message }: { listId: string; message: string }) {
  useEffect(() => {
    toast.error("Error loading products", { description: message, id: "collection-load-error" });
  }, [message]);

  const title = isFixedCollectionSlug(listId) ? collectionPageDefaults(listId).title : titleFromSlug(listId);
  return (
    <section className="page-container py-12 md:py-16" aria-labelledby="collection-error-title">
      <BackToReviewsLink />
      <h1 id="collection-error-title" className="mt-5 text-3xl font-semibold md:text-4xl">
        {title}
      </h1>
      <p
        role="alert"
        className="mt-6 rounded-card border border-red-200 bg-red-50 px-4 py-3 font-medium text-rating-poor"
      >
        Error loading products: {message}
      </p>
    </section>
  );
}
