import type { Kysely } from "kysely";

/**
 * The in-depth review (docs/decisions/0076-review-scores-and-structured-data.md): a verdict, pros
 * and cons (JSON lists, as key_features), five 0–10 scores, "best for" / "skip it if", up to three
 * alternatives (product slugs), the reviewer's name and the date tested; and the customers' rating
 * with its named source, the only thing AggregateRating is published from. Every column is empty
 * for existing products: a review is never invented for them.
 */

const TEXT_COLUMNS = ["verdict", "best_for", "skip_if", "reviewer", "tested_on", "customer_review_source"] as const;
const LIST_COLUMNS = ["pros", "cons", "alternatives"] as const;
const NUMBER_COLUMNS = [
  "score_build_quality",
  "score_heat_efficiency",
  "score_installation",
  "score_warranty",
  "score_value",
  "customer_rating",
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  for (const column of TEXT_COLUMNS) await db.schema.alterTable("products").addColumn(column, "text").execute();
  for (const column of LIST_COLUMNS) {
    await db.schema
      .alterTable("products")
      .addColumn(column, "text", (col) => col.notNull().defaultTo("[]"))
      .execute();
  }
  for (const column of NUMBER_COLUMNS) await db.schema.alterTable("products").addColumn(column, "real").execute();
  await db.schema
    .createTable("review_weights")
    .addColumn("criterion", "text", (col) => col.primaryKey())
    .addColumn("percent", "integer", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("review_weights").execute();
  for (const column of [...TEXT_COLUMNS, ...LIST_COLUMNS, ...NUMBER_COLUMNS]) {
    await db.schema.alterTable("products").dropColumn(column).execute();
  }
}
