import type { Collection, Product } from "~/lib/catalog/catalog";
import type { DB } from "../db/connection.server";
import { toProduct } from "../products/product-row-mapping";
import { toCollection } from "./collection-rows";

/**
 * Collection reads, one plain function per question a page asks. Each takes the database (or a
 * transaction) first and runs unchanged on SQLite and PostgreSQL. Product reads are in
 * ../products/products.server.ts.
 */

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
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("collections")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  // PostgreSQL returns count(*) as text.
  return { products: Number(products.n), collections: Number(collections.n) };
}
