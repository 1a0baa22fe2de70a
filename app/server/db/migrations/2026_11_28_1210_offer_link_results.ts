import { type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The last check of each offer's link (the links behind "Where to buy" and /go, many written by
 * feeds), beside the products' own links in link_check_results: one row per offer, gone with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const timestampType = dialectOf(db) === "postgres" ? "timestamptz" : "text";
  await db.schema
    .createTable("offer_link_results")
    .addColumn("offer_id", "integer", (col) => col.primaryKey().references("offers.id").onDelete("cascade"))
    .addColumn("url", "text", (col) => col.notNull())
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
  await db.schema.dropTable("offer_link_results").execute();
}
