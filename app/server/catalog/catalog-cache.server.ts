import type { BestByType } from "~/lib/home/best-by-type";
import type { Collection, Product } from "~/lib/catalog/catalog";
import { COMPARISON_ROW_LIMIT } from "~/lib/home/home-page";
import { TRADITIONAL_PICK_TAG } from "~/lib/catalog/product-list-keys";
import type { DB } from "../db/connection.server";
import { existingOffLoopHandle } from "../db/off-loop-reads.server";
import { log } from "../log.server";
import { countProducts, firstProduct, listCollectionIdsWithMembers, listProductPage } from "./product-lists.server";
import { listCollections } from "./queries.server";
import { SwrValue } from "./swr-cache";

/**
 * Small catalog results kept on the server with stale-while-revalidate: the collections list, the
 * home page's picks and top list, and which collections have stored members. Each is a handful
 * of rows, whatever the catalog's size; product lists are read a page at a time and never cached
 * whole (ADR 0017).
 */
const CACHE_WINDOWS_MS = {
  collections: 30_000,
  productLists: 60_000,
  bestByType: 5 * 60_000,
} as const;

/** The best-rated products in top-rating order, as many as the home page's longest list, and the catalog's size. */
export interface TopProducts {
  products: Product[];
  total: number;
}

export interface CatalogCache {
  /** Every collection, by title. */
  collections(): Promise<Collection[]>;
  /** The ids of the collections that have stored members. */
  collectionIdsWithMembers(): Promise<Set<number>>;
  /** The home page's three best-by-type picks, on their own 5-minute window. */
  bestByType(): Promise<BestByType<Product>>;
  /** The first COMPARISON_ROW_LIMIT products in top-rating order, and how many there are in all. */
  topProducts(): Promise<TopProducts>;
}

const caches = new WeakMap<DB, CatalogCache & { invalidate(): void }>();
const reportBackgroundError = (error: unknown) =>
  log.error(`Catalog cache refresh failed, serving the previous data: ${(error as Error)?.message ?? error}`);

async function readBestByType(db: DB): Promise<BestByType<Product>> {
  const [traditional, infrared, barrel] = await Promise.all([
    firstProduct(db, { kind: "tag", tag: TRADITIONAL_PICK_TAG }, "rating"),
    firstProduct(db, { kind: "tag", tag: "infrared-saunas" }, "rating"),
    firstProduct(db, { kind: "tag", tag: "barrel-saunas" }, "rating"),
  ]);
  // The same picks bestByType() makes from the whole list: the first of each kind in rating order.
  return { traditional, infrared, barrel };
}

async function readTopProducts(db: DB): Promise<TopProducts> {
  const all = { kind: "all" } as const;
  const [products, total] = await Promise.all([
    listProductPage(db, all, "top-rating", { limit: COMPARISON_ROW_LIMIT, offset: 0 }),
    countProducts(db, all),
  ]);
  return { products, total };
}

/** The catalog cache of one database handle (tests open many; each gets its own). */
export function catalogCache(db: DB): CatalogCache {
  let cache = caches.get(db);
  if (!cache) {
    const values = {
      collections: new SwrValue(() => listCollections(db), CACHE_WINDOWS_MS.collections, reportBackgroundError),
      withMembers: new SwrValue(() => listCollectionIdsWithMembers(db), CACHE_WINDOWS_MS.productLists, reportBackgroundError),
      bestByType: new SwrValue(() => readBestByType(db), CACHE_WINDOWS_MS.bestByType, reportBackgroundError),
      topProducts: new SwrValue(() => readTopProducts(db), CACHE_WINDOWS_MS.productLists, reportBackgroundError),
    };
    cache = {
      collections: () => values.collections.get(),
      collectionIdsWithMembers: () => values.withMembers.get(),
      bestByType: () => values.bestByType.get(),
      topProducts: () => values.topProducts.get(),
      invalidate() {
        for (const value of Object.values(values)) value.invalidate();
      },
    };
    caches.set(db, cache);
  }
  return cache;
}

type CatalogChangeListener = () => void;
const listeners = new WeakMap<DB, Set<CatalogChangeListener>>();

/**
 * Every admin save calls this after its transaction commits, so the next page view reads the
 * new catalog instead of waiting out a cache window: the catalog caches first, then every
 * listener (the page cache), which will render from them. Other instances on the same
 * PostgreSQL database hear of the save from `publishCatalogChange(trx)`, which the save calls
 * inside its transaction (catalog-broadcast.server.ts), and call this themselves.
 */
export function invalidateCatalog(db: DB): void {
  // What was cached through the handle that reads off the event loop is as old as the rest.
  for (const handle of [db, existingOffLoopHandle(db)]) {
    if (handle === undefined) continue;
    caches.get(handle)?.invalidate();
    for (const listener of listeners.get(handle) ?? []) {
      try {
        listener();
      } catch (error) {
        log.error(`A catalog change listener failed: ${(error as Error)?.message ?? error}`);
      }
    }
  }
}

/**
 * Runs `listener` after every invalidateCatalog(db): the one place where whatever keeps a copy
 * of catalog pages (the page cache, the sitemap) learns of a save, made here or on another
 * instance.
 * Returns the function that removes it.
 */
export function onCatalogChange(db: DB, listener: CatalogChangeListener): () => void {
  let registered = listeners.get(db);
  if (!registered) listeners.set(db, (registered = new Set()));
  registered.add(listener);
  return () => registered.delete(listener);
}
