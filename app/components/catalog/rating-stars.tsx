import type { CSSProperties } from "react";
import { cn } from "~/components/ui/cn";
import { ratingAccessibleText, starFill } from "~/lib/catalog/ratings";

const sizes = { sm: "rating-stars-sm", md: "rating-stars-md", lg: "rating-stars-lg" } as const;

/**
 * Rating display: the stars filled as far as the rating goes (4.6: four and most of the fifth),
 * the same on every page. Screen readers hear 'Rated 4.6 out of 5' instead of five icons.
 *
 * One element per rating: the `.rating-stars` rule in app.css paints the outlined row and the
 * filled part over it from two star masks, sized by `--max`, `--whole` and `--part`, instead of
 * ten SVG elements per rating repeated down every list.
 */
export function RatingStars({
  rating,
  max = 5,
  size = "md",
  className,
}: {
  rating: number | null;
  max?: number;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const fill = starFill(rating, max);
  const whole = Math.floor(fill);
  return (
    <span
      role="img"
      aria-label={ratingAccessibleText(rating, max)}
      data-star-fill={fill}
      className={cn("rating-stars", sizes[size], className)}
      style={{ "--max": Math.max(0, max), "--whole": whole, "--part": Math.round((fill - whole) * 10) / 10 } as CSSProperties}
    />
  );
}
