import { useId } from "react";
import { ChevronRight } from "~/components/ui/icons";
import { formatShortUsDate } from "~/lib/text/dates";
import { formatMoney } from "~/lib/text/money";
import { priceChart } from "~/lib/offers/price-chart";
import {
  historyRange,
  historyRows,
  historySummary,
  shortDay,
  HISTORY_DAYS,
  SHORT_RANGE_DAYS,
  type PriceHistoryView,
} from "~/lib/offers/price-history-view";
import type { DayPrice } from "~/lib/offers/price-series";

/**
 * The product page's price history: the lowest price among the shops, day by day, drawn as SVG
 * on the server (no chart library, no script), 90 days shown and the past year in a <details>,
 * with the same numbers as a table for readers who cannot see the chart. The SVG scales with its
 * box; its text is sized for a 390 px phone and the box is capped so it does not grow huge on a
 * desktop.
 */
export function PriceHistoryChart({ history }: { history: PriceHistoryView | null }) {
  if (!history) return null;
  const short = historyRange(history, SHORT_RANGE_DAYS);
  const hasYear = (history.steps[0]?.from ?? history.today) < short[0]!.day;
  const rows = historyRows(history, HISTORY_DAYS);
  return (
    <section aria-labelledby="price-history-heading" data-testid="price-history">
      <h2 id="price-history-heading" className="text-2xl font-semibold">
        Price history
      </h2>
      <p className="mt-1 text-sm text-ink-muted">The lowest price at the shops above at the end of each day, over the past 90 days.</p>
      {history.lowestIn90 && (
        <p className="mt-2 text-sm font-semibold text-forest" data-testid="history-lowest-in-90">
          Today&apos;s price is the lowest in 90 days.
        </p>
      )}
      <div className="mt-4 max-w-[32rem] rounded-card border border-line bg-surface p-3 shadow-card sm:p-4">
        <Chart series={short} currency={history.currency} label="90 days" />
        {hasYear && (
          <details className="group mt-3 border-t border-line pt-3">
            <Summary>The past year</Summary>
            <div className="mt-3">
              <Chart series={historyRange(history, HISTORY_DAYS)} currency={history.currency} label="the past year" dayLabel={monthLabel} />
            </div>
          </details>
        )}
        <details className="group mt-3 border-t border-line pt-3" data-testid="price-history-table">
          <Summary>Price history as a table</Summary>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Changes of the lowest price, newest first</caption>
            <thead className="text-xs font-semibold uppercase tracking-wider text-ink-muted">
              <tr>
                <th scope="col" className="py-1.5 pr-3">
                  From
                </th>
                <th scope="col" className="py-1.5 pr-3">
                  Lowest price
                </th>
                <th scope="col" className="py-1.5">
                  Shop
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.from}>
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    <time dateTime={row.from}>{formatShortUsDate(row.from)}</time>
                  </td>
                  <td className="py-1.5 pr-3 font-semibold">{row.price}</td>
                  <td className="py-1.5">{row.shop}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </div>
    </section>
  );
}

function Summary({ children }: { children: React.ReactNode }) {
  return (
    <summary className="flex cursor-pointer list-none items-center gap-1.5 text-sm font-semibold text-brand-strong [&::-webkit-details-marker]:hidden">
      <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
      {children}
    </summary>
  );
}

const MONTH_LABEL = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** 'Dec 2025': a year's axis names months. */
function monthLabel(day: string): string {
  return MONTH_LABEL.format(new Date(`${day}T00:00:00Z`));
}

function Chart({
  series,
  currency,
  label,
  dayLabel = shortDay,
}: {
  series: DayPrice[];
  currency: string;
  label: string;
  dayLabel?: (day: string) => string;
}) {
  const id = useId();
  const chart = priceChart(series);
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-labelledby={id}
      className="h-auto w-full text-brand"
      data-testid="price-history-chart"
    >
      <title id={id}>{historySummary(series, currency, label)}</title>
      {chart.ticks.map((tick) => (
        <g key={tick.value}>
          <line x1={chart.plot.left} x2={chart.plot.right} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity={0.12} />
          <text x={chart.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end" fontSize="12.5" className="fill-ink-muted">
            {tick.value === 0 ? "0" : formatMoney(tick.value, currency)}
          </text>
        </g>
      ))}
      <path d={chart.path} fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      {chart.last && <circle cx={chart.last.x} cy={chart.last.y} r={4} fill="currentColor" />}
      {chart.labels.map((tick) => (
        <text key={tick.day} x={tick.x} y={chart.plot.bottom + 18} textAnchor={tick.anchor} fontSize="12.5" className="fill-ink-muted">
          {dayLabel(tick.day)}
        </text>
      ))}
    </svg>
  );
}
