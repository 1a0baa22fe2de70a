import type { Collection, Product } from "./catalog";
import { categoryLabel } from "./product-display";

/**
 * The reviews index search (/reviews?q=): products and collections whose name, brand, type
 * (category or heater type) or key features match the query. Case-insensitive; every word of the
 * query must be found somewhere in the record, in any of its fields ('cedar barrel' finds a
 * barrel sauna with a cedar feature).
 *
 * Two small kindnesses so that the placeholder's own examples work:
 * - a plural word also finds the singular ('barrels' finds 'Barrel', 'saunas' finds 'Sauna');
 * - 'sauna'/'saunas' and a few filler words ('the', 'for', 'with' …) are ignored, because every
 *   product is a sauna and not every name says so. A query of only such words matches everything.
 */

/** Longer queries are cut: nobody types more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100;

const IGNORED_WORDS = new Set(["sauna", "saunas", "a", "an", "the", "and", "or", "for", "with", "of", "in"]);

/** The query as the form shows it back: trimmed, inner whitespace collapsed, at most 100 characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/**
 * The words every match must contain, lower-cased: punctuation at a word's ends dropped
 * ('"cedar,"' → 'cedar'), ignored words left out, plurals reduced ('barrels' → 'barrel').
 */
export function searchWords(query: string): string[] {
  const words = normaliseQuery(query)
    .toLowerCase()
    .split(" ")
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((word) => word !== "" && !IGNORED_WORDS.has(word))
    .map(singular);
  return [...new Set(words)];
}

/**
 * 'barrels' → 'barrel', 'kits' → 'kit'. Words of 3 letters or fewer ('gas') and '-ss' words
 * ('glass') stay whole. Dropping an 's' only ever widens a substring match, never narrows it.
 */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The fields as one lower-cased text, a line each, that every search word must occur in. */
function searchableText(fields: readonly (string | null | undefined)[]): string {
  return fields
    .filter((field): field is string => typeof field === "string" && field.trim() !== "")
    .join("\n")
    .toLowerCase();
}

function matchesAll(fields: readonly (string | null | undefined)[], words: readonly string[]): boolean {
  const text = searchableText(fields);
  return words.every((word) => text.includes(word));
}

type SearchableProduct = Pick<Product, "name" | "brand" | "categoryId" | "heaterType" | "keyFeatures">;
type SearchableCollection = Pick<Collection, "title" | "slug">;

/** The text a product is found by: name, brand, category (id and label), heater type, key features. */
export function productSearchFields(product: SearchableProduct): string[] {
  const fields = [product.name, product.brand, product.categoryId ?? "", categoryLabel(product.categoryId), product.heaterType ?? ""];
  return [...fields, ...product.keyFeatures];
}

/** A collection is found by its name (title) and its slug read as words ('two-person-saunas'). */
export function collectionSearchFields(collection: SearchableCollection): string[] {
  return [collection.title, collection.slug.replace(/[-_]+/g, " ")];
}

/**
 * A product's searchable text, stored with it (ADR 0017) so the database can look words up in it:
 * a product matches when the text contains every search word.
 */
export function productSearchText(product: SearchableProduct): string {
  return searchableText(productSearchFields(product));
}

export function productMatches(product: SearchableProduct, words: readonly string[]): boolean {
  return matchesAll(productSearchFields(product), words);
}

export function collectionMatches(collection: SearchableCollection, words: readonly string[]): boolean {
  return matchesAll(collectionSearchFields(collection), words);
}

export interface CatalogSearchResult<P, C> {
  /** The normalised query. */
  query: string;
  products: P[];
  collections: C[];
}

/**
 * Every product and collection matching the query, each list in its given order. An empty
 * query (after normalising) matches nothing: the caller shows the index instead.
 */
export function searchCatalog<P extends SearchableProduct, C extends SearchableCollection>(
  rawQuery: string | null | undefined,
  products: readonly P[],
  collections: readonly C[],
): CatalogSearchResult<P, C> {
  const query = normaliseQuery(rawQuery);
  if (query === "") return { query, products: [], collections: [] };
  const words = searchWords(query);
  return {
    query,
    products: products.filter((product) => productMatches(product, words)),
    collections: collections.filter((collection) => collectionMatches(collection, words)),
  };
}

/** 'Results for “cedar”'. */
export function resultsHeading(query: string): string {
  return `Results for “${query}”`;
}

/** '3 saunas and 1 collection', '1 sauna', 'No saunas or collections'. */
export function resultsCountText(productCount: number, collectionCount: number): string {
  const saunas = `${productCount} ${productCount === 1 ? "sauna" : "saunas"}`;
  const lists = `${collectionCount} ${collectionCount === 1 ? "collection" : "collections"}`;
  if (productCount === 0 && collectionCount === 0) return "No saunas or collections";
  if (collectionCount === 0) return saunas;
  if (productCount === 0) return lists;
  return `${saunas} and ${lists}`;
}
