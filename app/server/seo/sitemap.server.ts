import { TABLE_PATH } from "~/lib/sauna-table/table-query";
import { sql } from "kysely";
import { toSummary } from "~/lib/learn/articles";
import { canonicalCollectionSlug } from "~/lib/collection/built-in-collections";
import { FIXED_COLLECTION_SLUGS, isFixedCollectionSlug } from "~/lib/collection/collection-rules";
import { pageCount, pageHref, PRODUCT_LIST_PAGE_SIZE } from "~/lib/catalog/pagination";
import { productHref } from "~/lib/catalog/product-display";
import { newestDate } from "~/lib/text/dates";
import {
  learnSitemapEntries,
  MAX_URLS_PER_SITEMAP,
  parseSitemapFilePath,
  sitemapFilePath,
  sitemapIndexXml,
  urlElement,
  URLSET_END,
  URLSET_START,
  type SitemapEntry,
} from "~/lib/seo/sitemap";
import { publishedArticles } from "../articles/published-articles.server";
import { onCatalogChange } from "../catalog/catalog-cache.server";
import { collectionPageCount } from "../pages/collection.server";
import { isThrownAnswer } from "../pages/page-errors.server";
import { toIsoString } from "../db/timestamps";
import type { DB } from "../db/connection.server";

/**
 * The sitemap: /sitemap.xml is an index of sitemap files of at most 50,000 URLs each.
 * /sitemap-pages-N.xml hold every canonical page but the products (home, reviews, the learn
 * pages, the collections, with every later page of each list); /sitemap-products-N.xml hold the
 * products in id order, N-th file from the N-th block of 50,000 ids. A products file is streamed
 * from the database a chunk at a time in key order (keyset on id, never OFFSET), so a catalog of
 * a million rows costs one chunk of memory, not one file's worth.
 *
 * What the index needs (the pages, how many products each file holds and where each starts) is
 * kept per database for a few minutes and dropped by every admin save (invalidateCatalog). Files
 * read while the catalog changes can shift by the rows added or removed; the next save or
 * MEMO_MS puts them right.
 */

/** Product rows read per query while streaming a products file. */
const PRODUCT_CHUNK = 2_000;
/** Catalog changes made outside the admin (a script, another instance) show up within this. */
const MEMO_MS = 10 * 60_000;

async function latestUpdate(db: DB, table: "products" | "collections"): Promise<string | null> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("updated_at").as("latest"))
    .executeTakeFirst();
  return row?.latest ? toIsoString(row.latest as Date | string) : null;
}

async function countAllProducts(db: DB): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * A list's later pages (?page=2 and on): each is a canonical page of its own (ADR 0017), so it is
 * listed too, with the list's lastmod.
 */
function laterPages(path: string, pages: number, lastmod: string | null | undefined): SitemapEntry[] {
  return Array.from({ length: Math.max(0, pages - 1) }, (_, index) => ({ path: pageHref(path, "", index + 2), lastmod }));
}

/** The Knowledge Center's pages: its published articles, and their category and tag pages. */
async function articleEntries(db: DB): Promise<SitemapEntry[]> {
  return learnSitemapEntries((await publishedArticles(db)).map(toSummary));
}

/**
 * Everything but the products: the fixed and stored pages, with every page of each list. A
 * collection's pages and date are counted by the collection page's own listing
 * (collectionPageCount), so the sitemap lists the pages the site renders, dated as they show.
 */
async function pageEntries(db: DB): Promise<SitemapEntry[]> {
  const [productsUpdated, collectionsUpdated, collections, productCount] = await Promise.all([
    latestUpdate(db, "products"),
    latestUpdate(db, "collections"),
    db.selectFrom("collections").select("slug").orderBy("slug").execute(),
    countAllProducts(db),
  ]);
  const catalogUpdated = newestDate([productsUpdated, collectionsUpdated]);

  const entries: SitemapEntry[] = [
    { path: "/", lastmod: catalogUpdated },
    { path: "/reviews", lastmod: catalogUpdated },
    ...laterPages("/reviews", pageCount(productCount, PRODUCT_LIST_PAGE_SIZE), catalogUpdated),
    // The sauna table, bare: its filtered, sorted and paged variants are noindex.
    { path: TABLE_PATH, lastmod: catalogUpdated },
    ...(await articleEntries(db)),
  ];
  // A fixed collection page exists with or without a record.
  const lists: { path: string; slug: string }[] = FIXED_COLLECTION_SLUGS.map((slug) => ({ path: `/reviews/${slug}`, slug }));
  for (const { slug } of collections) {
    // A stored slug that names a fixed page (or redirects to one) is already listed above.
    if (isFixedCollectionSlug(slug) || isFixedCollectionSlug(canonicalCollectionSlug(slug))) continue;
    lists.push({ path: `/reviews/${encodeURIComponent(slug)}`, slug });
  }
  const counts = await Promise.all(
    lists.map((list) =>
      collectionPageCount(db, list.slug).catch((error: unknown) => {
        // A collection removed since the list was read answers 404 like its page: it is left out.
        if (isThrownAnswer(error)) return null;
        throw error;
      }),
    ),
  );
  lists.forEach((list, index) => {
    const count = counts[index];
    if (count) entries.push({ path: list.path, lastmod: count.lastUpdated }, ...laterPages(list.path, count.pageCount, count.lastUpdated));
  });
  return entries;
}

