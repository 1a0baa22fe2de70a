import type { Kysely } from "kysely";

/**
 * Which country a counted click came from (the reader's, as /go read it: a trusted proxy header or
 * the operator's GeoIP database; null when neither said) and which merchant's offer it went to
 * (null for the maker's website or the survey form). Both nullable: the clicks before this
 * migration knew neither. No foreign key on the merchant, like the product: a deleted merchant's
 * clicks stay in the history. The admin filters a period by them, which reads the raw rows by
 * time (clicks_clicked_at_idx), so no index of their own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("clicks").addColumn("country", "text").execute();
  await db.schema.alterTable("clicks").addColumn("merchant_id", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("clicks").dropColumn("merchant_id").execute();
  await db.schema.alterTable("clicks").dropColumn("country").execute();
}
