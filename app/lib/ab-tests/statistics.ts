/**
 * The statistics of an A/B test of the buy button: is one variant's click-through rate really
 * different from the other's (a two-sided two-proportion z-test on views and clicks), and how many
 * views per variant a test needs to tell the observed difference apart with 80% power at the 5%
 * level. Pure functions: the admin page gives them the counts.
 */

export interface VariantCounts {
  views: number;
  clicks: number;
}

export interface ZTest {
  /** Positive when the second variant's rate is the higher. */
  z: number;
  /** Two-sided: the chance of a difference at least this large if both variants were the same. */
  pValue: number;
}

/**
 * The pooled two-proportion z-test of `b` against `a`; null when it cannot be worked out (a
 * variant without views, or no click at all, or every view a click).
 */
export function twoProportionZTest(a: VariantCounts, b: VariantCounts): ZTest | null {
  if (!validCounts(a) || !validCounts(b) || a.views === 0 || b.views === 0) return null;
  const pooled = (a.clicks + b.clicks) / (a.views + b.views);
  const standardError = Math.sqrt(pooled * (1 - pooled) * (1 / a.views + 1 / b.views));
  if (standardError === 0) return null;
  const z = (b.clicks / b.views - a.clicks / a.views) / standardError;
  return { z, pValue: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/**
 * Views each variant needs for a test of `rateA` against `rateB` to find their difference with
 * the given power at the given two-sided significance level (the usual formula for two
 * proportions); null when the rates are equal (no number of views would do) or not rates.
 */
export function viewsNeededPerVariant(rateA: number, rateB: number, options: { alpha?: number; power?: number } = {}): number | null {
  const alpha = options.alpha ?? 0.05;
  const power = options.power ?? 0.8;
  if (!(rateA >= 0 && rateA <= 1 && rateB >= 0 && rateB <= 1) || rateA === rateB) return null;
  const zAlpha = normalQuantile(1 - alpha / 2);
  const zBeta = normalQuantile(power);
  const mean = (rateA + rateB) / 2;
  const root = zAlpha * Math.sqrt(2 * mean * (1 - mean)) + zBeta * Math.sqrt(rateA * (1 - rateA) + rateB * (1 - rateB));
  return Math.ceil((root * root) / ((rateA - rateB) * (rateA - rateB)));
}

/**
 * Views still to come per variant for 80% power at the effect seen so far: what the formula asks
 * for less what the variant with fewer views has; 0 once there are enough, null when the effect
 * is none yet (equal rates, or a variant without views).
 */
export function viewsStillNeeded(a: VariantCounts, b: VariantCounts): number | null {
  if (!validCounts(a) || !validCounts(b) || a.views === 0 || b.views === 0) return null;
  const needed = viewsNeededPerVariant(a.clicks / a.views, b.clicks / b.views);
  return needed === null ? null : Math.max(0, needed - Math.min(a.views, b.views));
}

function validCounts(counts: VariantCounts): boolean {
  return Number.isInteger(counts.views) && Number.isInteger(counts.clicks) && counts.clicks >= 0 && counts.clicks <= counts.views;
}

/** The complementary error function (Numerical Recipes' erfcc: fractional error under 1.2e-7). */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const value =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? value : 2 - value;
}

/** The standard normal quantile (Acklam's rational approximation: relative error under 1.2e-9), for 0 < p < 1. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1, got ${p}`);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const value =
      (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
      ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
    return p < low ? value : -value;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1)
  );
}
