import type { Transaction } from "kysely";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { Database } from "../db/schema";

/**
 * Collection membership writes: a collection's list is stored as rows with positions 1..n in the
 * editor's order. Used only inside the import transactions, so a failure leaves every list as it
 * was. A collection whose list changes has changed: its updated_at moves with it, and its page
 * says so ('Last updated', the sitemap's lastmod).
 */

type Trx = Transaction<Database>;

/** Membership rows per insert: 1,000 x 3 parameters stays under both dialects' limits. */
export const MEMBERSHIP_INSERT_CHUNK = 1000;

/** A collection's list becomes exactly these products, in this order (a collection CSV's product_ids). */
export async function replaceCollectionMembers(trx: Trx, collectionId: number, productIds: readonly number[]): Promise<void> {
  await trx.updateTable("collections").set({ updated_at: new Date().toISOString() }).where("id", "=", collectionId).execute();
  await trx.deleteFrom("collection_products").where("collection_id", "=", collectionId).execute();
  const rows = [...new Set(productIds)].map((productId, index) => ({
    collection_id: collectionId,
    product_id: productId,
    position: index + 1,
  }));
  for (const part of chunks(rows, MEMBERSHIP_INSERT_CHUNK)) await trx.insertInto("collection_products").values(part).execute();
}

/**
 * Each given product's collections become exactly the listed ones (a product CSV's
 * collection_ids). In a collection it stays, a product keeps its place; in a collection it
 * joins, it goes to the end, products joining together keep the file's order. Other members
 * are not moved.
 */
export async function setProductCollections(
  trx: Trx,
  entries: readonly { productId: number; collectionIds: readonly number[] }[],
): Promise<void> {
  if (entries.length === 0) return;
  const affected = new Set(entries.map((entry) => entry.productId));
  const wanted = new Map(entries.map((entry) => [entry.productId, new Set(entry.collectionIds)]));

  const touched = new Set<number>(entries.flatMap((entry) => entry.collectionIds));
  for (const part of chunks([...affected], IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("collection_products").select("collection_id").where("product_id", "in", part).execute();
    for (const row of rows) touched.add(Number(row.collection_id));
  }
  if (touched.size === 0) return;

  for (const collectionId of touched) {
    const current = await trx
      .selectFrom("collection_products")
      .select("product_id")
      .where("collection_id", "=", collectionId)
      .orderBy("position")
      .execute();
    const currentIds = current.map((row) => Number(row.product_id));
    const kept = currentIds.filter((productId) => !affected.has(productId) || wanted.get(productId)!.has(collectionId));
    const present = new Set(kept);
    const joining = entries
      .filter((entry) => entry.collectionIds.includes(collectionId) && !present.has(entry.productId))
      .map((entry) => entry.productId);
    const next = [...kept, ...joining];
    const unchanged = next.length === currentIds.length && next.every((productId, index) => productId === currentIds[index]);
    if (!unchanged) await replaceCollectionMembers(trx, collectionId, next);
  }
}

/**
 * These collections keep listing their rule's saunas and add the products stored for them (the
 * owner's "add" on import, and the product form always): ADR 0070.
 */
export async function keepRules(trx: Trx, collectionSlugs: readonly string[]): Promise<void> {
  for (const part of chunks([...new Set(collectionSlugs)], IN_LIST_CHUNK)) {
    await trx
      .updateTable("collections")
      .set({ keeps_rule: true, updated_at: new Date().toISOString() })
      .where("slug", "in", part)
      .execute();
  }
}
