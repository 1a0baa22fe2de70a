import { type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The admin audit log (docs/decisions/0056): one row per admin action or admin sign-in, with who
 * did it (the account's id and its email at that moment, so a later change of address or a
 * deleted account does not rewrite history), what (an action name and a short detail), when
 * (milliseconds since 1970, compared as numbers on both databases) and from which address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("audit_log")
    .addColumn("id", postgres ? "bigserial" : "integer", (col) => (postgres ? col.primaryKey() : col.primaryKey().autoIncrement()))
    .addColumn("at", "bigint", (col) => col.notNull())
    // No foreign key: the trail outlives the account.
    .addColumn("user_id", "text")
    .addColumn("user_email", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("detail", "text", (col) => col.notNull())
    .addColumn("address", "text")
    .execute();
  // Newest first and the retention prune are ranges of `at`; the filters narrow a range.
  await db.schema.createIndex("audit_log_at_idx").on("audit_log").column("at").execute();
  await db.schema.createIndex("audit_log_email_at_idx").on("audit_log").columns(["user_email", "at"]).execute();
  await db.schema.createIndex("audit_log_action_at_idx").on("audit_log").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
