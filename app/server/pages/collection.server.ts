import { redirect } from "react-router";
import { linkFrom, linkSource } from "~/lib/clicks/tracked-link";
import type { Collection, Product } from "~/lib/catalog/catalog";
import { canonicalCollectionSlug, titleFromSlug } from "~/lib/collection/built-in-collections";
import type { CollectionPageContent, CollectionPageView, CollectionSauna, CollectionSource } from "~/lib/collection/collection-page";
import { collectionHeader, collectionPageDefaults } from "~/lib/collection/collection-page-defaults";
import { LAST_RESORT_COUNT } from "~/lib/collection/collection-products";
import { isFixedCollectionSlug, SLUG_FALLBACK_COUNT } from "~/lib/collection/collection-rules";
import { criteriaSelection } from "~/lib/collection/criteria-query";
import { pickRoleLabel } from "~/lib/collection/pick-roles";
import { absoluteUrl } from "~/lib/images/image-url";
import {
  COLLECTION_PAGE_SIZE,
  isPastLastPage,
  PAGE_PARAM,
  pageHref,
  pageCount,
  pageInfo,
  pageOffset,
  pagedUrls,
  parsePageParam,
} from "~/lib/catalog/pagination";
import { categoryLabel } from "~/lib/catalog/product-display";
import { fixedListSelection, type ProductSelection } from "~/lib/catalog/product-selection";
import { DEFAULT_SITE_PRICES, priceSettingsAt, type SitePrices } from "~/lib/offers/price-view";
import { toSaunaViewModel } from "~/lib/catalog/product-view-models";
import { newestDate } from "~/lib/text/dates";
import { DEFAULT_TABLE_QUERY, tableHref } from "~/lib/sauna-table/table-query";
import { catalogCache } from "../catalog/catalog-cache.server";
import { readCollectionPicks, type CollectionPickRecords } from "../catalog/collection-picks.server";
import { listMemberPage, listProductPage, summariseMembers, summariseProducts, type ListScope } from "../catalog/product-lists.server";
import { findCollectionBySlug } from "../catalog/queries.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { isThrownAnswer, notFound, unavailable } from "./page-errors.server";

/**
 * The collection review page, /reviews/{listId}: which collection the address means (one of the
 * fixed pages, or a collection stored in the database), its header texts, and one page of its
 * saunas as view models, or the answer it throws instead (a redirect, not found, an error).
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
  /** The query asked with (`?view=list`), kept by a redirect to the canonical slug. */
  search?: string;
}

/** The record of a slug: from the cached list, else straight from the database (see above). */
async function findCollection(db: DB, slug: string): Promise<Collection | undefined> {
  const cached = (await catalogCache(db).collections()).find((c) => c.slug === slug);
  return cached ?? (await findCollectionBySlug(db, slug));
}

function displayContext(collectionSlug: string, options: CollectionPageOptions) {
  // Site-relative image paths, so the page can request them through the image route.
  return {
    origin: "",
    surveyFormUrl: options.surveyFormUrl ?? null,
    linkSource: linkFrom(linkSource.collection(collectionSlug), "row"),
    prices: priceSettingsAt(options.prices ?? DEFAULT_SITE_PRICES, Date.now()),
  };
}

function toSaunas(
  products: readonly Product[],
  firstRank: number,
  collectionSlug: string,
  options: CollectionPageOptions,
): CollectionSauna[] {
  const context = displayContext(collectionSlug, options);
  return products.map((product, index) => ({
    ...toSaunaViewModel(product, context),
    rank: firstRank + index,
    isSample: product.isSample,
    typeLabel: categoryLabel(product.categoryId),
  }));
}

/**
 * One page of the collection, or a thrown answer instead: a 301 to the slug's canonical address
 * (keeping `options.search`), a 404 for an unknown collection, and a 500 when the products could
 * not be read (the page names the collection and says so; logged; nothing caches it).
 */
