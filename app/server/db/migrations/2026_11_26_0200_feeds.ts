import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Merchant feeds (docs/decisions/0064): a feed is one shop's product file, read by URL or from an
 * upload, whose items become that shop's offers. Products gain the numbers a feed item is matched
 * by (GTIN, then MPN); the owner's own "this is product X" answers are kept per feed; each run is
 * recorded with its counts and, for a preview, the diff the owner saves or discards. An offer
 * remembers the feed and item that wrote it, so an item that leaves the feed can be found and its
 * offer marked out of stock (never deleted).
 */

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema.alterTable("products").addColumn("gtin", "text").execute();
  await db.schema.alterTable("products").addColumn("mpn", "text").execute();
  // A GTIN names one trade item: two products with the same one could not be told apart by a feed.
  await db.schema.createIndex("products_gtin_unique").on("products").column("gtin").unique().execute();
  // MPNs are compared in any letter case, and two brands may use the same one: not unique.
  await sql`create index products_mpn_lower_idx on products (lower(mpn))`.execute(db);

  await db.schema
    .createTable("feeds")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (col) => col.notNull())
    // The shop the feed's offers are at; a shop with feeds is not deleted by accident.
    .addColumn("merchant_id", "integer", (col) => col.notNull().references("merchants.id").onDelete("restrict"))
    .addColumn("source_kind", "text", (col) => col.notNull().check(sql`source_kind in ('url', 'upload')`))
    .addColumn("url", "text")
    // The stored upload's file name under DATA_DIR/feeds: a re-run reads it again.
    .addColumn("upload_name", "text")
    .addColumn("upload_original_name", "text")
    // null: detected on each read.
    .addColumn("format", "text", (col) => col.check(sql`format in ('google-xml', 'google-tsv', 'csv-mapped')`))
    // A FeedColumnMapping as JSON, for "csv-mapped".
    .addColumn("mapping", "text")
    .addColumn("schedule", "text", (col) =>
      col
        .notNull()
        .defaultTo("off")
        .check(sql`schedule in ('off', 'hourly', '6h', 'daily')`),
    )
    .addColumn("last_run_at", timestampType)
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("feeds_merchant_idx").on("feeds").column("merchant_id").execute();

  await db.schema
    .createTable("feed_runs")
    .addColumn("id", "integer", id)
    .addColumn("feed_id", "integer", (col) => col.notNull().references("feeds.id").onDelete("cascade"))
    .addColumn("started_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("finished_at", timestampType)
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'previewed', 'saved', 'failed', 'discarded')`))
    .addColumn("trigger", "text", (col) => col.notNull().check(sql`trigger in ('manual', 'schedule')`))
    .addColumn("new_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("changed_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("unchanged_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("gone_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("unmatched_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rejected_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("error", "text")
    // The plan's digest: Save refuses when the plan it makes again differs.
    .addColumn("fingerprint", "text")
    // The preview the run page shows (first rows of each kind, capped), JSON.
    .addColumn("details", "text")
    .addColumn("milliseconds", "integer")
    .execute();
  await db.schema.createIndex("feed_runs_feed_idx").on("feed_runs").columns(["feed_id", "id"]).execute();

  await db.schema
    .createTable("feed_item_links")
    .addColumn("id", "integer", id)
    .addColumn("feed_id", "integer", (col) => col.notNull().references("feeds.id").onDelete("cascade"))
    .addColumn("item_id", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addUniqueConstraint("feed_item_links_unique", ["feed_id", "item_id"])
    .execute();

  // Not a foreign key: SQLite cannot drop a column that is one (the down step), so deleting a
  // feed clears its offers' feed_id in the same transaction (deleteFeed) instead of "set null".
  await db.schema.alterTable("offers").addColumn("feed_id", "integer").execute();
  await db.schema.alterTable("offers").addColumn("feed_item_id", "text").execute();
  // "Gone" reads a feed's offers.
  await db.schema.createIndex("offers_feed_idx").on("offers").column("feed_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("offers_feed_idx").execute();
  await db.schema.alterTable("offers").dropColumn("feed_item_id").execute();
  await db.schema.alterTable("offers").dropColumn("feed_id").execute();
  await db.schema.dropTable("feed_item_links").execute();
  await db.schema.dropTable("feed_runs").execute();
  await db.schema.dropTable("feeds").execute();
  await db.schema.dropIndex("products_mpn_lower_idx").execute();
  await db.schema.dropIndex("products_gtin_unique").execute();
  await db.schema.alterTable("products").dropColumn("mpn").execute();
  await db.schema.alterTable("products").dropColumn("gtin").execute();
}
