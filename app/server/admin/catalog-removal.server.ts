import { PRODUCT_IMAGES_BUCKET } from "~/lib/image-source";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { listProductImagesAfterId, listProductNamesByIds, listSampleProductNames } from "../products/products.server";
import type { Storage } from "../storage/storage.server";

/**
 * Deleting products and collections. One transaction removes the rows, their memberships and
 * offers (and the sample shops left without offers), and leaves a record of each deleted product, so its old address answers 410 Gone (ADR 0026). Uploaded
 * pictures stay in the bucket unless the admin asks for the ones no remaining product uses.
 */

/** What the admin asked to remove: chosen rows, and/or everything the sample seed put there. */
export interface RemovalRequest {
  productIds: readonly number[];
  collectionIds: readonly number[];
  /** Every product and collection marked as sample content. */
  samples: boolean;
}

export interface RemovalPlan {
  products: { id: number; name: string; slug: string }[];
  collections: { id: number; title: string; slug: string }[];
  /** Bucket files that only the products being removed use. */
  uploadedImages: string[];
}

export interface RemovalResult {
  products: number;
  collections: number;
  imagesDeleted: number;
}

/** The rows a request names, resolved and ordered, for the confirmation that names what goes. */
export async function planRemoval(db: DB, request: RemovalRequest): Promise<RemovalPlan> {
  const products = new Map<number, { id: number; name: string; slug: string }>();
  const collections = new Map<number, { id: number; title: string; slug: string }>();

  for (const { id, name, slug } of await listProductNamesByIds(db, request.productIds)) products.set(id, { id, name, slug });
  for (const part of chunks([...new Set(request.collectionIds)], IN_LIST_CHUNK)) {
    const rows = await db.selectFrom("collections").select(["id", "title", "slug"]).where("id", "in", part).execute();
    for (const row of rows) collections.set(Number(row.id), { ...row, id: Number(row.id) });
  }
  if (request.samples) {
    for (const { id, name, slug } of await listSampleProductNames(db)) products.set(id, { id, name, slug });
    const sampleCollections = await db.selectFrom("collections").select(["id", "title", "slug"]).where("is_sample", "=", true).execute();
    for (const row of sampleCollections) collections.set(Number(row.id), { ...row, id: Number(row.id) });
  }

  const productList = [...products.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const collectionList = [...collections.values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  return {
    products: productList,
    collections: collectionList,
    uploadedImages: await imagesOnlyUsedBy(db, new Set(productList.map((product) => product.id))),
  };
}

/**
 * Removes what the plan names, all or nothing, then drops the catalog caches. With
 * `deleteImages`, the bucket files that no remaining product names are deleted after the commit
 * (files are not part of the transaction; a file that fails to go is reported, not fatal).
 */
export async function removeFromCatalog(
  db: DB,
  plan: Pick<RemovalPlan, "products" | "collections">,
  options: { deleteImages: boolean; storage: Storage },
): Promise<RemovalResult> {
  const productIds = plan.products.map((product) => product.id);
  const collectionIds = plan.collections.map((collection) => collection.id);
  const images = options.deleteImages ? await imagesOnlyUsedBy(db, new Set(productIds)) : [];

  const removed = await db.transaction().execute(async (trx) => {
    let products = 0;
    let collections = 0;
    for (const part of chunks(productIds, IN_LIST_CHUNK)) {
      const rows = await listProductNamesByIds(trx, part);
      if (rows.length === 0) continue;
      await trx
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
      // A list that loses a product has changed: its page's 'Last updated' moves.
      await trx
        .updateTable("collections")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "in", trx.selectFrom("collection_products").select("collection_id").where("product_id", "in", part))
        .execute();
      await trx.deleteFrom("collection_products").where("product_id", "in", part).execute();
      const result = await trx.deleteFrom("products").where("id", "in", part).executeTakeFirst();
      products += Number(result.numDeletedRows);
    }
    for (const part of chunks(collectionIds, IN_LIST_CHUNK)) {
      await trx.deleteFrom("collection_products").where("collection_id", "in", part).execute();
      const result = await trx.deleteFrom("collections").where("id", "in", part).executeTakeFirst();
      collections += Number(result.numDeletedRows);
    }
    // The removed products took their offers with them (on delete cascade); a sample shop that
    // no offer uses any more was only there for the samples, so it goes too. A sample shop that
    // sells a real product stays.
    if (productIds.length > 0) {
      await trx
        .deleteFrom("merchants")
        .where("is_sample", "=", true)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("offers").select("offers.id").whereRef("offers.merchant_id", "=", "merchants.id"))),
        )
        .execute();
    }
    await publishCatalogChange(trx);
    return { products, collections };
  });
  invalidateCatalog(db);

  let imagesDeleted = 0;
  for (const name of images) {
    if (await options.storage.remove(name).catch(() => false)) imagesDeleted += 1;
  }
  return { ...removed, imagesDeleted };
}

/** A deleted product's record, by its old id or slug; undefined when it was never deleted. */
export async function findRemovedProduct(
  db: DB,
  idOrSlug: string,
): Promise<{ slug: string; name: string; categoryId: string | null } | undefined> {
  const byId = /^\d{1,15}$/.test(idOrSlug);
  const row = await db
    .selectFrom("removed_products")
    .select(["slug", "name", "category_id"])
    .where((eb) => (byId ? eb.or([eb("product_id", "=", Number(idOrSlug)), eb("slug", "=", idOrSlug)]) : eb("slug", "=", idOrSlug)))
    .orderBy("removed_at", "desc")
    .executeTakeFirst();
  return row && { slug: row.slug, name: row.name, categoryId: row.category_id };
}

/** A product's picture that lives in our bucket: a bare file name or /storage/product-images/{name}. */
function bucketFileName(image: string): string | null {
  const prefix = `/storage/${PRODUCT_IMAGES_BUCKET}/`;
  if (image.startsWith(prefix)) return decodeURIComponent(image.slice(prefix.length)) || null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(image) || image.includes("/") || image.includes("\\")) return null;
  return image.trim() || null;
}

/** Bucket files named by the given products and by no other product. */
async function imagesOnlyUsedBy(db: DB, productIds: ReadonlySet<number>): Promise<string[]> {
  if (productIds.size === 0) return [];
  const theirs = new Set<string>();
  const others = new Set<string>();
  // Only image lists are read, a page of rows at a time: a catalog of any size stays in bounds.
  let lastId = 0;
  for (;;) {
    const rows = await listProductImagesAfterId(db, lastId, 2000);
    if (rows.length === 0) break;
    for (const row of rows) {
      const target = productIds.has(row.id) ? theirs : others;
      for (const image of row.images) {
        const name = bucketFileName(image);
        if (name) target.add(name);
      }
    }
    lastId = rows.at(-1)!.id;
  }
  return [...theirs].filter((name) => !others.has(name)).sort();
}
