import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Every row an admin form edits carries a `version` (docs/decisions/0103-no-silent-overwrite.md):
 * a form sends the version it loaded and its save updates only `WHERE id = ? AND version = ?`, so a
 * save over a newer one is refused instead of putting the old fields back. The admin saves bump it
 * themselves; a trigger bumps it for every other write (imports, feed runs, sign-ins), so no path
 * can change a row without the forms hearing of it.
 *
 * product_revisions keeps every save of a product's fields and of its review, as article_revisions
 * does for articles: who, when, and the form's values as saved (JSON).
 */

export const VERSIONED_TABLES = ["products", "articles", "authors", "offers", "merchants", "collections", "feeds", "user"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  for (const table of VERSIONED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
      .execute();
  }
  if (postgres) {
    await sql`
      create function bump_row_version() returns trigger language plpgsql as $$
      begin
        if new.version is not distinct from old.version then new.version := old.version + 1; end if;
        return new;
      end
      $$
    `.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`create trigger ${sql.ref(`${table}_version_bump`)} before update on ${sql.table(table)} for each row execute function bump_row_version()`.execute(
        db,
      );
    }
  } else {
    // SQLite cannot change NEW in a BEFORE trigger: the row is bumped once more after. The inner
    // update names only `version`, so the column-listed triggers (list tags, search) stay quiet.
    for (const table of VERSIONED_TABLES) {
      await sql`
        create trigger ${sql.ref(`${table}_version_bump`)} after update on ${sql.table(table)}
        when new.version = old.version begin
          update ${sql.table(table)} set version = old.version + 1 where id = new.id;
        end
      `.execute(db);
    }
  }

  await db.schema
    .createTable("product_revisions")
    .addColumn("id", "integer", (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()))
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    // "product": the product form's fields; "review": the review screen's.
    .addColumn("part", "text", (col) => col.notNull())
    .addColumn("saved_at", "bigint", (col) => col.notNull())
    // No foreign key: the history outlives the account.
    .addColumn("user_id", "text")
    .addColumn("user_email", "text", (col) => col.notNull())
    .addColumn("restored_from", "integer")
    .addColumn("snapshot", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("product_revisions_product_idx").on("product_revisions").columns(["product_id", "part", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  await db.schema.dropTable("product_revisions").execute();
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger ${sql.ref(`${table}_version_bump`)}${postgres ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
    await db.schema.alterTable(table).dropColumn("version").execute();
  }
  if (postgres) await sql`drop function bump_row_version()`.execute(db);
}
