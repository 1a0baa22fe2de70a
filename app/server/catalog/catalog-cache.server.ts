import type { Collection, Product } from "~/lib/catalog";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";
import { listCollections, listMembersByCollection, listProducts } from "./queries.server";
import { SwrValue } from "./swr-cache";

/** SPEC §9 "Caches", kept on the server (ARCHITECTURE D8). */
const CACHE_WINDOWS_MS = {
  collections: 30_000,
  productLists: 60_000,
  bestByType: 5 * 60_000,
} as const;

export interface CatalogCache {
  /** Every product, best rated first. */
  products(): Promise<Product[]>;
  /** Every collection, by title. */
  collections(): Promise<Collection[]>;
  /** A collection's stored members in editor order. */
  collectionMembers(collectionId: number): Promise<Product[]>;
  /** The rating-ordered list best-by-type picks from, on its own 5-minute window. */
  productsForBestByType(): Promise<Product[]>;
}

const caches = new WeakMap<DB, CatalogCache & { invalidate(): void }>();
const reportBackgroundError = (error: unknown) =>
  log.error(`Catalog cache refresh failed, serving the previous data: ${(error as Error)?.message ?? error}`);

/** The catalog cache of one database handle (tests open many; each gets its own). */
export function catalogCache(db: DB): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    const products = new SwrValue(() => listProducts(db), CACHE_WINDOWS_MS.productLists, reportBackgroundError);
    const collections = new SwrValue(() => listCollections(db), CACHE_WINDOWS_MS.collections, reportBackgroundError);
    // Every collection's members in one query: the product page asks for all custom collections'
    // members at once ('As Seen In'), which would otherwise be a query per collection.
    const members = new SwrValue(() => listMembersByCollection(db), CACHE_WINDOWS_MS.productLists, reportBackgroundError);
    const bestByType = new SwrValue(() => listProducts(db), CACHE_WINDOWS_MS.bestByType, reportBackgroundError);
    cache = {
      products: () => products.get(),
      collections: () => collections.get(),
      collectionMembers: async (id) => (await members.get()).get(id) ?? [],
      productsForBestByType: () => bestByType.get(),
      invalidate() {
        products.invalidate();
        collections.invalidate();
        members.invalidate();
        bestByType.invalidate();
      },
    };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Every admin save calls this after its transaction commits, so the next page view reads the
 * new catalog instead of waiting out a cache window.
 */
export function invalidateCatalog(db: DB): void {
  caches.get(db)?.invalidate();
  for (const listener of invalidationListeners) listener(db);
}

const invalidationListeners = new Set<(db: DB) => void>();

/** Lets a server-side memo built from the catalog (the sitemap) drop itself on every admin save. */
export function onCatalogInvalidated(listener: (db: DB) => void): void {
  invalidationListeners.add(listener);
}

/** Cache-Control for public catalog pages: a CDN may serve them briefly, then revalidate. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