export async function loadCollectionPage(db: DB, listId: string, options: CollectionPageOptions = {}): Promise<CollectionPageContent> {
  try {
    const pageSize = options.pageSize ?? COLLECTION_PAGE_SIZE;
    const listing = await collectionListing(db, listId, pageSize, options.search ?? "");
    return await readPage(listing, options.page ?? 1, pageSize, options);
  } catch (error) {
    if (isThrownAnswer(error)) throw error;
    log.error(`Error loading products for /reviews/${listId}: ${(error as Error)?.message ?? error}`);
    const title = isFixedCollectionSlug(listId) ? collectionPageDefaults(listId).title : titleFromSlug(listId);
    // No headers: a failure is not cached (only a page that says `public` is).
    return unavailable(
      { screen: "collection", kind: "unavailable", listId, title, message: PUBLIC_LOAD_ERROR_MESSAGE },
      { status: 500, headers: {} },
    );
  }
}

/**
 * How many pages the collection page has (page 1 to `pageCount` render, a later one redirects)
 * and the 'Last updated' it shows, counted by the same listing the page reads (`collectionListing`),
 * without reading its saunas. The sitemap lists and dates the pages with it. Throws as the page
 * does (a redirect, a 404); a failed read is the caller's to handle.
 */
export async function collectionPageCount(
  db: DB,
  listId: string,
  pageSize = COLLECTION_PAGE_SIZE,
): Promise<{ pageCount: number; lastUpdated: string | null }> {
  const listing = await collectionListing(db, listId, pageSize, "");
  return { pageCount: pageCount(listing.count, pageSize), lastUpdated: lastUpdatedOf(listing) };
}

/**
 * Which list the page shows, with its size and newest change, before any of its saunas is read:
 * the one decision the page and its page count share, so they cannot disagree.
 */
interface CollectionListing {
  db: DB;
  slug: string;
  record: Collection | undefined;
  source: CollectionSource;
  /** How many saunas the whole list holds. */
  count: number;
  /** When the newest of the list's products last changed (ISO), null for an empty list. */
  newestChange: string | null;
  /** One page of the list's products. */
  read(page: number, pageSize: number): Promise<Product[]>;
  /** The list's products as a condition for another query (the sauna table); null for the best-rated stand-ins. */
  scope: ListScope | null;
}

/**
 * Its 'Last updated' is its real last change: the newest of the record's own (its texts, or which
 * products it holds; absent for a fixed page without one) and the products it lists. Offers are
 * left out on purpose: prices carry their own 'as of' date, and a feed confirming them every hour
 * would re-date the page every hour.
 */
function headerOf(listing: CollectionListing) {
  return collectionHeader(listing.slug, listing.record, newestDate([listing.record?.updatedAt, listing.newestChange]));
}

function lastUpdatedOf(listing: CollectionListing): string | null {
  return headerOf(listing).lastUpdated;
}

/** A page ready to show: the listing's page of saunas as view models. */
async function readPage(
  listing: CollectionListing,
  page: number,
  pageSize: number,
  options: CollectionPageOptions,
): Promise<CollectionPageContent> {
  const pagination = pageInfo(page, listing.count, pageSize);
  const header = headerOf(listing);
  // The picks head the first page and "Also tested" closes it; later pages continue the ranking only.
  const [products, chosen] = await Promise.all([
    listing.read(page, pageSize),
    listing.record && pagination.page === 1 ? picksOf(listing.db, listing.record.id) : null,
  ]);
  const saunas = toSaunas(products, pageOffset(pagination.page, pagination.pageSize) + 1, header.slug, options);
  return {
    header,
    content: pagination.totalItems > 0 ? "list" : "empty",
    saunas,
    pagination,
    source: listing.source,
    showingTopRated: listing.source === "top-rated",
    tableHref: listing.scope ? tableHref({ ...DEFAULT_TABLE_QUERY, list: header.slug }) : null,
    ...pickViews(chosen, header.slug, options),
    roles: await rolesOfListed(listing, saunas, chosen).catch((error: unknown) => {
      log.error(`The roles of /reviews/${header.slug} could not be read: ${(error as Error)?.message ?? error}`);
      return {};
    }),
  };
}

