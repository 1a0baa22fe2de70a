import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Less for every product write to keep (docs/decisions/0097):
 *
 * - No list-tag row for the list every product is on ('outdoor-saunas', whose rule takes every
 *   outdoor sauna): at 200,000 products, 200,000 of 700,000 rows said nothing a read needs. The
 *   page reads the whole catalog instead (app/lib/catalog/product-selection.ts).
 * - No product_id index on product_list_tags: a product's rows are deleted by the tags its row
 *   names, through the (tag, product_id) key. On SQLite the table is rebuilt without its foreign
 *   key, which would look each deleted product up by product_id (the delete trigger removes the
 *   rows, as PostgreSQL's has since migration 2026_11_28_0900_statement_triggers_for_bulk_writes).
 * - The rating order's index without list_tags, which no read takes from it any more, and no
 *   index on rating alone, whose work that index's first column already does.
 *
 * The tag triggers are dropped while the existing rows change, so the migration is a few
 * statements, not a trigger call per product.
 */

/** '|a|b|' → the tags, as rows of a one-column set (PostgreSQL). */
const pgTags = (list: string) => sql.raw(`unnest(string_to_array(trim(both '|' from ${list}), '|'))`);
/** The same on SQLite, as json_each's `value`: tags are slugs, which need no JSON escaping. */
const sqliteTags = (list: string) => sql.raw(`json_each('["' || replace(substr(${list}, 2, length(${list}) - 2), '|', '","') || '"]')`);

const EVERY_PRODUCT_TAG = "outdoor-saunas";
const SQLITE_TRIGGERS = ["product_list_tags_after_insert", "product_list_tags_after_update", "product_list_tags_after_delete"];

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await sql`drop index products_rating_order_idx`.execute(db);
  await sql`drop index products_rating_idx`.execute(db);

  await dropTriggersThatRewriteTags(db);
  await sql`
    update products set list_tags = case when list_tags = ${`|${EVERY_PRODUCT_TAG}|`} then '' else replace(list_tags, ${`|${EVERY_PRODUCT_TAG}|`}, '|') end
    where list_tags like ${`%|${EVERY_PRODUCT_TAG}|%`}
  `.execute(db);

  if (postgres) {
    await sql`delete from product_list_tags where tag = ${EVERY_PRODUCT_TAG}`.execute(db);
    await sql`drop index product_list_tags_product_idx`.execute(db);
    await createPostgresTriggers(db, "by tag");
  } else {
    await rebuildSqliteTable(db, { foreignKey: false, without: EVERY_PRODUCT_TAG });
    await createSqliteTriggers(db, "by tag");
  }
  await createRatingOrderIndex(db, { withListTags: false });
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await sql`drop index products_rating_order_idx`.execute(db);
  await dropTriggersThatRewriteTags(db);

  // Every product is on the list again, its tag first, as the code that wrote it ordered the tags.
  await sql`update products set list_tags = ${`|${EVERY_PRODUCT_TAG}`} || case when list_tags = '' then '|' else list_tags end`.execute(db);

  if (!postgres) await rebuildSqliteTable(db, { foreignKey: true });
  await sql`
    insert into product_list_tags (tag, product_id, updated_at) select ${EVERY_PRODUCT_TAG}, id, updated_at from products
  `.execute(db);
  await db.schema.createIndex("product_list_tags_product_idx").on("product_list_tags").column("product_id").execute();
  await (postgres ? createPostgresTriggers(db, "by product") : createSqliteTriggers(db, "by product"));
  await db.schema.createIndex("products_rating_idx").on("products").column("rating").execute();
  await createRatingOrderIndex(db, { withListTags: true });
}

/**
 * The triggers that would rewrite a product's tag rows as its list_tags changes: the migration
 * changes every row itself, in a few statements, and makes them again after.
 */
async function dropTriggersThatRewriteTags(db: Kysely<any>) {
  if (dialectOf(db) === "postgres") await sql`drop trigger products_list_tags_update on products`.execute(db);
  else for (const trigger of SQLITE_TRIGGERS) await sql`drop trigger ${sql.ref(trigger)}`.execute(db);
}

