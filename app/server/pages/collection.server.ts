import { redirect } from "react-router";
import { linkSource } from "~/lib/clicks/tracked-link";
import type { Collection, Product } from "~/lib/catalog";
import { canonicalCollectionSlug, titleFromSlug } from "~/lib/built-in-collections";
import type { CollectionPageData, CollectionPageView, CollectionSauna, CollectionSource } from "~/lib/collection-page";
import { collectionHeader, collectionPageDefaults } from "~/lib/collection-page-defaults";
import { LAST_RESORT_COUNT } from "~/lib/collection-products";
import { isFixedCollectionSlug, SLUG_FALLBACK_COUNT } from "~/lib/collection-rules";
import { criteriaSelection } from "~/lib/criteria-query";
import { absoluteUrl } from "~/lib/image-url";
import {
  COLLECTION_PAGE_SIZE,
  isPastLastPage,
  PAGE_PARAM,
  pageHref,
  pageInfo,
  pageOffset,
  pagedUrls,
  parsePageParam,
  type PageInfo,
} from "~/lib/pagination";
import { categoryLabel } from "~/lib/product-display";
import type { ProductSelection } from "~/lib/product-selection";
import { DEFAULT_SITE_PRICES, priceSettingsAt, type SitePrices } from "~/lib/offers/price-view";
import { toSaunaViewModel } from "~/lib/product-view-models";
import { newestDate } from "~/lib/dates";
import { catalogCache } from "../catalog/catalog-cache.server";
import { listMemberPage, listProductPage, summariseMembers, summariseProducts } from "../catalog/product-lists.server";
import { findCollectionBySlug } from "../catalog/queries.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { notFound, unavailable } from "./page-errors.server";

/**
 * The collection review page, /reviews/{listId}: which collection the address means (one of the
 * fixed pages, or a collection stored in the database), its header texts, and one page of its
 * saunas as view models, or what the page shows instead (not found, an error).
 *
 * The saunas are read a page at a time (ADR 0017): the page's rule becomes a selection the
 * database filters, orders and counts, so a page costs the same with 30 products or 20,000.
 * The collection record is looked up in the cached list first (30 s window, invalidated by admin
 * saves); a slug the cached list does not know is read straight from the database (one lookup on
 * the unique slug index), so a collection created a moment ago, by an admin or by anything else
 * writing to the database, has its page at once instead of 404ing for up to 30 s. A slug that
 * exists nowhere costs that one indexed read per request; a 404 is never cached.
 */

/** What the page prints after 'Error loading products: '. The cause goes to the log, not the reader. */
export const PUBLIC_LOAD_ERROR_MESSAGE = "the product catalog could not be read just now. Please try again in a moment.";

