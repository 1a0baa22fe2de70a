import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The mail outbox (docs/decisions/0101): every message the site sends is first a row here, written
 * in the transaction of the change that causes it, then sent by the worker's sender, which holds
 * it under a lease while it does. `message_id` is made when the row is written and is the
 * message's Message-ID header, so a message sent again after a crash is recognisably the same one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("outbox")
    .addColumn("id", "integer", id)
    .addColumn("message_id", "text", (col) => col.notNull().unique())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    // The body goes once the message is sent: it may hold a sign-in or reset link.
    .addColumn("text_body", "text")
    .addColumn("html_body", "text")
    // JSON object of extra headers (List-Unsubscribe…).
    .addColumn("headers", "text", (col) => col.notNull())
    .addColumn("log_line", "text")
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('waiting', 'sending', 'sent', 'failed')`))
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    // Milliseconds since 1970, like jobs.
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("next_attempt_at", "bigint", (col) => col.notNull())
    .addColumn("sent_at", "bigint")
    .addColumn("failed_at", "bigint")
    .addColumn("last_error", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "bigint")
    .execute();
  // The sender's question (waiting and due, oldest first) and the admin page's (by state, newest first).
  await db.schema.createIndex("outbox_state_next_attempt").on("outbox").columns(["state", "next_attempt_at", "id"]).execute();
  await db.schema.createIndex("outbox_state_id").on("outbox").columns(["state", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("outbox").execute();
}
