import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * collections.keeps_rule (docs/decisions/0070-collection-ids-import-choice.md): a collection that
 * lists its saunas by a rule (a fixed page's, or its criteria) keeps listing them, and the
 * products stored for it are added to those (pinned extras) instead of replacing them. False, as
 * every collection was until now: stored products, when there are any, are the whole list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .alterTable("collections")
    .addColumn("keeps_rule", postgres ? "boolean" : "integer", (col) => col.notNull().defaultTo(postgres ? sql`false` : sql`0`))
    .execute();
}

/** Back to stored products as the whole list: a collection that kept its rule shows only its extras until it is edited. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("collections").dropColumn("keeps_rule").execute();
}
