import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * sample_edited on the rows "Remove all sample content" takes (products, collections, articles):
 * a sample row stays a sample when the owner edits it or an import overwrites it, and this says it
 * was, so the removal can list it as "edited by you" and offer to keep it. False for every row
 * until now: a sample an import had overwritten before this was already made the owner's.
 */
const TABLES = ["products", "collections", "articles"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("sample_edited", postgres ? "boolean" : "integer", (col) => col.notNull().defaultTo(postgres ? sql`false` : sql`0`))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn("sample_edited").execute();
}
