import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Outbound link clicks (docs/decisions/0028): one raw row per counted click (when, which
 * product, from which page; nothing about the visitor), and a daily roll-up by product and
 * source that the flush increments in the same transaction, so the admin's charts and top lists
 * read a few hundred rows whatever the number of clicks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
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

  await db.schema
    .createTable("click_daily")
    // The UTC day, YYYY-MM-DD: sorts and compares as text on both databases.
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("clicks", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("click_daily_pk", ["day", "product_id", "source"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("click_daily").execute();
  await db.schema.dropTable("clicks").execute();
}
