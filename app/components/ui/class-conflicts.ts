import { extendTailwindMerge } from "tailwind-merge";

/**
 * The design tokens of the `@theme` block in app/app.css, by the kind of value they name, so the
 * check below reads `text-ink` as a colour beside `text-sm`, `rounded-card` as a radius and
 * `shadow-card` as a shadow size. class-conflicts.test.ts keeps this list equal to the style sheet.
 */
export const THEME_TOKENS = {
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
};

const merge = /* @__PURE__ */ extendTailwindMerge({ extend: { theme: THEME_TOKENS } });

/**
 * The classes of `classes` that another, later class of it would override: the same property (or
 * a wider one: `p-4` after `px-2`, a font size after a line height) in the same variant.
 */
export function overriddenClasses(classes: string): string[] {
  const kept = new Set(merge(classes).split(" "));
  return classes.split(/\s+/).filter((name) => name && !kept.has(name));
}

/**
 * Fails loudly when a class list sets one property twice. In the style sheet the winner of such a
 * pair is decided by the order of the rules, not of the classes, so the markup would not say what
 * the page shows.
 */
export function assertNoClassConflicts(classes: string): void {
  const overridden = overriddenClasses(classes);
  if (overridden.length > 0) {
    throw new Error(
      `Conflicting classes in "${classes}": ${overridden.join(", ")} set a property that a later class sets again. ` +
        "Choose one (a variant or a condition), rather than passing both.",
    );
  }
}
