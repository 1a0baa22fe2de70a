import { linkSource } from "~/lib/clicks/tracked-link";
import type { Collection, Product } from "~/lib/catalog";
import { canonicalCollectionSlug } from "~/lib/built-in-collections";
import { collectionHeader, type CollectionHeader } from "~/lib/collection-page-defaults";
import { LAST_RESORT_COUNT, type CollectionProductsSource } from "~/lib/collection-products";
import { isFixedCollectionSlug, SLUG_FALLBACK_COUNT, type FixedCollectionSource } from "~/lib/collection-rules";
import { criteriaSelection } from "~/lib/criteria-query";
import { COLLECTION_PAGE_SIZE, pageInfo, pageOffset, type PageInfo } from "~/lib/pagination";
import { categoryLabel } from "~/lib/product-display";
import type { ProductSelection } from "~/lib/product-selection";
import { toSaunaViewModel, type SaunaViewModel } from "~/lib/product-view-models";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { catalogCache } from "./catalog-cache.server";
import { countMembers, countProducts, listMemberPage, listProductPage } from "./product-lists.server";
import { findCollectionBySlug } from "./queries.server";

/**
 * One collection review page's data (SPEC §2 "Collection review page", §4 "Collection review
 * content"): which collection /reviews/{listId} means, its header texts, and one page of its
 * saunas as view models, or the state the page shows instead (not found, error).
 *
 * The saunas are read a page at a time (ADR 0017): the page's rule becomes a selection the
 * database filters, orders and counts, so a page costs the same with 30 products or 20,000.
 * The collection record is looked up in the cached list first (30 s window, invalidated by admin
 * saves); a slug the cached list does not know is read straight from the database (one lookup on
 * the unique slug index), so a collection created a moment ago, by an admin or by anything else
 * writing to the database, has its page at once instead of 404ing for up to 30 s. A slug that
 * exists nowhere costs that one indexed read per request; a 404 is never cached.
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

export type CollectionPageData =
  | { state: "redirect"; location: string }
  | { state: "not-found"; listId: string }
  | { state: "error"; listId: string; message: string }
  | {
      state: "ready";
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
    };

/** What the page prints after 'Error loading products: '. The cause goes to the log, not the reader. */
export const PUBLIC_LOAD_ERROR_MESSAGE =
  "the product catalog could not be read just now. Please try again in a moment.";

export interface CollectionPageOptions {
  /** SURVEY_FORM_URL (D7). */
  surveyFormUrl?: string | null;
  /** The page asked for, 1 when absent. A page past the end comes back with no saunas. */
  page?: number;
  /** Saunas per page; COLLECTION_PAGE_SIZE unless a test asks otherwise. */
  pageSize?: number;
}

/** The record of a slug: from the cached list, else straight from the database (see above). */
async function findCollection(db: DB, slug: string): Promise<Collection | undefined> {
  const cached = (await catalogCache(db).collections()).find((c) => c.slug === slug);
  return cached ?? (await findCollectionBySlug(db, slug));
}

