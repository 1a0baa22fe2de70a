import { describe, expect, it } from "vitest";
import { filledStarCount, NOT_YET_RATED, ratingAccessibleText, ratingGrade, ratingText, starStates } from "./ratings";

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

describe("stars, general display (half up)", () => {
  it.each([
    [4.5, 5],
    [4.4, 4],
    [4.49, 4],
    [3.5, 4],
    [0.5, 1],
    [0.4, 0],
    [0, 0],
    [5, 5],
  ])("%s fills %s stars", (rating, filled) => {
    expect(filledStarCount(rating)).toBe(filled);
    const states = starStates(rating);
    expect(states).toHaveLength(5);
    expect(states.filter((s) => s === "full")).toHaveLength(filled);
    expect(states.slice(0, filled).every((s) => s === "full")).toBe(true);
  });

  it("honours another maximum and never overfills", () => {
    expect(starStates(3.5, "half-up", 10)).toEqual([...Array(4).fill("full"), ...Array(6).fill("empty")]);
    expect(filledStarCount(7, "half-up", 5)).toBe(5);
    expect(starStates(-1)).toEqual(Array(5).fill("empty"));
  });

  it("shows empty stars for an unrated product", () => {
    expect(starStates(null)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
  });
});

describe("stars, product and collection pages (whole part only)", () => {
  it.each([
    [4.9, 4],
    [4.5, 4],
    [4.0, 4],
    [3.5, 3],
    [0.9, 0],
    [5, 5],
  ])("%s fills %s of 5", (rating, filled) => {
    expect(filledStarCount(rating, "whole")).toBe(filled);
    expect(starStates(rating, "whole").filter((s) => s === "full")).toHaveLength(filled);
  });
});
