import type { Collection, Product } from "../catalog/catalog";
import { lastResortCollections } from "../collection/built-in-collections";
import { collectionMatches, normaliseQuery, searchPhrase, searchWords } from "./catalog-search";
import { categoryHref, reviewsIndexTiles } from "../home/home-categories";
import { toCategoryCard, toHomeProductCard, type CategoryCard, type HomeProductCard } from "../home/home-page";
import type { PagedUrls, PageInfo } from "../catalog/pagination";
import type { ProductSelection } from "../catalog/product-selection";
import type { DisplayContext } from "../catalog/product-view-models";

/**
 * What the reviews index (/reviews) shows: the category tiles and every product, or, with ?q=,
 * the search results; plus the collections suggested when nothing matched.
 * Products come a page at a time (ADR 0017): the database selects them by the rules of
 * catalog-search.ts (every word in the stored search text) and counts them.
 */

/** How many collections the no-results state suggests. */
export const MAX_SUGGESTIONS = 6;

export interface CollectionLink {
  href: string;
  name: string;
}

/**
 * Popular collections to try when a search finds nothing: the featured ones in their order,
 * or, when none is featured, the built-in last-resort list (infrared, traditional Finnish,
 * barrel, two-person, recovery), which are fixed pages that always exist.
 */
export function searchSuggestions(collections: readonly Collection[], max = MAX_SUGGESTIONS): CollectionLink[] {
  const featured = collections.filter((collection) => collection.featured);
  const source = featured.length > 0 ? featured : lastResortCollections();
  return source.slice(0, max).map((collection) => ({ href: categoryHref(collection.slug), name: collection.title }));
}

export type ReviewsIndexView =
  | {
      mode: "index";
      /** Category tiles, on the first page only. */
      tiles: CategoryCard[];
      /** This page's products, best rated first. */
      products: HomeProductCard[];
      pagination: PageInfo;
    }
  | {
      mode: "search";
      query: string;
      /** Matching collections, on the first page only. */
      collections: CategoryCard[];
      /** How many collections match, on every page, for the results count. */
      collectionCount: number;
      /** This page's matching products, best match first. */
      products: HomeProductCard[];
      /** Pages through the results shown (at most SEARCH_RESULTS_SHOWN). */
      pagination: PageInfo;
      /** More products match than the results shown. */
      more: boolean;
      /** Shown when nothing at all matched. */
      suggestions: CollectionLink[];
    };

/** A search that matched no product and no collection: the page says so and suggests some. */
export function foundNothing(results: { collectionCount: number; pagination: PageInfo }): boolean {
  return results.collectionCount === 0 && results.pagination.totalItems === 0;
}

/** The page's view model; app/server/pages/reviews-index.server.ts builds it. */
export interface ReviewsIndexPage {
  view: ReviewsIndexView;
  /** The page's canonical, rel=prev and rel=next addresses. */
  urls: PagedUrls;
}

export interface ReviewsIndexRequest {
  /** The normalised query; '' shows the index. */
  query: string;
  /** The products the page lists: every product, or those with every search word. */
  selection: ProductSelection;
}

/** What /reviews?q= asks the database for. `rawQuery` is the ?q= value as sent. */
export function reviewsIndexRequest(rawQuery: string | null | undefined): ReviewsIndexRequest {
  const query = normaliseQuery(rawQuery);
  // A query of ignored words only ('saunas') has no words left: it matches every product.
  const words = query === "" ? [] : searchWords(query);
  return { query, selection: words.length === 0 ? { kind: "all" } : { kind: "search", words, phrase: searchPhrase(query) } };
}

export interface ReviewsIndexInput {
  request: ReviewsIndexRequest;
  /** The page's products as the database selected and ordered them (top-rating order). */
  products: readonly Product[];
  pagination: PageInfo;
  /** A search matched more products than it shows. */
  more: boolean;
  collections: readonly Collection[];
}

/** The index, or the results for a non-blank query, one page of products at a time. */
export function reviewsIndexView(input: ReviewsIndexInput, context: DisplayContext): ReviewsIndexView {
  const { request, pagination } = input;
  const firstPage = pagination.page === 1;
  const products = input.products.map((product) => toHomeProductCard(product, context));
  if (request.query === "") {
    const tiles = firstPage ? reviewsIndexTiles(input.collections).map((c) => toCategoryCard(c, context.origin)) : [];
    return { mode: "index", tiles, products, pagination };
  }
  const words = searchWords(request.query);
  const matching = input.collections.filter((collection) => collectionMatches(collection, words));
  return {
    mode: "search",
    query: request.query,
    collections: firstPage ? matching.map((collection) => toCategoryCard(collection, context.origin)) : [],
    collectionCount: matching.length,
    products,
    pagination,
    more: input.more,
    suggestions: searchSuggestions(input.collections),
  };
}
