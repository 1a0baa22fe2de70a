import { Star } from "~/components/ui/icons";
import { cn } from "~/components/ui/cn";
import { ratingAccessibleText, starStates, type StarRounding } from "~/lib/ratings";

const sizes = { sm: "size-3.5", md: "size-4", lg: "size-5" } as const;

/**
 * SPEC §3 "Rating display": filled stars, then empty ones. `rounding="whole"` is for product
 * and collection pages (whole part only); the default rounds a half up. Screen readers hear
 * 'Rated 4.5 out of 5' instead of five icons.
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
  return (
    <span role="img" aria-label={ratingAccessibleText(rating, max)} className={cn("inline-flex items-center gap-0.5", className)}>
      {starStates(rating, rounding, max).map((state, index) => (
        <Star
          key={index}
          aria-hidden
          className={cn(sizes[size], state === "full" ? "fill-amber-500 text-amber-500" : "fill-transparent text-stone-300")}
        />
      ))}
    </span>
  );
}
