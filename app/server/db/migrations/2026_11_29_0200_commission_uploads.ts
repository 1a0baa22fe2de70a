import { type Kysely } from "kysely";

/**
 * A commission report uploaded (or fetched) for reading, kept in the uploads bucket under its id
 * until it is saved or a day old (docs/decisions/0100). `job_id` is the report's latest run (its
 * read or its save); `saved_at` is written in the save's own transaction.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("commission_uploads")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("network", "text", (col) => col.notNull())
    .addColumn("report_url", "text")
    .addColumn("started_by", "text")
    .addColumn("byte_size", "bigint")
    .addColumn("job_id", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("saved_at", "bigint")
    .execute();
  await db.schema.createIndex("commission_uploads_created_idx").on("commission_uploads").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("commission_uploads").execute();
}
