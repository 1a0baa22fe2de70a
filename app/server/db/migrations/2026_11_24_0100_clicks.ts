import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Outbound link clicks (docs/decisions/0028): one raw row per counted click (when, which
 * product, from which page; nothing about the visitor), and three daily roll-ups that the flush
 * increments in the same transaction: clicks per day, per day and product, per day and source
 * page. The admin's chart and top lists read only those, so a 90-day report reads a few thousand
 * rows whatever the number of clicks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  // On SQLite the roll-ups are stored in their key's order (one B-tree, no separate index):
  // a period is one range read of the table itself.
  const clustered = postgres ? sql`` : sql`without rowid`;
  await db.schema
    .createTable("clicks")
    .addColumn("id", postgres ? "bigserial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    // Milliseconds since 1970 (UTC): compared as numbers on both databases.
    .addColumn("clicked_at", "bigint", (col) => col.notNull())
    // No foreign key: a deleted product's clicks stay in the history.
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("clicks_clicked_at_idx").on("clicks").column("clicked_at").execute();

  // Days are UTC days as YYYY-MM-DD text: they sort and compare the same on both databases.
  await db.schema
    .createTable("click_days")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("clicks", "bigint", (col) => col.notNull())
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("click_product_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("clicks", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("click_product_days_pk", ["day", "product_id"])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable("click_source_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("clicks", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("click_source_days_pk", ["day", "source"])
    .modifyEnd(clustered)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("click_source_days").execute();
  await db.schema.dropTable("click_product_days").execute();
  await db.schema.dropTable("click_days").execute();
  await db.schema.dropTable("clicks").execute();
}
