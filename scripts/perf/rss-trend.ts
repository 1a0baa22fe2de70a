/** How `npm run bench:memory` judges an RSS curve: the budget at the end, and the trend of the last half. */

export interface RssSample {
  second: number;
  rssMb: number;
}

/** "Flat": the least-squares trend over the last half of the run adds less than this. */
export const FLAT_TOLERANCE_MB = 16;

export interface RssVerdict {
  endMb: number;
  peakMb: number;
  /** The sample the last half starts at. */
  halfSecond: number;
  lastHalfMinMb: number;
  lastHalfMaxMb: number;
  /** MB the fitted line rises over the last half (negative when it falls). */
  trendMb: number;
  withinBudget: boolean;
  flat: boolean;
}

/**
 * The trend, not two single samples: RSS breathes by tens of MB as renders come and go, so
 * comparing the first and last sample of the half would call a spike growth.
 */
export function judgeRss(samples: RssSample[], budgetMb: number): RssVerdict {
  if (samples.length === 0) throw new Error("No RSS samples");
  const end = samples.at(-1)!;
  const half = samples.find((sample) => sample.second >= end.second / 2) ?? samples[0]!;
  const lastHalf = samples.filter((sample) => sample.second >= half.second);
  const trendMb = slopeMbPerSecond(lastHalf) * (end.second - half.second);
  return {
    endMb: end.rssMb,
    peakMb: Math.max(...samples.map((sample) => sample.rssMb)),
    halfSecond: half.second,
    lastHalfMinMb: Math.min(...lastHalf.map((sample) => sample.rssMb)),
    lastHalfMaxMb: Math.max(...lastHalf.map((sample) => sample.rssMb)),
    trendMb,
    withinBudget: end.rssMb <= budgetMb,
    flat: trendMb < FLAT_TOLERANCE_MB,
  };
}

function slopeMbPerSecond(points: RssSample[]): number {
  const n = points.length;
  if (n < 2) return 0;
  const meanX = points.reduce((sum, p) => sum + p.second, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.rssMb, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.second - meanX) * (p.rssMb - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.second - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}
