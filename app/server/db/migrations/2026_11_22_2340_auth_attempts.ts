import type { Kysely } from "kysely";

/**
 * One row per counted sign-in, sign-up, resend or change-password attempt, so the abuse limits
 * hold across restarts and between several instances sharing a database (docs/decisions/0021).
 * Rows older than the longest window are deleted as new ones arrive.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("auth_attempt")
    .addColumn("key", "text", (col) => col.notNull())
    // The normalised address the attempt was about, so create-admin can clear one account.
    .addColumn("account", "text")
    // Milliseconds since 1970: compared as numbers on both databases.
    .addColumn("at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auth_attempt_key_at").on("auth_attempt").columns(["key", "at"]).execute();
  await db.schema.createIndex("auth_attempt_account").on("auth_attempt").column("account").execute();
  await db.schema.createIndex("auth_attempt_at").on("auth_attempt").column("at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("auth_attempt").execute();
}
