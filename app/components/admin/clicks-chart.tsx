import { useId } from "react";
import { CHART_SIZES, clickChart } from "~/lib/clicks/click-chart";
import type { DailyClicks } from "~/lib/clicks/click-period";

/**
 * Clicks per day as a bar chart, drawn as SVG on the server (no script, no chart library). Screen
 * readers get a title and a one-line summary; the same numbers are in the table below it. A phone
 * gets a narrower drawing (CSS shows one of the two), so its dates and counts stay readable.
 */
export function ClicksChart({ days, title, unit = "clicks" }: { days: DailyClicks[]; title: string; unit?: string }) {
  return (
    <div data-testid="clicks-chart">
      <ChartDrawing days={days} title={title} unit={unit} size={CHART_SIZES.narrow} className="sm:hidden" />
      <ChartDrawing days={days} title={title} unit={unit} size={CHART_SIZES.wide} className="hidden sm:block" />
    </div>
  );
}

function ChartDrawing({
  days,
  title,
  unit,
  size,
  className,
}: {
  days: DailyClicks[];
  title: string;
  /** What a bar counts, in the summary and each bar's tooltip: "clicks", "EUR of commission". */
  unit: string;
  size: (typeof CHART_SIZES)[keyof typeof CHART_SIZES];
  className: string;
}) {
  const id = useId();
  const chart = clickChart(days, size);
  const total = days.reduce((sum, day) => sum + day.clicks, 0);
  const busiest = days.reduce<DailyClicks | null>((best, day) => (day.clicks > (best?.clicks ?? 0) ? day : best), null);
  const summary =
    total === 0
      ? `No ${unit} from ${days[0]?.day} to ${days.at(-1)?.day}.`
      : `${total.toLocaleString("en-US")} ${unit} from ${days[0]?.day} to ${days.at(-1)?.day}; the busiest day was ${busiest!.day} with ${busiest!.clicks.toLocaleString("en-US")}.`;
  return (
    <svg
      viewBox={`0 0 ${chart.width} ${chart.height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className={`h-auto w-full text-brand ${className}`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {chart.ticks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={chart.plot.left}
            x2={chart.plot.right}
            y1={tick.y}
            y2={tick.y}
            stroke="currentColor"
            strokeOpacity={tick.value === 0 ? 0.5 : 0.12}
          />
          <text x={chart.plot.left - 6} y={tick.y} dy="0.32em" textAnchor="end" fontSize="11" className="fill-ink-muted">
            {tick.value.toLocaleString("en-US")}
          </text>
        </g>
      ))}
      {chart.bars.map((bar) =>
        bar.clicks > 0 ? (
          <rect key={bar.day} x={bar.x} y={bar.y} width={bar.width} height={bar.height} rx={Math.min(2, bar.width / 4)} fill="currentColor">
            <title>{`${bar.day}: ${bar.clicks.toLocaleString("en-US")} ${unit}`}</title>
          </rect>
        ) : null,
      )}
      {chart.labels.map((label) => (
        <text key={label.day} x={label.x} y={chart.plot.bottom + 18} textAnchor="middle" fontSize="11" className="fill-ink-muted">
          {label.day.slice(5)}
        </text>
      ))}
    </svg>
  );
}
