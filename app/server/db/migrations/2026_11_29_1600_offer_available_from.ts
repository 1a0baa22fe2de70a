import type { Kysely } from "kysely";

/**
 * The day a pre-ordered or back-ordered offer ships (Google's `availability_date`, an offers
 * CSV's or the offer form's "available from"), YYYY-MM-DD; null when the shop does not say. The
 * where-to-buy row says "Ships from {day}" only while the offer is a pre-order or back-order and
 * the day is still ahead.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("offers").addColumn("available_from", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("offers").dropColumn("available_from").execute();
}
