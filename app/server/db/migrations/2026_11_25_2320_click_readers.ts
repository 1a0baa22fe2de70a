import { type Kysely } from "kysely";

/**
 * Clicks counted once per reader (docs/decisions/0056). click_readers holds, for each reader and
 * product clicked in the last 30 minutes, a keyed hash of the client's address, User-Agent and the
 * product (never the address itself) and when that click was counted; rows older than the window
 * are deleted. click_salts holds the random key of each UTC day, shared by every instance on the
 * database and deleted once its day is over, after which no hash made with it can be tied back
 * to an address.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("click_readers")
    .addColumn("reader", "text", (col) => col.primaryKey())
    .addColumn("counted_at", "bigint", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("click_readers_counted_at_idx").on("click_readers").column("counted_at").execute();
  await db.schema
    .createTable("click_salts")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("click_salts").execute();
  await db.schema.dropTable("click_readers").execute();
}
