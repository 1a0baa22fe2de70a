import type { Product } from "./catalog";
import { containsText, hasWordStartingWith } from "../text/text-match";

/**
 * The facts about a product that the selection rules read (best by type, the products of a
 * collection page, the criteria query, price tiers). Each predicate is one rule in one sentence,
 * so the collection rules, the criteria query and best-by-type all mean the same thing by
 * 'electric', 'budget' or 'recovery'.
 */
export type ProductFacts = Pick<Product, "name" | "brand" | "categoryId" | "heaterType" | "keyFeatures" | "capacity" | "priceCents">;

export type PriceTier = "budget" | "premium" | "luxury";

/** $10,000 and $15,000 in cents. */
export const PREMIUM_FROM_CENTS = 1_000_000;
export const LUXURY_FROM_CENTS = 1_500_000;
/** Commercial means a capacity of 6 or more. */
export const COMMERCIAL_MIN_CAPACITY = 6;

export function heaterTypeContains(product: ProductFacts, word: string): boolean {
  return containsText(product.heaterType, word);
}

export function categoryContains(product: ProductFacts, word: string): boolean {
  return containsText(product.categoryId, word);
}

export function nameContains(product: ProductFacts, word: string): boolean {
  return containsText(product.name, word);
}

export function someFeature(product: ProductFacts, test: (feature: string) => boolean): boolean {
  return product.keyFeatures.some(test);
}

/** The electric match: heater type contains 'electric', or the name does. */
export function isElectric(product: ProductFacts): boolean {
  return heaterTypeContains(product, "electric") || nameContains(product, "electric");
}

export function isInfrared(product: ProductFacts): boolean {
  return heaterTypeContains(product, "infrared");
}

export function isWoodFired(product: ProductFacts): boolean {
  return heaterTypeContains(product, "wood");
}

export function isBarrel(product: ProductFacts): boolean {
  return categoryContains(product, "barrel");
}

/** 'finnish' in the name or in any key feature. */
export function mentionsFinnish(product: ProductFacts): boolean {
  return nameContains(product, "finnish") || someFeature(product, (f) => containsText(f, "finnish"));
}

/**
 * Traditional Finnish: a wood heater and not infrared (neither the heater nor the category), or a
 * traditional category, or 'finnish' in the name or features.
 */
export function isTraditionalFinnish(product: ProductFacts): boolean {
  const woodNotInfrared = isWoodFired(product) && !isInfrared(product) && !categoryContains(product, "infrared");
  return woodNotInfrared || categoryContains(product, "traditional") || mentionsFinnish(product);
}

/**
 * The tier of a price in cents: budget under $10,000; premium $10,000 up to under $15,000;
 * luxury $15,000 and up. No price, no tier.
 */
export function priceTier(priceCents: number | null): PriceTier | null {
  if (priceCents === null || !Number.isFinite(priceCents) || priceCents <= 0) return null;
  if (priceCents < PREMIUM_FROM_CENTS) return "budget";
  if (priceCents < LUXURY_FROM_CENTS) return "premium";
  return "luxury";
}

/**
 * Tiers read the list price (`priceCents`), not a sale price: a collection says what a product
 * is, and a temporary sale must not move it between the budget and premium pages.
 */
export function isInPriceTier(product: ProductFacts, tier: PriceTier): boolean {
  return priceTier(product.priceCents) === tier;
}

export function hasCapacity(product: ProductFacts, persons: number): boolean {
  return product.capacity === persons;
}

export function isCommercial(product: ProductFacts): boolean {
  return product.capacity !== null && product.capacity >= COMMERCIAL_MIN_CAPACITY;
}

/** A key feature mentions recovery ('recovery', 'Recover faster' …: a word starting with 'recover'). */
export function mentionsRecovery(product: ProductFacts): boolean {
  return someFeature(product, (f) => hasWordStartingWith(f, "recover"));
}

/**
 * The eco words, each at the start of a word:
 * - 'eco' as a word of its own: 'eco', 'Eco-friendly', 'eco friendly', 'ECO';
 *   also 'ecological…' and 'ecofriendly'. Not 'economy'/'economical' (cost, not ecology),
 *   nor 'recovery' or 'second' (not at a word start);
 * - 'sustainab…': 'sustainable', 'sustainably', 'sustainability';
 * - 'green' as a word of its own: 'green roof', 'Green-certified'. Not 'greenhouse', 'evergreen'
 *   or a run-together 'greenroof'.
 */
const ECO_WORDS = /(?<![\p{L}\p{N}])(?:eco(?!\p{L})|ecolog|ecofriendly|sustainab|green(?!\p{L}))/iu;

export function isEcoFeature(feature: string): boolean {
  return ECO_WORDS.test(feature);
}

export function isEcoFriendly(product: ProductFacts): boolean {
  return someFeature(product, isEcoFeature);
}
