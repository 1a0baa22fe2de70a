import { sql, type RawBuilder } from "kysely";

/**
 * The sample mark through an edit: a row the
 * sample seed put there stays a sample whoever edits it, and is marked edited, so "Remove all
 * sample content" still finds it and says so. Only "Keep this one as mine" makes it the owner's.
 */

/** The `sample_edited` an update of an existing row writes: true for a sample, as it was otherwise. */
export function sampleEditedOnUpdate(table: "products" | "collections" | "articles"): RawBuilder<boolean> {
  // `table.column`: the stored row, in an UPDATE and in an upsert's ON CONFLICT alike; boolean on
  // PostgreSQL, 0/1 on SQLite, and `or` keeps each database's own kind.
  return sql<boolean>`(${sql.ref(`${table}.is_sample`)} or ${sql.ref(`${table}.sample_edited`)})`;
}

/** An update's row without its sample mark (an edit never takes it away), and the edited mark instead. */
export function keepingSampleMark<Row extends { is_sample?: unknown }>(
  table: "products" | "collections" | "articles",
  row: Row,
): Omit<Row, "is_sample"> & { sample_edited: RawBuilder<boolean> } {
  const { is_sample: _dropped, ...rest } = row;
  return { ...rest, sample_edited: sampleEditedOnUpdate(table) };
}
