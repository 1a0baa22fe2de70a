import { describe, expect, it } from "vitest";
import { NOT_YET_RATED, ratingAccessibleText, ratingGrade, ratingText, starFill } from "./ratings";

describe("ratingGrade", () => {
  it.each([
    [5, "Excellent", "excellent"],
    [4.5, "Excellent", "excellent"],
    [4.49, "Good", "good"],
    [3.5, "Good", "good"],
    [3.49, "Average", "average"],
    [2.5, "Average", "average"],
    [2.49, "Below Average", "below-average"],
    [1.5, "Below Average", "below-average"],
    [1.49, "Poor", "poor"],
    [0, "Poor", "poor"],
  ] as const)("%s is %s", (rating, label, tone) => {
    expect(ratingGrade(rating)).toEqual({ label, tone });
  });

  it("gives every label its own colour token", () => {
    const tones = [5, 4, 3, 2, 1, null].map((r) => ratingGrade(r).tone);
    expect(new Set(tones).size).toBe(6);
  });

  it("says 'Not yet rated' for a product without a rating (no default 4.5)", () => {
    expect(ratingGrade(null)).toEqual({ label: "Not yet rated", tone: "unrated" });
    expect(ratingGrade(Number.NaN).label).toBe(NOT_YET_RATED);
  });
});

describe("ratingText", () => {
  it("shows one decimal", () => {
    expect(ratingText(4)).toBe("4.0");
    expect(ratingText(4.7)).toBe("4.7");
    expect(ratingText(0)).toBe("0.0");
    expect(ratingText(5)).toBe("5.0");
  });

  it("shows 'Not yet rated' for null", () => {
    expect(ratingText(null)).toBe("Not yet rated");
  });

  it("has an accessible sentence", () => {
    expect(ratingAccessibleText(4)).toBe("Rated 4.0 out of 5");
    expect(ratingAccessibleText(null)).toBe("Not yet rated");
  });
});

describe("stars: one fill for every page", () => {
  it.each([
    [4.6, 4.6],
    [4.5, 4.5],
    [4.44, 4.4],
    [4.96, 5],
    [0.4, 0.4],
    [0, 0],
    [5, 5],
  ])("%s fills %s stars", (rating, fill) => {
    expect(starFill(rating)).toBe(fill);
  });

  it("honours another maximum, never overfills, and fills nothing for no rating", () => {
    expect(starFill(3.5, 10)).toBe(3.5);
    expect(starFill(7)).toBe(5);
    expect(starFill(-1)).toBe(0);
    expect(starFill(null)).toBe(0);
    expect(starFill(Number.NaN)).toBe(0);
  });
});
