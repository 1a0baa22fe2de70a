import { describe, expect, it } from "vitest";
import { judgeRss, type RssSample } from "./rss-trend";

const curve = (values: number[]): RssSample[] => values.map((rssMb, i) => ({ second: i * 10, rssMb }));

describe("judgeRss", () => {
  it("calls a curve that levels off flat even with a spike in its last half", () => {
    const verdict = judgeRss(curve([170, 320, 370, 365, 372, 368, 410, 366, 370, 368, 369]), 256);
    expect(verdict.flat).toBe(true);
    expect(verdict.withinBudget).toBe(false);
    expect(verdict.peakMb).toBe(410);
    expect(verdict.halfSecond).toBe(50);
  });

  it("calls a steady climb growing, as the server did before the memory fix", () => {
    const verdict = judgeRss(curve([562, 717, 733, 779, 828, 861, 893, 903, 902, 909, 912]), 1000);
    expect(verdict.flat).toBe(false);
    expect(verdict.trendMb).toBeGreaterThan(16);
    expect(verdict.withinBudget).toBe(true);
  });

  it("holds the budget at the end, not at the peak", () => {
    expect(judgeRss(curve([200, 300, 250, 240, 250]), 256).withinBudget).toBe(true);
    expect(judgeRss(curve([200, 250, 250, 250, 257]), 256).withinBudget).toBe(false);
  });
});
