import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Picks and update notes (docs/decisions/0108):
 *
 * - `collection_picks`: the roles the owner gives products in a collection (Best overall,
 *   Runner-up, Budget pick, Upgrade pick, or a label of their own) and the products listed as
 *   "Also tested", each with its one line why, in the owner's order. At most one Best overall per
 *   collection, held by a partial unique index as well as by the save's own check.
 * - `update_notes`: dated public notes on a review (a product) or an article, newest first on the
 *   page. No foreign key: the subject is one of two tables, and an id is never handed out again,
 *   so a deleted subject's notes are only dead rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("collection_picks")
    .addColumn("collection_id", "integer", (col) => col.notNull().references("collections.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("role", "text", (col) =>
      col.notNull().check(sql`role in ('best-overall', 'runner-up', 'budget', 'upgrade', 'custom', 'also-tested')`),
    )
    // The owner's own label, for role 'custom' only.
    .addColumn("label", "text")
    .addColumn("reason", "text", (col) => col.notNull())
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("collection_picks_pk", ["collection_id", "product_id"])
    .execute();
  // A product's delete cascades here; without the index it would scan the table.
  await db.schema.createIndex("collection_picks_product_idx").on("collection_picks").column("product_id").execute();
  await db.schema
    .createIndex("collection_picks_one_best_overall")
    .on("collection_picks")
    .column("collection_id")
    .unique()
    .where(sql.ref("role"), "=", "best-overall")
    .execute();

  await db.schema
    .createTable("update_notes")
    .addColumn("id", "integer", id)
    .addColumn("subject_type", "text", (col) => col.notNull().check(sql`subject_type in ('review', 'article')`))
    .addColumn("subject_id", "integer", (col) => col.notNull())
    // YYYY-MM-DD (UTC): the day the page says it changed.
    .addColumn("noted_on", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    // Who wrote it (their e-mail address), for the admin; never shown on the page.
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("update_notes_subject_idx").on("update_notes").columns(["subject_type", "subject_id", "noted_on"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("update_notes").execute();
  await db.schema.dropTable("collection_picks").execute();
}
