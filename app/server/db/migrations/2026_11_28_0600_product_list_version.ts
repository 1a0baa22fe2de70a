import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * A number that moves with every change to the list a page shows (docs/decisions/0084): one row
 * in product_list_version, raised by triggers on every insert, update and delete of products and
 * of the stored collection members, so every write path (admin form, CSV import, feeds, seed,
 * removal, restore) moves it without knowing of it. An update counts whatever columns it sets:
 * a list's order and which products it selects read many of them. A server keeps where a list's
 * deep pages start for one value of it (app/server/catalog/product-lists.server.ts).
 */

const WATCHED = ["products", "collection_products"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema
    .createTable("product_list_version")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("version", "bigint", (col) => col.notNull())
    .execute();
  await db.insertInto("product_list_version").values({ id: 1, version: 0 }).execute();

  if (postgres) {
    // Once per statement, not per row: a CSV import of thousands of rows moves it once. The row
    // is locked until the writer commits, so writers of products take turns (they are few).
    await sql`
      create function product_list_version_bump() returns trigger language plpgsql as $$
      begin
        update product_list_version set version = version + 1;
        return null;
      end
      $$
    `.execute(db);
    for (const table of WATCHED) {
      await sql`
        create trigger ${sql.ref(`${table}_list_version`)} after insert or update or delete or truncate on ${sql.ref(table)}
        for each statement execute function product_list_version_bump()
      `.execute(db);
    }
    return;
  }
  // SQLite has row triggers only; one more small update per written row.
  for (const table of WATCHED) {
    for (const event of ["insert", "update", "delete"]) {
      await sql
        .raw(
          `create trigger ${table}_list_version_after_${event} after ${event} on ${table} begin update product_list_version set version = version + 1; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const table of WATCHED) await sql`drop trigger ${sql.ref(`${table}_list_version`)} on ${sql.ref(table)}`.execute(db);
    await sql`drop function product_list_version_bump()`.execute(db);
  } else {
    for (const table of WATCHED) {
      for (const event of ["insert", "update", "delete"]) await sql.raw(`drop trigger ${table}_list_version_after_${event}`).execute(db);
    }
  }
  await db.schema.dropTable("product_list_version").execute();
}
