import { keepingSampleMark, sampleEditedOnUpdate } from "../db/sample-mark.server";
import { sql, type Insertable } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import type { ProductsTable } from "../db/schema";
import { executeWithRows, type BulkRow } from "../db/bulk-rows.server";
import { overwriteOnSlugConflict } from "../db/slug-upsert.server";
import type { ReviewFields } from "~/lib/catalog/review";
import { parseTextList, PRODUCT_COLUMNS, reviewRow, toProduct, toProductFields, type ProductFields } from "./product-row-mapping";

/**
 * The products table: one plain function per question or write, each taking the database (or a
 * transaction) first and running unchanged on SQLite and PostgreSQL. Rows become Products through
 * product-row-mapping.ts only. The public lists' paged, filtered reads are in
 * ../catalog/product-lists.server.ts; the list keys are written by product-list-keys.server.ts.
 */

/** A product's id and slug: how imports and removals name one. */
export interface ProductRef {
  id: number;
  slug: string;
}

/**
 * Every product, best rated first (unrated last), then by name. It reads the whole table, so no
 * public page calls it (they read a page at a time, product-lists.server.ts); tests and tools
 * use it as the reference order.
 */
export async function listProducts(db: DB): Promise<Product[]> {
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .orderBy("rating", (order) => order.desc().nullsLast())
    .orderBy("name")
    .execute();
  return rows.map(toProduct);
}

export async function findProductById(db: DB, id: number): Promise<Product | undefined> {
  const row = await db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toProduct(row);
}

/**
 * Slugs are stored in lower case, so `Tyyni-4` finds `tyyni-4`. The exact spelling is tried
 * first: a slug saved in capitals before that rule, which could not be lowered because its lower
 * case was taken, stays reachable at its own address.
 */
export async function findProductBySlug(db: DB, slug: string): Promise<Product | undefined> {
  const row =
    (await db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst()) ??
    (slug === slug.toLowerCase()
      ? undefined
      : await db.selectFrom("products").selectAll().where("slug", "=", slug.toLowerCase()).executeTakeFirst());
  return row && toProduct(row);
}

/** The products named by a handful of slugs (any case), e.g. the compare page's few. */
export async function findProductsBySlugs(db: DB, slugs: readonly string[]): Promise<Product[]> {
  if (slugs.length === 0) return [];
  // Each slug as given and in lower case, the two spellings findProductBySlug tries: the slug
  // index answers both, where lower(slug) would read every product.
  const spellings = [...new Set(slugs.flatMap((slug) => [slug, slug.toLowerCase()]))];
  const rows = await db.selectFrom("products").selectAll().where("slug", "in", spellings).execute();
  return rows.map(toProduct);
}

/**
 * A product URL carries an id or a slug: a token of digits is tried as an id first, then as a
 * slug, so a product whose slug is all digits is still found.
 */
export async function findProductByIdOrSlug(db: DB, idOrSlug: string): Promise<Product | undefined> {
  if (/^\d{1,15}$/.test(idOrSlug)) {
    const byId = await findProductById(db, Number(idOrSlug));
    if (byId) return byId;
  }
  return findProductBySlug(db, idOrSlug);
}

