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

/**
 * How much of the row of stars a rating fills: the rating itself, to the one decimal pages print,
 * within 0 and the maximum. One rule for every page (docs/decisions/0065): a 4.6 fills four stars
 * and most of the fifth everywhere, where rounding rules of their own once drew it as five stars
 * on one page and four on another.
 */
export function starFill(rating: number | null, max = DEFAULT_STAR_MAX): number {
  if (!isRated(rating) || rating <= 0) return 0;
  return Math.min(max, Math.round(rating * 10) / 10);
}
