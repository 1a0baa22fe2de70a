import { RatingStars } from "~/components/catalog/rating-stars";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { isRated, ratingGrade, ratingText, type RatingTone } from "~/lib/catalog/ratings";

/** Text colour per rating label: each label has its own colour. */
const RATING_TONE_TEXT: Record<RatingTone, string> = {
  excellent: "text-rating-excellent",
  good: "text-rating-good",
  average: "text-rating-average",
  "below-average": "text-rating-below",
  poor: "text-rating-poor",
  unrated: "text-ink-muted",
};

/**
 * Background per rating label, for score chips: the chip's own class writes white on it (4.5:1 on
 * every label's colour); the unrated chip's muted ink outranks that white.
 */
export const RATING_TONE_CHIP: Record<RatingTone, string> = {
  excellent: "bg-rating-excellent",
  good: "bg-rating-good",
  average: "bg-rating-average",
  "below-average": "bg-rating-below",
  poor: "bg-rating-poor",
  unrated: "bg-sand text-ink-muted",
};

/** The neutral 'Sample' badge: a sample's rating and review count are invented. */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge className={className} title="Sample product: its rating and reviews are invented">
      Sample
    </Badge>
  );
}

/**
 * Stars (a half rounds up) with the rating to one decimal, the review count when known
 * (never made up: an unknown count is left out, see docs/decisions/0006) and the 'Sample' badge for sample products.
 */
export function RatingSummary({
  rating,
  reviewCount,
  isSample,
  sampleBadge = true,
  size = "sm",
  className,
}: {
  rating: number | null;
  reviewCount?: number | null;
  isSample: boolean;
  /** false when the card shows the 'Sample' badge elsewhere (with its other badges). */
  sampleBadge?: boolean;
  size?: "sm" | "md";
  className?: string;
}) {
  if (!isRated(rating)) {
    return <p className={cn("text-sm text-ink-muted", className)}>{ratingText(rating)}</p>;
  }
  return (
    // `.rating-line` (app/app.css) sets the row and the number's weight.
    <p className={cn("rating-line", className)}>
      <RatingStars rating={rating} size={size} />
      <span className={RATING_TONE_TEXT[ratingGrade(rating).tone]}>{ratingText(rating)}</span>
      {reviewCount != null && (
        // One text node: React would separate the four parts with comment markers in the HTML.
        <span className="text-ink-muted">{`(${reviewCount.toLocaleString("en-US")} ${reviewCount === 1 ? "review" : "reviews"})`}</span>
      )}
      {isSample && sampleBadge && <SampleBadge />}
    </p>
  );
}
