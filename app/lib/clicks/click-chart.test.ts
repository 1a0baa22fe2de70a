import { describe, expect, it } from "vitest";
import { CHART_SIZES, clickChart, niceStep } from "./click-chart";

const days = (counts: number[]) => counts.map((clicks, index) => ({ day: `2026-01-${String(index + 1).padStart(2, "0")}`, clicks }));

describe("niceStep", () => {
  it.each([
    [0, 4, 1],
    [3, 4, 1],
    [10, 4, 5],
    [47, 4, 20],
    [141, 4, 50],
    [1000, 4, 500],
    [1_000_000, 4, 500_000],
  ])("max %d in %d steps → %d", (max, count, step) => {
    expect(niceStep(max, count)).toBe(step);
  });
});

describe("clickChart", () => {
  it("ends the scale on a round number at or above the busiest day, with ticks from 0", () => {
    const chart = clickChart(days([0, 47, 141, 12]));
    expect(chart.max).toBe(150);
    expect(chart.ticks.map((tick) => tick.value)).toEqual([0, 50, 100, 150]);
    expect(chart.ticks[0]!.y).toBe(chart.plot.bottom);
    expect(chart.ticks.at(-1)!.y).toBe(chart.plot.top);
  });

  it("draws bar heights in proportion to clicks, a zero day as no bar", () => {
    const chart = clickChart(days([0, 50, 100]));
    const plotHeight = chart.plot.bottom - chart.plot.top;
    expect(chart.max).toBe(100);
    expect(chart.bars.map((bar) => bar.height)).toEqual([0, plotHeight / 2, plotHeight]);
    for (const bar of chart.bars) expect(bar.y + bar.height).toBeCloseTo(chart.plot.bottom);
  });

  it("keeps bars inside the plot and apart, even for 90 days", () => {
    const chart = clickChart(days(Array.from({ length: 90 }, (_, index) => index)));
    expect(chart.bars).toHaveLength(90);
    for (let index = 1; index < chart.bars.length; index++) {
      expect(chart.bars[index]!.x).toBeGreaterThan(chart.bars[index - 1]!.x + chart.bars[index - 1]!.width);
    }
    expect(chart.bars[0]!.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(chart.bars.at(-1)!.x + chart.bars.at(-1)!.width).toBeLessThanOrEqual(chart.plot.right);
    expect(chart.labels.length).toBeLessThanOrEqual(7);
    expect(chart.labels.at(-1)!.day).toBe(chart.bars.at(-1)!.day);
  });

  it("draws an empty period on a 0–1 scale instead of dividing by zero", () => {
    const chart = clickChart(days([0, 0, 0]));
    expect(chart.max).toBe(1);
    expect(chart.bars.every((bar) => bar.height === 0 && Number.isFinite(bar.y))).toBe(true);
  });
});

describe("the narrow drawing for phones", () => {
  it("is about as wide as a 390 px screen's content, so 11-unit text stays about 11 px", () => {
    const chart = clickChart(days(Array.from({ length: 30 }, (_, index) => index)), CHART_SIZES.narrow);
    expect(chart.width).toBeLessThanOrEqual(358);
    expect(chart.labels.length).toBeLessThanOrEqual(5);
    expect(chart.labels.at(-1)!.day).toBe(chart.bars.at(-1)!.day);
    // Four dates of "MM-DD" at 11 px need about 35 px each: they never touch.
    const gaps = chart.labels.slice(1).map((label, index) => label.x - chart.labels[index]!.x);
    expect(Math.min(...gaps)).toBeGreaterThan(45);
  });
});
