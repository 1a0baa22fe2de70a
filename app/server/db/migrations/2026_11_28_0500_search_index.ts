import { sql, type Kysely } from "kysely";
import { refreshProductListKeys } from "../../products/product-list-keys.server";
import { dialectOf } from "../dialect";

/**
 * A full-text index for the product search (docs/decisions/0082): the name's words in a new
 * search_name column, the other searchable words in search_text (both rewritten in the stored
 * form of app/lib/reviews/catalog-search.ts), and an index each database looks words up in.
 *
 * - SQLite: an FTS5 table over the two columns, kept in step with products by triggers, so
 *   every write path (admin form, CSV import, feeds, seed, removal) updates it with its row.
 * - PostgreSQL: a tsvector generated from the two columns with the 'simple' configuration (no
 *   stemming, no stop words: the words as stored), the name's words weighted A so a query can
 *   ask for them alone, and a GIN index on it.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("search_name", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  // Every product's keys in the new form before the index reads them.
  await refreshProductListKeys(db);

  if (dialectOf(db) === "postgres") {
    await sql`
      alter table products add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', search_name), 'A') || to_tsvector('simple', search_text)
      ) stored
    `.execute(db);
    await sql`create index products_search_vector_idx on products using gin (search_vector)`.execute(db);
    return;
  }
  // remove_diacritics 0: the stored words have none left, and the tokenizer must not change them.
  await sql`
    create virtual table product_search using fts5(
      search_name, search_text, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 0'
    )
  `.execute(db);
  await sql`
    create trigger product_search_after_insert after insert on products begin
      insert into product_search (rowid, search_name, search_text) values (new.id, new.search_name, new.search_text);
    end
  `.execute(db);
  await sql`
    create trigger product_search_after_delete after delete on products begin
      insert into product_search (product_search, rowid, search_name, search_text)
        values ('delete', old.id, old.search_name, old.search_text);
    end
  `.execute(db);
  await sql`
    create trigger product_search_after_update after update of search_name, search_text on products begin
      insert into product_search (product_search, rowid, search_name, search_text)
        values ('delete', old.id, old.search_name, old.search_text);
      insert into product_search (rowid, search_name, search_text) values (new.id, new.search_name, new.search_text);
    end
  `.execute(db);
  await sql`insert into product_search (product_search) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop index products_search_vector_idx`.execute(db);
    await sql`alter table products drop column search_vector`.execute(db);
  } else {
    for (const trigger of ["product_search_after_insert", "product_search_after_delete", "product_search_after_update"]) {
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    }
    await sql`drop table product_search`.execute(db);
  }
  await db.schema.alterTable("products").dropColumn("search_name").execute();
}
