import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { AllReviews } from "~/components/reviews/all-reviews";
import { CategoryTiles } from "~/components/reviews/category-tiles";
import { HowWeTest } from "~/components/reviews/how-we-test";
import { ReviewsHeader } from "~/components/reviews/reviews-header";
import { SearchResults } from "~/components/reviews/search-results";
import { useRevalidateOnFocus } from "~/components/reviews/use-revalidate-on-focus";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { resultsHeading } from "~/lib/reviews/catalog-search";
import { pagedLinkTags, pagedTitle } from "~/lib/catalog/pagination";
import { productHref } from "~/lib/catalog/product-display";
import { searchTitle } from "~/lib/seo/search-snippet";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { siteOrigin } from "~/lib/site/site-origin";
import { socialCardMeta } from "~/lib/seo/social-card";
import { breadcrumbList, HOME_STEP, itemList, REVIEWS_STEP, structuredDataMeta } from "~/lib/seo/structured-data";
import { foundNothing } from "~/lib/reviews/reviews-index";
import { loadReviewsIndexPage } from "~/server/pages/reviews-index.server";
import { loadTableFacetLinks } from "~/server/pages/sauna-table.server";
import { FacetLinks } from "~/components/sauna-table/facet-links";
import type { Route } from "./+types/reviews-index";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** '{product} Reviews - Expert Recommendations', the product being 'Sauna'. */
const PAGE_TITLE = "Sauna Reviews - Expert Recommendations";
const SOCIAL_IMAGE = "/images/collections/outdoor-saunas.webp";
const DESCRIPTION =
  "Expert reviews of outdoor saunas: barrel, traditional Finnish, infrared and modern designs, ranked by build quality, heat performance, installation and value.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [page, facetLinks] = await Promise.all([
    loadReviewsIndexPage(context.get(appContext), url),
    url.searchParams.has("q") ? Promise.resolve([]) : loadTableFacetLinks(context.get(appContext)),
  ]);
  // Only the page itself may be kept by a CDN; its 503 carries its own no-store. A search that
  // found nothing is not kept at all: any text makes one.
  const nothing = page.view.mode === "search" && foundNothing(page.view);
  return data({ ...page, facetLinks }, { headers: { "Cache-Control": nothing ? CACHE_CONTROL.notKept : CACHE_CONTROL.publicPage } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ error, loaderData, matches }) => {
  if (error) return pageErrorMeta(error);
  const view = loaderData?.view;
  const searching = view?.mode === "search";
  // A reader's words can be long: the title is shortened to what search results and tabs show.
  const title = searching ? searchTitle(resultsHeading(view.query), SITE_NAME) : PAGE_TITLE;
  const origin = siteOrigin(matches);
  const canonicalUrl = loaderData?.urls.canonical ?? `${origin}/reviews`;
  return [
    { title: pagedTitle(title, view?.pagination.page ?? 1) },
    { name: "description", content: DESCRIPTION },
    // Result pages are endless variations of the index: keep them out of search engines.
    { name: "robots", content: searching ? "noindex,follow" : "index,follow" },
    ...(loaderData ? pagedLinkTags(loaderData.urls) : []),
    ...socialCardMeta({ title: PAGE_TITLE, description: DESCRIPTION, url: canonicalUrl, image: SOCIAL_IMAGE }, origin),
    ...structuredDataMeta([
      breadcrumbList([HOME_STEP, REVIEWS_STEP], origin),
      // The list the page shows, numbered from its first item's place in the whole list.
      view?.mode === "index"
        ? itemList(
            view.products.map((product) => ({ href: productHref(product) })),
            origin,
            (view.pagination.page - 1) * view.pagination.pageSize + 1,
          )
        : null,
    ]),
  ];
};

export default function ReviewsIndex({ loaderData }: Route.ComponentProps) {
  const { view, facetLinks } = loaderData;
  useRevalidateOnFocus(loaderData);
  return (
    <main id="main" className="flex-1">
      <ReviewsHeader query={view.mode === "search" ? view.query : ""} />
      {view.mode === "index" ? (
        <>
          <CategoryTiles tiles={view.tiles} />
          <FacetLinks groups={facetLinks} />
          <AllReviews products={view.products} pagination={view.pagination} />
        </>
      ) : (
        <SearchResults
          query={view.query}
          collections={view.collections}
          collectionCount={view.collectionCount}
          products={view.products}
          pagination={view.pagination}
          more={view.more}
          suggestions={view.suggestions}
        />
      )}
      <HowWeTest />
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary };
