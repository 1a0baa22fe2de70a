import type { Product } from "~/lib/catalog/catalog";
import { isFixedCollectionSlug } from "~/lib/collection/collection-rules";
import { categoryBreadcrumb, categoryCollectionSlug, categoryLabel } from "~/lib/catalog/product-display";
import { testResultsView, type TestResultsView } from "~/lib/measurements/test-results-view";
import { comparableValuesInCategory, listMeasurementDefinitions, measurementValuesFor } from "../measurements/measurements.server";
import {
  collectionsListingProduct,
  toProductPageView,
  withFixedCollectionPages,
  type AsSeenInCollection,
  type ProductScreen,
} from "~/lib/product/product-page";
import { HISTORY_DAYS } from "~/lib/offers/price-history-view";
import { DEFAULT_SITE_PRICES, priceSettingsAt, type SitePrices } from "~/lib/offers/price-view";
import { breadcrumbList, HOME_STEP, productStructuredData, REVIEWS_STEP } from "~/lib/seo/structured-data";
import { findRemovedProduct } from "../products/removed-products.server";
import { catalogCache } from "../catalog/catalog-cache.server";
import { listCollectionIdsOfProduct } from "../catalog/product-lists.server";
import { findCollectionBySlug } from "../catalog/queries.server";
import { withOffers } from "../offers/offer-reads.server";
import { withPriceHistory } from "../offers/price-history.server";
import { findProductByIdOrSlug, findProductsBySlugs } from "../products/products.server";
import type { DB } from "../db/connection.server";
import { profilesByName } from "../articles/author-profiles.server";
import { publishedAuthorCredits } from "../articles/published-articles.server";
import type { AuthorProfile } from "~/lib/learn/author-profile";
import { log } from "../log.server";
import { listUpdateNotes } from "../updates/update-notes.server";
import type { UpdateNoteView } from "~/lib/updates/update-notes";
import { newestDate } from "~/lib/text/dates";
import { CACHE_CONTROL } from "../http/cache-control.server";
import { gone, notFound, unavailable } from "./page-errors.server";
import { buyButtonState } from "../ab-tests/ab-tests.server";
import { DEFAULT_BUY_BUTTON } from "~/lib/ab-tests/buy-button";

/**
 * The product detail page, served at /reviews/product/{id or slug} and /product/{id or slug}:
 * every address keeps serving the page, and the canonical link names /reviews/product/{slug}.
 * Returns the screen, or throws: 404 for an unknown product, 410 for one the admin deleted,
 * 503 when the product could not be read (shown as not found, never cached).
 */
export async function productPage(
  db: DB,
  request: { idOrSlug: string; baseUrl: string; surveyFormUrl?: string | null; prices?: SitePrices },
): Promise<ProductScreen> {
  const { idOrSlug, baseUrl } = request;
  let product: Product | undefined;
  try {
    const found = idOrSlug === "" ? undefined : await findProductByIdOrSlug(db, idOrSlug);
    product = found && (await withOffers(db, [found]))[0];
  } catch (error) {
    // A product that cannot be loaded shows the 'Product Not Found' screen.
    log.error(`Product ${idOrSlug} could not be loaded: ${(error as Error)?.message ?? error}`);
    return unavailable({ screen: "product", kind: "unavailable" });
  }
  if (!product) {
    const removed = idOrSlug === "" ? undefined : await findRemovedProduct(db, idOrSlug).catch(() => undefined);
    if (removed) {
      // A product the admin deleted: 410 tells search engines to drop the address (ADR 0026).
      const categoryCollection = await storedCategoryCollection(db, removed.categoryId);
      const category = categoryBreadcrumb(removed.categoryId, (slug) => isFixedCollectionSlug(slug) || slug === categoryCollection);
      return gone({ screen: "product", kind: "gone", name: removed.name, category: category.href === "/reviews" ? null : category });
    }
    return notFound({ screen: "product", kind: "not-found" }, { "Cache-Control": CACHE_CONTROL.noStore });
  }

  const [collectionOfCategory, asSeenInCollections, withHistory, alternatives, authors, updateNotes, testResults, buyButton] =
    await Promise.all([
      storedCategoryCollection(db, product.categoryId),
      asSeenIn(db, product),
      priceHistoryOf(db, product),
      alternativesOf(db, product),
      reviewAuthorsOf(db, product),
      updateNotesOf(db, product),
      testResultsOf(db, product),
      buyButtonOf(db),
    ]);
  product = withHistory;
  const prices = priceSettingsAt(request.prices ?? DEFAULT_SITE_PRICES, Date.now());
  const view = toProductPageView(product, {
    surveyFormUrl: request.surveyFormUrl,
    today: prices.today,
    prices,
    asSeenIn: asSeenInCollections,
    alternatives,
    authors,
    hasCollectionPage: (slug) => isFixedCollectionSlug(slug) || slug === collectionOfCategory,
  });
  return {
    view,
    origin: baseUrl,
    updateNotes,
    testResults,
    buyButton,
    // The review's dateModified: its newest real change, a note's day or the record's own change.
    productLd: productStructuredData(product, view, baseUrl, newestDate([updateNotes[0]?.date, product.updatedAt.slice(0, 10)])),
    breadcrumbLd: breadcrumbList(
      [HOME_STEP, REVIEWS_STEP, { name: view.category.label, path: view.category.href }, { name: view.name, path: view.canonicalPath }],
      baseUrl,
    ),
  };
}

/**
 * The slug of the stored collection named by the product's category, if there is one, so the
 * breadcrumb links to it; a failure only sends the breadcrumb to the reviews index.
 */
async function storedCategoryCollection(db: DB, categoryId: string | null): Promise<string | null> {
  const slug = categoryCollectionSlug(categoryId);
  if (isFixedCollectionSlug(slug)) return null;
  try {
    return (await findCollectionBySlug(db, slug)) ? slug : null;
  } catch (error) {
    log.error(`The collection of category ${slug} could not be looked up: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/**
 * 'As Seen In' from the cached collections list and two small membership lookups: which
 * collections this product is a member of, and which collections have members at all. No
 * collection's product list is read. A failure here only hides the section.
 */
async function asSeenIn(db: DB, product: Product): Promise<AsSeenInCollection[]> {
  try {
    const cache = catalogCache(db);
    const [collections, collectionsWithMembers, memberOf] = await Promise.all([
      cache.collections(),
      cache.collectionIdsWithMembers(),
      listCollectionIdsOfProduct(db, product.id),
    ]);
    return collectionsListingProduct(product, withFixedCollectionPages(collections), { memberOf, collectionsWithMembers });
  } catch (error) {
    log.error(`'As Seen In' could not be computed for product ${product.id}: ${(error as Error)?.message ?? error}`);
    return [];
  }
}

/** The review's alternatives with their offers, for their prices; a failure only hides them. */
async function alternativesOf(db: DB, product: Product): Promise<Product[]> {
  const slugs = product.alternatives ?? [];
  if (slugs.length === 0) return [];
  try {
    return await withOffers(db, await findProductsBySlugs(db, slugs));
  } catch (error) {
    log.error(`The alternatives of product ${product.id} could not be read: ${(error as Error)?.message ?? error}`);
    return [];
  }
}

/**
 * The site's authors by lower-case name, for the review's reviewer and tester: their pages and
 * their JSON-LD Person. A failure only leaves the names unlinked.
 */
async function reviewAuthorsOf(db: DB, product: Product): Promise<Map<string, AuthorProfile>> {
  if (!product.reviewer?.trim() && !product.tester?.trim()) return new Map();
  try {
    return profilesByName(await publishedAuthorCredits(db));
  } catch (error) {
    log.error(`The reviewer of product ${product.id} could not be looked up: ${(error as Error)?.message ?? error}`);
    return new Map();
  }
}

/** The review's update notes, newest first; a failure only hides "What changed". */
async function updateNotesOf(db: DB, product: Product): Promise<UpdateNoteView[]> {
  try {
    return await listUpdateNotes(db, { type: "review", id: product.id });
  } catch (error) {
    log.error(`The update notes of product ${product.id} could not be read: ${(error as Error)?.message ?? error}`);
    return [];
  }
}

/**
 * The product's measured test results, compared within its category's collection (the one its
 * breadcrumb names) under each measurement's method now; a failure only hides the section.
 */
async function testResultsOf(db: DB, product: Product): Promise<TestResultsView | null> {
  try {
    const [definitions, own] = await Promise.all([listMeasurementDefinitions(db), measurementValuesFor(db, [product.id])]);
    if (own.length === 0 || definitions.length === 0) return null;
    const peers = await comparableValuesInCategory(db, product.categoryId);
    return testResultsView(product.id, definitions, { peers, own }, `${categoryLabel(product.categoryId).toLowerCase()} saunas`);
  } catch (error) {
    log.error(`The test results of product ${product.id} could not be read: ${(error as Error)?.message ?? error}`);
    return null;
  }
}

/** The applied buy buttons and the running test; a failure shows the defaults and runs no test. */
async function buyButtonOf(db: DB): Promise<NonNullable<ProductScreen["buyButton"]>> {
  try {
    const state = await buyButtonState(db);
    return { applied: state.applied.product, test: state.running.product ?? null };
  } catch (error) {
    log.error(`The buy button settings could not be read: ${(error as Error)?.message ?? error}`);
    return { applied: DEFAULT_BUY_BUTTON, test: null };
  }
}

/** The product with its year of price history; a failure only hides the chart. */
async function priceHistoryOf(db: DB, product: Product): Promise<Product> {
  try {
    return (await withPriceHistory(db, [product], HISTORY_DAYS))[0] ?? product;
  } catch (error) {
    log.error(`The price history of product ${product.id} could not be read: ${(error as Error)?.message ?? error}`);
    return product;
  }
}
