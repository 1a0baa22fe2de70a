import { toSummary } from "~/lib/articles";
import { canonicalCollectionSlug } from "~/lib/built-in-collections";
import { FIXED_COLLECTION_SLUGS, isFixedCollectionSlug } from "~/lib/collection-rules";
import { pageCount, pageHref, PRODUCT_LIST_PAGE_SIZE } from "~/lib/pagination";
import { productHref } from "~/lib/product-display";
import { newestDate } from "~/lib/dates";
import { learnSitemapEntries, MAX_URLS_PER_SITEMAP, sitemapIndexXml, sitemapPageRange, urlsetXml, type SitemapEntry } from "~/lib/sitemap";
import { publishedArticles } from "../articles/published-articles.server";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { loadCollectionPage } from "../pages/collection.server";
import { toIsoString } from "../db/timestamps";
import type { DB } from "../db/connection.server";

/**
 * The sitemap's URLs: every canonical public page, in a fixed order (home, reviews, learn pages,
 * collections, then products by id), so page N of a split sitemap always holds the same slice.
 * Products are read in chunks, never all at once, so a catalog of a million rows costs one
 * sitemap file's worth of memory. Generated files are memoized per database for a few minutes
 * and dropped by every admin save (invalidateCatalog).
 */

/** Products read per query while writing one sitemap file. */
const PRODUCT_CHUNK = 5_000;
/** Catalog changes made outside the admin (a script, another instance) show up within this. */
const MEMO_MS = 10 * 60_000;

async function latestUpdate(db: DB, table: "products" | "collections"): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("updated_at").as("latest"))
    .executeTakeFirst();
  return row?.latest ? toIsoString(row.latest as Date | string) : null;
}

/**
 * A list's later pages (?page=2 and on): each is a canonical page of its own (ADR 0017), so it is
 * listed too, with the list's lastmod.
 */
function laterPages(path: string, pages: number, lastmod: string | null | undefined): SitemapEntry[] {
  return Array.from({ length: Math.max(0, pages - 1) }, (_, index) => ({ path: pageHref(path, "", index + 2), lastmod }));
}

/**
 * How many pages a collection page has and its 'Last updated': the same reading the page itself
 * does, so the sitemap's lastmod is the date the page shows.
 */
async function collectionListing(db: DB, slug: string): Promise<{ pages: number; lastmod: string | null }> {
  const page = await loadCollectionPage(db, slug);
  return page.state === "ready" ? { pages: page.pagination.pageCount, lastmod: page.header.lastUpdated } : { pages: 1, lastmod: null };
}

/** Everything but the products: the fixed and stored pages, with every page of each list. */
async function leadingEntries(db: DB): Promise<SitemapEntry[]> {
  const [productsUpdated, collectionsUpdated, collections] = await Promise.all([
    latestUpdate(db, "products"),
    latestUpdate(db, "collections"),
    db.selectFrom("collections").select("slug").orderBy("slug").execute(),
  ]);
  const catalogUpdated = newestDate([productsUpdated, collectionsUpdated]);

  const entries: SitemapEntry[] = [
    { path: "/", lastmod: catalogUpdated },
    { path: "/reviews", lastmod: catalogUpdated },
    ...laterPages("/reviews", pageCount(await countAllProducts(db), PRODUCT_LIST_PAGE_SIZE), catalogUpdated),
    ...learnSitemapEntries((await publishedArticles(db)).map(toSummary)),
  ];
  // A fixed collection page exists with or without a record.
  const lists: { path: string; slug: string }[] = FIXED_COLLECTION_SLUGS.map((slug) => ({ path: `/reviews/${slug}`, slug }));
  for (const { slug } of collections) {
    // A stored slug that names a fixed page (or redirects to one) is already listed above.
    if (isFixedCollectionSlug(slug) || isFixedCollectionSlug(canonicalCollectionSlug(slug))) continue;
    lists.push({ path: `/reviews/${encodeURIComponent(slug)}`, slug });
  }
  const listings = await Promise.all(lists.map((list) => collectionListing(db, list.slug)));
  lists.forEach((list, index) => {
    const { pages, lastmod } = listings[index]!;
    entries.push({ path: list.path, lastmod }, ...laterPages(list.path, pages, lastmod));
  });
  return entries;
}

async function countAllProducts(db: DB): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Product entries number `offset` to `offset + limit - 1` in id order, read in chunks. */
async function* productEntries(db: DB, offset: number, limit: number): AsyncGenerator<SitemapEntry> {
  let read = 0;
  while (read < limit) {
    const rows = await db
      .selectFrom("products")
      .select(["slug", "updated_at"])
      .orderBy("id")
      .limit(Math.min(PRODUCT_CHUNK, limit - read))
      .offset(offset + read)
      .execute();
    for (const row of rows) yield { path: productHref(row), lastmod: toIsoString(row.updated_at) };
    if (rows.length === 0) return;
    read += rows.length;
  }
}

export type SitemapDocument = { kind: "urlset" | "index"; xml: string } | { kind: "not-found" };

/**
 * /sitemap.xml (page null) or one file of a split sitemap (?page=N). `perPage` is the protocol's
 * limit; tests pass a small one to exercise the split.
 */
export async function buildSitemap(db: DB, origin: string, page: number | null, perPage = MAX_URLS_PER_SITEMAP): Promise<SitemapDocument> {
  const [leading, productCount] = await Promise.all([leadingEntries(db), countAllProducts(db)]);
  const total = leading.length + productCount;
  const pageCount = Math.max(1, Math.ceil(total / perPage));

  if (page === null && pageCount > 1) {
    return { kind: "index", xml: sitemapIndexXml(pageCount, origin, newestDate(leading.map((entry) => entry.lastmod))) };
  }
  const current = page ?? 1;
  if (!Number.isInteger(current) || current < 1 || current > pageCount || (page !== null && pageCount === 1 && page !== 1)) {
    return { kind: "not-found" };
  }
  const { start, end } = sitemapPageRange(current, perPage);
  const entries: SitemapEntry[] = leading.slice(start, end);
  const productStart = Math.max(0, start - leading.length);
  const productLimit = Math.max(0, Math.min(end, total) - Math.max(start, leading.length));
  for await (const entry of productEntries(db, productStart, productLimit)) entries.push(entry);
  return { kind: "urlset", xml: urlsetXml(entries, origin) };
}

const memos = new WeakMap<DB, Map<string, { at: number; document: Promise<SitemapDocument> }>>();

/** buildSitemap, memoized per database until the next admin save or MEMO_MS. */
export function cachedSitemap(db: DB, origin: string, page: number | null): Promise<SitemapDocument> {
  let memo = memos.get(db);
  if (!memo) {
    const created = new Map<string, { at: number; document: Promise<SitemapDocument> }>();
    memos.set(db, (memo = created));
    onCatalogChange(db, () => created.clear());
  }
  const key = `${origin} ${page ?? ""}`;
  const hit = memo.get(key);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.document;
  const document = buildSitemap(db, origin, page);
  memo.set(key, { at: Date.now(), document });
  // A failure is not kept: the next request tries again.
  document.catch(() => memo.delete(key));
  return document;
}