function toSaunas(products: readonly Product[], firstRank: number, collectionSlug: string, options: CollectionPageOptions): CollectionSauna[] {
  // Site-relative image paths, so the page can request them through the image route.
  const context = { origin: "", surveyFormUrl: options.surveyFormUrl ?? null, linkSource: linkSource.collection(collectionSlug) };
  return products.map((product, index) => ({
    ...toSaunaViewModel(product, context),
    rank: firstRank + index,
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

interface ListedPage {
  products: Product[];
  pagination: PageInfo;
}

/** One page of a selection in rating order, with its count. */
async function selectionPage(db: DB, selection: ProductSelection, page: number, pageSize: number): Promise<ListedPage> {
  const [total, products] = await Promise.all([
    countProducts(db, selection),
    listProductPage(db, selection, "rating", { limit: pageSize, offset: pageOffset(page, pageSize) }),
  ]);
  return { products, pagination: pageInfo(page, total, pageSize) };
}

/**
 * The best-rated `count` products, shown as a single page when a rule matched nothing; a later
 * page number is past its end and holds nothing.
 */
async function topRatedPage(db: DB, count: number, page: number, pageSize: number): Promise<ListedPage> {
  const products = await listProductPage(db, { kind: "all" }, "rating", { limit: Math.min(count, pageSize), offset: 0 });
  return { products: page === 1 ? products : [], pagination: pageInfo(page, products.length, pageSize) };
}

function readyPage(
  header: CollectionHeader,
  listed: ListedPage,
  source: CollectionSource,
  options: CollectionPageOptions,
  showingTopRated = source === "top-rated",
): CollectionPageData {
  const { pagination } = listed;
  const saunas = toSaunas(listed.products, pageOffset(pagination.page, pagination.pageSize) + 1, header.slug, options);
  return {
    state: "ready",
    header,
    content: pagination.totalItems > 0 ? "list" : "empty",
    saunas,
    pagination,
    source,
    showingTopRated,
  };
}

async function readCollectionPage(db: DB, listId: string, options: CollectionPageOptions): Promise<CollectionPageData> {
  const canonical = canonicalCollectionSlug(listId);
  // 'barrel' → barrel-saunas, 'Barrel-Saunas' → barrel-saunas: one URL per page.
  if (canonical !== listId && isFixedCollectionSlug(canonical)) {
    return { state: "redirect", location: `/reviews/${canonical}` };
  }
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? COLLECTION_PAGE_SIZE;

  if (isFixedCollectionSlug(listId)) {
    // The clt page's record is fixed (collection-page-defaults): nothing to read.
    const record = listId === "clt-saunas" ? undefined : await findCollection(db, listId);
    const header = collectionHeader(listId, record);
    // Curated: an admin stored this page's saunas (a collections CSV's product_ids, or products'
    // collection_ids), so it shows exactly those, in the stored order. The rule fills in otherwise.
    const curated = record ? await membershipPage(db, record.id, page, pageSize) : null;
    if (curated) return readyPage(header, curated, "membership", options);
    const listed = await selectionPage(db, { kind: "tag", tag: listId }, page, pageSize);
    // Nothing matches the rule: the 3 best-rated saunas stand in, and the page says so.
    if (listed.pagination.totalItems === 0) {
      return readyPage(header, await topRatedPage(db, SLUG_FALLBACK_COUNT, page, pageSize), "top-rated", options);
    }
    return readyPage(header, listed, "rule", options);
  }

  const record = await findCollection(db, listId);
  if (!record) return { state: "not-found", listId };
  const header = collectionHeader(listId, record);

  // The fallback chain of collection-products.ts, one step at a time: stored membership in the
  // editors' order, then the criteria query, then the first 5 by rating. (A product CSV's
  // collection_ids are stored as memberships, so membership covers that step too.)
  const curated = await membershipPage(db, record.id, page, pageSize);
  if (curated) return readyPage(header, curated, "membership", options);
  const selection = criteriaSelection(record.criteriaType, record.criteriaValue);
  if (selection) {
    const listed = await selectionPage(db, selection, page, pageSize);
    if (listed.pagination.totalItems > 0) return readyPage(header, listed, "criteria", options);
  }
  // No members, and no criteria or none that match: the first 5 by rating, and the page says so.
  return readyPage(header, await topRatedPage(db, LAST_RESORT_COUNT, page, pageSize), "top-rated", options);
}

/** One page of a collection's stored members in the editors' order; null when it has none. */
async function membershipPage(db: DB, collectionId: number, page: number, pageSize: number): Promise<ListedPage | null> {
  const memberCount = await countMembers(db, collectionId);
  if (memberCount === 0) return null;
  const products = await listMemberPage(db, collectionId, { limit: pageSize, offset: pageOffset(page, pageSize) });
  return { products, pagination: pageInfo(page, memberCount, pageSize) };
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
