import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Which products carry each list tag, one row per product and tag, with the product's updated_at
 * (docs/decisions/0088): a fixed page reads, counts and dates its products through the
 * (tag, product_id) and (tag, updated_at) keys instead of testing every product's list_tags with
 * LIKE '%|tag|%', which no index answers, and reading every listed product for its newest change.
 *
 * Triggers on products keep it in step with list_tags and updated_at, so every write path (admin
 * form, CSV import, seed, key refresh, removal, restore) updates it with its row, as the
 * full-text index is kept (migration 2026_11_28_0500_search_index). Deleting a product deletes
 * its rows (the foreign key; on SQLite a trigger too). The rows are derived from the products
 * row and nothing else.
 */

/** '|a|b|' → the tags, as rows of `tag` (PostgreSQL); '' → none. */
const pgTags = (row: string) => sql.raw(`unnest(string_to_array(trim(both '|' from ${row}.list_tags), '|')) as tag`);
/** The same on SQLite, as rows of json_each's `value`: tags are slugs, which need no JSON escaping. */
const sqliteTags = (row: string) =>
  sql.raw(`json_each('["' || replace(substr(${row}.list_tags, 2, length(${row}.list_tags) - 2), '|', '","') || '"]')`);

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  // PostgreSQL gets its foreign key once the table is filled: one check of all rows, not one per
  // row, which for 200,000 products outlasts the statement timeout on a busy machine.
  await db.schema
    .createTable("product_list_tags")
    .addColumn("tag", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => (postgres ? col.notNull() : col.notNull().references("products.id").onDelete("cascade")))
    .addColumn("updated_at", postgres ? "timestamptz" : "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("product_list_tags_pkey", ["tag", "product_id"])
    // SQLite keeps the rows in their key's order, with no rowid table beside it.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // A tag's newest change is the last entry of its range here.
  await db.schema.createIndex("product_list_tags_newest_idx").on("product_list_tags").columns(["tag", "updated_at"]).execute();
  // The triggers' deletes and the foreign key's cascade find a product's rows by it.
  await db.schema.createIndex("product_list_tags_product_idx").on("product_list_tags").column("product_id").execute();

  if (postgres) {
    await sql`
      create function product_list_tags_insert() returns trigger language plpgsql as $$
      begin
        insert into product_list_tags (tag, product_id, updated_at)
          select tag, added.id, added.updated_at from added, ${pgTags("added")} where tag <> '';
        return null;
      end
      $$
    `.execute(db);
    // Once per statement with all its rows: a 200,000-row import inserts the tags in one statement.
    await sql`
      create trigger products_list_tags_insert after insert on products
      referencing new table as added for each statement execute function product_list_tags_insert()
    `.execute(db);
    await sql`
      create function product_list_tags_update() returns trigger language plpgsql as $$
      begin
        delete from product_list_tags where product_id = old.id;
        insert into product_list_tags (tag, product_id, updated_at)
          select tag, new.id, new.updated_at from ${pgTags("new")} where tag <> '';
        return null;
      end
      $$
    `.execute(db);
    // Per row, and only for rows whose tags or date changed: most updates (prices) leave them alone.
    await sql`
      create trigger products_list_tags_update after update of list_tags, updated_at on products for each row
      when (old.list_tags is distinct from new.list_tags or old.updated_at is distinct from new.updated_at)
      execute function product_list_tags_update()
    `.execute(db);
    await sql`
      insert into product_list_tags (tag, product_id, updated_at)
        select tag, products.id, products.updated_at from products, ${pgTags("products")} where tag <> ''
    `.execute(db);
    await sql`
      alter table product_list_tags add constraint product_list_tags_product_id_fkey
        foreign key (product_id) references products (id) on delete cascade
    `.execute(db);
    return;
  }
  await sql`
    create trigger product_list_tags_after_insert after insert on products when new.list_tags <> '' begin
      insert into product_list_tags (tag, product_id, updated_at) select value, new.id, new.updated_at from ${sqliteTags("new")};
    end
  `.execute(db);
  await sql`
    create trigger product_list_tags_after_update after update of list_tags, updated_at on products
    when old.list_tags is not new.list_tags or old.updated_at is not new.updated_at begin
      delete from product_list_tags where product_id = old.id;
      insert into product_list_tags (tag, product_id, updated_at)
        select value, new.id, new.updated_at from ${sqliteTags("new")} where new.list_tags <> '';
    end
  `.execute(db);
  // The foreign key cascades only on a connection that enforces it; this one does not depend on that.
  await sql`
    create trigger product_list_tags_after_delete after delete on products begin
      delete from product_list_tags where product_id = old.id;
    end
  `.execute(db);
  await sql`
    insert into product_list_tags (tag, product_id, updated_at)
      select json_each.value, products.id, products.updated_at from products, ${sqliteTags("products")}
      where products.list_tags <> ''
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger products_list_tags_update on products`.execute(db);
    await sql`drop trigger products_list_tags_insert on products`.execute(db);
    await sql`drop function product_list_tags_update()`.execute(db);
    await sql`drop function product_list_tags_insert()`.execute(db);
  } else {
    for (const trigger of ["product_list_tags_after_insert", "product_list_tags_after_update", "product_list_tags_after_delete"]) {
      await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
    }
  }
  await db.schema.dropTable("product_list_tags").execute();
}
