import { RatingStars } from "~/components/catalog/rating-stars";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/components/ui/cn";
import { isRated, ratingGrade, ratingText, type RatingTone } from "~/lib/ratings";

/** Text colour per rating label: each label has its own colour. */
const RATING_TONE_TEXT: Record<RatingTone, string> = {
  excellent: "text-rating-excellent",
  good: "text-rating-good",
  average: "text-rating-average",
  "below-average": "text-rating-below",
  poor: "text-rating-poor",
  unrated: "text-ink-muted",
};

/** Background per rating label, for score chips (white text on it keeps 4.5:1). */
export const RATING_TONE_CHIP: Record<RatingTone, string> = {
  excellent: "bg-rating-excellent text-white",
  good: "bg-rating-good text-white",
  average: "bg-rating-average text-white",
  "below-average": "bg-rating-below text-white",
  poor: "bg-rating-poor text-white",
  unrated: "bg-sand text-ink-muted",
};

/** The neutral 'Sample' badge: a sample's rating and review count are invented. */
export function SampleBadge({ className }: { className?: string }) {
  return (
    <Badge variant="neutral" className={className} title="Sample product: its rating and review count are invented for demonstration">
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
    <p className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-sm", className)}>
      <RatingStars rating={rating} size={size} rounding="half-up" />
      <span className={cn("font-semibold tabular-nums", RATING_TONE_TEXT[ratingGrade(rating).tone])}>{ratingText(rating)}</span>
      {reviewCount != null && (
        <span className="text-ink-muted">
          ({reviewCount.toLocaleString("en-US")} {reviewCount === 1 ? "review" : "reviews"})
        </span>
      )}
      {isSample && sampleBadge && <SampleBadge />}
    </p>
  );
}
