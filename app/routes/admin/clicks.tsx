import { appContext } from "~/server/load-context";
import { Download } from "lucide-react";
import { ClickBreakdownTable } from "~/components/admin/click-breakdown-table";
import { ClickDayTable } from "~/components/admin/click-day-table";
import { ClickTopTable } from "~/components/admin/click-top-table";
import { ClicksChart } from "~/components/admin/clicks-chart";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonClasses } from "~/components/ui/button";
import { ClickFilterForm, ClickPeriodNav } from "~/components/admin/click-filters";
import { clickFilterFrom } from "~/lib/clicks/click-filter";
import { clickPeriodFrom } from "~/lib/clicks/click-period";
import { describeLinkSource, linkSourcePath } from "~/lib/clicks/tracked-link";
import { productHref } from "~/lib/catalog/product-display";
import { adminNumber } from "~/components/admin/admin-format";
import { clickFilterChoices, clickReport } from "~/server/clicks/click-analytics.server";
import { placementAndDeviceRows } from "~/server/revenue/earnings.server";
import type { Route } from "./+types/clicks";

/**
 * /admin/clicks: outbound shop-link clicks for the last 7, 30 or 90 days (UTC days): per day as a
 * chart and a table, the most clicked products and the pages that sent them, and the daily
 * counts as CSV. Read from the daily roll-up (docs/decisions/0028); filtered by the reader's
 * country or the shop (docs/decisions/0058), from the raw clicks of the period. Below, every
 * click of the period by where its link sat and by device class, with views, CTR and EPC
 * (docs/decisions/0113).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const days = clickPeriodFrom(params.get("days"));
  const filter = clickFilterFrom(params);
  const now = Date.now();
  const [report, choices, breakdown] = await Promise.all([
    clickReport(context.get(appContext).db, days, now, filter),
    clickFilterChoices(context.get(appContext).db, days, now),
    placementAndDeviceRows(context.get(appContext).db, days, now),
  ]);
  return { days, filter, choices, report, breakdown };
}

export const meta: Route.MetaFunction = () => [{ title: "Clicks - Admin" }, { name: "robots", content: "noindex" }];

export default function Clicks({ loaderData }: Route.ComponentProps) {
  const { days, filter, choices, report, breakdown } = loaderData;
  const first = report.days[0]?.day;
  const last = report.days.at(-1)?.day;
  return (
    <>
      <AdminPageHeader
        title="Clicks"
        description="Visitors who followed a shop link (Buy Now, Check Price). Not counted: bots and crawlers, link previews and prefetches, requests without a browser User-Agent, the same visitor clicking the same product again within 30 minutes (counted once), and more than 3 clicks of one product from one address in a day. No cookie is set and no address is kept: repeats are recognised by hashes deleted after 30 minutes or at the end of the day, under a key that changes every day."
      >
        <a href={`/admin/clicks/export?days=${days}`} download className={buttonClasses({ variant: "secondary" })}>
          <Download aria-hidden className="size-4" />
          Download CSV
        </a>
      </AdminPageHeader>

      <ClickPeriodNav days={days} filter={filter} />
      <ClickFilterForm days={days} filter={filter} choices={choices} />

      <section aria-labelledby="clicks-per-day" className="rounded-card border border-line bg-surface p-5 shadow-card">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="clicks-per-day" className="text-lg font-semibold">
            Clicks per day
          </h2>
          <p className="text-sm text-ink-muted">
            <span className="font-serif text-2xl font-semibold tabular-nums text-ink" data-testid="clicks-total">
              {adminNumber(report.total)}
            </span>{" "}
            clicks, {first} to {last} (UTC)
          </p>
        </div>
        <div className="mt-4">
          <ClicksChart days={report.days} title={`Clicks per day, last ${days} days`} />
        </div>
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brand">Show the numbers as a table</summary>
          <ClickDayTable days={report.days} />
        </details>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ClickTopTable
          id="top-products"
          title="Top products"
          emptyText="No product has been clicked in this period."
          rows={report.topProducts.map((product) => ({
            key: String(product.productId),
            label: product.name,
            href: product.listed && product.slug ? productHref({ slug: product.slug }) : null,
            clicks: product.clicks,
          }))}
        />
        <ClickTopTable
          id="top-sources"
          title="Top source pages"
          emptyText="No page has sent a click in this period."
          rows={report.topSources.map((source) => ({
            key: source.source,
            label: describeLinkSource(source.source),
            href: linkSourcePath(source.source),
            clicks: source.clicks,
          }))}
        />
      </div>

      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <ClickBreakdownTable
          id="by-placement"
          title="By placement"
          nameLabel="Placement"
          viewsNote="Every click of the period, whatever the filter above. A placement's views are the views of its kind of page (all product pages for the product page's buy box), so its CTR is clicks there per page view. EPC is pending and approved commission per click."
          rows={breakdown.placements}
        />
        <ClickBreakdownTable
          id="by-device"
          title="By device"
          nameLabel="Device"
          viewsNote="Every click of the period, whatever the filter above, against the views of every counted page from that class of device. Told from the browser's User-Agent only: nothing per person is kept."
          rows={breakdown.devices}
        />
      </div>
    </>
  );
}