/** The stored fields of the products with these exact slugs, read 500 slugs per query (imports). */
export async function listProductFieldsBySlugs(db: DB, slugs: readonly string[]): Promise<(ProductFields & { id: number })[]> {
  const found: (ProductFields & { id: number })[] = [];
  for (const part of chunks([...new Set(slugs)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("slug", "in", part).execute();
    for (const row of rows) found.push(toProductFields(row));
  }
  return found;
}

/** The stored fields of up to `limit` products after `afterId`, by id: a page that never repeats or skips a row. */
export async function listProductFieldsAfterId(db: DB, afterId: number, limit: number): Promise<(ProductFields & { id: number })[]> {
  const rows = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", ">", afterId).orderBy("id").limit(limit).execute();
  return rows.map(toProductFields);
}

/** Id and slug of the products with these ids; ids that name none are absent. */
export async function listProductRefsByIds(db: DB, ids: readonly number[]): Promise<ProductRef[]> {
  const found: ProductRef[] = [];
  for (const part of chunks([...new Set(ids)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(["id", "slug"]).where("id", "in", part).execute();
    for (const row of rows) found.push({ id: Number(row.id), slug: row.slug });
  }
  return found;
}

/** Id and slug of the products with these exact slugs; slugs that name none are absent. */
export async function listProductRefsBySlugs(db: DB, slugs: readonly string[]): Promise<ProductRef[]> {
  const found: ProductRef[] = [];
  for (const part of chunks([...new Set(slugs)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(["id", "slug"]).where("slug", "in", part).execute();
    for (const row of rows) found.push({ id: Number(row.id), slug: row.slug });
  }
  return found;
}

/** What a removal names and records of a product. */
export interface ProductName extends ProductRef {
  name: string;
  categoryId: string | null;
}

function toProductName(row: { id: number; slug: string; name: string; category_id: string | null }): ProductName {
  return { id: Number(row.id), slug: row.slug, name: row.name, categoryId: row.category_id };
}

/** Name, slug and category of the products with these ids; ids that name none are absent. */
export async function listProductNamesByIds(db: DB, ids: readonly number[]): Promise<ProductName[]> {
  const found: ProductName[] = [];
  for (const part of chunks([...new Set(ids)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("products").select(["id", "slug", "name", "category_id"]).where("id", "in", part).execute();
    found.push(...rows.map(toProductName));
  }
  return found;
}

/** Name, slug and category of every product the sample seed put there. */
export async function listSampleProductNames(db: DB): Promise<ProductName[]> {
  const rows = await db.selectFrom("products").select(["id", "slug", "name", "category_id"]).where("is_sample", "=", true).execute();
  return rows.map(toProductName);
}

/** The picture lists of up to `limit` products after `afterId`, by id: only that column is read. */
export async function listProductImagesAfterId(db: DB, afterId: number, limit: number): Promise<{ id: number; images: string[] }[]> {
  const rows = await db.selectFrom("products").select(["id", "images"]).where("id", ">", afterId).orderBy("id").limit(limit).execute();
  return rows.map((row) => ({ id: Number(row.id), images: parseTextList(row.images) }));
}

export interface ProductFilter {
  category?: string;
  feature?: string;
  search?: string;
}

/** The admin's product list: 50 a page, last changed first. */
export const PRODUCTS_PER_PAGE = 50;

/** LIKE with the user's text taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/** A search matching at most this many products sorts their ids apart (listProductsPage): a few thousand parameters, within both databases' limits. */
const SEARCH_SORTED_APART = 5000;

export async function listProductsPage(
  db: DB,
  filter: ProductFilter,
  page: number,
): Promise<{ products: Product[]; total: number; page: number; pages: number }> {
  let query = db.selectFrom("products");
  if (filter.category) query = query.where("category_id", "=", filter.category);
  if (filter.feature) {
    // The list is stored as JSON text: the feature appears as its JSON string, quotes included.
    query = query.where(sql<boolean>`key_features like ${`%${likeLiteral(JSON.stringify(filter.feature))}%`} escape '\\'`);
  }
  if (filter.search) {
    const pattern = `%${likeLiteral(filter.search.toLowerCase())}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(slug)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(brand)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  // A search reads every product (a part of a name matches anywhere): its first few thousand
  // matching ids are read at once, and when that is all of them they are the count and the
  // page is sorted from them alone, one pass instead of a count and a walk of the order index
  // (which would look at most products to find few). On SQLite the pass reads the narrow search index.
  const matching =
    filter.search === undefined
      ? null
      : (
          await query
            .select("id")
            .limit(SEARCH_SORTED_APART + 1)
            .execute()
        ).map((row) => Number(row.id));
  const few = matching !== null && matching.length <= SEARCH_SORTED_APART;
  const total = few
    ? matching.length
    : Number((await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n);
  const pages = Math.max(1, Math.ceil(total / PRODUCTS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pages);
  if (total === 0) return { products: [], total, page: current, pages };
  // The page's ids first, then only those rows: a deep page skips index entries, not rows.
  // Otherwise they come down the (updated_at, id) index.
  const pageIds = (few ? db.selectFrom("products").select("id").where("id", "in", matching) : query.select("id"))
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .limit(PRODUCTS_PER_PAGE)
    .offset((current - 1) * PRODUCTS_PER_PAGE);
  const rows = await db
    .selectFrom("products")
    .selectAll()
    .where("id", "in", pageIds)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return { products: rows.map(toProduct), total, page: current, pages };
}

/** The id of the product with this slug, if any. */
export async function findProductIdBySlug(db: DB, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
  return row && Number(row.id);
}

/** Whether the table holds any product at all. */
export async function hasAnyProduct(db: DB): Promise<boolean> {
  return (await db.selectFrom("products").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Inserts one product row and returns its new id. */
export async function insertProduct(db: DB, row: Insertable<ProductsTable>): Promise<number> {
  const inserted = await db.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

/** Inserts many product rows in one statement; the caller keeps the batch within the parameter limits. */
export async function insertProducts(db: DB, rows: readonly Insertable<ProductsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("products")
    .values([...rows])
    .execute();
}

/** Overwrites a product's row by id; false when no product has that id (any more). */
export async function updateProduct(db: DB, id: number, row: Insertable<ProductsTable>): Promise<boolean> {
  const result = await db.updateTable("products").set(keepingSampleMark("products", row)).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Overwrites a product's row by id only if it is still at `version`, bumping it: "missing" when no
 * product has that id, "stale" when someone saved it since (docs/decisions/0103-no-silent-overwrite.md).
 */
export async function updateProductAtVersion(
  db: DB,
  id: number,
  version: number,
  row: Insertable<ProductsTable>,
): Promise<"saved" | "stale" | "missing"> {
  const result = await db
    .updateTable("products")
    .set({ ...keepingSampleMark("products", row), version: sql<number>`version + 1` })
    .where("id", "=", id)
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return "saved";
  return (await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst()) ? "stale" : "missing";
}

/**
 * The imports' upsert (overwriteOnSlugConflict) of any number of rows, in as few statements as
 * each database takes (bulk-rows.server.ts); returns the id and slug of every row written.
 */
export async function upsertProductsOnSlug(
  db: DB,
  rows: readonly Insertable<ProductsTable>[],
  columns: readonly (keyof ProductsTable & string)[],
): Promise<ProductRef[]> {
  const written = await executeWithRows(db, "products", rows as readonly BulkRow[], (rowsTable, rowColumns) =>
    db
      .insertInto("products")
      .columns(rowColumns as (keyof ProductsTable & string)[])
      .expression(rowsTable)
      .onConflict(overwriteOnSlugConflict("products", columns))
      .returning(["id", "slug"]),
  );
  return written.map((row) => ({ id: Number(row.id), slug: row.slug }));
}

/**
 * Writes a product's review fields and its rating (derived from the scores; the typed one when
 * there are none), nothing else: the editor's review screen changes no price, offer or picture.
 */
export async function updateProductReview(
  db: DB,
  id: number,
  review: ReviewFields,
  rating: number | null,
  now: string,
  version?: number,
): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({
      ...reviewRow({ ...review, pros: review.pros ?? [] }),
      rating,
      updated_at: now,
      sample_edited: sampleEditedOnUpdate("products"),
      version: sql<number>`version + 1`,
    })
    .where("id", "=", id)
    // The review screen names the version it loaded: a newer save is not overwritten (docs/decisions/0103-no-silent-overwrite.md).
    .$if(version !== undefined, (query) => query.where("version", "=", version!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
