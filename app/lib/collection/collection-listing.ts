import type { Collection } from "../catalog/catalog";
import { isFixedCollectionSlug } from "./collection-rules";
import { criteriaSelection } from "./criteria-query";
import { fixedListSelection, type ProductSelection } from "../catalog/product-selection";

/**
 * How a collection page's saunas are chosen, in the three ways a collection can be listed
 * (docs/decisions/0070-collection-ids-import-choice.md):
 *
 * - by its rule: a fixed page's own (barrel-saunas lists barrels) or a stored collection's
 *   criteria, best rated first;
 * - hand-picked: the products stored for it, in the stored order, instead of any rule;
 * - its rule plus pinned extras: a collection that keeps its rule (keepsRule) lists the rule's
 *   products and the stored ones together, best rated first.
 *
 * clt-saunas is a fixed record that reads nothing stored, so products stored for it change
 * nothing: it has no rule that stored products could replace.
 */

type ListedBy = Pick<Collection, "slug" | "criteriaType" | "criteriaValue">;

/** The fixed page whose record is built in: it reads nothing stored. */
const FIXED_RECORD_SLUG = "clt-saunas";

/** The collection's rule as a selection; null when it has none (a custom collection). */
export function collectionRule(collection: ListedBy): ProductSelection | null {
  if (isFixedCollectionSlug(collection.slug)) return fixedListSelection(collection.slug);
  return criteriaSelection(collection.criteriaType, collection.criteriaValue);
}

export type CollectionListing = "rule" | "hand-picked" | "rule-and-extras" | "stand-ins";

/**
 * How the page lists its saunas now, from its rule and whether products are stored for it. A
 * collection with neither lists the best-rated few as stand-ins (and says so).
 */
export function collectionListing(collection: ListedBy & Pick<Collection, "keepsRule">, hasStoredProducts: boolean): CollectionListing {
  if (collection.slug === FIXED_RECORD_SLUG) return "rule";
  const rule = collectionRule(collection);
  if (!hasStoredProducts) return rule ? "rule" : "stand-ins";
  return rule && collection.keepsRule ? "rule-and-extras" : "hand-picked";
}

/**
 * Whether storing products for this collection would replace the rule it lists by today: the
 * case the product import stops to ask about (a rule, nothing stored yet, not keeping its rule).
 */
export function storingReplacesRule(collection: ListedBy & Pick<Collection, "keepsRule">, hasStoredProducts: boolean): boolean {
  if (collection.slug === FIXED_RECORD_SLUG || collection.keepsRule) return false;
  return collectionListing(collection, hasStoredProducts) === "rule";
}
