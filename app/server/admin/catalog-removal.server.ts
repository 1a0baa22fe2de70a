import { sql } from "kysely";
import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";
import { planArticleRemoval, removeArticles } from "../articles/article-removal.server";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";
import { listProductImagesAfterId, listProductNamesByIds, listSampleProductNames } from "../products/products.server";
import { recordRemovedProducts } from "../products/removed-products.server";
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
  articleIds?: readonly number[];
  /** Every product, collection and article marked as sample content. */
  samples: boolean;
}

/** A sample row the owner edited (or an import overwrote) is still sample content, and says so. */
type Edited = { edited?: boolean };

export interface RemovalPlan {
  products: ({ id: number; name: string; slug: string } & Edited)[];
  collections: ({ id: number; title: string; slug: string } & Edited)[];
  articles: ({ id: number; title: string; slug: string } & Edited)[];
  /** Sample shops that sell nothing but the products going: they go with them. */
  shops: { id: number; name: string; slug: string }[];
  /** With the samples: sample authors no remaining article or review names. */
  authors: { id: number; name: string; slug: string }[];
  /** Bucket files that only the products being removed use. */
  uploadedImages: string[];
}

export interface RemovalResult {
  products: number;
  collections: number;
  articles: number;
  shops: number;
  authors: number;
  imagesDeleted: number;
}

