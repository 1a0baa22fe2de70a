import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * The admin's product list shows the most recently changed products first, 50 a page, with or
 * without a category. Without an index in that order, every page (the first one too) read and
 * sorted the whole table: about 5 s at 200,000 products. With these, a page is a walk down the
 * index, and the category's count is read from its index. The search (a part of the name, slug
 * or brand) has to look at every product; on SQLite it reads the narrow search index instead of
 * the rows with their descriptions (PostgreSQL reads the rows: it cannot answer from an index of
 * expressions alone).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index products_admin_order_idx on products (updated_at desc, id desc)`.execute(db);
  await sql`create index products_admin_category_order_idx on products (category_id, updated_at desc, id desc)`.execute(db);
  if (dialectOf(db) === "sqlite") {
    await sql`create index products_admin_search_idx on products (lower(name), lower(slug), lower(brand), updated_at)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "sqlite") await sql`drop index products_admin_search_idx`.execute(db);
  await sql`drop index products_admin_category_order_idx`.execute(db);
  await sql`drop index products_admin_order_idx`.execute(db);
}
