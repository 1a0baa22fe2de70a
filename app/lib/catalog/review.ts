/**
 * The in-depth review of a product: a verdict, pros and cons, a 0–10 score for each of five
 * criteria, "best for" / "skip it if" lines, up to three alternatives, the reviewer and the date
 * tested. The overall rating (0–5 stars, the `rating` field every page already shows) is derived
 * from the scores by the owner's weights; a product without scores keeps the rating typed by hand
 * (docs/decisions/0076-review-scores-and-structured-data.md).
 */

export const REVIEW_CRITERIA = [
  { key: "scoreBuildQuality", column: "score_build_quality", label: "Build quality" },
  { key: "scoreHeatEfficiency", column: "score_heat_efficiency", label: "Heat efficiency" },
  { key: "scoreInstallation", column: "score_installation", label: "Ease of installation" },
  { key: "scoreWarranty", column: "score_warranty", label: "Warranty" },
  { key: "scoreValue", column: "score_value", label: "Value" },
] as const;

export type ScoreKey = (typeof REVIEW_CRITERIA)[number]["key"];

/**
 * The review's columns, named alike in the product CSV and the products table: both column
 * lists take them from here, so a new review field is added once.
 */
export const REVIEW_COLUMNS = [
  "verdict",
  "pros",
  "cons",
  "score_build_quality",
  "score_heat_efficiency",
  "score_installation",
  "score_warranty",
  "score_value",
  "best_for",
  "skip_if",
  "alternatives",
  "reviewer",
  "tester",
  "tested_on",
  "customer_rating",
  "customer_review_source",
] as const;

export const MAX_SCORE = 10;
export const MAX_ALTERNATIVES = 3;

/** The review's fields on a product; absent where a reader predates them (read as empty). */
export interface ReviewFields {
  verdict?: string | null;
  pros?: string[];
  cons?: string[];
  scoreBuildQuality?: number | null;
  scoreHeatEfficiency?: number | null;
  scoreInstallation?: number | null;
  scoreWarranty?: number | null;
  scoreValue?: number | null;
  bestFor?: string | null;
  skipIf?: string | null;
  /** Slugs of other products, in the order the reviewer ranks them; at most three. */
  alternatives?: string[];
  /** The reviewer's name (an author of the site). */
  reviewer?: string | null;
  /** Who tested the product, when not the reviewer (an author of the site). */
  tester?: string | null;
  /** YYYY-MM-DD */
  testedOn?: string | null;
  /** Customers' average rating (0–5) at a named source; with a count, the only source of AggregateRating. */
  customerRating?: number | null;
  /** Where the customers' rating and count come from ('Amazon', 'the maker's store'). */
  customerReviewSource?: string | null;
}

/** Percent per criterion; they sum to 100. */
export type ReviewWeights = Record<ScoreKey, number>;

/** Equal weights: no criterion counts more until the owner says so. */
export const DEFAULT_REVIEW_WEIGHTS: ReviewWeights = {
  scoreBuildQuality: 20,
  scoreHeatEfficiency: 20,
  scoreInstallation: 20,
  scoreWarranty: 20,
  scoreValue: 20,
};

/** A score as stored: 0 to 10 with one decimal. */
export function clampScore(value: number): number {
  return Math.min(MAX_SCORE, Math.max(0, Math.round(value * 10) / 10));
}

/** Weights that can be used: whole percents 0–100 summing to 100; else the reason, in the owner's words. */
export function checkWeights(weights: ReviewWeights): string | null {
  const values = REVIEW_CRITERIA.map(({ key }) => weights[key]);
  if (values.some((value) => !Number.isInteger(value) || value < 0 || value > 100)) return "Each weight is a whole percent from 0 to 100.";
  const total = values.reduce((sum, value) => sum + value, 0);
  return total === 100 ? null : `The weights add up to ${total}%; they must add up to 100%.`;
}

/**
 * The overall rating from the scores: the weighted mean of the scores given (0–10), halved to the
 * 0–5 stars, to one decimal. A criterion without a score drops out and the others' weights carry
 * the whole; no scores (or only zero-weight ones) → null, and the hand-typed rating stands.
 */
export function overallFromScores(product: ReviewFields, weights: ReviewWeights = DEFAULT_REVIEW_WEIGHTS): number | null {
  let weighted = 0;
  let total = 0;
  for (const { key } of REVIEW_CRITERIA) {
    const score = product[key];
    if (score === null || score === undefined || !Number.isFinite(score)) continue;
    weighted += clampScore(score) * weights[key];
    total += weights[key];
  }
  if (total === 0) return null;
  return Math.round((weighted / total / 2) * 10) / 10;
}

/** The rating a save stores: derived from the scores when there are any, else the one typed. */
export function ratingForSave(product: ReviewFields & { rating: number | null }, weights: ReviewWeights): number | null {
  return overallFromScores(product, weights) ?? product.rating;
}

/** The review fields every reader of a Product can rely on (lists empty, texts null). */
export function reviewOf(product: ReviewFields): Required<ReviewFields> {
  return {
    verdict: product.verdict ?? null,
    pros: product.pros ?? [],
    cons: product.cons ?? [],
    scoreBuildQuality: product.scoreBuildQuality ?? null,
    scoreHeatEfficiency: product.scoreHeatEfficiency ?? null,
    scoreInstallation: product.scoreInstallation ?? null,
    scoreWarranty: product.scoreWarranty ?? null,
    scoreValue: product.scoreValue ?? null,
    bestFor: product.bestFor ?? null,
    skipIf: product.skipIf ?? null,
    alternatives: product.alternatives ?? [],
    reviewer: product.reviewer ?? null,
    tester: product.tester ?? null,
    testedOn: product.testedOn ?? null,
    customerRating: product.customerRating ?? null,
    customerReviewSource: product.customerReviewSource ?? null,
  };
}

export interface ScoreBar {
  label: string;
  /** 0–10, one decimal. */
  score: number;
  /** '8.5' */
  text: string;
  /** Of the bar's width, 0–100. */
  percent: number;
}

/** The score bars in the criteria's order; criteria without a score are left out. */
export function scoreBars(product: ReviewFields): ScoreBar[] {
  return REVIEW_CRITERIA.flatMap(({ key, label }) => {
    const score = product[key];
    if (typeof score !== "number" || !Number.isFinite(score)) return [];
    const value = clampScore(score);
    return [{ label, score: value, text: value.toFixed(1), percent: (value / MAX_SCORE) * 100 }];
  });
}
