import type { DB } from "../db/connection.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";

/**
 * Collection memberships read in bulk, for the catalog export and the import plan alike (ADR
 * 0031): both must see a list the same way, or an exported file would not import as unchanged.
 * One query per 500 ids, whatever the number of products or collections.
 */

/** Each product's collections, as slugs, oldest collection first; products in none are absent. */
export async function collectionSlugsByProduct(db: DB, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const slugsOf = new Map<number, string[]>();
  for (const part of chunks([...new Set(productIds)], IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("collection_products")
      .innerJoin("collections", "collections.id", "collection_products.collection_id")
      .select(["collection_products.product_id as productId", "collections.slug as slug"])
      .where("collection_products.product_id", "in", part)
      .orderBy("collection_products.product_id")
      .orderBy("collections.id")
      .execute();
    for (const row of rows) {
      const productId = Number(row.productId);
      const slugs = slugsOf.get(productId);
      if (slugs) slugs.push(row.slug);
      else slugsOf.set(productId, [row.slug]);
    }
  }
  return slugsOf;
}

export interface CollectionMember {
  id: number;
  slug: string;
}

/** Each collection's products in list order; empty collections are absent. */
export async function membersByCollection(db: DB, collectionIds: readonly number[]): Promise<Map<number, CollectionMember[]>> {
  const membersOf = new Map<number, CollectionMember[]>();
  for (const part of chunks([...new Set(collectionIds)], IN_LIST_CHUNK)) {
    const rows = await db
      .selectFrom("collection_products")
      .innerJoin("products", "products.id", "collection_products.product_id")
      .select(["collection_products.collection_id as collectionId", "products.id as id", "products.slug as slug"])
      .where("collection_products.collection_id", "in", part)
      .orderBy("collection_products.collection_id")
      .orderBy("collection_products.position")
      .execute();
    for (const row of rows) {
      const collectionId = Number(row.collectionId);
      const member = { id: Number(row.id), slug: row.slug };
      const members = membersOf.get(collectionId);
      if (members) members.push(member);
      else membersOf.set(collectionId, [member]);
    }
  }
  return membersOf;
}
