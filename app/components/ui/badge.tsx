import { cn } from "./cn";

const variants = {
  featured: "bg-brand text-white",
  "best-seller": "bg-ink text-white",
  "best-value": "bg-forest text-white",
  rank: "bg-surface text-ink ring-1 ring-line",
  neutral: "bg-sand text-ink-muted",
} as const;

export type BadgeVariant = keyof typeof variants;

/** FEATURED, BEST SELLER, BEST VALUE and rank badges share this one shape (VISUAL.md). */
export function Badge({
  variant = "neutral",
  className,
  ...props
}: React.ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-[0.68rem] font-bold uppercase leading-4 tracking-wider",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