async function createRatingOrderIndex(db: Kysely<any>, { withListTags }: { withListTags: boolean }) {
  // PostgreSQL's descending order starts with NULL unless told; SQLite's already ends with it.
  const desc = dialectOf(db) === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
  const columns = withListTags ? sql.raw("name, id, list_tags") : sql.raw("name, id");
  await sql`create index products_rating_order_idx on products (rating ${desc}, ${columns})`.execute(db);
}

/**
 * SQLite changes a table's foreign keys only by building it again: the rows are copied into a
 * new table (all but the `without` tag's), which then takes the old one's name and indexes.
 */
async function rebuildSqliteTable(db: Kysely<any>, { foreignKey, without }: { foreignKey: boolean; without?: string }) {
  const productId = foreignKey
    ? sql`product_id integer not null references products (id) on delete cascade`
    : sql`product_id integer not null`;
  await sql`
    create table product_list_tags_rebuilt (
      tag text not null, ${productId}, updated_at text not null,
      constraint product_list_tags_pkey primary key (tag, product_id)
    ) without rowid
  `.execute(db);
  await sql`
    insert into product_list_tags_rebuilt (tag, product_id, updated_at)
      select tag, product_id, updated_at from product_list_tags where tag is not ${without ?? null}
  `.execute(db);
  await sql`drop table product_list_tags`.execute(db);
  await sql`alter table product_list_tags_rebuilt rename to product_list_tags`.execute(db);
  await db.schema.createIndex("product_list_tags_newest_idx").on("product_list_tags").columns(["tag", "updated_at"]).execute();
}

/**
 * PostgreSQL's update trigger (with its function) and its delete trigger's function, which keep
 * the rows in step with products.list_tags; "by tag" and "by product" as on SQLite (below). The
 * update trigger is dropped before the rows change and made again here.
 */
async function createPostgresTriggers(db: Kysely<any>, find: "by tag" | "by product") {
  const oldRows = find === "by tag" ? sql`tag in (select ${pgTags("old.list_tags")}) and product_id = old.id` : sql`product_id = old.id`;
  const removedRows =
    find === "by tag"
      ? sql`product_list_tags as t using removed, ${pgTags("removed.list_tags")} as old_tag (value)
          where t.tag = old_tag.value and t.product_id = removed.id`
      : sql`product_list_tags where product_id in (select id from removed)`;
  await sql`
    create or replace function product_list_tags_update() returns trigger language plpgsql as $$
    begin
      delete from product_list_tags where ${oldRows};
      insert into product_list_tags (tag, product_id, updated_at)
        select tag, new.id, new.updated_at from ${pgTags("new.list_tags")} as tag where tag <> '';
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger products_list_tags_update after update of list_tags, updated_at on products for each row
    when (old.list_tags is distinct from new.list_tags or old.updated_at is distinct from new.updated_at)
    execute function product_list_tags_update()
  `.execute(db);
  await sql`
    create or replace function product_list_tags_delete() returns trigger language plpgsql as $$
    begin
      delete from ${removedRows};
      return null;
    end
    $$
  `.execute(db);
}

/**
 * The triggers that keep the rows in step with products.list_tags. An update or delete finds a
 * product's old rows "by tag" (the tags its old row names, through the key) or, with the
 * product_id index, "by product".
 */
async function createSqliteTriggers(db: Kysely<any>, find: "by tag" | "by product") {
  const oldRows =
    find === "by tag"
      ? sql`tag in (select value from ${sqliteTags("old.list_tags")} where old.list_tags <> '') and product_id = old.id`
      : sql`product_id = old.id`;
  await sql`
    create trigger product_list_tags_after_insert after insert on products when new.list_tags <> '' begin
      insert into product_list_tags (tag, product_id, updated_at) select value, new.id, new.updated_at from ${sqliteTags("new.list_tags")};
    end
  `.execute(db);
  await sql`
    create trigger product_list_tags_after_update after update of list_tags, updated_at on products
    when old.list_tags is not new.list_tags or old.updated_at is not new.updated_at begin
      delete from product_list_tags where ${oldRows};
      insert into product_list_tags (tag, product_id, updated_at)
        select value, new.id, new.updated_at from ${sqliteTags("new.list_tags")} where new.list_tags <> '';
    end
  `.execute(db);
  await sql`
    create trigger product_list_tags_after_delete after delete on products begin
      delete from product_list_tags where ${oldRows};
    end
  `.execute(db);
}
