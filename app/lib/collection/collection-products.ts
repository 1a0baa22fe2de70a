import { productsMatchingCriteria, type CollectionCriteria } from "./criteria-query";
import type { ProductFacts } from "../catalog/product-match";

/**
 * The products of a generic collection page, /reviews/{listId}: a chain of fallbacks. The loader
 * reads the inputs; this picks the first step that yields anything:
 *
 * 1. membership: the collection's stored members in their editorial position order. "The
 *    collection's product_ids" and "collection membership" are one store here: a collection
 *    CSV's product_ids are saved as memberships, so membership covers both;
 * 2. the products whose own collection ids list this collection, best rated first;
 * 3. the criteria query, unless the collection is custom (best rated first);
 * 4. the first 5 products by rating.
 */

export const LAST_RESORT_COUNT = 5;

export interface CollectionPageInputs<T> {
  collection: CollectionCriteria;
  /** Stored membership, in position order. */
  memberProducts: readonly T[];
  /** Products whose own collection ids include this collection, best rated first. */
  productsListingCollection: readonly T[];
  /** Every product, best rated first. */
  allProducts: readonly T[];
}

export type CollectionProductsSource = "membership" | "product-collection-ids" | "criteria" | "top-rated";

export interface CollectionPageProducts<T> {
  products: T[];
  source: CollectionProductsSource;
}

export function productsForCollectionPage<T extends ProductFacts>(inputs: CollectionPageInputs<T>): CollectionPageProducts<T> {
  if (inputs.memberProducts.length > 0) return { products: [...inputs.memberProducts], source: "membership" };
  if (inputs.productsListingCollection.length > 0) {
    return { products: [...inputs.productsListingCollection], source: "product-collection-ids" };
  }
  const byCriteria = productsMatchingCriteria(inputs.collection, inputs.allProducts);
  if (byCriteria.length > 0) return { products: byCriteria, source: "criteria" };
  return { products: inputs.allProducts.slice(0, LAST_RESORT_COUNT), source: "top-rated" };
}
