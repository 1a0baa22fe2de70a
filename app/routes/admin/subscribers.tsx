import { appContext } from "~/server/load-context";
import { Download, Search } from "lucide-react";
import { Form, Link } from "~/components/ui/link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PriceAlertTable } from "~/components/admin/price-alert-table";
import { SubscriberTable } from "~/components/admin/subscriber-table";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { STATUS_LABELS, SUBSCRIBER_STATUSES, subscriberQuery } from "~/lib/newsletter/newsletter";
import { parsePageParam } from "~/lib/catalog/pagination";
import { alertsByProduct, countAlertsByStatus } from "~/server/alerts/price-alerts.server";
import { countSubscribersByStatus, searchSubscribers } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers";

/**
 * /admin/subscribers: the newsletter list, counted by state, searchable, exportable as CSV; and
 * the price-drop alerts, per sauna (docs/decisions/0062-price-drop-alerts.md).
 */

const PAGE_SIZE = 100;
const ALERT_PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = subscriberQuery(url);
  const alertPage = parsePageParam(url.searchParams.get("alerts_page")).page;
  const [counts, subscribers, alertCounts, alertRows] = await Promise.all([
    countSubscribersByStatus(context.get(appContext).db),
    searchSubscribers(context.get(appContext).db, query, PAGE_SIZE),
    countAlertsByStatus(context.get(appContext).db),
    // One more than shown: whether a next page exists.
    alertsByProduct(context.get(appContext).db, ALERT_PAGE_SIZE + 1, (alertPage - 1) * ALERT_PAGE_SIZE),
  ]);
  const alerts = {
    counts: alertCounts,
    rows: alertRows.slice(0, ALERT_PAGE_SIZE),
    page: alertPage,
    hasNext: alertRows.length > ALERT_PAGE_SIZE,
  };
  return { counts, subscribers, query, alerts };
}

export const meta: Route.MetaFunction = () => [{ title: "Subscribers - Admin" }, { name: "robots", content: "noindex" }];

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { counts, subscribers, query, alerts } = loaderData;
  const exportParams = new URLSearchParams();
  if (query.search) exportParams.set("q", query.search);
  if (query.status) exportParams.set("status", query.status);
  const exportHref = `/admin/subscribers/export${exportParams.size > 0 ? `?${exportParams}` : ""}`;
  return (
    <>
      <AdminPageHeader title="Subscribers" description="Newsletter sign-ups. Only confirmed addresses ever receive the newsletter.">
        <a href={exportHref} download className={buttonClasses({ variant: "secondary" })}>
          <Download aria-hidden className="size-4" />
          Export CSV
        </a>
      </AdminPageHeader>

      <ul className="mb-6 grid gap-3 sm:grid-cols-3" aria-label="Subscribers by state">
        {SUBSCRIBER_STATUSES.map((status) => (
          <li key={status}>
            <Link
              to={query.status === status ? "/admin/subscribers" : `/admin/subscribers?status=${status}`}
              aria-current={query.status === status ? "true" : undefined}
              className={cn(
                "block rounded-card border bg-surface p-4 shadow-card hover:border-brand/40",
                query.status === status ? "border-brand" : "border-line",
              )}
              data-testid={`subscriber-count-${status}`}
            >
              <span className="block text-sm text-ink-muted">{STATUS_LABELS[status]}</span>
              <span className="mt-1 block text-2xl font-semibold tabular-nums">{counts[status].toLocaleString("en-US")}</span>
            </Link>
          </li>
        ))}
      </ul>

      <Form method="get" className="mb-4 flex flex-col gap-2 sm:flex-row" role="search">
        <label htmlFor="subscriber-search" className="sr-only">
          Search by email address
        </label>
        <input
          id="subscriber-search"
          name="q"
          type="search"
          defaultValue={query.search}
          placeholder="Search by email address"
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface px-5 text-sm"
        />
        {query.status && <input type="hidden" name="status" value={query.status} />}
        <button type="submit" className={buttonClasses({ variant: "primary" })}>
          <Search aria-hidden className="size-4" />
          Search
        </button>
      </Form>

      <SubscriberTable subscribers={subscribers} pageSize={PAGE_SIZE} filtered={Boolean(query.search || query.status)} />

      <section aria-labelledby="price-alerts-heading" className="mt-12" id="price-alerts">
        <h2 id="price-alerts-heading" className="text-xl font-semibold">
          Price alerts
        </h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted" data-testid="price-alert-counts">
          Readers waiting for a price drop, per sauna: {alerts.counts.confirmed.toLocaleString("en-US")} confirmed,{" "}
          {alerts.counts.pending.toLocaleString("en-US")} pending, {alerts.counts.unsubscribed.toLocaleString("en-US")} stopped. Each gets
          at most one email per sauna a week.
        </p>
        <PriceAlertTable rows={alerts.rows} page={alerts.page} hasNext={alerts.hasNext} />
      </section>
    </>
  );
}
