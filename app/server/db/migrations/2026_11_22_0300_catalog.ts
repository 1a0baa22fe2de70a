import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/** Products, collections and the ordered membership between them. */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";

  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
  const dateType = postgres ? "date" : "text";
  const flagType = postgres ? "boolean" : "integer";
  const no = postgres ? sql`false` : sql`0`;

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("brand", "text", (col) => col.notNull())
    .addColumn("category_id", "text")
    .addColumn("tagline", "text")
    .addColumn("description", "text")
    .addColumn("full_description", "text")
    .addColumn("price_cents", "bigint")
    .addColumn("sale_price_cents", "bigint")
    .addColumn("sale_ends_at", dateType)
    .addColumn("images", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("capacity", "integer")
    .addColumn("dimensions", "text")
    .addColumn("weight_lbs", "double precision")
    .addColumn("heater_type", "text")
    .addColumn("heater_spec", "text")
    .addColumn("key_features", "text", (col) => col.notNull().defaultTo("[]"))
    .addColumn("website", "text")
    .addColumn("affiliate_link", "text")
    .addColumn("rating", "double precision", (col) => col.check(sql`rating >= 0 and rating <= 5`))
    .addColumn("reviews_number", "integer", (col) => col.check(sql`reviews_number >= 0`))
    .addColumn("review_count", "text")
    .addColumn("shipping_info", "text")
    .addColumn("is_sample", flagType, (col) => col.notNull().defaultTo(no))
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  // The home page's top list and every collection page read products best-rated first.
  await db.schema.createIndex("products_rating_idx").on("products").column("rating").execute();

  await db.schema
    .createTable("collections")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("intro", "text")
    .addColumn("image_url", "text")
    .addColumn("criteria_type", "text", (col) =>
      col
        .notNull()
        .defaultTo("custom")
        .check(sql`criteria_type in ('custom', 'category', 'brand', 'price', 'size', 'heater_type', 'features', 'use_case')`),
    )
    .addColumn("criteria_value", "text")
    .addColumn("featured", flagType, (col) => col.notNull().defaultTo(no))
    .addColumn("last_updated", dateType)
    .addColumn("is_sample", flagType, (col) => col.notNull().defaultTo(no))
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("collection_products")
    .addColumn("collection_id", "integer", (col) => col.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("collection_products_pk", ["collection_id", "product_id"])
    .execute();
  // "As Seen In" on a product page looks memberships up from the product's side.
  await db.schema.createIndex("collection_products_product_idx").on("collection_products").column("product_id").execute();

  await db.schema
    .createTable("site_state")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("value", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("site_state").execute();
  await db.schema.dropTable("collection_products").execute();
  await db.schema.dropTable("collections").execute();
  await db.schema.dropTable("products").execute();
}
