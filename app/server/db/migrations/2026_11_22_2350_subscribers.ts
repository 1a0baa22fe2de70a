import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Newsletter subscribers with double opt-in: one row per address (stored lower-cased), in one of
 * three states. Only the SHA-256 of the one-time confirmation token is stored, so a copy of the
 * database cannot confirm anyone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const timestampType = postgres ? "timestamptz" : "text";
  const now = postgres ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn("confirm_token_hash", "text", (col) => col.unique())
    .addColumn("confirm_sent_at", timestampType)
    .addColumn("confirmed_at", timestampType)
    .addColumn("unsubscribed_at", timestampType)
    .addColumn("created_at", timestampType, (col) => col.notNull().defaultTo(now))
    .addColumn("updated_at", timestampType, (col) => col.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("subscribers_status_idx").on("subscribers").column("status").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("subscribers").execute();
}
