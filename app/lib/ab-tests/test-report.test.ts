import { describe, expect, it } from "vitest";
import { testReport } from "./test-report";

// By hand: control 20 clicks of 200 views (10%), "See today's price" 40 of 200 (20%).
//   pooled p = 60 / 400 = 0.15
//   SE = √(0.15 × 0.85 × (1/200 + 1/200)) = √0.001275 = 0.035707
//   z = 0.10 / 0.035707 = 2.8006, two-sided p = 2 × (1 − Φ(2.8006)) = 0.0051
describe("testReport", () => {
  const report = testReport(
    ["buy-now", "todays-price"],
    [
      { views: 200, clicks: 20, commission: { USD: 12_000 } },
      { views: 200, clicks: 40, commission: { USD: 30_000 } },
    ],
  );

  it("gives each variant its views, clicks, rate and earnings per click", () => {
    expect(report.rows).toEqual([
      expect.objectContaining({
        name: "Buy now",
        control: true,
        views: 200,
        clicks: 20,
        ctrText: "10.0%",
        commissionText: "USD 120.00",
        epcText: "USD 6.00",
      }),
      expect.objectContaining({
        name: "See today's price",
        control: false,
        views: 200,
        clicks: 40,
        ctrText: "20.0%",
        commissionText: "USD 300.00",
        epcText: "USD 7.50",
      }),
    ]);
  });

  it("compares the challenger with the control: +10 points, p = 0.005, significant", () => {
    expect(report.comparisons).toEqual([
      expect.objectContaining({ differenceText: "+10.0 points", pValueText: "p = 0.005", significant: true }),
    ]);
    expect(report.comparisons[0]!.verdict).toMatch(/^Significant at 95%: readers shown "See today's price" click more often/);
  });

  it("says how many more views a small difference needs, and nothing without views", () => {
    const small = testReport(
      ["buy-now", "check-price"],
      [
        { views: 1_000, clicks: 100, commission: {} },
        { views: 1_000, clicks: 110, commission: {} },
      ],
    );
    expect(small.comparisons[0]!.significant).toBe(false);
    expect(small.comparisons[0]!.verdict).toMatch(/^Not significant yet: about [\d,]+ more views per variant/);
    const none = testReport(["buy-now", "check-price"], []);
    expect(none.rows[0]).toEqual(expect.objectContaining({ ctrText: "–", commissionText: "None yet", epcText: "–" }));
    expect(none.comparisons[0]).toEqual(
      expect.objectContaining({ pValueText: null, significant: false, verdict: "Not enough views and clicks yet to compare." }),
    );
  });
});
