import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * What is left of a deleted product: enough for its old address to answer 410 Gone with a way
 * on (its name and the category's collection), instead of a 404 that search engines keep retrying.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("removed_products")
    .addColumn("slug", "text", (col) => col.primaryKey())
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("category_id", "text")
    .addColumn("removed_at", postgres ? "timestamptz" : "text", (col) =>
      col.notNull().defaultTo(postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`),
    )
    .execute();
  // Old numeric addresses (/product/17) must find the record too.
  await db.schema.createIndex("removed_products_product_id_idx").on("removed_products").column("product_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("removed_products").execute();
}
