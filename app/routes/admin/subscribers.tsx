import { Download, Search } from "lucide-react";
import { Form, Link } from "~/components/ui/link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SubscriberTable } from "~/components/admin/subscriber-table";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { STATUS_LABELS, SUBSCRIBER_STATUSES, subscriberQuery } from "~/lib/newsletter";
import { requireAdmin } from "~/server/auth/guard.server";
import { countSubscribersByStatus, searchSubscribers } from "~/server/newsletter/subscribers.server";
import type { Route } from "./+types/subscribers";

/** /admin/subscribers: the newsletter list, counted by state, searchable, exportable as CSV. */

const PAGE_SIZE = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const query = subscriberQuery(new URL(request.url));
  const [counts, subscribers] = await Promise.all([countSubscribersByStatus(context.db), searchSubscribers(context.db, query, PAGE_SIZE)]);
  return { counts, subscribers, query };
}

export const meta: Route.MetaFunction = () => [{ title: "Subscribers - Admin" }, { name: "robots", content: "noindex" }];

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { counts, subscribers, query } = loaderData;
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
    </>
  );
}
