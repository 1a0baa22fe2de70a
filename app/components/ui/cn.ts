import { clsx, type ClassValue } from "clsx";
import { extendTailwindMerge } from "tailwind-merge";

/**
 * tailwind-merge told about the design tokens of the `@theme` block in app/app.css. Without them it
 * cannot tell that `rounded-card` is a radius (so `rounded-lg rounded-card` would keep both) or that
 * `shadow-card` is a shadow size rather than a shadow colour. Add a token here when one is added there.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      color: [
        "canvas",
        "surface",
        "sand",
        "sand-strong",
        "line",
        "ink",
        "ink-muted",
        "brand",
        "brand-strong",
        "brand-soft",
        "forest",
        "forest-soft",
        "night",
        "rating-excellent",
        "rating-good",
        "rating-average",
        "rating-below",
        "rating-poor",
      ],
      font: ["sans", "serif"],
      radius: ["card"],
      shadow: ["card", "raised"],
    },
  },
});

/**
 * Joins class names, skipping the falsy ones (for conditional classes); when two Tailwind classes set
 * the same property, the later one wins, so a caller's `className` can override a component's default.
 */
export function cn(...classes: ClassValue[]): string {
  return twMerge(clsx(classes));
}
