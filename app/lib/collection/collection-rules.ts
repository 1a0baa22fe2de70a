import { equalsText, hasWholeWord, containsText } from "../text/text-match";
import {
  hasCapacity,
  isBarrel,
  isEcoFriendly,
  isElectric,
  isInfrared,
  isInPriceTier,
  isTraditionalFinnish,
  isWoodFired,
  mentionsRecovery,
  type ProductFacts,
} from "../catalog/product-match";

/**
 * Which products each fixed collection page lists. Input: every product, best rated first. Output: the
 * products that satisfy the slug's rule, in that order.
 *
 * "Most fall back to the first 3 products when nothing matches": the type and feature pages do;
 * the size and price pages do not, because their title is a promise a reader relies on (a
 * $20,000 sauna on 'Under $10,000', a six-seater on 'Two-Person Saunas') and an empty page
 * shows the example-products notice instead.
 */

export const FIXED_COLLECTION_SLUGS = [
  "outdoor-saunas",
  "modern-outdoor-saunas",
  "traditional-finnish-saunas",
  "infrared-saunas",
  "barrel-saunas",
  "wood-fired-saunas",
  "electric-saunas",
  "clt-saunas",
  "custom-saunas",
  "two-person-saunas",
  "four-person-saunas",
  "six-person-saunas",
  "budget-saunas",
  "premium-saunas",
  "luxury-saunas",
  "recovery-saunas",
  "eco-friendly-saunas",
] as const;

export type FixedCollectionSlug = (typeof FIXED_COLLECTION_SLUGS)[number];

/** How many of the best-rated products a page shows when its rule matches nothing. */
export const SLUG_FALLBACK_COUNT = 3;

type SlugRule = (product: ProductFacts) => boolean;

/**
 * Each page's rule. When a rule matches nothing, every page shows the 3 best-rated saunas
 * instead, and says so on the page ("No sauna in our catalog matches this collection yet").
 */
const slugRules: Record<FixedCollectionSlug, SlugRule> = {
  // The general list: every outdoor sauna we cover.
  "outdoor-saunas": () => true,
  "modern-outdoor-saunas": (p) => equalsText(p.categoryId, "modern") || equalsText(p.categoryId, "cube"),
  "traditional-finnish-saunas": isTraditionalFinnish,
  "infrared-saunas": isInfrared,
  "barrel-saunas": isBarrel,
  "wood-fired-saunas": isWoodFired,
  "electric-saunas": isElectric,
  "clt-saunas": (p) => equalsText(p.categoryId, "clt") || hasWholeWord(p.name, "clt"),
  "custom-saunas": (p) => equalsText(p.categoryId, "custom") || containsText(p.name, "custom"),
  "two-person-saunas": (p) => hasCapacity(p, 2),
  "four-person-saunas": (p) => hasCapacity(p, 4),
  "six-person-saunas": (p) => hasCapacity(p, 6),
  "budget-saunas": (p) => isInPriceTier(p, "budget"),
  "premium-saunas": (p) => isInPriceTier(p, "premium"),
  "luxury-saunas": (p) => isInPriceTier(p, "luxury"),
  "recovery-saunas": mentionsRecovery,
  "eco-friendly-saunas": isEcoFriendly,
};

export function isFixedCollectionSlug(slug: string): slug is FixedCollectionSlug {
  return (FIXED_COLLECTION_SLUGS as readonly string[]).includes(slug);
}

/** Whether one product belongs on a fixed collection page by its rule. */
export function matchesFixedCollection(slug: FixedCollectionSlug, product: ProductFacts): boolean {
  return slugRules[slug](product);
}

/** 'rule': the products that satisfy the slug's rule; 'top-rated': none did, these are the first 3. */
export type FixedCollectionSource = "rule" | "top-rated";

export interface FixedCollectionProducts<T> {
  products: T[];
  source: FixedCollectionSource;
}

/**
 * The products of a fixed collection page, keeping the input's rating order. An empty list means
 * the page shows its empty state.
 */
export function productsForFixedCollection<T extends ProductFacts>(
  slug: FixedCollectionSlug,
  productsByRating: readonly T[],
): FixedCollectionProducts<T> {
  const rule = slugRules[slug];
  const matching = productsByRating.filter((p) => rule(p));
  if (matching.length > 0) return { products: matching, source: "rule" };
  return { products: productsByRating.slice(0, SLUG_FALLBACK_COUNT), source: "top-rated" };
}
