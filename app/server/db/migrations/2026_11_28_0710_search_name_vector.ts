import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * PostgreSQL only: the name's words in a tsvector of their own, with its own GIN index
 * (docs/decisions/0088). A search ranks the products whose name holds its words first; asked of
 * search_vector as weight-A words, the index cannot tell a name's word from another column's, so
 * every match's row was read and checked, and for a word in a third of 200,000 products that was
 * most of the page's time. The name index finds those few products alone. SQLite's full-text
 * table already answers a name-only query from its index (migration 2026_11_28_0500_search_index).
 */

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  // Adding a stored generated column rewrites the table: on a large catalog on a busy machine
  // that can outlast the statement timeout the site's connections carry.
  await sql`set local statement_timeout = 0`.execute(db);
  await sql`
    alter table products add column search_name_vector tsvector generated always as (to_tsvector('simple', search_name)) stored
  `.execute(db);
  await sql`create index products_search_name_vector_idx on products using gin (search_name_vector)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== "postgres") return;
  await sql`drop index products_search_name_vector_idx`.execute(db);
  await sql`alter table products drop column search_name_vector`.execute(db);
}
