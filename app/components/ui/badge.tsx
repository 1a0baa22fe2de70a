import { cn } from "./cn";

// Neutral is `.badge`'s own colouring; the other variants' utilities outrank it.
const variants = {
  featured: "bg-brand text-white",
  "best-seller": "bg-ink text-white",
  "top-rated": "bg-brand-soft text-brand-strong",
  "best-value": "bg-forest text-white",
  rank: "bg-surface text-ink ring-1 ring-line",
  neutral: "",
} as const;

export type BadgeVariant = keyof typeof variants;

/** FEATURED, Best seller, Top rated, BEST VALUE and rank badges share this one shape, so every badge on the site looks alike. */
export function Badge({ variant = "neutral", className, ...props }: React.ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      // .badge (app/app.css) is the shape; the variant only colours it.
      className={cn("badge", variants[variant], className)}
      {...props}
    />
  );
}
