import { describe, expect, it } from "vitest";
import { erfc, normalQuantile, twoProportionZTest, viewsNeededPerVariant, viewsStillNeeded } from "./statistics";

// The worked example, by hand: control 100 clicks of 1,000 views (10%), variant 130 of 1,000 (13%).
//   pooled p = 230 / 2,000 = 0.115
//   SE = √(0.115 × 0.885 × (1/1,000 + 1/1,000)) = √0.00020355 = 0.0142671
//   z = (0.13 − 0.10) / 0.0142671 = 2.10274
//   p = 2 × (1 − Φ(2.10274)) = 2 × 0.017744 = 0.03549
// Views per variant for 80% power at α = 0.05 (z 1.959964 and 0.841621), mean rate 0.115:
//   n = (1.959964 × √(2 × 0.115 × 0.885) + 0.841621 × √(0.09 + 0.1131))² / 0.03²
//     = (0.884267 + 0.379290)² / 0.0009 = 1.596576 / 0.0009 = 1,773.97 → 1,774
const CONTROL = { views: 1_000, clicks: 100 };
const VARIANT = { views: 1_000, clicks: 130 };

describe("twoProportionZTest", () => {
  it("gives the worked example's z and two-sided p-value", () => {
    const test = twoProportionZTest(CONTROL, VARIANT)!;
    expect(test.z).toBeCloseTo(2.10274, 4);
    expect(test.pValue).toBeCloseTo(0.03549, 4);
  });

  it("is symmetric: the other way round, z changes sign and p stays", () => {
    const test = twoProportionZTest(VARIANT, CONTROL)!;
    expect(test.z).toBeCloseTo(-2.10274, 4);
    expect(test.pValue).toBeCloseTo(0.03549, 4);
  });

  it("says p = 1 for equal rates, and nothing without views, clicks or non-clicks", () => {
    expect(twoProportionZTest({ views: 500, clicks: 50 }, { views: 1_000, clicks: 100 })).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionZTest({ views: 0, clicks: 0 }, VARIANT)).toBeNull();
    expect(twoProportionZTest({ views: 10, clicks: 0 }, { views: 10, clicks: 0 })).toBeNull();
    expect(twoProportionZTest({ views: 10, clicks: 10 }, { views: 10, clicks: 10 })).toBeNull();
    expect(twoProportionZTest({ views: 10, clicks: 11 }, VARIANT)).toBeNull();
  });
});

describe("views needed for 80% power", () => {
  it("gives the worked example's 1,774 views per variant, and 774 still to come after 1,000 each", () => {
    expect(viewsNeededPerVariant(0.1, 0.13)).toBe(1_774);
    expect(viewsStillNeeded(CONTROL, VARIANT)).toBe(774);
  });

  it("counts from the variant with fewer views, and says 0 once there are enough", () => {
    expect(viewsStillNeeded({ views: 800, clicks: 80 }, { views: 1_000, clicks: 130 })).toBe(1_774 - 800);
    expect(viewsStillNeeded({ views: 2_000, clicks: 200 }, { views: 2_000, clicks: 260 })).toBe(0);
  });

  it("has no answer without an effect", () => {
    expect(viewsNeededPerVariant(0.1, 0.1)).toBeNull();
    expect(viewsStillNeeded({ views: 100, clicks: 10 }, { views: 200, clicks: 20 })).toBeNull();
    expect(viewsStillNeeded({ views: 0, clicks: 0 }, VARIANT)).toBeNull();
  });
});

describe("the normal distribution's helpers", () => {
  it("match the table values", () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 6);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 6);
    expect(erfc(0)).toBeCloseTo(1, 7);
    // 2 × (1 − Φ(1.96)) = 0.0499958
    expect(erfc(1.959964 / Math.SQRT2)).toBeCloseTo(0.05, 6);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});
