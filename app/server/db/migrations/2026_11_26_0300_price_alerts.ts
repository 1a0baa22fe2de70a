import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Price-drop alerts (docs/decisions/0062-price-drop-alerts.md): one row per address and product,
 * whatever happens, with double opt-in like the newsletter. Only the SHA-256 of the one-time
 * confirmation token is stored; the unsubscribe link is signed, not stored. The price the reader
 * saw when subscribing and the last price mailed decide when the next mail may go.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable("price_alerts")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    // Minor units of `currency`; null: any drop of 5% or more.
    .addColumn("target_price_minor", "bigint")
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("price_at_subscribe_minor", "bigint", (col) => col.notNull())
    .addColumn("confirm_token_hash", "text", (col) => col.unique())
    .addColumn("confirm_sent_at", timestampType)
    .addColumn("confirmed_at", timestampType)
    .addColumn("unsubscribed_at", timestampType)
    .addColumn("last_sent_at", timestampType)
    .addColumn("last_sent_price_minor", "bigint")
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    // Subscribing again changes the one row (its target), never adds a second.
    .addUniqueConstraint("price_alerts_email_product_unique", ["email", "product_id"])
    .execute();
  // The job walks confirmed alerts by id; the admin groups them by product.
  await db.schema.createIndex("price_alerts_status_idx").on("price_alerts").columns(["status", "id"]).execute();
  await db.schema.createIndex("price_alerts_product_idx").on("price_alerts").column("product_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("price_alerts").execute();
}
