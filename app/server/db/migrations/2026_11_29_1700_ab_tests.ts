import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A/B tests of the buy button (docs/decisions/0111):
 *
 * - `ab_tests`: one test of one element (label, style or where-to-buy order) on one kind of page,
 *   its options as a JSON array (control first), running or ended, and the option applied when
 *   it ended, if any. `version` is the row's edit version: ending names the one the owner saw.
 * - `ab_test_views`: views per test and variant, a count added to with every flush.
 * - `clicks.ab_test_id` / `ab_variant` (and the same on `click_sub_ids`, so a commission can be
 *   put against the variant whose reader clicked): null for a click outside any test.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  await db.schema
    .createTable("ab_tests")
    .addColumn("id", "integer", id)
    .addColumn("page_kind", "text", (col) => col.notNull())
    .addColumn("element", "text", (col) => col.notNull())
    .addColumn("variants", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('running', 'ended')`))
    .addColumn("started_at", "bigint", (col) => col.notNull())
    .addColumn("ended_at", "bigint")
    .addColumn("applied_variant", "integer")
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  // One running test per kind of page: two at once would mix their readers' effects.
  await sql`create unique index ab_tests_one_running_idx on ab_tests (page_kind) where status = 'running'`.execute(db);
  await db.schema
    .createTable("ab_test_views")
    .addColumn("test_id", "integer", (col) => col.notNull().references("ab_tests.id").onDelete("cascade"))
    .addColumn("variant", "integer", (col) => col.notNull())
    .addColumn("views", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("ab_test_views_pk", ["test_id", "variant"])
    .execute();
  for (const table of ["clicks", "click_sub_ids"]) {
    await db.schema.alterTable(table).addColumn("ab_test_id", "integer").execute();
    await db.schema.alterTable(table).addColumn("ab_variant", "integer").execute();
  }
  await db.schema
    .createIndex("clicks_ab_test_idx")
    .on("clicks")
    .column("ab_test_id")
    .where(sql.ref("ab_test_id"), "is not", null)
    .execute();
  await db.schema
    .createIndex("click_sub_ids_ab_test_idx")
    .on("click_sub_ids")
    .column("ab_test_id")
    .where(sql.ref("ab_test_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("click_sub_ids_ab_test_idx").execute();
  await db.schema.dropIndex("clicks_ab_test_idx").execute();
  for (const table of ["clicks", "click_sub_ids"]) {
    await db.schema.alterTable(table).dropColumn("ab_variant").execute();
    await db.schema.alterTable(table).dropColumn("ab_test_id").execute();
  }
  await db.schema.dropTable("ab_test_views").execute();
  await db.schema.dropTable("ab_tests").execute();
}
