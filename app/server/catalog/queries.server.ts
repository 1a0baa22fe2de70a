import { sql } from "kysely";
import type { Collection, Product } from "~/lib/catalog";
import type { DB } from "../db/connection.server";
import { toCollection, toProduct } from "./rows";

/**
 * Catalog reads, one plain function per question a page asks. Each takes the database (or a
 * transaction) first and runs unchanged on SQLite and PostgreSQL.
 */

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

export async function findProductBySlug(db: DB, slug: string): Promise<Product | undefined> {
  const row = await db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toProduct(row);
}

/** The products named by a handful of slugs (any case), e.g. the compare page's few. */
export async function findProductsBySlugs(db: DB, slugs: readonly string[]): Promise<Product[]> {
  if (slugs.length === 0) return [];
  const lower = slugs.map((slug) => slug.toLowerCase());
  const rows = await db.selectFrom("products").selectAll().where(sql<string>`lower(slug)`, "in", lower).execute();
  return rows.map(toProduct);
}

/** A product URL carries an id or a slug (ARCHITECTURE D9). */
export async function findProductByIdOrSlug(db: DB, idOrSlug: string): Promise<Product | undefined> {
  if (/^\d{1,15}$/.test(idOrSlug)) {
    const byId = await findProductById(db, Number(idOrSlug));
    if (byId) return byId;
  }
  return findProductBySlug(db, idOrSlug);
}

export async function listCollections(db: DB): Promise<Collection[]> {
  const rows = await db.selectFrom("collections").selectAll().orderBy("title").orderBy("slug").execute();
  return rows.map(toCollection);
}

export async function findCollectionBySlug(db: DB, slug: string): Promise<Collection | undefined> {
  const row = await db.selectFrom("collections").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row && toCollection(row);
}

/** Stored members joined to their products, in the order the editor gave them. */
function membersQuery(db: DB) {
  return db
    .selectFrom("collection_products")
    .innerJoin("products", "products.id", "collection_products.product_id")
    .selectAll("products")
    .orderBy("collection_products.position");
}

/** A collection's stored members in the order the editor gave them (admin and tests; pages use listMemberPage). */
export async function listCollectionProducts(db: DB, collectionId: number): Promise<Product[]> {
  const rows = await membersQuery(db).where("collection_products.collection_id", "=", collectionId).execute();
  return rows.map(toProduct);
}

/** The collections a product belongs to (the admin's edit form). */
export async function listCollectionsOfProduct(db: DB, productId: number): Promise<Collection[]> {
  const rows = await db
    .selectFrom("collection_products")
    .innerJoin("collections", "collections.id", "collection_products.collection_id")
    .selectAll("collections")
    .where("collection_products.product_id", "=", productId)
    .orderBy("collections.title")
    .execute();
  return rows.map(toCollection);
}

export async function countCatalog(db: DB): Promise<{ products: number; collections: number }> {
  const [products, collections] = await Promise.all([
    db.selectFrom("products").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    db.selectFrom("collections").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL returns count(*) as text.
  return { products: Number(products.n), collections: Number(collections.n) };
}
