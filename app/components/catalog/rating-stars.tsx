import type { CSSProperties } from "react";
import { cn } from "~/components/ui/cn";
import { filledStarCount, ratingAccessibleText, type StarRounding } from "~/lib/ratings";

const sizes = { sm: "rating-stars-sm", md: "rating-stars-md", lg: "rating-stars-lg" } as const;

/**
 * Rating display: filled stars, then empty ones. `rounding="whole"` is for product
 * and collection pages (whole part only); the default rounds a half up. Screen readers hear
 * 'Rated 4.5 out of 5' instead of five icons.
 *
 * One element per rating: the `.rating-stars` rule in app.css paints the outlined row and the
 * filled stars over it from two star masks, sized by `--max` and `--filled`, instead of ten SVG
 * elements per rating repeated down every list.
 */
export function RatingStars({
  rating,
  max = 5,
  size = "md",
  rounding = "half-up",
  className,
}: {
  rating: number | null;
  max?: number;
  size?: keyof typeof sizes;
  rounding?: StarRounding;
  className?: string;
}) {
  const filled = filledStarCount(rating, rounding, max);
  return (
    <span
      role="img"
      aria-label={ratingAccessibleText(rating, max)}
      data-filled-stars={filled}
      className={cn("rating-stars", sizes[size], className)}
      style={{ "--max": Math.max(0, max), "--filled": filled } as CSSProperties}
    />
  );
}