/** One products file: how many it holds, the id it starts at and its newest change. */
interface ProductPart {
  firstId: number;
  count: number;
  lastmod: string | null;
}

/**
 * The products files, in one pass over the products table numbered in id order. The limit is
 * written into the SQL: SQLite would divide by a bound number as a real.
 */
async function productParts(db: DB, perFile: number): Promise<ProductPart[]> {
  const { rows } = await sql<{ part: number | string; first_id: number | string; count: number | string; latest: string | Date | null }>`
    select part, min(id) as first_id, count(*) as count, max(updated_at) as latest
    from (select id, updated_at, (row_number() over (order by id) - 1) / ${sql.lit(Math.trunc(perFile))} as part from products) as numbered
    group by part
    order by part
  `.execute(db);
  return rows.map((row) => ({
    firstId: Number(row.first_id),
    count: Number(row.count),
    lastmod: row.latest ? toIsoString(row.latest) : null,
  }));
}

interface SitemapPlan {
  pages: SitemapEntry[];
  products: ProductPart[];
  perFile: number;
}

async function readPlan(db: DB, perFile: number): Promise<SitemapPlan> {
  const [pages, products] = await Promise.all([pageEntries(db), productParts(db, perFile)]);
  return { pages, products, perFile };
}

const memos = new WeakMap<DB, Map<number, { at: number; plan: Promise<SitemapPlan> }>>();

/** readPlan, kept per database until the next admin save or MEMO_MS. */
function sitemapPlan(db: DB, perFile: number): Promise<SitemapPlan> {
  let memo = memos.get(db);
  if (!memo) {
    const created = new Map<number, { at: number; plan: Promise<SitemapPlan> }>();
    memos.set(db, (memo = created));
    onCatalogChange(db, () => created.clear());
  }
  const hit = memo.get(perFile);
  if (hit && Date.now() - hit.at < MEMO_MS) return hit.plan;
  const plan = readPlan(db, perFile);
  memo.set(perFile, { at: Date.now(), plan });
  // A failure is not kept: the next request tries again.
  plan.catch(() => memo.delete(perFile));
  return plan;
}

/**
 * /sitemap.xml: the index of every sitemap file, each dated by the newest thing it lists. There is
 * always a pages file; a site without products has no products file. `perFile` is the protocol's
 * limit; tests pass a small one to exercise the split.
 */
export async function sitemapIndex(db: DB, origin: string, perFile = MAX_URLS_PER_SITEMAP): Promise<string> {
  const plan = await sitemapPlan(db, perFile);
  const files: SitemapEntry[] = [];
  const pageFiles = Math.max(1, Math.ceil(plan.pages.length / perFile));
  for (let part = 1; part <= pageFiles; part++) {
    const slice = plan.pages.slice((part - 1) * perFile, part * perFile);
    files.push({ path: sitemapFilePath("pages", part), lastmod: newestDate(slice.map((entry) => entry.lastmod)) });
  }
  plan.products.forEach((part, index) => files.push({ path: sitemapFilePath("products", index + 1), lastmod: part.lastmod }));
  return sitemapIndexXml(files, origin);
}

/** `count` product entries from id `firstId` on, in id order, read a chunk at a time after the last id read. */
async function* productEntries(db: DB, firstId: number, count: number): AsyncGenerator<SitemapEntry> {
  let read = 0;
  let after: number | null = null;
  while (read < count) {
    let query = db
      .selectFrom("products")
      .select(["id", "slug", "updated_at"])
      .orderBy("id")
      .limit(Math.min(PRODUCT_CHUNK, count - read));
    query = after === null ? query.where("id", ">=", firstId) : query.where("id", ">", after);
    const rows = await query.execute();
    if (rows.length === 0) return;
    for (const row of rows) yield { path: productHref(row), lastmod: toIsoString(row.updated_at) };
    read += rows.length;
    after = Number(rows.at(-1)!.id);
  }
}

/** Entries as the lines of a sitemap file, a few hundred to a string. */
async function* urlsetChunks(entries: AsyncIterable<SitemapEntry> | Iterable<SitemapEntry>, origin: string): AsyncGenerator<string> {
  yield URLSET_START;
  let chunk = "";
  let lines = 0;
  for await (const entry of entries) {
    chunk += `${urlElement(entry, origin)}\n`;
    if (++lines % 500 === 0) {
      yield chunk;
      chunk = "";
    }
  }
  yield chunk + URLSET_END;
}

/**
 * A sitemap file (/sitemap-pages-1.xml, /sitemap-products-3.xml) as text to stream, or null when
 * the site has no such file (a part past the last, or a path that names no sitemap file).
 */
export async function sitemapFile(
  db: DB,
  origin: string,
  path: string,
  perFile = MAX_URLS_PER_SITEMAP,
): Promise<AsyncGenerator<string> | null> {
  const file = parseSitemapFilePath(path);
  if (!file) return null;
  const plan = await sitemapPlan(db, perFile);
  if (file.section === "pages") {
    const slice = plan.pages.slice((file.part - 1) * perFile, file.part * perFile);
    return slice.length > 0 || file.part === 1 ? urlsetChunks(slice, origin) : null;
  }
  const part = plan.products[file.part - 1];
  return part ? urlsetChunks(productEntries(db, part.firstId, part.count), origin) : null;
}