/** The collection's picks; a failure only hides them (the ranking is the page). */
async function picksOf(db: DB, collectionId: number): Promise<CollectionPickRecords | null> {
  try {
    return await readCollectionPicks(db, collectionId);
  } catch (error) {
    log.error(`The picks of collection ${collectionId} could not be read: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/** The picks and "Also tested" as the page shows them. */
function pickViews(
  chosen: CollectionPickRecords | null,
  collectionSlug: string,
  options: CollectionPageOptions,
): Pick<CollectionPageContent, "picks" | "alsoTested"> {
  if (!chosen) return { picks: [], alsoTested: [] };
  const context = displayContext(collectionSlug, options);
  return {
    picks: chosen.picks.map(({ role, label, reason, product }) => ({
      roleKey: role,
      role: pickRoleLabel(role, label),
      reason,
      sauna: toSaunaViewModel(product, context),
    })),
    alsoTested: chosen.alsoTested.map(({ reason, product }) => {
      const { id, slug, name, brand, href } = toSaunaViewModel(product, context);
      return { id, slug, name, brand, href, reason };
    }),
  };
}

/**
 * The roles of this page's ranked saunas, by product id, for the page's ItemList: a pick keeps its
 * role on whichever page of the ranking lists it. One indexed read of the collection's few picks.
 */
async function rolesOfListed(
  listing: CollectionListing,
  saunas: readonly CollectionSauna[],
  chosen: CollectionPickRecords | null,
): Promise<CollectionPageContent["roles"]> {
  if (!listing.record || saunas.length === 0) return {};
  const picks =
    chosen?.picks.map(({ role, label, reason, product }) => ({ productId: product.id, role, label, reason })) ??
    (
      await listing.db
        .selectFrom("collection_picks")
        .select(["product_id", "role", "label", "reason"])
        .where("collection_id", "=", listing.record.id)
        .where("role", "!=", "also-tested")
        .execute()
    ).map((row) => ({ productId: Number(row.product_id), role: row.role, label: row.label, reason: row.reason }));
  const listed = new Set(saunas.map((sauna) => sauna.id));
  const roles: CollectionPageContent["roles"] = {};
  for (const pick of picks) {
    if (listed.has(pick.productId)) roles[pick.productId] = { role: pickRoleLabel(pick.role, pick.label), reason: pick.reason };
  }
  return roles;
}

/** A selection in rating order. */
async function selectionListing(
  db: DB,
  selection: ProductSelection,
): Promise<Omit<CollectionListing, "db" | "slug" | "record" | "source">> {
  const summary = await summariseProducts(db, selection);
  return {
    ...summary,
    read: (page, pageSize) => listProductPage(db, selection, "rating", { limit: pageSize, offset: pageOffset(page, pageSize) }),
    scope: { kind: "selection", selection },
  };
}

/**
 * The best-rated `count` products, shown as a single page when a rule matched nothing; a later
 * page number is past its end and holds nothing.
 */
async function topRatedListing(
  db: DB,
  count: number,
  pageSize: number,
): Promise<Omit<CollectionListing, "db" | "slug" | "record" | "source">> {
  const products = await listProductPage(db, { kind: "all" }, "rating", { limit: Math.min(count, pageSize), offset: 0 });
  return {
    count: products.length,
    newestChange: newestDate(products.map((product) => product.updatedAt)),
    read: async (page) => (page === 1 ? products : []),
    scope: null,
  };
}

/** A collection's stored members in the editors' order; null when it has none. */
async function membershipListing(
  db: DB,
  collectionId: number,
): Promise<Omit<CollectionListing, "db" | "slug" | "record" | "source"> | null> {
  const members = await summariseMembers(db, collectionId);
  if (members.count === 0) return null;
  return {
    ...members,
    read: (page, pageSize) => listMemberPage(db, collectionId, { limit: pageSize, offset: pageOffset(page, pageSize) }),
    scope: { kind: "members", collectionId },
  };
}

async function collectionListing(db: DB, listId: string, pageSize: number, search: string): Promise<CollectionListing> {
  const canonical = canonicalCollectionSlug(listId);
  // 'barrel' → barrel-saunas, 'Barrel-Saunas' → barrel-saunas: one URL per page.
  if (canonical !== listId && isFixedCollectionSlug(canonical)) {
    throw redirect(`/reviews/${canonical}${search}`, 301);
  }
  // Stored slugs are lower case too: 'Best-Cedar' → best-cedar, unless a collection kept that
  // exact spelling (saved before the rule, its lower case already taken).
  if (canonical !== listId && !(await findCollection(db, listId)) && (await findCollection(db, canonical))) {
    throw redirect(`/reviews/${canonical}${search}`, 301);
  }

  if (isFixedCollectionSlug(listId)) {
    // The clt page's record is fixed (collection-page-defaults): nothing to read.
    const record = listId === "clt-saunas" ? undefined : await findCollection(db, listId);
    const page = { db, slug: listId, record };
    // Curated: an admin stored this page's saunas (a collections CSV's product_ids, or products'
    // collection_ids), so it shows exactly those, in the stored order. The rule fills in otherwise,
    // and a collection that keeps its rule (ADR 0070) lists the stored ones with the rule's.
    const curated = record && !record.keepsRule ? await membershipListing(db, record.id) : null;
    if (curated) return { ...page, ...curated, source: "membership" };
    const listed = await selectionListing(db, withExtras(record, fixedListSelection(listId)));
    if (listed.count > 0) return { ...page, ...listed, source: "rule" };
    // Nothing matches the rule: the 3 best-rated saunas stand in, and the page says so.
    return { ...page, ...(await topRatedListing(db, SLUG_FALLBACK_COUNT, pageSize)), source: "top-rated" };
  }

  const record = await findCollection(db, listId);
  if (!record) return notFound({ screen: "collection", kind: "not-found", listId });
  // Throws for a generic slug without its record, before anything is read.
  collectionHeader(listId, record);
  const page = { db, slug: listId, record };

  // The fallback chain of collection-products.ts, one step at a time: stored membership in the
  // editors' order, then the criteria query, then the first 5 by rating. (A product CSV's
  // collection_ids are stored as memberships, so membership covers that step too.) A collection
  // that keeps its rule lists its stored products with the criteria's instead (ADR 0070).
  const rule = criteriaSelection(record.criteriaType, record.criteriaValue);
  const curated = rule && record.keepsRule ? null : await membershipListing(db, record.id);
  if (curated) return { ...page, ...curated, source: "membership" };
  if (rule) {
    const listed = await selectionListing(db, withExtras(record, rule));
    if (listed.count > 0) return { ...page, ...listed, source: "criteria" };
  }
  // No members, and no criteria or none that match: the first 5 by rating, and the page says so.
  return { ...page, ...(await topRatedListing(db, LAST_RESORT_COUNT, pageSize)), source: "top-rated" };
}

/** The rule, plus the products stored for a collection that keeps its rule. */
function withExtras(record: Collection | undefined, rule: ProductSelection): ProductSelection {
  return record?.keepsRule ? { kind: "rule-and-members", rule, collectionId: record.id } : rule;
}

/**
 * A collection's saunas for the table of every sauna (`/reviews/table?list=<slug>`): the same
 * list its page shows, as a condition on products, with its title; null when there is no such
 * collection, or it shows the best-rated stand-ins because nothing matches it.
 */
export async function collectionTableScope(db: DB, listId: string): Promise<{ title: string; slug: string; scope: ListScope } | null> {
  let listing: CollectionListing;
  try {
    listing = await collectionListing(db, listId, COLLECTION_PAGE_SIZE, "");
  } catch (thrown) {
    // A redirect to another spelling, or the page's 404: no collection by this slug.
    if (isThrownAnswer(thrown)) return null;
    throw thrown;
  }
  if (!listing.scope) return null;
  const header = headerOf(listing);
  return { title: header.title, slug: header.slug, scope: listing.scope };
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

  const page = await loadCollectionPage(db, listId, {
    surveyFormUrl: request.surveyFormUrl,
    prices: request.prices,
    page: pageNumber,
    search: url.search,
  });
  if (isPastLastPage(page.pagination)) {
    throw redirect(pageHref(url.pathname, url.search, page.pagination.pageCount), 302);
  }
  return {
    ...page,
    urls: pagedUrls(request.baseUrl, `/reviews/${page.header.slug}`, new URLSearchParams(), page.pagination),
    socialImageUrl: absoluteUrl(page.header.image, request.baseUrl),
  };
}
