import type { DailyClicks } from "./click-period";

/**
 * The geometry of the clicks-per-day bar chart, computed here so the admin page can draw it as
 * plain SVG on the server (no chart library, no client script). The vertical scale ends on a
 * round number at or above the busiest day, with evenly spaced round ticks, so the axis reads
 * 0, 50, 100, 150 rather than 0, 47, 94, 141.
 */

export interface ChartBar {
  day: string;
  clicks: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartTick {
  value: number;
  y: number;
}

export interface ClickChart {
  width: number;
  height: number;
  /** The plot area inside the axes. */
  plot: { left: number; top: number; right: number; bottom: number };
  max: number;
  ticks: ChartTick[];
  bars: ChartBar[];
  /** Days whose date is written under the axis: about six (four when narrow), the last day always among them. */
  labels: Array<{ day: string; x: number }>;
}

/** The smallest "nice" step (1, 2 or 5 times a power of ten) that covers `max` in at most `count` steps. */
export function niceStep(max: number, count: number): number {
  if (max <= 0) return 1;
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const factor of [1, 2, 5, 10]) {
    const step = factor * power;
    if (step >= rough) return Math.max(1, step);
  }
  return 10 * power;
}

/**
 * Two drawings of one chart: the SVG scales with its box, and text drawn at 11 units in a
 * 720-wide picture is 5 px tall on a 390 px phone. The narrow one keeps its text readable there.
 */
export const CHART_SIZES = {
  wide: { width: 720, height: 240, labels: 6 },
  narrow: { width: 340, height: 220, labels: 4 },
} as const;

export function clickChart(
  days: ReadonlyArray<DailyClicks>,
  size: { width: number; height: number; labels?: number } = CHART_SIZES.wide,
): ClickChart {
  const plot = { left: 44, top: 12, right: size.width - 8, bottom: size.height - 28 };
  const busiest = Math.max(0, ...days.map((entry) => entry.clicks));
  const step = niceStep(busiest, 4);
  const max = Math.max(step, Math.ceil(busiest / step) * step);
  const plotHeight = plot.bottom - plot.top;
  const yOf = (value: number) => plot.bottom - (value / max) * plotHeight;

  const slot = days.length > 0 ? (plot.right - plot.left) / days.length : 0;
  // A gap of a fifth of the slot, but never less than one pixel between bars.
  const gap = Math.min(Math.max(1, slot * 0.2), slot / 2);
  const bars = days.map((entry, index) => {
    const y = yOf(entry.clicks);
    return { day: entry.day, clicks: entry.clicks, x: plot.left + index * slot + gap / 2, y, width: slot - gap, height: plot.bottom - y };
  });

  const ticks: ChartTick[] = [];
  for (let value = 0; value <= max; value += step) ticks.push({ value, y: yOf(value) });

  const every = Math.max(1, Math.ceil(days.length / (size.labels ?? CHART_SIZES.wide.labels)));
  const labels = bars
    .filter((_, index) => (days.length - 1 - index) % every === 0)
    .map((bar) => ({ day: bar.day, x: bar.x + bar.width / 2 }));

  return { width: size.width, height: size.height, plot, max, ticks, bars, labels };
}
