import { appContext } from "~/server/load-context";
import { Download } from "lucide-react";
import { useMemo } from "react";
import { data, useNavigation } from "react-router";
import { adminNumber } from "~/components/admin/admin-format";
import { ClicksChart } from "~/components/admin/clicks-chart";
import { AdminPageHeader } from "~/components/admin/page-header";
import { RevenueNav, RevenueTable } from "~/components/admin/revenue-table";
import { RevenueUpload } from "~/components/admin/revenue-upload";
import { buttonClasses } from "~/components/ui/button";
import { useResultToast } from "~/components/ui/use-result-toast";
import { clickPeriodFrom } from "~/lib/clicks/click-period";
import { currenciesOf, DIMENSIONS, dimensionFrom, earningsSortFrom, formatMonies, formatRate, sortEarnings } from "~/lib/revenue/earnings";
import { SITE_NAME } from "~/lib/site/site-navigation";
import { adminUser } from "~/server/auth/guard.server";
import { readFlash } from "~/server/forms/flash.server";
import { dispatchIntent } from "~/server/forms/intents.server";
import { listNetworks } from "~/server/revenue/commission-reports.server";
import { earningsReport } from "~/server/revenue/earnings.server";
import { REPORT_PRESETS } from "~/lib/revenue/report-presets";
import { loadUploadScreen, revenueIntents } from "~/server/revenue/revenue-actions.server";
import type { Route } from "./+types/revenue";

/**
 * /admin/revenue: what earns. Views, clicks and the networks' commissions per page, product,
 * merchant, source, country, placement and device class (docs/decisions/0113) over 7, 30 or 90
 * days, with a chart of commission per day and the table as CSV; and the upload of a network's
 * commission report (docs/decisions/0075), read and saved by runs in the worker (0100).
 */
export const meta: Route.MetaFunction = () => [{ title: `Revenue - ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const view = {
    days: clickPeriodFrom(params.get("days")),
    by: dimensionFrom(params.get("by")),
    sort: earningsSortFrom(params.get("sort")),
  };
  const [report, networks, upload] = await Promise.all([
    earningsReport(context.get(appContext).db, view.days, Date.now(), view.by),
    listNetworks(context.get(appContext).db),
    // The upload under way: its run, or its bounded result (never the report itself).
    loadUploadScreen(context.get(appContext).db, context.get(appContext).config, new URL(request.url)),
  ]);
  const currency = currenciesOf(report.total)[0] ?? null;
  const { flash, headers } = await readFlash(request, context.get(appContext).config);
  return data(
    {
      view,
      currency,
      total: report.total,
      rows: sortEarnings(report.rows, view.sort, currency),
      chart: report.daily.map((day) => ({ day: day.day, clicks: currency ? Math.round((day.earned[currency] ?? 0) / 100) : 0 })),
      notTied: report.notTied,
      reversed: report.reversed,
      // The networks already saved, then those whose reports the site knows the layout of.
      networks: [...new Set([...networks.map((network) => network.name), ...REPORT_PRESETS.map((preset) => preset.network)])],
      upload,
      toast: flash?.toast ?? null,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const me = adminUser(args.context);
  return dispatchIntent(args, revenueIntents(me.email));
}

export default function RevenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, currency, total, rows, chart, notTied, reversed, networks, upload: underWay, toast } = loaderData;
  useResultToast({ toast });
  useResultToast(actionData && "toast" in actionData ? actionData : null);
  // The save's run ended on this page: said once per run, like an action's toast.
  const saved = underWay?.result?.step === "saved" ? underWay.result : null;
  const savedRun = saved ? underWay?.run?.id : undefined;
  const savedToast = useMemo(
    () =>
      saved
        ? {
            toast: {
              kind: "success" as const,
              title: "Report saved",
              description: `${saved.network}: ${saved.added} new ${saved.added === 1 ? "order" : "orders"}, ${saved.updated} updated, ${saved.unchanged} unchanged.`,
            },
          }
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per saved run, not per revalidation
    [savedRun],
  );
  useResultToast(savedToast);
  const busy = useNavigation().state === "submitting";
  const refusal = actionData && "step" in actionData ? actionData : undefined;
  const step = refusal ?? underWay ?? undefined;
  const upload = <RevenueUpload networks={networks} refusal={refusal} upload={underWay} busy={busy} />;
  const title = DIMENSIONS.find((dimension) => dimension.key === view.by)!.label;
  const figures = [
    { label: "Views", value: adminNumber(total.views) },
    { label: "Clicks", value: adminNumber(total.clicks) },
    { label: "Click-through", value: formatRate(total.ctr) },
    { label: "Orders", value: adminNumber(total.orders) },
    { label: "Pending", value: formatMonies(total.pending) },
    { label: "Approved", value: formatMonies(total.approved) },
    { label: "EPC", value: formatMonies(total.epc) },
    {
      label: "Not tied to a page",
      value: notTied.orders === 0 ? "None" : `${adminNumber(notTied.orders)} · ${formatMonies(notTied.earned)}`,
    },
  ];
  return (
    <>
      <AdminPageHeader
        title="Revenue"
        description="Page views, clicks and the commissions the networks report, tied together by the random sub-ID each click carries to the shop. Views are counted per page, kind of page, class of device (phone, tablet, desktop) and day only: no cookie, address or fingerprint is kept."
      >
        <a
          href={`/admin/revenue/export?days=${view.days}&by=${view.by}&sort=${view.sort}`}
          download
          className={buttonClasses({ variant: "secondary" })}
        >
          <Download aria-hidden className="size-4" />
          Download CSV
        </a>
      </AdminPageHeader>
      {/* Under way, the upload comes first: each step's answer is at the top of the page it lands on. */}
      {step && <div className="mb-6">{upload}</div>}
      <RevenueNav view={view} />
      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="revenue-totals">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-card border border-line bg-surface p-4 shadow-card">
            <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{figure.label}</dt>
            <dd className="mt-1 font-serif text-lg font-semibold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="commission-per-day" className="mb-6 rounded-card border border-line bg-surface p-5 shadow-card">
        <h2 id="commission-per-day" className="text-lg font-semibold">
          Commission per day{currency ? ` (${currency})` : ""}
        </h2>
        <p className="text-sm text-ink-muted">
          Pending and approved, by order date{reversed > 0 ? `; ${reversed} reversed left out` : ""}
          {notTied.orders > 0
            ? `; ${notTied.orders} ${notTied.orders === 1 ? "order" : "orders"} with no sub-ID of this site counted in the total, not in the table`
            : ""}
          .
        </p>
        <div className="mt-4">
          <ClicksChart
            days={chart}
            title={`Commission per day, last ${view.days} days`}
            unit={currency ? `${currency} of commission` : "commission"}
          />
        </div>
      </section>
      <section aria-labelledby="revenue-table-title" className="mb-6 space-y-3">
        <h2 id="revenue-table-title" className="text-lg font-semibold">
          {title}, last {view.days} days
        </h2>
        <RevenueTable view={view} rows={rows} title={`${title}, last ${view.days} days`} />
      </section>
      {!step && upload}
    </>
  );
}
