import { formatMoney } from "../revenue/earnings";
import { OPTION_NAMES } from "./buy-button";
import { twoProportionZTest, viewsStillNeeded, type VariantCounts } from "./statistics";

/**
 * An A/B test's results as the owner reads them: per variant its views, clicks, click-through
 * rate and earnings per click; per challenger, the two-sided two-proportion z-test against the
 * control, whether it is significant at the 5% level, and the views per variant still needed for
 * 80% power at the difference seen so far. Pure: the admin screen gives it the counts.
 */

export interface VariantFiguresInput extends VariantCounts {
  /** Commission in hundredths per currency, orders not reversed. */
  commission: Record<string, number>;
}

export interface VariantRow {
  index: number;
  name: string;
  control: boolean;
  views: number;
  clicks: number;
  /** "4.2%"; "–" without views. */
  ctrText: string;
  /** "USD 1,210.06", each currency's, or "None yet". */
  commissionText: string;
  /** Earnings per click: "USD 12.10", each currency's, or "–" without clicks. */
  epcText: string;
}

export interface Comparison {
  index: number;
  name: string;
  /** Percentage points, challenger minus control: "+2.0 points". */
  differenceText: string;
  /** "p = 0.005", or null when the test cannot be worked out yet. */
  pValueText: string | null;
  significant: boolean;
  /** What the owner should read: "Significant at 95%: … clicks more often" / "Not significant yet: … more views per variant". */
  verdict: string;
}

export interface TestReport {
  rows: VariantRow[];
  comparisons: Comparison[];
}

const SIGNIFICANCE = 0.05;

function percent(clicks: number, views: number): string {
  return views === 0 ? "–" : `${((clicks / views) * 100).toFixed(1)}%`;
}

function money(perCurrency: Record<string, number>, divideBy = 1): string | null {
  const entries = Object.entries(perCurrency).filter(([, hundredths]) => hundredths !== 0);
  if (entries.length === 0) return null;
  return entries
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, hundredths]) => formatMoney(currency, Math.round(hundredths / divideBy)))
    .join(" · ");
}

function pValueText(p: number): string {
  return p < 0.001 ? "p < 0.001" : `p = ${p.toFixed(3)}`;
}

export function testReport(variants: readonly string[], figures: readonly VariantFiguresInput[]): TestReport {
  const rows = variants.map((option, index): VariantRow => {
    const counts = figures[index] ?? { views: 0, clicks: 0, commission: {} };
    return {
      index,
      name: OPTION_NAMES[option] ?? option,
      control: index === 0,
      views: counts.views,
      clicks: counts.clicks,
      ctrText: percent(counts.clicks, counts.views),
      commissionText: money(counts.commission) ?? "None yet",
      epcText: counts.clicks === 0 ? "–" : (money(counts.commission, counts.clicks) ?? "0.00"),
    };
  });
  const control = figures[0] ?? { views: 0, clicks: 0, commission: {} };
  const comparisons = rows.slice(1).map((row): Comparison => {
    const counts = figures[row.index] ?? { views: 0, clicks: 0, commission: {} };
    // Views reported by browsers can fall short of clicks (a beacon lost); the test needs clicks ≤ views.
    const a = { views: Math.max(control.views, control.clicks), clicks: control.clicks };
    const b = { views: Math.max(counts.views, counts.clicks), clicks: counts.clicks };
    const test = twoProportionZTest(a, b);
    const points = a.views > 0 && b.views > 0 ? (b.clicks / b.views - a.clicks / a.views) * 100 : null;
    const differenceText = points === null ? "–" : `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} points`;
    const significant = test !== null && test.pValue < SIGNIFICANCE;
    const needed = viewsStillNeeded(a, b);
    let verdict: string;
    if (test === null) verdict = "Not enough views and clicks yet to compare.";
    else if (significant)
      verdict = `Significant at 95%: readers shown "${row.name}" click ${test.z > 0 ? "more" : "less"} often than the control.`;
    else if (needed === null) verdict = "No difference so far.";
    else if (needed === 0) verdict = "Not significant: enough views for this difference, and it did not hold up.";
    else verdict = `Not significant yet: about ${needed.toLocaleString("en-US")} more views per variant to tell a difference this size.`;
    return {
      index: row.index,
      name: row.name,
      differenceText,
      pValueText: test === null ? null : pValueText(test.pValue),
      significant,
      verdict,
    };
  });
  return { rows, comparisons };
}
