import { describe, expect, it } from "vitest";
import { measuredScores, normalisedPositions } from "./scores";

const weights = (overall: number, families: number, quick: number) => ({ overall, families, "quick-sessions": quick });
// Heat-up time (minutes, lower better) under method v2; bench temperature (°C, higher better) under v1.
const heatUp = { id: 1, better: "lower" as const, methodVersion: 2, weights: weights(2, 0, 3) };
const bench = { id: 2, better: "higher" as const, methodVersion: 1, weights: weights(1, 1, 0) };

const value = (productId: number, measurementId: number, v: number, methodVersion: number) => ({
  productId,
  measurementId,
  value: v,
  methodVersion,
});

describe("normalisedPositions", () => {
  it("places the value within the comparable range, flipped when lower is better", () => {
    const values = [value(10, 1, 20, 2), value(11, 1, 40, 2), value(12, 1, 30, 2), value(10, 2, 80, 1), value(11, 2, 90, 1)];
    expect(Object.fromEntries(normalisedPositions(12, [heatUp, bench], values))).toEqual({ 1: 0.5 });
    expect(Object.fromEntries(normalisedPositions(10, [heatUp, bench], values))).toEqual({ 1: 1, 2: 0 });
  });

  it("never mixes a value taken under an older method into the range", () => {
    // Product 13's 5 minutes were measured under v1: without it the range is 20–40, not 5–40.
    const values = [value(10, 1, 20, 2), value(11, 1, 40, 2), value(13, 1, 5, 1)];
    expect(normalisedPositions(11, [heatUp], values).get(1)).toBe(0);
    expect(normalisedPositions(13, [heatUp], values).has(1)).toBe(false);
  });

  it("skips a measurement with fewer than two products, or where all are level", () => {
    expect(normalisedPositions(10, [heatUp], [value(10, 1, 20, 2)]).size).toBe(0);
    expect(normalisedPositions(10, [heatUp], [value(10, 1, 20, 2), value(11, 1, 20, 2)]).size).toBe(0);
  });
});

describe("measuredScores", () => {
  it("is the weighted mean of the positions, on 0–10", () => {
    const values = [
      value(10, 1, 20, 2),
      value(11, 1, 40, 2),
      value(12, 1, 30, 2),
      value(12, 2, 85, 1),
      value(10, 2, 80, 1),
      value(11, 2, 90, 1),
    ];
    // Product 12: heat-up 0.5, bench 0.5 → 5.0 overall; families weighs only the bench (0.5 → 5);
    // quick sessions only heat-up (0.5 → 5).
    expect(measuredScores(12, [heatUp, bench], values).map((s) => s.score)).toEqual([5, 5, 5]);
    // Product 10: heat-up 1 (fastest), bench 0 (coolest). Overall (2·1 + 1·0) / 3 = 6.7.
    expect(measuredScores(10, [heatUp, bench], values)).toEqual([
      { usage: "overall", label: "Overall", score: 6.7, measurements: 2 },
      { usage: "families", label: "For families", score: 0, measurements: 1 },
      { usage: "quick-sessions", label: "For quick sessions", score: 10, measurements: 1 },
    ]);
  });

  it("says not enough data (null) when under two products were measured", () => {
    const scores = measuredScores(10, [heatUp, bench], [value(10, 1, 20, 2), value(10, 2, 80, 1)]);
    expect(scores.map((s) => s.score)).toEqual([null, null, null]);
  });

  it("leaves out values under an old method, even the product's own", () => {
    // Product 10's heat-up was measured under v1: only the bench counts for it.
    const values = [value(10, 1, 10, 1), value(11, 1, 40, 2), value(12, 1, 30, 2), value(10, 2, 90, 1), value(11, 2, 80, 1)];
    expect(measuredScores(10, [heatUp, bench], values).map((s) => s.score)).toEqual([10, 10, null]);
  });
});
