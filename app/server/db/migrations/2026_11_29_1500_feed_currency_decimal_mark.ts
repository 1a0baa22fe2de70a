import type { Kysely } from "kysely";

/**
 * A feed's own reading settings: the currency its prices are in when a price does not say
 * (stored as given, never converted or relabelled as the site's), and its decimal separator
 * when its amounts do not show it ("1.499"). Both null: read from the feed itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("feeds").addColumn("currency", "text").execute();
  await db.schema.alterTable("feeds").addColumn("decimal_mark", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("feeds").dropColumn("decimal_mark").execute();
  await db.schema.alterTable("feeds").dropColumn("currency").execute();
}
