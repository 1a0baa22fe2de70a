import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The owner's "Today" list (app/server/admin/today/):
 *
 * - `today_marks`: an item the owner snoozed (until a time) or marked done, keyed by the rule that
 *   raised it and its subject ("feed:4", "product:12"). A done mark holds only while the situation
 *   lasts: the list forgets it once the rule stops firing, so the item comes back if it recurs.
 * - `owner_digest_recipients`: the weekly digest's list, one row per admin account, written the
 *   first time the digest is sent to them. Its numeric id is what the signed unsubscribe link
 *   names, as for the newsletter and price alerts.
 * - an index of the reviews by test date, reviews only (products with a verdict): the list's
 *   "review out of date" rule reads it rather than every product.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("today_marks")
    .addColumn("rule", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("state", "text", (col) => col.notNull().check(sql`state in ('snoozed', 'done')`))
    // Milliseconds since 1970: the end of a snooze; null for done.
    .addColumn("until_at", "bigint")
    .addColumn("marked_at", "bigint", (col) => col.notNull())
    .addColumn("marked_by", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("today_marks_pk", ["rule", "subject"])
    .execute();

  await db.schema
    .createTable("owner_digest_recipients")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "text", (col) => col.notNull().unique())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('subscribed', 'unsubscribed')`))
    .addColumn("unsubscribed_at", "bigint")
    .addColumn("last_sent_at", "bigint")
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createIndex("products_review_tested_on")
    .on("products")
    .columns(["tested_on", "id"])
    .where(sql.ref("verdict"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_review_tested_on").execute();
  await db.schema.dropTable("owner_digest_recipients").execute();
  await db.schema.dropTable("today_marks").execute();
}
