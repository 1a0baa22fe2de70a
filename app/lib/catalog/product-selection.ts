import type { FixedCollectionSlug } from "../collection/collection-rules";
import type { ListTag } from "./product-list-keys";

/**
 * Which products a public list shows, described as data so the database layer can turn it into
 * a WHERE clause (app/server/catalog/product-lists.server.ts) and the rules stay here, pure.
 * Each kind reads the stored keys of product-list-keys.ts, or a plain column.
 */
export type ProductSelection =
  | { kind: "all" }
  /** The product carries the tag: a fixed collection's rule, or the traditional pick. */
  | { kind: "tag"; tag: ListTag }
  /** Trimmed, lower-cased equality. */
  | { kind: "category"; key: string }
  | { kind: "brand"; key: string }
  | { kind: "capacity"; persons: number }
  | { kind: "min-capacity"; persons: number }
  /** The lower-cased heater type contains this (lower-cased) text. */
  | { kind: "heater-contains"; text: string }
  /** Some key feature has a word starting with the prefix; `needle` is featurePrefixNeedle(prefix). */
  | { kind: "feature-prefix"; needle: string }
  /**
   * Every word starts a word of the product's searchable text (catalog-search.ts), found through
   * the full-text index; the list is ranked by searchRank against the words and the phrase.
   */
  | { kind: "search"; words: string[]; phrase: string }
  /** A collection's rule, plus the products stored for it (a collection that keeps its rule: ADR 0070). */
  | { kind: "rule-and-members"; rule: ProductSelection; collectionId: number };

/**
 * The two orders lists use. 'rating': best rated first, unrated last, then by name (collection
 * pages, best-by-type). 'top-rating': the same, with the better-reviewed product first among
 * equal ratings (the reviews index, search, the home page's top-rated list and comparison).
 * Both end on the id, so a page boundary never splits a tie differently from one request to the
 * next.
 */
export type ProductOrder = "rating" | "top-rating";

/**
 * The page whose rule takes every product (every outdoor sauna we cover). It lists the whole
 * catalog and is read as such: a tag on every product would be a row per product that every
 * import writes and no read needs (docs/decisions/0097).
 */
export const EVERY_PRODUCT_LIST = "outdoor-saunas" satisfies FixedCollectionSlug;

/** What a fixed collection page lists: its tag's products, or every product. */
export function fixedListSelection(slug: FixedCollectionSlug): ProductSelection {
  return slug === EVERY_PRODUCT_LIST ? { kind: "all" } : { kind: "tag", tag: slug };
}
