import { sql } from "kysely";
import type { Product } from "~/lib/catalog/catalog";
import { countCatalog, listCollectionsOfProduct } from "../catalog/queries.server";
import type { DB } from "../db/connection.server";
import { primaryOfferFields, withPrimaryOffer } from "../offers/primary-offers.server";
import { parseTextList } from "../products/product-row-mapping";
import { findProductById } from "../products/products.server";

/** What the admin pages read: counts, the category and feature lists (a page of products is listProductsPage). */

export interface NameCount {
  name: string;
  count: number;
}

/** Categories in use, most products first. */
export async function listCategoryCounts(db: DB): Promise<NameCount[]> {
  const rows = await db
    .selectFrom("products")
    .select(["category_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("category_id", "is not", null)
    .where("category_id", "!=", "")
    .groupBy("category_id")
    .orderBy(sql`count(*)`, "desc")
    .orderBy("category_id")
    .execute();
  return rows.map((row) => ({ name: row.category_id!, count: Number(row.n) }));
}

/**
 * Key features in use, most products first. Features are a JSON list per product, read in code
 * so the same query runs on both dialects (20,000 products take a few tens of milliseconds).
 */
export async function listFeatureCounts(db: DB): Promise<NameCount[]> {
  const rows = await db.selectFrom("products").select("key_features").execute();
  const counts = new Map<string, number>();
  for (const row of rows) {
    for (const feature of new Set(parseTextList(row.key_features).filter((item) => item.trim() !== ""))) {
      counts.set(feature, (counts.get(feature) ?? 0) + 1);
    }
  }
  return [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

export interface DashboardCounts {
  products: number;
  collections: number;
  categories: number;
  features: number;
  /** Rows the sample seed put there and nobody has replaced: what "Remove all sample content" takes. */
  sampleProducts: number;
  sampleCollections: number;
  sampleArticles: number;
  /** Of those, the ones the owner edited or an import overwrote (still sample content). */
  sampleEdited: number;
}

export async function dashboardCounts(db: DB): Promise<DashboardCounts> {
  const countSamples = (table: "products" | "collections" | "articles") =>
    db
      .selectFrom(table)
      .select((eb) => [
        eb.fn.countAll<number | string>().as("n"),
        sql<number | string | null>`sum(case when sample_edited then 1 else 0 end)`.as("edited"),
      ])
      .where("is_sample", "=", true)
      .executeTakeFirstOrThrow();
  const [catalog, categories, features, sampleProducts, sampleCollections, sampleArticles] = await Promise.all([
    countCatalog(db),
    listCategoryCounts(db),
    listFeatureCounts(db),
    countSamples("products"),
    countSamples("collections"),
    countSamples("articles"),
  ]);
  const edited = [sampleProducts, sampleCollections, sampleArticles].reduce((sum, row) => sum + Number(row.edited ?? 0), 0);
  return {
    ...catalog,
    categories: categories.length,
    features: features.length,
    // PostgreSQL returns count(*) as text.
    sampleProducts: Number(sampleProducts.n),
    sampleCollections: Number(sampleCollections.n),
    sampleArticles: Number(sampleArticles.n),
    sampleEdited: edited,
  };
}

export async function listCollectionSlugs(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("collections").select("slug").orderBy("slug").execute();
  return rows.map((row) => row.slug);
}

/** A product and the slugs of its collections, for the edit form. */
export async function findProductForEdit(
  db: DB,
  id: number,
): Promise<{ product: Product; collectionSlugs: string[]; version: number; offerVersion: number | null } | null> {
  const [product, collections, primaries, row, primary] = await Promise.all([
    findProductById(db, id),
    listCollectionsOfProduct(db, id),
    primaryOfferFields(db, [id]),
    db.selectFrom("products").select("version").where("id", "=", id).executeTakeFirst(),
    db.selectFrom("offers").select("version").where("product_id", "=", id).where("is_primary", "=", true).executeTakeFirst(),
  ]);
  if (!product || !row) return null;
  // The form's price, sale and link fields are the primary offer's (ADR 0057), which it saves to.
  // Sorted here, not by the database's collation, so both dialects list them alike.
  return {
    product: withPrimaryOffer(product, primaries),
    collectionSlugs: collections.map((collection) => collection.slug).sort(),
    // The version the edit form sends back (docs/decisions/0103-no-silent-overwrite.md).
    version: Number(row.version),
    offerVersion: primary ? Number(primary.version) : null,
  };
}
