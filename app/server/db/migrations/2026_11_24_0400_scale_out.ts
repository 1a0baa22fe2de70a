import type { Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * What several instances on one database share beyond the catalog (docs/decisions/0032, 0033):
 * - job_runs: when each periodic job last started, so a job runs once per period across all
 *   instances whatever their timers;
 * - stored_files and stored_file_chunks: uploaded pictures kept in the database (IMAGE_STORAGE=
 *   database), cut into chunks so a picture is written and read a piece at a time. A replaced
 *   picture gets a new version; its old chunks go in the same transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("job_runs")
    .addColumn("name", "text", (col) => col.primaryKey())
    // Milliseconds since 1970, from the database's clock on PostgreSQL (instances' clocks may differ).
    .addColumn("last_started_at", "bigint", (col) => col.notNull())
    .addColumn("last_finished_at", "bigint")
    .addColumn("runs", "bigint", (col) => col.notNull().defaultTo(0))
    .addColumn("last_instance", "text")
    .execute();

  await db.schema
    .createTable("stored_files")
    .addColumn("bucket", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("version", "text", (col) => col.notNull().unique())
    .addColumn("size", "bigint", (col) => col.notNull())
    .addColumn("chunks", "integer", (col) => col.notNull())
    .addColumn("modified_at", "bigint", (col) => col.notNull())
    .addPrimaryKeyConstraint("stored_files_pk", ["bucket", "name"])
    .execute();
  await db.schema
    .createTable("stored_file_chunks")
    .addColumn("version", "text", (col) => col.notNull())
    .addColumn("seq", "integer", (col) => col.notNull())
    .addColumn("data", postgres ? "bytea" : "blob", (col) => col.notNull())
    .addPrimaryKeyConstraint("stored_file_chunks_pk", ["version", "seq"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stored_file_chunks").execute();
  await db.schema.dropTable("stored_files").execute();
  await db.schema.dropTable("job_runs").execute();
}