export interface CollectionPageOptions {
  /** SURVEY_FORM_URL: where a 'tyyni' sauna's buy button leads when it is set. */
  surveyFormUrl?: string | null;
  /** SITE_COUNTRY, SITE_CURRENCY, PRICE_MAX_AGE; the defaults when absent. */
  prices?: SitePrices;
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

function toSaunas(
  products: readonly Product[],
  firstRank: number,
  collectionSlug: string,
  options: CollectionPageOptions,
): CollectionSauna[] {
  // Site-relative image paths, so the page can request them through the image route.
  const context = {
    origin: "",
    surveyFormUrl: options.surveyFormUrl ?? null,
    linkSource: linkSource.collection(collectionSlug),
    prices: priceSettingsAt(options.prices ?? DEFAULT_SITE_PRICES, Date.now()),
  };
  return products.map((product, index) => ({
    ...toSaunaViewModel(product, context),
    rank: firstRank + index,
    isSample: product.isSample,
    typeLabel: categoryLabel(product.categoryId),
  }));
}

/** Reads the page; any failure becomes the error state (logged), never an exception. */
export async function loadCollectionPage(db: DB, listId: string, options: CollectionPageOptions = {}): Promise<CollectionPageData> {
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
  /** When the newest of the whole list's products last changed (ISO), null for an empty list. */
  newestChange: string | null;
}

/** One page of a selection in rating order, with its count and its newest change. */
async function selectionPage(db: DB, selection: ProductSelection, page: number, pageSize: number): Promise<ListedPage> {
  const [summary, products] = await Promise.all([
    summariseProducts(db, selection),
    listProductPage(db, selection, "rating", { limit: pageSize, offset: pageOffset(page, pageSize) }),
  ]);
  return { products, pagination: pageInfo(page, summary.count, pageSize), newestChange: summary.newestChange };
}

/**
 * The best-rated `count` products, shown as a single page when a rule matched nothing; a later
 * page number is past its end and holds nothing.
 */
async function topRatedPage(db: DB, count: number, page: number, pageSize: number): Promise<ListedPage> {
  const products = await listProductPage(db, { kind: "all" }, "rating", { limit: Math.min(count, pageSize), offset: 0 });
  return {
    products: page === 1 ? products : [],
    pagination: pageInfo(page, products.length, pageSize),
    newestChange: newestDate(products.map((product) => product.updatedAt)),
  };
}

/**
 * A page ready to show. Its 'Last updated' is its real last change: the newest of the record's
 * own (its texts, or which products it holds; absent for a fixed page without one) and the
 * products it lists. Offers are left out on purpose: prices carry their own 'as of' date, and a
 * feed confirming them every hour would re-date the page every hour.
 */
function readyPage(
  slug: string,
  record: Collection | undefined,
  listed: ListedPage,
  source: CollectionSource,
  options: CollectionPageOptions,
  showingTopRated = source === "top-rated",
): CollectionPageData {
  const { pagination } = listed;
  const header = collectionHeader(slug, record, newestDate([record?.updatedAt, listed.newestChange]));
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
  // Stored slugs are lower case too: 'Best-Cedar' → best-cedar, unless a collection kept that
  // exact spelling (saved before the rule, its lower case already taken).
  if (canonical !== listId && !(await findCollection(db, listId)) && (await findCollection(db, canonical))) {
    return { state: "redirect", location: `/reviews/${canonical}` };
  }
  const page = options.page ?? 1;
  const pageSize = options.pageSize ?? COLLECTION_PAGE_SIZE;

  if (isFixedCollectionSlug(listId)) {
    // The clt page's record is fixed (collection-page-defaults): nothing to read.
    const record = listId === "clt-saunas" ? undefined : await findCollection(db, listId);
    // Curated: an admin stored this page's saunas (a collections CSV's product_ids, or products'
    // collection_ids), so it shows exactly those, in the stored order. The rule fills in otherwise,
    // and a collection that keeps its rule (ADR 0070) lists the stored ones with the rule's.
    const curated = record && !record.keepsRule ? await membershipPage(db, record.id, page, pageSize) : null;
    if (curated) return readyPage(listId, record, curated, "membership", options);
    const listed = await selectionPage(db, withExtras(record, { kind: "tag", tag: listId }), page, pageSize);
    // Nothing matches the rule: the 3 best-rated saunas stand in, and the page says so.
    if (listed.pagination.totalItems === 0) {
      return readyPage(listId, record, await topRatedPage(db, SLUG_FALLBACK_COUNT, page, pageSize), "top-rated", options);
    }
    return readyPage(listId, record, listed, "rule", options);
  }

  const record = await findCollection(db, listId);
  if (!record) return { state: "not-found", listId };
  // Throws for a generic slug without its record, before anything is read.
  collectionHeader(listId, record);

  // The fallback chain of collection-products.ts, one step at a time: stored membership in the
  // editors' order, then the criteria query, then the first 5 by rating. (A product CSV's
  // collection_ids are stored as memberships, so membership covers that step too.) A collection
  // that keeps its rule lists its stored products with the criteria's instead (ADR 0070).
  const rule = criteriaSelection(record.criteriaType, record.criteriaValue);
  const curated = rule && record.keepsRule ? null : await membershipPage(db, record.id, page, pageSize);
  if (curated) return readyPage(listId, record, curated, "membership", options);
  if (rule) {
    const listed = await selectionPage(db, withExtras(record, rule), page, pageSize);
    if (listed.pagination.totalItems > 0) return readyPage(listId, record, listed, "criteria", options);
  }
  // No members, and no criteria or none that match: the first 5 by rating, and the page says so.
  return readyPage(listId, record, await topRatedPage(db, LAST_RESORT_COUNT, page, pageSize), "top-rated", options);
}

/** The rule, plus the products stored for a collection that keeps its rule. */
function withExtras(record: Collection | undefined, rule: ProductSelection): ProductSelection {
  return record?.keepsRule ? { kind: "rule-and-members", rule, collectionId: record.id } : rule;
}

/** One page of a collection's stored members in the editors' order; null when it has none. */
async function membershipPage(db: DB, collectionId: number, page: number, pageSize: number): Promise<ListedPage | null> {
  const members = await summariseMembers(db, collectionId);
  if (members.count === 0) return null;
  const products = await listMemberPage(db, collectionId, { limit: pageSize, offset: pageOffset(page, pageSize) });
  return { products, pagination: pageInfo(page, members.count, pageSize), newestChange: members.newestChange };
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

export interface CollectionRequest {
  listId: string;
  /** The address asked for: its ?page= decides the page, and redirects keep its query. */
  url: URL;
  /** BASE_URL, for the page's absolute URLs. */
  baseUrl: string;
  surveyFormUrl?: string | null;
  prices?: SitePrices;
}

/**
 * The screen's view model, or a thrown answer instead: 301 to the canonical address (of the
 * slug, or of a malformed ?page=), 302 from past the last page to the last page (which moves as
 * the catalog changes, hence temporary: ADR 0017), 404 for an unknown collection, and 500 when
 * the products could not be read (the page names the collection and says so; nothing caches it).
 */
export async function collectionPage(db: DB, request: CollectionRequest): Promise<CollectionPageView> {
  const { listId, url } = request;
  const { page: pageNumber, canonical } = parsePageParam(url.searchParams.get(PAGE_PARAM));
  if (!canonical) throw redirect(pageHref(url.pathname, url.search, pageNumber), 301);

  const page = await loadCollectionPage(db, listId, { surveyFormUrl: request.surveyFormUrl, prices: request.prices, page: pageNumber });
  switch (page.state) {
    case "redirect":
      throw redirect(`${page.location}${url.search}`, 301);
    case "not-found":
      return notFound({ screen: "collection", kind: "not-found", listId: page.listId });
    case "error": {
      const title = isFixedCollectionSlug(listId) ? collectionPageDefaults(listId).title : titleFromSlug(listId);
      // No headers: a failure is not cached (only a page that says `public` is).
      return unavailable(
        { screen: "collection", kind: "unavailable", listId: page.listId, title, message: page.message },
        { status: collectionPageStatus(page), headers: {} },
      );
    }
  }
  if (isPastLastPage(page.pagination)) {
    throw redirect(pageHref(url.pathname, url.search, page.pagination.pageCount), 302);
  }
  const { state: _ready, ...content } = page;
  return {
    ...content,
    urls: pagedUrls(request.baseUrl, `/reviews/${page.header.slug}`, new URLSearchParams(), page.pagination),
    socialImageUrl: absoluteUrl(page.header.image, request.baseUrl),
  };
}
