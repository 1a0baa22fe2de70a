import { sql, type Kysely } from "kysely";

/**
 * A search ranks a product whose name is the query above every other (docs/decisions/0093). When
 * thousands of names hold the query's words, those few products are found by this index instead
 * of by reading every such product to compare its whole name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_search_name_idx on products (search_name)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index products_search_name_idx`.execute(db);
}
