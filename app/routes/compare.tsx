import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { CompareEmpty } from "~/components/compare/compare-empty";
import { CompareNotice } from "~/components/compare/compare-notice";
import { CompareTable } from "~/components/compare/compare-table";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { canonicalCompareHref, leftSomethingOut, MAX_COMPARE } from "~/lib/compare/compare";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { searchTitle } from "~/lib/seo/search-snippet";
import { siteOrigin } from "~/lib/site/site-origin";
import { socialCardMeta } from "~/lib/seo/social-card";
import { breadcrumbList, HOME_STEP, REVIEWS_STEP, structuredDataMeta } from "~/lib/seo/structured-data";
import { loadComparePage } from "~/server/pages/compare.server";
import type { Route } from "./+types/compare";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";

/**
 * /compare?products=slug-a,slug-b: up to four saunas side by side. The URL is the whole state, so
 * it can be shared and works without JavaScript. Opening one does not touch the compare tray,
 * which holds what this reader picked. Every combination is noindex, with a canonical link to the
 * sorted set.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadComparePage(context.get(appContext), new URL(request.url));
  // The page depends on the query string and changes with the catalog: short-lived in caches.
  // The header rides on the data, so an error page (which has its own) is never cached with it.
  // A comparison naming unknown products is not kept at all: any text makes one.
  const cacheControl = leftSomethingOut(view) ? CACHE_CONTROL.notKept : CACHE_CONTROL.publicPage;
  return data({ view }, { headers: { "Cache-Control": cacheControl } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const TITLE = `Compare Saunas - ${SITE_NAME}`;
const DESCRIPTION = "Outdoor saunas side by side: price, type, capacity, size, weight, heater, features and rating.";

export const meta: Route.MetaFunction = ({ error, loaderData, matches }) => {
  if (error) return pageErrorMeta(error);
  const origin = siteOrigin(matches);
  const slugs = loaderData?.view.products.map((product) => product.slug) ?? [];
  const canonical = `${origin}${canonicalCompareHref(slugs)}`;
  const names = loaderData?.view.products.map((product) => product.name) ?? [];
  // Three or four names run past what search results and tabs show: shortened at a word.
  const title = names.length > 0 ? searchTitle(names.join(" vs "), SITE_NAME) : TITLE;
  return [
    { title },
    { name: "description", content: DESCRIPTION },
    { name: "robots", content: "noindex,follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    ...socialCardMeta({ title, description: DESCRIPTION, url: canonical, image: loaderData?.view.products[0]?.image }, origin),
    ...structuredDataMeta([breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: "Compare", path: canonicalCompareHref(slugs) }], origin)]),
  ];
};

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const { products } = view;

  return (
    <main id="main" className="flex-1">
      <div className="page-container py-8 md:py-12">
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">Compare Saunas</h1>
        <p className="mt-2 text-ink-muted">Up to {MAX_COMPARE} saunas side by side. Share this page's address to share the comparison.</p>
        <CompareNotice unknownSlugs={view.unknownSlugs} truncated={view.truncated} />
        {products.length === 0 ? <CompareEmpty /> : <CompareTable view={view} />}
      </div>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary };
