import { niceStep } from "../clicks/click-chart";
import type { DayPrice } from "./price-series";

/**
 * The geometry of the product page's lowest-price chart, computed here so the page draws it as
 * plain SVG on the server (no chart library, no client script), like the clicks chart. A step
 * line: a price holds all day and changes between days. The vertical scale is not pinned to zero
 * (a $400 cut on a $9,600 sauna would be a flat line) but spans at least a tenth of the highest
 * price, so a 1% wobble is not drawn as a cliff. Gaps (no price known) break the line.
 */

export interface PriceChartTick {
  value: number;
  y: number;
}

export interface PriceChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  ticks: PriceChartTick[];
  /** SVG path data of the step line, one subpath per run of days with a price. */
  path: string;
  /** The last point (today), marked with a dot. */
  last: { x: number; y: number } | null;
  /** About four dates under the axis, the first and the last day among them. */
  labels: Array<{ day: string; x: number; anchor: "start" | "middle" | "end" }>;
}

/** The smallest span the scale shows, as a share of the highest price. */
const MIN_SPAN_SHARE = 0.1;

export function priceChart(series: readonly DayPrice[], size: { width: number; height: number } = { width: 360, height: 210 }): PriceChart {
  const plot = { left: 56, top: 10, right: size.width - 8, bottom: size.height - 26 };
  const values = series.map((point) => point.amountMinor).filter((amount): amount is number => amount !== null);
  const high = Math.max(0, ...values);
  const low = values.length > 0 ? Math.min(...values) : 0;
  const span = Math.max(high - low, high * MIN_SPAN_SHARE, 1);
  // Centre a small range inside the minimum span rather than sitting it on the floor.
  const middle = (high + low) / 2;
  const step = niceStep(span, 4);
  const bottomValue = Math.max(0, Math.floor((middle - span / 2) / step) * step);
  const topValue = Math.max(bottomValue + step, Math.ceil((middle + span / 2) / step) * step);
  const yOf = (value: number) => plot.bottom - ((value - bottomValue) / (topValue - bottomValue)) * (plot.bottom - plot.top);

  const ticks: PriceChartTick[] = [];
  for (let value = bottomValue; value <= topValue; value += step) ticks.push({ value, y: yOf(value) });

  // Each day is a slot; the line runs across the slot at that day's price.
  const slot = series.length > 0 ? (plot.right - plot.left) / series.length : 0;
  const xOf = (index: number) => plot.left + index * slot;
  const round = (value: number) => Math.round(value * 10) / 10;
  // One H per run of equal days, one V per change: the path stays short for a year of days.
  let path = "";
  series.forEach((point, index) => {
    const before = series[index - 1]?.amountMinor ?? null;
    const after = series[index + 1]?.amountMinor ?? null;
    if (point.amountMinor === null) return;
    if (before === null) path += `M${round(xOf(index))} ${round(yOf(point.amountMinor))}`;
    else if (before !== point.amountMinor) path += `V${round(yOf(point.amountMinor))}`;
    if (after !== point.amountMinor) path += `H${round(xOf(index + 1))}`;
  });
  const lastPoint = series.at(-1);
  const last = lastPoint?.amountMinor == null ? null : { x: round(plot.right), y: round(yOf(lastPoint.amountMinor)) };

  const labels: PriceChart["labels"] = [];
  if (series.length > 0) {
    const every = Math.max(1, Math.ceil((series.length - 1) / 3));
    for (let index = 0; index < series.length; index += every) {
      if (series.length - 1 - index < every / 2 && index !== 0) continue;
      labels.push({ day: series[index]!.day, x: round(xOf(index)), anchor: index === 0 ? "start" : "middle" });
    }
    if (series.length > 1) labels.push({ day: series.at(-1)!.day, x: round(plot.right), anchor: "end" });
  }

  return { width: size.width, height: size.height, plot, ticks, path, last, labels };
}
