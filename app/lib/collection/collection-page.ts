import type { CollectionHeader } from "./collection-page-defaults";
import type { CollectionProductsSource } from "./collection-products";
import type { FixedCollectionSource } from "./collection-rules";
import type { PagedUrls, PageInfo } from "../catalog/pagination";
import type { SaunaViewModel } from "../catalog/product-view-models";
import type { PickRole } from "./pick-roles";

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

/** A product the owner gave a role in this collection, shown in "Our picks" above the ranking. */
export interface CollectionPick {
  roleKey: PickRole;
  /** 'Best overall', or the owner's own label. */
  role: string;
  /** The one line why. */
  reason: string;
  sauna: SaunaViewModel;
}

/** A product reviewed but not picked, with its sentence, listed under "Also tested". */
export interface AlsoTestedSauna {
  id: number;
  slug: string;
  name: string;
  brand: string;
  /** Its review. */
  href: string;
  reason: string;
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
  /** The owner's picks, in their order; on the first page only. */
  picks: CollectionPick[];
  /** Reviewed but not picked; on the first page only. */
  alsoTested: AlsoTestedSauna[];
  /** The role and line why of each of this page's saunas that holds one, by product id (for the ItemList). */
  roles: Record<number, { role: string; reason: string }>;
  /** The table of every sauna narrowed to this list; null when the page shows the best-rated stand-ins. */
  tableHref: string | null;
}

/** The screen's view model: a ready page with its absolute URLs. */
export interface CollectionPageView extends CollectionPageContent {
  /** Canonical, previous and next page URLs. */
  urls: PagedUrls;
  /** The header picture as an absolute URL, for social cards. */
  socialImageUrl: string;
}