/** The rows a request names, resolved and ordered, for the confirmation that names what goes. */
export async function planRemoval(db: DB, request: RemovalRequest): Promise<RemovalPlan> {
  const products = new Map<number, RemovalPlan["products"][number]>();
  const collections = new Map<number, RemovalPlan["collections"][number]>();

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

  const articles: RemovalPlan["articles"] = await planArticleRemoval(db, request.articleIds ?? [], request.samples);
  if (request.samples) {
    const edited = async (table: "products" | "collections" | "articles") =>
      new Set(
        (await db.selectFrom(table).select("id").where("is_sample", "=", true).where("sample_edited", "=", true).execute()).map((row) =>
          Number(row.id),
        ),
      );
    const [editedProducts, editedCollections, editedArticles] = await Promise.all([
      edited("products"),
      edited("collections"),
      edited("articles"),
    ]);
    for (const product of products.values()) if (editedProducts.has(product.id)) product.edited = true;
    for (const collection of collections.values()) if (editedCollections.has(collection.id)) collection.edited = true;
    for (const article of articles) if (editedArticles.has(article.id)) article.edited = true;
  }
  const productList = [...products.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const collectionList = [...collections.values()].sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
  const going = new Set(productList.map((product) => product.id));
  return {
    products: productList,
    collections: collectionList,
    articles,
    shops: going.size > 0 ? await sampleShopsLeftEmpty(db, going) : [],
    authors: request.samples ? await sampleAuthorsLeftUnused(db, going, new Set(articles.map((article) => article.id))) : [],
    uploadedImages: await imagesOnlyUsedBy(db, going),
  };
}

/** Sample shops every offer of which is of a product going (a sample shop selling a real product stays). */
async function sampleShopsLeftEmpty(db: DB, going: ReadonlySet<number>): Promise<RemovalPlan["shops"]> {
  const shops = await db.selectFrom("merchants").select(["id", "name", "slug"]).where("is_sample", "=", true).orderBy("name").execute();
  if (shops.length === 0) return [];
  const offers = await db
    .selectFrom("offers")
    .select(["merchant_id", "product_id"])
    .where(
      "merchant_id",
      "in",
      shops.map((shop) => shop.id),
    )
    .execute();
  const kept = new Set(offers.filter((offer) => !going.has(Number(offer.product_id))).map((offer) => Number(offer.merchant_id)));
  return shops.filter((shop) => !kept.has(Number(shop.id))).map((shop) => ({ id: Number(shop.id), name: shop.name, slug: shop.slug }));
}

/** Sample authors that no article staying names (as author or tester) and no review staying names (as reviewer or tester). */
async function sampleAuthorsLeftUnused(
  db: DB,
  goingProducts: ReadonlySet<number>,
  goingArticles: ReadonlySet<number>,
): Promise<RemovalPlan["authors"]> {
  const authors = await db.selectFrom("authors").select(["id", "name", "slug"]).where("is_sample", "=", true).orderBy("name").execute();
  if (authors.length === 0) return [];
  const [articles, reviews] = await Promise.all([
    db.selectFrom("articles").select(["id", "author_id", "tester_id"]).execute(),
    // Only the reviews naming one of these authors: a large catalog's every review is not read.
    db
      .selectFrom("products")
      .select(["id", "reviewer", "tester"])
      .where((eb) => {
        const names = authors.map((author) => author.name.trim().toLowerCase());
        return eb.or([eb(sql<string>`lower(trim(reviewer))`, "in", names), eb(sql<string>`lower(trim(tester))`, "in", names)]);
      })
      .execute(),
  ]);
  const usedIds = new Set<number>();
  for (const article of articles) {
    if (goingArticles.has(Number(article.id))) continue;
    if (article.author_id !== null) usedIds.add(Number(article.author_id));
    if (article.tester_id !== null) usedIds.add(Number(article.tester_id));
  }
  const usedNames = new Set<string>();
  for (const review of reviews) {
    if (goingProducts.has(Number(review.id))) continue;
    for (const name of [review.reviewer, review.tester]) if (name) usedNames.add(name.trim().toLowerCase());
  }
  return authors
    .filter((author) => !usedIds.has(Number(author.id)) && !usedNames.has(author.name.trim().toLowerCase()))
    .map((author) => ({ id: Number(author.id), name: author.name, slug: author.slug }));
}

/**
 * Removes what the plan names, all or nothing, then drops the catalog caches. With
 * `deleteImages`, the bucket files that no remaining product names are deleted after the commit
 * (files are not part of the transaction; a file that fails to go is reported, not fatal).
 */
export async function removeFromCatalog(
  db: DB,
  plan: Pick<RemovalPlan, "products" | "collections"> & Partial<Pick<RemovalPlan, "articles" | "shops" | "authors">>,
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
      await recordRemovedProducts(trx, rows);
      // A list that loses a product has changed: its page's 'Last updated' moves.
      await trx
        .updateTable("collections")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "in", trx.selectFrom("collection_products").select("collection_id").where("product_id", "in", part))
        .execute();
      await trx.deleteFrom("collection_products").where("product_id", "in", part).execute();
      // Their picks go with them (on delete cascade); their reviews' update notes have no key to cascade on.
      await trx.deleteFrom("update_notes").where("subject_type", "=", "review").where("subject_id", "in", part).execute();
      const result = await trx.deleteFrom("products").where("id", "in", part).executeTakeFirst();
      products += Number(result.numDeletedRows);
    }
    for (const part of chunks(collectionIds, IN_LIST_CHUNK)) {
      await trx.deleteFrom("collection_products").where("collection_id", "in", part).execute();
      const result = await trx.deleteFrom("collections").where("id", "in", part).executeTakeFirst();
      collections += Number(result.numDeletedRows);
    }
    // The removed products took their offers with them (on delete cascade); the sample shops the
    // plan named go too, each only if no offer uses it now (a sample shop that sells a real product stays).
    let shops = 0;
    for (const part of chunks(
      (plan.shops ?? []).map((shop) => shop.id),
      IN_LIST_CHUNK,
    )) {
      const result = await trx
        .deleteFrom("merchants")
        .where("id", "in", part)
        .where("is_sample", "=", true)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("offers").select("offers.id").whereRef("offers.merchant_id", "=", "merchants.id"))),
        )
        .executeTakeFirst();
      shops += Number(result.numDeletedRows);
    }
    const articles = await removeArticles(
      trx,
      (plan.articles ?? []).map((article) => article.id),
    );
    // The sample authors the plan named, each only if no article names it now.
    let authors = 0;
    for (const part of chunks(
      (plan.authors ?? []).map((author) => author.id),
      IN_LIST_CHUNK,
    )) {
      const result = await trx
        .deleteFrom("authors")
        .where("id", "in", part)
        .where("is_sample", "=", true)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("articles")
                .select("articles.id")
                .where((eb) =>
                  eb.or([eb("articles.author_id", "=", eb.ref("authors.id")), eb("articles.tester_id", "=", eb.ref("authors.id"))]),
                ),
            ),
          ),
        )
        .executeTakeFirst();
      authors += Number(result.numDeletedRows);
    }
    await publishCatalogChange(trx);
    return { products, collections, articles, shops, authors };
  });
  invalidateCatalog(db);

  let imagesDeleted = 0;
  for (const name of images) {
    if (await options.storage.remove(name).catch(() => false)) imagesDeleted += 1;
  }
  return { ...removed, imagesDeleted };
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

/** What "Keep this one as mine" takes off the removal: one row's sample mark. */
export type SampleKind = "product" | "collection" | "article" | "shop" | "author";
const SAMPLE_TABLES = { product: "products", collection: "collections", article: "articles" } as const;

/**
 * Makes one sample row the owner's: it loses its sample mark (and its edited one), so "Remove all
 * sample content" no longer takes it. Its slug, or null when no sample row has that id.
 */
export async function keepSampleAsOwn(db: DB, kind: SampleKind, id: number): Promise<string | null> {
  if (kind === "shop" || kind === "author") {
    // Shops and authors carry no "edited" mark: only the sample one goes.
    const row = await db
      .updateTable(kind === "shop" ? "merchants" : "authors")
      .set({ is_sample: false })
      .where("id", "=", id)
      .where("is_sample", "=", true)
      .returning("slug")
      .executeTakeFirst();
    if (row) invalidateCatalog(db);
    return row?.slug ?? null;
  }
  const table = SAMPLE_TABLES[kind];
  const row = await db
    .updateTable(table)
    .set({ is_sample: false, sample_edited: false })
    .where("id", "=", id)
    .where("is_sample", "=", true)
    .returning("slug")
    .executeTakeFirst();
  if (row) invalidateCatalog(db);
  return row?.slug ?? null;
}
