import type { Kysely } from "kysely";

/**
 * A merchant's tracking ID per kind of page (Amazon Associates' `tag=`), JSON {"product":
 * "mysite-prod-20", …}; null: links keep their own (app/lib/offers/tracking-ids.ts). The
 * earnings report's Tracking ID column is matched against these to tie Amazon's revenue to a
 * kind of page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("merchants").addColumn("tracking_ids", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("merchants").dropColumn("tracking_ids").execute();
}
