import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Which products carry each list tag, one row per product and tag (docs/decisions/0088): a fixed
 * page reads and counts its products through the (tag, product_id) key instead of testing every
 * product's list_tags with LIKE '%|tag|%', which no index answers.
 *
 * Triggers on products keep it in step with list_tags, so every write path (admin form, CSV
 * import, seed, key refresh, removal, restore) updates it with its row, as the full-text index
 * is kept (migration 2026_11_28_0500_search_index). Deleting a product deletes its rows (the
 * foreign key). list_tags stays the source: the rows are derived from it and nothing else.
 *
 * Also an index on products.updated_at, which dates a list (its newest change) without reading
 * every product it holds.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  // PostgreSQL gets its foreign key once the table is filled: one check of all rows, not one per
  // row, which for 200,000 products outlasts the statement timeout on a busy machine.
  await db.schema
    .createTable("product_list_tags")
    .addColumn("tag", "text", (col) => col.notNull())
    .addColumn("product_id", "integer", (col) => (postgres ? col.notNull() : col.notNull().references("products.id").onDelete("cascade")))
    .addPrimaryKeyConstraint("product_list_tags_pkey", ["tag", "product_id"])
    // SQLite keeps the rows in their key's order, with no rowid table beside it.
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // The triggers' deletes and the foreign key's cascade find a product's rows by it.
  await db.schema.createIndex("product_list_tags_product_idx").on("product_list_tags").column("product_id").execute();
  // A list's newest change: walked from its end to the first product the list selects.
  await db.schema.createIndex("products_updated_at_idx").on("products").column("updated_at").execute();

  if (postgres) {
    // '|a|b|' → {a, b}; '' → no rows.
    await sql`
      create function product_list_tags_insert() returns trigger language plpgsql as $$
      begin
        insert into product_list_tags (tag, product_id)
          select tag, added.id from added, unnest(string_to_array(trim(both '|' from added.list_tags), '|')) as tag
          where tag <> '';
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
        insert into product_list_tags (tag, product_id)
          select tag, new.id from unnest(string_to_array(trim(both '|' from new.list_tags), '|')) as tag where tag <> '';
        return null;
      end
      $$
    `.execute(db);
    // Per row, and only for rows whose tags changed: most updates (prices, feeds) leave them alone.
    await sql`
      create trigger products_list_tags_update after update of list_tags on products
      for each row when (old.list_tags is distinct from new.list_tags) execute function product_list_tags_update()
    `.execute(db);
    await sql`
      insert into product_list_tags (tag, product_id)
        select tag, products.id from products, unnest(string_to_array(trim(both '|' from products.list_tags), '|')) as tag
        where tag <> ''
    `.execute(db);
    await sql`
      alter table product_list_tags add constraint product_list_tags_product_id_fkey
        foreign key (product_id) references products (id) on delete cascade
    `.execute(db);
    return;
  }
  // '|a|b|' → the JSON array ["a","b"]: tags are slugs, which need no JSON escaping.
  const tagsOf = sql.raw(`json_each('["' || replace(substr(new.list_tags, 2, length(new.list_tags) - 2), '|', '","') || '"]')`);
  await sql`
    create trigger product_list_tags_after_insert after insert on products when new.list_tags <> '' begin
      insert into product_list_tags (tag, product_id) select value, new.id from ${tagsOf};
    end
  `.execute(db);
  await sql`
    create trigger product_list_tags_after_update after update of list_tags on products
    when old.list_tags is not new.list_tags begin
      delete from product_list_tags where product_id = old.id;
      insert into product_list_tags (tag, product_id) select value, new.id from ${tagsOf} where new.list_tags <> '';
    end
  `.execute(db);
  // The foreign key cascades only on a connection that enforces it; this one does not depend on that.
  await sql`
    create trigger product_list_tags_after_delete after delete on products begin
      delete from product_list_tags where product_id = old.id;
    end
  `.execute(db);
  await sql`
    insert into product_list_tags (tag, product_id)
      select json_each.value, products.id from products,
        json_each('["' || replace(substr(products.list_tags, 2, length(products.list_tags) - 2), '|', '","') || '"]')
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
  await db.schema.dropIndex("products_updated_at_idx").execute();
}
