import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Owner work as durable runs (docs/decisions/0098): every feed run, import, report, link check,
 * mail batch and periodic job is a row of `jobs` with its state, who started it, the worker that
 * holds it and until when (its lease, moved on by a heartbeat), its progress and its outcome.
 *
 * `catalog_changes` tells the processes sharing one SQLite file (the web process and its worker)
 * that the catalog changed; PostgreSQL says it with NOTIFY instead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('queued', 'running', 'done', 'failed', 'cancelled')`))
    .addColumn("label", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("started_by", "text")
    // Milliseconds since 1970, like job_runs.
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("started_at", "bigint")
    .addColumn("heartbeat_at", "bigint")
    .addColumn("lease_until", "bigint")
    .addColumn("finished_at", "bigint")
    .addColumn("worker", "text")
    .addColumn("progress_done", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("progress_total", "bigint")
    .addColumn("progress_note", "text")
    .addColumn("cancel_requested", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("result", "text")
    .addColumn("error", "text")
    .execute();
  // The worker's question (the oldest queued run) and the sweeper's (running runs) are both by state.
  await db.schema.createIndex("jobs_state_id").on("jobs").columns(["state", "id"]).execute();
  await db.schema.createIndex("jobs_kind_id").on("jobs").columns(["kind", "id"]).execute();

  await db.schema
    .createTable("catalog_changes")
    .addColumn("id", "integer", id)
    .addColumn("instance", "text", (col) => col.notNull())
    .addColumn("at", "bigint", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_changes").execute();
  await db.schema.dropTable("jobs").execute();
}
