import type { Collection, Product } from "~/lib/catalog";
import { canonicalCollectionSlug } from "~/lib/built-in-collections";
import { collectionHeader, type CollectionHeader } from "~/lib/collection-page-defaults";
import { productsForCollectionPage, type CollectionProductsSource } from "~/lib/collection-products";
import { isFixedCollectionSlug, productsForFixedCollection, type FixedCollectionSource } from "~/lib/collection-rules";
import { criteriaPredicate } from "~/lib/criteria-query";
import { categoryLabel } from "~/lib/product-display";
import { toSaunaViewModel, type SaunaViewModel } from "~/lib/product-view-models";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { catalogCache } from "./catalog-cache.server";
import { findCollectionBySlug } from "./queries.server";

/**
 * One collection review page's data (SPEC §2 "Collection review page", §4 "Collection review
 * content"): which collection /reviews/{listId} means, its header texts, and its saunas as view
 * models, or the state the page shows instead (not found, error).
 *
 * Freshness: the product list and memberships come from the catalog cache (60 s windows,
 * invalidated by admin saves, ARCHITECTURE D8). The collection record is looked up in the cached
 * list first; a slug the cached list does not know is read straight from the database (one
 * lookup on the unique slug index), so a collection created a moment ago, by an admin or by
 * anything else writing to the database, has its page at once instead of 404ing for up to 30 s.
 * A slug that exists nowhere costs that one indexed read per request; a 404 is never cached.
 */

export interface CollectionSauna extends SaunaViewModel {
  /** 1-based position in the ranked list. */
  rank: number;
  /** Sample content: its rating and review count are invented, and the page says so. */
  isSample: boolean;
  /** 'Barrel', 'CLT', 'Traditional': the category as a label. */
  typeLabel: string;
}

export type CollectionSource = FixedCollectionSource | CollectionProductsSource;

export type CollectionPageData =
  | { state: "redirect"; location: string }
  | { state: "not-found"; listId: string }
  | { state: "error"; listId: string; message: string }
  | {
      state: "ready";
      header: CollectionHeader;
      /** 'list' shows the saunas; 'empty' shows the example-products notice. */
      content: "list" | "empty";
      saunas: CollectionSauna[];
      source: CollectionSource;
      /** Nothing matched the page's rule, so it shows the best-rated saunas instead, and says so. */
      showingTopRated: boolean;
    };

/** What the page prints after 'Error loading products: '. The cause goes to the log, not the reader. */
export const PUBLIC_LOAD_ERROR_MESSAGE =
  "the product catalog could not be read just now. Please try again in a moment.";

export interface CollectionPageOptions {
  /** SURVEY_FORM_URL (D7). */
  surveyFormUrl?: string | null;
}

/** The record of a slug: from the cached list, else straight from the database (see above). */
async function findCollection(db: DB, slug: string): Promise<Collection | undefined> {
  const cached = (await catalogCache(db).collections()).find((c) => c.slug === slug);
  return cached ?? (await findCollectionBySlug(db, slug));
}

function toSaunas(products: readonly Product[], options: CollectionPageOptions): CollectionSauna[] {
  // Site-relative image paths, so the page can request them through the image route.
  const context = { origin: "", surveyFormUrl: options.surveyFormUrl ?? null };
  return products.map((product, index) => ({
    ...toSaunaViewModel(product, context),
    rank: index + 1,
    isSample: product.isSample,
    typeLabel: categoryLabel(product.categoryId),
  }));
}

/** Reads the page; any failure becomes the error state (logged), never an exception. */
export async function loadCollectionPage(
  db: DB,
  listId: string,
  options: CollectionPageOptions = {},
): Promise<CollectionPageData> {
  try {
    return await readCollectionPage(db, listId, options);
  } catch (error) {
    log.error(`Error loading products for /reviews/${listId}: ${(error as Error)?.message ?? error}`);
    return { state: "error", listId, message: PUBLIC_LOAD_ERROR_MESSAGE };
  }
}

async function readCollectionPage(db: DB, listId: string, options: CollectionPageOptions): Promise<CollectionPageData> {
  const canonical = canonicalCollectionSlug(listId);
  // 'barrel' → barrel-saunas, 'Barrel-Saunas' → barrel-saunas: one URL per page.
  if (canonical !== listId && isFixedCollectionSlug(canonical)) {
    return { state: "redirect", location: `/reviews/${canonical}` };
  }

  const cache = catalogCache(db);
  if (isFixedCollectionSlug(listId)) {
    const [products, record] = await Promise.all([
      cache.products(),
      // The clt page's record is fixed (collection-page-defaults): nothing to read.
      listId === "clt-saunas" ? Promise.resolve(undefined) : findCollection(db, listId),
    ]);
    const { products: chosen, source } = productsForFixedCollection(listId, products);
    const saunas = toSaunas(chosen, options);
    return {
      state: "ready",
      header: collectionHeader(listId, record),
      content: saunas.length > 0 ? "list" : "empty",
      saunas,
      source,
      showingTopRated: source === "top-rated",
    };
  }

  const record = await findCollection(db, listId);
  if (!record) return { state: "not-found", listId };

  const [memberProducts, allProducts] = await Promise.all([cache.collectionMembers(record.id), cache.products()]);
  const picked = productsForCollectionPage({
    collection: record,
    memberProducts,
    // A product CSV's collection_ids are stored as memberships (D4), so memberProducts holds them.
    productsListingCollection: [],
    allProducts,
  });
  // A collection that names a real criterion ('brand = X') and matches nothing would otherwise show
  // the 5 best-rated saunas under a title they do not fit; like the size and price pages
  // (collection-rules.ts), it shows the empty state instead. Custom lists with no members keep
  // the spec's first-5 fallback.
  const selectsByCriteria = criteriaPredicate(record.criteriaType, record.criteriaValue) !== null;
  const empty = picked.source === "top-rated" && selectsByCriteria;
  const saunas = empty ? [] : toSaunas(picked.products, options);
  return {
    state: "ready",
    header: collectionHeader(listId, record),
    content: saunas.length > 0 ? "list" : "empty",
    saunas,
    source: picked.source,
    showingTopRated: !empty && picked.source === "top-rated",
  };
}

/** The HTTP status of each state. */
export function collectionPageStatus(page: CollectionPageData): 200 | 301 | 404 | 500 {
  switch (page.state) {
    case "redirect":
      return 301;
    case "not-found":
      return 404;
    case "error":
      return 500;
    case "ready":
      return 200;
  }
}
