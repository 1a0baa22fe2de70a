import { ArrowDown } from "lucide-react";
import { cn } from "~/components/ui/cn";
import { Link } from "~/components/ui/link";
import { CLICK_PERIODS } from "~/lib/clicks/click-period";
import {
  DIMENSIONS,
  FEW_CLICKS,
  FEW_VIEWS,
  formatMonies,
  formatRate,
  type Dimension,
  type EarningsRow,
  type EarningsSort,
} from "~/lib/revenue/earnings";
import { adminNumber } from "./admin-format";
import { TableCard, TableNote } from "./admin-table";

/** The revenue screen's choices: period, table and order, each a link keeping the others (no script needed). */
export interface RevenueView {
  days: number;
  by: Dimension;
  sort: EarningsSort;
}

const hrefOf = (view: RevenueView, change: Partial<RevenueView>) => {
  const next = { ...view, ...change };
  return `/admin/revenue?days=${next.days}&by=${next.by}&sort=${next.sort}`;
};

const pill = (current: boolean) =>
  cn(
    "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium",
    current ? "border-brand bg-brand text-white" : "border-line bg-surface text-ink hover:border-brand/40",
  );

export function RevenueNav({ view }: { view: RevenueView }) {
  return (
    <div className="mb-6 space-y-3">
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {CLICK_PERIODS.map((days) => (
          <Link
            key={days}
            to={hrefOf(view, { days })}
            aria-current={days === view.days ? "page" : undefined}
            className={pill(days === view.days)}
          >
            Last {days} days
          </Link>
        ))}
      </nav>
      <nav aria-label="Earnings by" className="flex flex-wrap gap-2">
        {DIMENSIONS.map((dimension) => (
          <Link
            key={dimension.key}
            to={hrefOf(view, { by: dimension.key })}
            aria-current={dimension.key === view.by ? "page" : undefined}
            className={pill(dimension.key === view.by)}
          >
            {dimension.label}
          </Link>
        ))}
      </nav>
    </div>
  );
}

const COLUMNS: ReadonlyArray<{ label: string; sort?: EarningsSort }> = [
  { label: "Views", sort: "views" },
  { label: "Clicks", sort: "clicks" },
  { label: "CTR", sort: "ctr" },
  { label: "Orders", sort: "orders" },
  { label: "Conversion", sort: "conversion" },
  { label: "Pending", sort: "commission" },
  { label: "Approved" },
  { label: "EPC", sort: "epc" },
  { label: "Per 1,000 views" },
];

/** One table of the report, sortable by its column links; rows with too few views are marked. */
export function RevenueTable({ view, rows, title }: { view: RevenueView; rows: EarningsRow[]; title: string }) {
  if (rows.length === 0)
    return (
      <p className="rounded-card border border-dashed border-line bg-surface p-6 text-center text-ink-muted">
        Nothing viewed, clicked or ordered in this period.
      </p>
    );
  return (
    <TableCard label={title}>
      <table className="w-full min-w-[60rem] text-left text-sm" data-testid="revenue-table">
        <caption className="sr-only">{title}</caption>
        <thead className="bg-sand text-xs uppercase tracking-wider text-ink-muted">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-semibold">
              Name
            </th>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                className="px-4 py-2.5 text-right font-semibold"
                aria-sort={column.sort === view.sort ? "descending" : undefined}
              >
                {column.sort ? (
                  <Link
                    to={hrefOf(view, { sort: column.sort })}
                    className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
                  >
                    {column.label}
                    {column.sort === view.sort && <ArrowDown aria-hidden className="size-3.5" />}
                  </Link>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={row.key} data-testid="revenue-row">
              <th scope="row" className="px-4 py-2.5 text-left font-medium">
                {row.href ? (
                  <a href={row.href} target="_blank" rel="noopener" className="text-ink underline underline-offset-2 hover:text-brand">
                    {row.label}
                  </a>
                ) : (
                  row.label
                )}
                {row.few && (
                  <span
                    className="ml-2 inline-block whitespace-nowrap rounded-full bg-sand px-2 py-0.5 text-xs font-medium text-ink-muted"
                    data-testid="few-views"
                  >
                    {row.views === null ? "few clicks" : "few views"}
                  </span>
                )}
              </th>
              <td className="px-4 py-2.5 text-right tabular-nums">{row.views === null ? "—" : adminNumber(row.views)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{adminNumber(row.clicks)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatRate(row.ctr)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{adminNumber(row.orders)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatRate(row.conversion)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMonies(row.pending)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMonies(row.approved)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMonies(row.epc)}</td>
              <td className="px-4 py-2.5 text-right tabular-nums">{formatMonies(row.perThousandViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TableNote>
        Commission counts orders not reversed, in each order&apos;s own currency (no conversion). EPC is pending and approved commission per
        click. &ldquo;Few views&rdquo;: under {FEW_VIEWS} views (or {FEW_CLICKS} clicks where views are not counted), too few for the rates
        to mean much.
      </TableNote>
    </TableCard>
  );
}
