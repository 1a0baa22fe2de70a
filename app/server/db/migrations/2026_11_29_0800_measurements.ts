import { sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";
import { dialectOf } from "../dialect";

/**
 * Measured test results (docs/decisions/0109-measurements-and-method-versions.md):
 *
 * - `measurement_definitions`: what the owner measures (name, unit, which way is better, how it is
 *   measured and that method's version). `version` is the row's edit version (an admin save names
 *   the one it loaded); `method_version` is the test method's.
 * - `measurement_weights`: the owner's weight of each measurement in each usage's score.
 * - `measurement_values`: one value per product and measurement, with the day measured and the
 *   method version it was taken under. A value taken under another method version than the
 *   definition's current one is kept but never compared: the rule is read, not stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === "postgres";
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable("measurement_definitions")
    .addColumn("id", "integer", id)
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("unit", "text", (col) => col.notNull())
    .addColumn("better", "text", (col) => col.notNull().check(sql`better in ('higher', 'lower')`))
    .addColumn("method", "text", (col) => col.notNull())
    .addColumn("method_version", "integer", (col) =>
      col
        .notNull()
        .defaultTo(1)
        .check(sql`method_version >= 1`),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("version", "integer", (col) => col.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (col) => col.notNull())
    .addColumn("updated_at", "bigint", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("measurement_weights")
    .addColumn("measurement_id", "integer", (col) => col.notNull().references("measurement_definitions.id").onDelete("cascade"))
    .addColumn("usage", "text", (col) => col.notNull())
    .addColumn("weight", "integer", (col) => col.notNull().check(sql`weight >= 0 and weight <= 10`))
    .addPrimaryKeyConstraint("measurement_weights_pk", ["measurement_id", "usage"])
    .execute();

  await db.schema
    .createTable("measurement_values")
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("measurement_id", "integer", (col) => col.notNull().references("measurement_definitions.id").onDelete("cascade"))
    .addColumn("value", "double precision", (col) => col.notNull())
    // YYYY-MM-DD: the day it was measured (empty when not known).
    .addColumn("measured_on", "text")
    .addColumn("method_version", "integer", (col) => col.notNull().check(sql`method_version >= 1`))
    .addPrimaryKeyConstraint("measurement_values_pk", ["product_id", "measurement_id"])
    .execute();
  // The product page reads every value of a measurement among its peers; a definition's delete cascades.
  await db.schema
    .createIndex("measurement_values_measurement_idx")
    .on("measurement_values")
    .columns(["measurement_id", "method_version"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("measurement_values").execute();
  await db.schema.dropTable("measurement_weights").execute();
  await db.schema.dropTable("measurement_definitions").execute();
}
