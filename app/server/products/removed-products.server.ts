import type { DB } from "../db/connection.server";

/**
 * The record of deleted products: a removed product's old address answers 410 Gone with a way
 * to similar saunas (instead of a bare 404), and old clicks keep a name. Written when the admin
 * removes products, read by the product page and the click reports.
 */

export interface RemovedProduct {
  slug: string;
  name: string;
  categoryId: string | null;
}

/** Keeps (or refreshes, when a slug is removed again) the record of products about to be deleted. */
export async function recordRemovedProducts(
  db: DB,
  rows: ReadonlyArray<{ id: number; slug: string; name: string; categoryId: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("removed_products")
    .values(rows.map((row) => ({ slug: row.slug, product_id: row.id, name: row.name, category_id: row.categoryId })))
    .onConflict((conflict) =>
      conflict.column("slug").doUpdateSet((eb) => ({
        product_id: eb.ref("excluded.product_id"),
        name: eb.ref("excluded.name"),
        category_id: eb.ref("excluded.category_id"),
        removed_at: new Date().toISOString(),
      })),
    )
    .execute();
}

/** A deleted product's record, by its old id or slug; undefined when it was never deleted. */
export async function findRemovedProduct(db: DB, idOrSlug: string): Promise<RemovedProduct | undefined> {
  const byId = /^\d{1,15}$/.test(idOrSlug);
  const row = await db
    .selectFrom("removed_products")
    .select(["slug", "name", "category_id"])
    .where((eb) => (byId ? eb.or([eb("product_id", "=", Number(idOrSlug)), eb("slug", "=", idOrSlug)]) : eb("slug", "=", idOrSlug)))
    .orderBy("removed_at", "desc")
    .executeTakeFirst();
  return row && { slug: row.slug, name: row.name, categoryId: row.category_id };
}
