import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The stored list keys (ADR 0017) and the indexes the paged public lists read through: products in
 * rating order, in top-rating order, by brand and category key; members in position order.
 */

const TEXT_KEYS = ["list_tags", "search_text", "feature_words", "brand_key", "category_key", "heater_key"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of TEXT_KEYS) {
    await db.schema
      .alterTable("products")
      .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
      .execute();
  }
  await db.schema.alterTable("products").addColumn("review_total", "integer").execute();

  // SQLite puts NULL below every value, so a descending index already ends on the unrated; on
  // PostgreSQL the index says so, or 'desc nulls last' could not read it in order.
  const desc = dialectOf(db) === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
  // list_tags rides along, so a fixed page walks this index in order and tests each row's tags
  // without reading the row, and counts its tags from the index alone.
  await sql`create index products_rating_order_idx on products (rating ${desc}, name, id, list_tags)`.execute(db);
  await sql`create index products_top_rating_order_idx on products (rating ${desc}, review_total ${desc}, name, id)`.execute(db);
  await db.schema.createIndex("products_brand_key_idx").on("products").column("brand_key").execute();
  await db.schema.createIndex("products_category_key_idx").on("products").column("category_key").execute();
  await db.schema
    .createIndex("collection_products_position_idx")
    .on("collection_products")
    .columns(["collection_id", "position"])
    .execute();
  // No keys are written here: the code that computes them writes columns later migrations add.
  // 2026_11_28_0500_search_index, the latest to change them, fills every product's keys.
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "collection_products_position_idx",
    "products_category_key_idx",
    "products_brand_key_idx",
    "products_top_rating_order_idx",
    "products_rating_order_idx",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [...TEXT_KEYS, "review_total"]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
}
