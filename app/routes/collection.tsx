import { appContext } from "~/server/load-context";
import { data, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { CollectionReview } from "~/components/collection/collection-review";
import { CollectionSkeleton } from "~/components/collection/collection-skeleton";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { collectionPageTitle } from "~/lib/collection/collection-page-defaults";
import { VIEW_PARAM } from "~/lib/collection/collection-view";
import { pagedLinkTags, pagedTitle } from "~/lib/catalog/pagination";
import { siteOrigin } from "~/lib/site/site-origin";
import { socialCardMeta } from "~/lib/seo/social-card";
import {
  breadcrumbList,
  collectionPageStructuredData,
  collectionItemList,
  HOME_STEP,
  REVIEWS_STEP,
  structuredDataMeta,
} from "~/lib/seo/structured-data";
import { collectionPage } from "~/server/pages/collection.server";
import type { Route } from "./+types/collection";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/** /reviews/{listId}: the fixed collection pages and every collection stored in the database. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const page = await collectionPage(db, {
    listId: params.listId,
    url: new URL(request.url),
    baseUrl: config.baseUrl,
    surveyFormUrl: config.surveyFormUrl,
    prices: config.prices,
  });
  // Only a real page may be kept by a CDN: a 404 or 500 must not outlive the problem.
  return data(page, { headers: { "Cache-Control": CACHE_CONTROL.publicPage } });
}

/** The page's own Cache-Control, or the thrown error page's (none, or no-store). */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

/** Switching between the ranked list and the comparison (?view=) needs no new data. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(VIEW_PARAM);
    params.sort();
    return params.toString();
  };
  return withoutView(currentUrl) === withoutView(nextUrl) ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (error || !loaderData) return pageErrorMeta(error);
  const { header, urls, socialImageUrl, pagination, saunas, roles } = loaderData;
  const origin = siteOrigin(matches);
  const title = pagedTitle(collectionPageTitle(header.title), pagination.page);
  const tags: ReturnType<Route.MetaFunction> = [
    { title },
    { name: "description", content: header.description },
    { name: "robots", content: "index,follow" },
    ...pagedLinkTags(urls),
    ...socialCardMeta({ title, description: header.description, url: urls.canonical, image: socialImageUrl, type: "article" }, origin),
    ...structuredDataMeta([
      // The canonical URL, dated as the page's 'Last updated' and the sitemap's lastmod.
      collectionPageStructuredData(
        { title, description: header.description, path: urls.canonical, lastUpdated: header.lastUpdated },
        origin,
      ),
      breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: header.title, path: `/reviews/${header.slug}` }], origin),
      // Positions follow the ranks the page shows, so a later page of the list continues the count;
      // a sauna the owner gave a role says so in its item.
      collectionItemList(saunas, roles, origin),
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
  return (
    <main id="main" className="flex-1">
      {isLoadingAnotherCollection(navigation, pathname) ? <CollectionSkeleton /> : <CollectionReview page={loaderData} />}
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary };
