import { appContext } from "~/server/load-context";
import { data } from "react-router";
import { Pagination } from "~/components/catalog/pagination";
import { SaunaTable } from "~/components/sauna-table/sauna-table";
import { TableFilters } from "~/components/sauna-table/table-filters";
import { PageErrorBoundary, pageErrorMeta } from "~/components/site/page-error-boundary";
import { Link } from "~/components/ui/link";
import { pagedTitle } from "~/lib/catalog/pagination";
import { isBareTable, pageOfTableHref, TABLE_PATH } from "~/lib/sauna-table/table-query";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { siteOrigin } from "~/lib/site/site-origin";
import { socialCardMeta } from "~/lib/seo/social-card";
import { breadcrumbList, HOME_STEP, REVIEWS_STEP, structuredDataMeta } from "~/lib/seo/structured-data";
import { CACHE_CONTROL } from "~/server/http/cache-control.server";
import { loadSaunaTablePage } from "~/server/pages/sauna-table.server";
import type { Route } from "./+types/sauna-table";

/**
 * /reviews/table: every sauna in one table, its columns, order and filters chosen in the query
 * string (app/lib/sauna-table/table-query.ts), so it works without JavaScript and can be shared.
 * Only the bare table is for search engines; every filtered, sorted or paged variant is noindex,
 * with its canonical link to the bare table.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadSaunaTablePage(context.get(appContext), new URL(request.url));
  // A filter that leaves nothing is not kept: any number makes one.
  const cacheControl = view.rows.length === 0 ? CACHE_CONTROL.notKept : CACHE_CONTROL.publicPage;
  return data({ view }, { headers: { "Cache-Control": cacheControl } });
}

/** The page's own Cache-Control, or the thrown error page's (no-store, and Retry-After when busy). */
export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

const TITLE = "Every Sauna in One Table";
const DESCRIPTION =
  "Every outdoor sauna we review in one sortable table: today's price, our scores, seats, heater, type and size, filtered the way you shop.";

export const meta: Route.MetaFunction = ({ error, loaderData, matches }) => {
  if (error) return pageErrorMeta(error);
  const origin = siteOrigin(matches);
  const canonical = `${origin}${TABLE_PATH}`;
  const bare = loaderData ? isBareTable(loaderData.view.query) : true;
  const list = loaderData?.view.list;
  const title = list ? `${list.title} in One Table` : TITLE;
  return [
    { title: `${pagedTitle(title, loaderData?.view.pagination.page ?? 1)} - ${SITE_NAME}` },
    { name: "description", content: DESCRIPTION },
    // The variants are endless combinations of the one table: search engines get the table itself.
    { name: "robots", content: bare ? "index,follow" : "noindex,follow" },
    { tagName: "link", rel: "canonical", href: canonical },
    ...socialCardMeta({ title: TITLE, description: DESCRIPTION, url: canonical }, origin),
    ...structuredDataMeta([breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: "Table", path: TABLE_PATH }], origin)]),
  ];
};

export default function SaunaTablePage({ loaderData }: Route.ComponentProps) {
  const { view } = loaderData;
  const total = view.pagination.totalItems;
  const { list } = view;
  return (
    <main id="main" className="flex-1">
      <header className="border-b border-line bg-sand">
        <div className="page-container py-8 md:py-12">
          <p className="mb-3 text-sm font-semibold uppercase tracking-wider text-brand">Every model at a glance</p>
          <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{list ? `${list.title} in One Table` : TITLE}</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            {list && (
              <>
                The saunas of{" "}
                <Link to={list.href} className="font-semibold text-brand hover:text-brand-strong">
                  {list.title}
                </Link>{" "}
                (or{" "}
                <Link to={list.everySaunaHref} className="font-semibold text-brand hover:text-brand-strong">
                  every sauna
                </Link>
                ).{" "}
              </>
            )}
            Choose the columns you care about, sort by any of them and narrow the list. Prices are today's, as on each review. Tick up to
            four saunas to compare them side by side.
          </p>
        </div>
      </header>
      <div className="page-container py-8">
        <TableFilters view={view} />
        <p className="mt-6 text-sm text-ink-muted" aria-live="polite" data-testid="table-summary">
          {total.toLocaleString("en-US")} {total === 1 ? "sauna" : "saunas"}. {view.sortedBy}.
        </p>
        {view.rows.length === 0 ? (
          <p className="mt-4 rounded-card border border-dashed border-line bg-surface px-6 py-10 text-center text-ink-muted">
            No sauna matches these filters.{" "}
            <Link to={view.clearHref} className="font-semibold text-brand hover:text-brand-strong">
              Clear the filters
            </Link>{" "}
            to see every one.
          </p>
        ) : (
          <SaunaTable view={view} />
        )}
        <Pagination pagination={view.pagination} label="Sauna table, pages" hrefOf={(page) => pageOfTableHref(view.query, page)} />
      </div>
    </main>
  );
}

export { PageErrorBoundary as ErrorBoundary };
