import { type Kysely } from "kysely";

/**
 * Counted clicks per client address, product and UTC day, capped (docs/decisions/0106):
 * `address_key` is a keyed hash of the address and the product under the day's click salt
 * (click_salts), never the address; `day` lets the rows go with their salt once the day is over.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("click_address_days")
    .addColumn("address_key", "text", (col) => col.primaryKey())
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("clicks", "integer", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("click_address_days_day_idx").on("click_address_days").column("day").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("click_address_days").execute();
}
