import type { CollectionHeader } from "./collection-page-defaults";
import type { CollectionProductsSource } from "./collection-products";
import type { FixedCollectionSource } from "./collection-rules";
import type { PagedUrls, PageInfo } from "../catalog/pagination";
import type { SaunaViewModel } from "../catalog/product-view-models";

/**
 * The collection review page (/reviews/{listId}) as a view model: what the page module
 * (app/server/pages/collection.server.ts) hands the route and its components.
 */

export interface CollectionSauna extends SaunaViewModel {
  /** 1-based position in the whole ranked list, so page 2 of ten starts at 11. */
  rank: number;
  /** Sample content: its rating and review count are invented, and the page says so. */
  isSample: boolean;
  /** 'Barrel', 'CLT', 'Traditional': the category as a label. */
  typeLabel: string;
}

export type CollectionSource = FixedCollectionSource | CollectionProductsSource;

/** One page of a collection, ready to show. */
export interface CollectionPageContent {
  header: CollectionHeader;
  /** 'list' shows the saunas; 'empty' shows the example-products notice. */
  content: "list" | "empty";
  /** This page's saunas. */
  saunas: CollectionSauna[];
  /** Which page this is, of how many, and how many saunas the whole list holds. */
  pagination: PageInfo;
  source: CollectionSource;
  /** Nothing matched the page's rule, so it shows the best-rated saunas instead, and says so. */
  showingTopRated: boolean;
}

/** The screen's view model: a ready page with its absolute URLs. */
export interface CollectionPageView extends CollectionPageContent {
  /** Canonical, previous and next page URLs. */
  urls: PagedUrls;
  /** The header picture as an absolute URL, for social cards. */
  socialImageUrl: string;
}
