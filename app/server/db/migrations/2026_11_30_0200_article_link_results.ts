import { type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The last check of each off-site address the published articles link to (those not sent through
 * an offer, whose link is checked as the offer's): one row per address, however many articles
 * use it. An address no article uses any more is left out of the report, and its row replaced
 * when it comes back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const timestampType = dialectOf(db) === "postgres" ? "timestamptz" : "text";
  await db.schema
    .createTable("article_link_results")
    .addColumn("url", "text", (col) => col.primaryKey())
    .addColumn("outcome", "text", (col) => col.notNull())
    .addColumn("status_code", "integer")
    .addColumn("final_url", "text")
    .addColumn("error", "text")
    .addColumn("checked_at", timestampType, (col) => col.notNull())
    .addColumn("duration_ms", "integer", (col) => col.notNull())
    .addColumn("run_id", "integer")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("article_link_results").execute();
}
