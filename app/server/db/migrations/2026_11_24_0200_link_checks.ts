import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Link health (docs/decisions/0030-link-health.md): the last check of each product's affiliate
 * link and website, and the runs that made them. A run row with `active` = 1 is the one in
 * progress; the unique index on `active` lets only one exist at a time, across every instance
 * on the database (finished runs set it to null, and nulls never collide).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";

  await db.schema
    .createTable("link_check_runs")
    .addColumn("id", "integer", id)
    .addColumn("trigger", "text", (col) => col.notNull().check(sql`trigger in ('manual', 'schedule')`))
    .addColumn("active", "integer", (col) => col.unique().check(sql`active = 1`))
    .addColumn("total", "integer", (col) => col.notNull())
    .addColumn("checked", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("broken", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("started_at", timestampType, (col) => col.notNull())
    // Moved on with every result: a run whose heartbeat stops (its process died) is taken over.
    .addColumn("heartbeat_at", timestampType, (col) => col.notNull())
    .addColumn("finished_at", timestampType)
    .addColumn("error", "text")
    .execute();

  await db.schema
    .createTable("link_check_results")
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("link", "text", (col) => col.notNull().check(sql`link in ('affiliate', 'website')`))
    .addColumn("url", "text", (col) => col.notNull())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("status_code", "integer")
    .addColumn("final_url", "text")
    .addColumn("error", "text")
    .addColumn("checked_at", timestampType, (col) => col.notNull())
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("run_id", "integer")
    .addPrimaryKeyConstraint("link_check_results_pk", ["product_id", "link"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("link_check_results").execute();
  await db.schema.dropTable("link_check_runs").execute();
}
