import type { Kysely } from "kysely";

/**
 * How many links a link check left for a later run: a shop's daily budget of checks was spent
 * (app/lib/links/daily-budget.ts). The run's page says so beside what it checked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("link_check_runs")
    .addColumn("deferred", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("link_check_runs").dropColumn("deferred").execute();
}
