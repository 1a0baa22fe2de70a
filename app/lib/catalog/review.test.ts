import { describe, expect, it } from "vitest";
import { checkWeights, DEFAULT_REVIEW_WEIGHTS, overallFromScores, ratingForSave, scoreBars } from "./review";

const scores = { scoreBuildQuality: 9, scoreHeatEfficiency: 8, scoreInstallation: 6, scoreWarranty: 10, scoreValue: 7 };

describe("the overall rating from the scores", () => {
  it("is the weighted mean of the scores out of 10, halved to the five stars, to one decimal", () => {
    expect(overallFromScores(scores)).toBe(4); // (9+8+6+10+7)/5 = 8 → 4.0
    const buildHeavy = {
      ...DEFAULT_REVIEW_WEIGHTS,
      scoreBuildQuality: 60,
      scoreHeatEfficiency: 10,
      scoreInstallation: 10,
      scoreWarranty: 10,
      scoreValue: 10,
    };
    expect(overallFromScores(scores, buildHeavy)).toBe(4.3); // 5.4 + 0.8 + 0.6 + 1.0 + 0.7 = 8.5 → 4.25 → 4.3
  });

  it("leaves unscored criteria out, the others sharing their weight; no scores → the typed rating stands", () => {
    expect(overallFromScores({ scoreBuildQuality: 9, scoreValue: 7 })).toBe(4);
    expect(overallFromScores({})).toBeNull();
    expect(ratingForSave({ rating: 3.7 }, DEFAULT_REVIEW_WEIGHTS)).toBe(3.7);
    expect(ratingForSave({ ...scores, rating: 3.7 }, DEFAULT_REVIEW_WEIGHTS)).toBe(4);
    // Only zero-weight criteria scored: nothing to derive from.
    expect(overallFromScores({ scoreValue: 9 }, { ...DEFAULT_REVIEW_WEIGHTS, scoreValue: 0, scoreBuildQuality: 40 })).toBeNull();
  });

  it("takes whole-percent weights that add up to 100, and says why others are refused", () => {
    expect(checkWeights(DEFAULT_REVIEW_WEIGHTS)).toBeNull();
    expect(checkWeights({ ...DEFAULT_REVIEW_WEIGHTS, scoreValue: 30 })).toBe("The weights add up to 110%; they must add up to 100%.");
    expect(checkWeights({ ...DEFAULT_REVIEW_WEIGHTS, scoreValue: 20.5 })).toBe("Each weight is a whole percent from 0 to 100.");
    expect(checkWeights({ ...DEFAULT_REVIEW_WEIGHTS, scoreValue: Number.NaN })).toBe("Each weight is a whole percent from 0 to 100.");
  });

  it("draws a bar per scored criterion, in the criteria's order", () => {
    expect(scoreBars({ scoreValue: 7.5, scoreBuildQuality: 12 })).toEqual([
      { label: "Build quality", score: 10, text: "10.0", percent: 100 },
      { label: "Value", score: 7.5, text: "7.5", percent: 75 },
    ]);
  });
});
