/**
 * How a rating is shown: stars and a label. A product without a rating is 'Not yet rated': we
 * never show a default 4.5 or 0.
 */

export const NOT_YET_RATED = "Not yet rated";
export const DEFAULT_STAR_MAX = 5;

export type RatingLabel = "Excellent" | "Good" | "Average" | "Below Average" | "Poor";
/** A colour token name; components map it to their colour classes. */
export type RatingTone = "excellent" | "good" | "average" | "below-average" | "poor" | "unrated";

export interface RatingGrade {
  label: RatingLabel | typeof NOT_YET_RATED;
  tone: RatingTone;
}

const grades: { min: number; label: RatingLabel; tone: RatingTone }[] = [
  { min: 4.5, label: "Excellent", tone: "excellent" },
  { min: 3.5, label: "Good", tone: "good" },
  { min: 2.5, label: "Average", tone: "average" },
  { min: 1.5, label: "Below Average", tone: "below-average" },
];

/** 4.5+ Excellent, 3.5+ Good, 2.5+ Average, 1.5+ Below Average, otherwise Poor. */
export function ratingGrade(rating: number | null): RatingGrade {
  if (!isRated(rating)) return { label: NOT_YET_RATED, tone: "unrated" };
  const grade = grades.find((g) => rating >= g.min);
  return grade ? { label: grade.label, tone: grade.tone } : { label: "Poor", tone: "poor" };
}

export function isRated(rating: number | null | undefined): rating is number {
  return typeof rating === "number" && Number.isFinite(rating);
}

/** The rating as pages carry it: a stored value that is not a finite number is no rating. */
export function ratingOrNull(rating: number | null | undefined): number | null {
  return isRated(rating) ? rating : null;
}

/** One decimal: '4.0', '4.7'; 'Not yet rated' for none. */
export function ratingText(rating: number | null): string {
  return isRated(rating) ? rating.toFixed(1) : NOT_YET_RATED;
}

/** For screen readers next to the stars: 'Rated 4.7 out of 5'. */
export function ratingAccessibleText(rating: number | null, max = DEFAULT_STAR_MAX): string {
  return isRated(rating) ? `Rated ${rating.toFixed(1)} out of ${max}` : NOT_YET_RATED;
}

export type StarState = "full" | "empty";

/**
 * 'half-up' is the general display: whole stars plus one more when the fraction is 0.5 or more.
 * 'whole' is the product and collection pages: the whole part only.
 */
export type StarRounding = "half-up" | "whole";

export function filledStarCount(rating: number | null, rounding: StarRounding = "half-up", max = DEFAULT_STAR_MAX): number {
  if (!isRated(rating) || rating <= 0) return 0;
  const whole = Math.floor(rating);
  const extra = rounding === "half-up" && rating - whole >= 0.5 ? 1 : 0;
  return Math.min(max, whole + extra);
}

/** The row of stars, e.g. 4.5 → four 'full' + one 'full' (half-up) or + one 'empty' (whole). */
export function starStates(rating: number | null, rounding: StarRounding = "half-up", max = DEFAULT_STAR_MAX): StarState[] {
  const filled = filledStarCount(rating, rounding, max);
  return Array.from({ length: Math.max(0, max) }, (_, i) => (i < filled ? "full" : "empty"));
}
