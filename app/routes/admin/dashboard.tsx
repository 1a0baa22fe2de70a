import { appContext } from "~/server/load-context";
import {
  ArrowRight,
  CalendarCheck,
  Coins,
  FolderKanban,
  Layers,
  Link2Off,
  ListChecks,
  MousePointerClick,
  Package,
  Plus,
  Trash2,
} from "lucide-react";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ButtonLink } from "~/components/ui/button";
import { FlashNotice } from "~/components/ui/flash-notice";
import { removalHref, removalSummary } from "~/lib/admin/removal-request";
import { dashboardCounts } from "~/server/admin/admin-queries.server";
import { adminUser, hasAdminRole } from "~/server/auth/guard.server";
import { editorDashboard } from "~/server/admin/editor-dashboard.server";
import { EditorDashboardView } from "~/components/admin/editor-dashboard";
import { readFlash } from "~/server/forms/flash.server";
import { countBrokenLinks, latestLinkCheckRun } from "~/server/links/link-check-runs.server";
import { recentClickTotal } from "~/server/clicks/click-analytics.server";
import { formatMonies } from "~/lib/revenue/earnings";
import { recentEarnings } from "~/server/revenue/earnings.server";
import { openTodayCount } from "~/server/admin/today/today.server";
import type { Route } from "./+types/dashboard";

/** /admin: for an admin, cards with live counts and the 'Add Product' button; for an editor, their own work. */

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = adminUser(context);
  // An editor's dashboard is theirs: no figure of the business reaches them, not even in the data.
  if (!hasAdminRole(user.role))
    return data({ role: "editor" as const, editor: await editorDashboard(context.get(appContext).db, user.email) });
  const [counts, clicks, brokenLinks, lastLinkCheck, earnings, today] = await Promise.all([
    dashboardCounts(context.get(appContext).db),
    recentClickTotal(context.get(appContext).db, 30),
    countBrokenLinks(context.get(appContext).db),
    latestLinkCheckRun(context.get(appContext).db),
    recentEarnings(context.get(appContext).db, 30),
    // The menu's count, already computed for the layout this minute.
    openTodayCount(context.get(appContext).db, context.get(appContext).config.prices),
  ]);
  // "Remove all sample content" comes back here with what it deleted.
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data(
    {
      role: "admin" as const,
      owner: { counts: { ...counts, clicks }, brokenLinks, linksChecked: lastLinkCheck !== null, earnings, today, flash },
    },
    { headers },
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (loaderData.role === "editor") return <EditorDashboardView dashboard={loaderData.editor} />;
  return <OwnerDashboard owner={loaderData.owner} />;
}

type OwnerData = Extract<Route.ComponentProps["loaderData"], { role: "admin" }>["owner"];

function OwnerDashboard({ owner }: { owner: OwnerData }) {
  const { counts, brokenLinks, linksChecked, earnings, today, flash } = owner;
  const cards = [
    { to: "/admin/products", title: "Products", count: counts.products, note: "products in the catalog", icon: Package },
    { to: "/admin/categories", title: "Categories", count: counts.categories, note: "categories in use", icon: Layers },
    { to: "/admin/features", title: "Features", count: counts.features, note: "key features in use", icon: ListChecks },
    { to: "/admin/collections", title: "Collections", count: counts.collections, note: "collections on the site", icon: FolderKanban },
    {
      to: "/admin/clicks",
      title: "Clicks",
      count: counts.clicks,
      note: "shop-link clicks in the last 30 days",
      icon: MousePointerClick,
      action: "See clicks",
    },
    {
      to: "/admin/revenue",
      title: "Revenue",
      count: earnings.orders,
      note: `orders in the last 30 days; commission ${formatMonies(earnings.earned)}${
        earnings.notTied.orders > 0 ? `, of which ${formatMonies(earnings.notTied.earned)} not tied to a page` : ""
      }`,
      icon: Coins,
      action: "See what earns",
    },
  ];
  return (
    <>
      <AdminPageHeader
        title="Admin Dashboard"
        description="Import products and collections, upload images and check what the catalog holds."
      >
        <ButtonLink to="/admin/products/new">
          <Plus aria-hidden className="size-4" />
          Add Product
        </ButtonLink>
      </AdminPageHeader>
      <FlashNotice flash={flash} />
      <Link
        to="/admin/today"
        className="mb-4 flex items-center gap-3 rounded-card border border-line bg-surface p-4 shadow-card transition-colors hover:border-brand sm:max-w-md"
        data-testid="today-card"
      >
        <CalendarCheck aria-hidden className={today > 0 ? "size-5 text-red-700" : "size-5 text-brand"} />
        <span className="flex-1 text-sm">
          <span className="font-semibold">Today: </span>
          {today === 0 ? "nothing needs you" : today === 1 ? "1 thing needs you" : `${today.toLocaleString("en-US")} things need you`}
        </span>
        <span className="text-sm font-semibold text-brand">Open</span>
        <ArrowRight aria-hidden className="size-4 text-brand" />
      </Link>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-5">
        {cards.map(({ to, title, count, note, icon: Icon, action }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex h-full flex-col rounded-card border border-line bg-surface p-5 shadow-card transition-colors hover:border-brand"
            >
              <span className="flex items-center justify-between">
                <span className="text-sm font-semibold uppercase tracking-wider text-ink-muted">{title}</span>
                <Icon aria-hidden className="size-5 text-brand" />
              </span>
              <span className="mt-3 font-serif text-4xl font-semibold tabular-nums text-ink" data-testid={`count-${title.toLowerCase()}`}>
                {count.toLocaleString("en-US")}
              </span>
              <span className="mt-1 text-sm text-ink-muted">{note}</span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand group-hover:underline">
                {action ?? `Manage ${title.toLowerCase()}`}
                <ArrowRight aria-hidden className="size-4" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/admin/links?show=broken"
        className="mt-4 flex items-center gap-3 rounded-card border border-line bg-surface p-4 shadow-card transition-colors hover:border-brand sm:max-w-md"
        data-testid="broken-links"
      >
        <Link2Off aria-hidden className={brokenLinks > 0 ? "size-5 text-red-700" : "size-5 text-brand"} />
        <span className="flex-1 text-sm">
          <span className="font-semibold">Broken links: </span>
          <span className="tabular-nums">{linksChecked ? brokenLinks.toLocaleString("en-US") : "not checked yet"}</span>
        </span>
        <span className="text-sm font-semibold text-brand">Link health</span>
        <ArrowRight aria-hidden className="size-4 text-brand" />
      </Link>
      {counts.sampleProducts + counts.sampleCollections + counts.sampleArticles > 0 && (
        <section
          aria-labelledby="sample-content-title"
          className="mt-8 max-w-3xl rounded-card border border-line bg-surface p-5 shadow-card"
        >
          <h2 id="sample-content-title" className="text-lg font-semibold">
            Sample content
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            The site still holds{" "}
            {removalSummary({ products: counts.sampleProducts, collections: counts.sampleCollections, articles: counts.sampleArticles })} of
            invented sample content (made-up brands, ratings and shop links)
            {counts.sampleEdited > 0 && `, ${counts.sampleEdited.toLocaleString("en-US")} of them edited by you`}. Remove it before the site
            goes live, keeping any you made your own; your own imports stay.
          </p>
          <ButtonLink to={removalHref({ samples: true, returnTo: "/admin" })} variant="secondary" className="mt-4">
            <Trash2 aria-hidden className="size-4" />
            Remove all sample content…
          </ButtonLink>
        </section>
      )}
    </>
  );
}
