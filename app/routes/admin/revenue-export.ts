import { appContext } from "~/server/load-context";
import { clickPeriodFrom } from "~/lib/clicks/click-period";
import { csvLine } from "~/lib/csv/csv-writer";
import { currenciesOf, dimensionFrom, earningsSortFrom, sortEarnings } from "~/lib/revenue/earnings";
import { csvDownload } from "~/server/http/csv-download.server";
import { earningsReport } from "~/server/revenue/earnings.server";
import type { Route } from "./+types/revenue-export";

/**
 * /admin/revenue/export?days=30&by=page: the table the revenue page shows, as CSV, one column
 * per currency for each amount (never converted). Through the formula-safe writer like every
 * CSV the site hands out: a page title or merchant name cannot become a spreadsheet formula.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const days = clickPeriodFrom(params.get("days"));
  const by = dimensionFrom(params.get("by"));
  const report = await earningsReport(context.get(appContext).db, days, Date.now(), by);
  // The rows' currencies: an order no click ties to a row is in the page's total, not in this table.
  const currencies = currenciesOf(report.total).filter((currency) =>
    report.rows.some((row) => row.pending[currency] !== undefined || row.approved[currency] !== undefined),
  );
  const rows = sortEarnings(report.rows, earningsSortFrom(params.get("sort")), currencies[0] ?? null);
  const amount = (value: number | undefined) => (value === undefined ? "" : (value / 100).toFixed(2));
  const perCurrency = (name: string) => currencies.map((currency) => `${name}_${currency}`);
  async function* lines() {
    yield csvLine([
      by,
      "views",
      "clicks",
      "ctr",
      "orders",
      "conversion",
      ...perCurrency("pending"),
      ...perCurrency("approved"),
      ...perCurrency("epc"),
      ...perCurrency("per_1000_views"),
      "few_views",
    ]);
    for (const row of rows) {
      yield csvLine([
        row.label,
        row.views === null ? "" : String(row.views),
        String(row.clicks),
        row.ctr === null ? "" : row.ctr.toFixed(4),
        String(row.orders),
        row.conversion === null ? "" : row.conversion.toFixed(4),
        ...currencies.map((currency) => amount(row.pending[currency])),
        ...currencies.map((currency) => amount(row.approved[currency])),
        ...currencies.map((currency) => amount(row.epc[currency])),
        ...currencies.map((currency) => amount(row.perThousandViews?.[currency])),
        row.few ? "yes" : "",
      ]);
    }
  }
  return csvDownload(lines(), `revenue-by-${by}-${report.days[0]}-to-${report.days.at(-1)}.csv`);
}
