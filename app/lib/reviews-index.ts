import type { Collection, Product } from "./catalog";
import { lastResortCollections } from "./built-in-collections";
import { searchCatalog } from "./catalog-search";
import { categoryHref, reviewsIndexTiles } from "./home-categories";
import { toCategoryCard, toHomeProductCard, topRatedProducts, type CategoryCard, type HomeProductCard } from "./home-page";
import type { DisplayContext } from "./product-view-models";

/**
 * What the reviews index (/reviews) shows (SPEC §2 "Reviews index"): the category tiles and every
 * product, or, with ?q=, the search results; plus the collections suggested when nothing matched.
 */

/** How many collections the no-results state suggests. */
export const MAX_SUGGESTIONS = 6;

export interface CollectionLink {
  href: string;
  name: string;
}

/**
 * Popular collections to try when a search finds nothing: the featured ones in their order,
 * or, when none is featured, the last-resort list of SPEC §9 (infrared, traditional Finnish,
 * barrel, two-person, recovery), which are fixed pages that always exist.
 */
export function searchSuggestions(collections: readonly Collection[], max = MAX_SUGGESTIONS): CollectionLink[] {
  const featured = collections.filter((collection) => collection.featured);
  const source = featured.length > 0 ? featured : lastResortCollections();
  return source.slice(0, max).map((collection) => ({ href: categoryHref(collection.slug), name: collection.title }));
}

export type ReviewsIndexView =
  | { mode: "index"; tiles: CategoryCard[]; products: HomeProductCard[] }
  | {
      mode: "search";
      query: string;
      collections: CategoryCard[];
      products: HomeProductCard[];
      /** Shown when both lists are empty. */
      suggestions: CollectionLink[];
    };

/** The index, or the results for a non-blank query. `rawQuery` is the ?q= value as sent. */
export function reviewsIndexView(
  rawQuery: string | null,
  products: readonly Product[],
  collections: readonly Collection[],
  context: DisplayContext,
): ReviewsIndexView {
  const ordered = topRatedProducts(products, products.length);
  const results = searchCatalog(rawQuery, ordered, collections);
  if (results.query === "") {
    return {
      mode: "index",
      tiles: reviewsIndexTiles(collections).map((collection) => toCategoryCard(collection, context.origin)),
      products: ordered.map((product) => toHomeProductCard(product, context)),
    };
  }
  return {
    mode: "search",
    query: results.query,
    collections: results.collections.map((collection) => toCategoryCard(collection, context.origin)),
    products: results.products.map((product) => toHomeProductCard(product, context)),
    suggestions: searchSuggestions(collections),
  };
}
