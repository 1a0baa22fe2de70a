import type { Collection, Product } from "../catalog/catalog";
import { categoryLabel } from "../catalog/product-display";

/**
 * The reviews index search (/reviews?q=): products and collections whose name, brand, type
 * (category or heater type) or key features match the query. Every word of the query must start
 * a word somewhere in the record, in any of its fields ('cedar barrel' finds a barrel sauna with
 * a cedar feature; 'ced' finds it too, 'edar' does not). Case and accents are ignored, and
 * punctuation separates words ('wi-fi' is 'wi' and 'fi').
 *
 * Words, not substrings, because that is what a full-text index looks up: the database finds the
 * products through one (SQLite FTS5, PostgreSQL tsvector), and both split the stored text into
 * the very words searchTokens() writes, so the two databases find the same products.
 *
 * Two small kindnesses so that the placeholder's own examples work:
 * - a plural word also finds the singular ('barrels' finds 'Barrel', 'saunas' finds 'Sauna');
 * - 'sauna'/'saunas' and a few filler words ('the', 'for', 'with' …) are ignored, because every
 *   product is a sauna and not every name says so. A query of only such words matches everything.
 */

/** Longer queries are cut: nobody types more, and it bounds the work per request. */
export const MAX_QUERY_LENGTH = 100;

/**
 * A search lists at most its best 1,000 matches (42 pages) and says when more products match:
 * past that, a reader adds a word rather than pages on, and counting and ranking every match of a
 * common word in a large catalog is what made such a search slow (docs/decisions/0093).
 */
export const SEARCH_RESULTS_SHOWN = 1000;

const IGNORED_WORDS = new Set(["sauna", "saunas", "a", "an", "the", "and", "or", "for", "with", "of", "in"]);

/** The query as the form shows it back: trimmed, inner whitespace collapsed, at most 100 characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

const ASCII = /^[\x00-\x7f]*$/;
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/**
 * The words of a text as the search stores and compares them: lower-cased, accents removed
 * ('Löyly' → 'loyly'), split at every character that is not a letter or a digit. Stored texts
 * are these words joined by single spaces, which every full-text tokenizer splits the same way.
 */
export function searchTokens(text: string): string[] {
  // Most catalog text is ASCII, where decomposing changes nothing and the letters and digits are
  // a-z and 0-9: an import of 200,000 products saves a second here.
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .split(ASCII_SEPARATORS)
      .filter((token) => token !== "");
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== "");
}

/**
 * The words every match must start a word with: the query's tokens, ignored words left out,
 * plurals reduced ('barrels' → 'barrel'), each once.
 */
export function searchWords(query: string): string[] {
  const words = searchTokens(normaliseQuery(query))
    .filter((word) => !IGNORED_WORDS.has(word))
    .map(singular);
  return [...new Set(words)];
}

/** The whole query as one stored-form text: a product whose name is exactly this ranks first. */
export function searchPhrase(query: string): string {
  return searchTokens(normaliseQuery(query)).join(" ");
}

/**
 * 'barrels' → 'barrel', 'kits' → 'kit'. Words of 3 letters or fewer ('gas') and '-ss' words
 * ('glass') stay whole. Dropping an 's' only ever widens a prefix match, never narrows it.
 */
function singular(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The fields' words in stored form: one space-separated text. */
function storedText(fields: readonly (string | null | undefined)[]): string {
  // A loop, not filter and flatMap: an import computes this for every product.
  let text = "";
  for (const field of fields) {
    if (typeof field !== "string") continue;
    for (const token of searchTokens(field)) text = text === "" ? token : `${text} ${token}`;
  }
  return text;
}

/** Every word starts some token of the text. */
function startsWordsOf(text: string, words: readonly string[]): boolean {
  const tokens = text === "" ? [] : text.split(" ");
  return words.every((word) => tokens.some((token) => token.startsWith(word)));
}

type SearchableProduct = Pick<Product, "name" | "brand" | "categoryId" | "heaterType" | "keyFeatures">;
type SearchableCollection = Pick<Collection, "title" | "slug">;

/** What a product is found by besides its name: brand, category (id and label), heater type, key features. */
function productOtherFields(product: SearchableProduct): string[] {
  return [product.brand, product.categoryId ?? "", categoryLabel(product.categoryId), product.heaterType ?? "", ...product.keyFeatures];
}

/** A collection is found by its name (title) and its slug read as words ('two-person-saunas'). */
export function collectionSearchFields(collection: SearchableCollection): string[] {
  return [collection.title, collection.slug];
}

/**
 * A product's name in stored form (the search_name column): the search ranks products whose
 * name holds the words above those that only mention them elsewhere.
 */
export function productSearchName(product: Pick<Product, "name">): string {
  return storedText([product.name]);
}

/** The rest of a product's searchable words in stored form (the search_text column). */
export function productSearchText(product: SearchableProduct): string {
  return storedText(productOtherFields(product));
}

export function productMatches(product: SearchableProduct, words: readonly string[]): boolean {
  return startsWordsOf(`${productSearchName(product)} ${productSearchText(product)}`.trim(), words);
}

export function collectionMatches(collection: SearchableCollection, words: readonly string[]): boolean {
  return startsWordsOf(storedText(collectionSearchFields(collection)), words);
}

/**
 * Where a matching product ranks, best first: 0 its name is the query, 1 its name holds every
 * word whole, 2 its name starts a word with every word, 3 the words are found elsewhere. Within
 * a rank the list's own order (best rated first) holds. The database ranks by the same rule
 * (product-lists.server.ts), so the order is the same on SQLite and PostgreSQL.
 */
export function searchRank(product: Pick<Product, "name">, words: readonly string[], phrase: string): number {
  const name = productSearchName(product);
  if (name === phrase) return 0;
  const tokens = name.split(" ");
  if (words.every((word) => tokens.includes(word))) return 1;
  if (startsWordsOf(name, words)) return 2;
  return 3;
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

/**
 * '3 saunas and 1 collection', '1 sauna', 'No saunas or collections'; 'More than 1,000 saunas'
 * when the search shows only its best SEARCH_RESULTS_SHOWN of more matches (`more`).
 */
export function resultsCountText(productCount: number, collectionCount: number, more = false): string {
  const saunas = more
    ? `More than ${productCount.toLocaleString("en-US")} saunas`
    : `${productCount.toLocaleString("en-US")} ${productCount === 1 ? "sauna" : "saunas"}`;
  const lists = `${collectionCount} ${collectionCount === 1 ? "collection" : "collections"}`;
  if (productCount === 0 && collectionCount === 0) return "No saunas or collections";
  if (collectionCount === 0) return saunas;
  if (productCount === 0) return lists;
  return `${saunas} and ${lists}`;
}

/** Below the results when the search shows only its best matches. */
export function moreResultsHint(shown: number): string {
  return `The best ${shown.toLocaleString("en-US")} are listed. Add a word to narrow the search.`;
}
