import { type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * What earns (docs/decisions/0074): page views per page and UTC day (a count, nothing about the
 * reader); the random sub-ID of each counted click with the click's facts, so a network's
 * commission naming it can be tied to a product, merchant, page and country; each merchant's
 * sub-ID template; the commission networks with the column mapping of their reports; and the
 * commissions themselves, one row per network and order ID (a later report updates its status).
 * Amounts are integer hundredths of their own currency, never converted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("page_view_days")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("views", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("page_view_days_pk", ["day", "path"])
    .execute();

  await db.schema
    .createTable("click_sub_ids")
    .addColumn("sub_id", "text", (col) => col.primaryKey())
    .addColumn("clicked_at", "bigint", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => col.notNull())
    .addColumn("merchant_id", "integer")
    .addColumn("source", "text", (col) => col.notNull())
    .addColumn("country", "text")
    .execute();
  await db.schema.createIndex("click_sub_ids_clicked_at_idx").on("click_sub_ids").column("clicked_at").execute();

  await db.schema.alterTable("merchants").addColumn("sub_id_template", "text").execute();

  await db.schema
    .createTable("commission_networks")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (col) => col.notNull().unique())
    // JSON: which report column holds each field (lib/revenue/commission-report.ts).
    .addColumn("column_map", "text", (col) => col.notNull())
    .addColumn("report_url", "text")
    .execute();

  await db.schema
    .createTable("commissions")
    .addColumn("id", "integer", id)
    .addColumn("network_id", "integer", (col) => col.notNull().references("commission_networks.id").onDelete("cascade"))
    .addColumn("order_id", "text", (col) => col.notNull())
    .addColumn("sub_id", "text")
    // Milliseconds since 1970, the order's time as the network reports it.
    .addColumn("ordered_at", "bigint", (col) => col.notNull())
    .addColumn("sale_hundredths", "bigint", (col) => col.notNull())
    .addColumn("commission_hundredths", "bigint", (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .addUniqueConstraint("commissions_network_order_unique", ["network_id", "order_id"])
    .execute();
  await db.schema.createIndex("commissions_ordered_at_idx").on("commissions").column("ordered_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("commissions").execute();
  await db.schema.dropTable("commission_networks").execute();
  await db.schema.alterTable("merchants").dropColumn("sub_id_template").execute();
  await db.schema.dropTable("click_sub_ids").execute();
  await db.schema.dropTable("page_view_days").execute();
}
