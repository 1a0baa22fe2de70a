import type { Collection, CriteriaType } from "../catalog/catalog";
import {
  hasCapacity,
  heaterTypeContains,
  COMMERCIAL_MIN_CAPACITY,
  isCommercial,
  isElectric,
  isInPriceTier,
  mentionsRecovery,
  someFeature,
  type PriceTier,
  type ProductFacts,
} from "../catalog/product-match";
import { equalsText, hasWordStartingWith } from "../text/text-match";
import { featurePrefixNeedle, textKey } from "../catalog/product-list-keys";
import type { ProductSelection } from "../catalog/product-selection";

/**
 * The criteria query: a collection record chooses its products by one criterion.
 * Results keep the input order (best rated first). 'custom' chooses by stored membership
 * instead, so it matches nothing here; so does an unknown or empty value.
 */

export type CollectionCriteria = Pick<Collection, "criteriaType" | "criteriaValue">;

const priceTiers: readonly PriceTier[] = ["budget", "premium", "luxury"];

function sizeOf(value: string): number | null {
  const digits = /^\s*(\d+)/.exec(value);
  return digits ? Number(digits[1]) : null;
}

/** A predicate for one criteria_type and value, or null when the criterion selects nothing. */
export function criteriaPredicate(type: CriteriaType, rawValue: string | null): ((p: ProductFacts) => boolean) | null {
  const value = (rawValue ?? "").trim();
  if (type === "custom" || value === "") return null;
  const lower = value.toLowerCase();
  switch (type) {
    case "category":
      return (p) => equalsText(p.categoryId, value);
    case "brand":
      return (p) => equalsText(p.brand, value);
    case "price": {
      const tier = priceTiers.find((t) => t === lower);
      return tier ? (p) => isInPriceTier(p, tier) : null;
    }
    case "size": {
      const persons = sizeOf(value);
      return persons === null ? null : (p) => hasCapacity(p, persons);
    }
    case "heater_type":
      return lower === "electric" ? isElectric : (p) => heaterTypeContains(p, value);
    case "features":
      // At a word start, so 'eco' finds 'Eco-friendly' but not 'recovery' or 'second'.
      return (p) => someFeature(p, (f) => hasWordStartingWith(f, value));
    case "use_case":
      if (lower === "recovery") return mentionsRecovery;
      if (lower === "commercial") return isCommercial;
      return null;
  }
}

/**
 * The same criterion as a selection the database runs (ADR 0017), or null when it selects
 * nothing. Each case means exactly what criteriaPredicate's does; a test runs both on the same
 * products on SQLite and PostgreSQL.
 */
export function criteriaSelection(type: CriteriaType, rawValue: string | null): ProductSelection | null {
  const value = (rawValue ?? "").trim();
  if (type === "custom" || value === "") return null;
  const lower = value.toLowerCase();
  switch (type) {
    case "category":
      return { kind: "category", key: textKey(value) };
    case "brand":
      return { kind: "brand", key: textKey(value) };
    case "price": {
      const tier = priceTiers.find((t) => t === lower);
      return tier ? { kind: "tag", tag: `${tier}-saunas` } : null;
    }
    case "size": {
      const persons = sizeOf(value);
      return persons === null ? null : { kind: "capacity", persons };
    }
    case "heater_type":
      return lower === "electric" ? { kind: "tag", tag: "electric-saunas" } : { kind: "heater-contains", text: textKey(value) };
    case "features":
      return { kind: "feature-prefix", needle: featurePrefixNeedle(value) };
    case "use_case":
      if (lower === "recovery") return { kind: "tag", tag: "recovery-saunas" };
      if (lower === "commercial") return { kind: "min-capacity", persons: COMMERCIAL_MIN_CAPACITY };
      return null;
  }
}

/** The products a collection's criteria select, in the given (rating) order. */
export function productsMatchingCriteria<T extends ProductFacts>(criteria: CollectionCriteria, productsByRating: readonly T[]): T[] {
  const matches = criteriaPredicate(criteria.criteriaType, criteria.criteriaValue);
  return matches ? productsByRating.filter((p) => matches(p)) : [];
}
