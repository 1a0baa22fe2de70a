import { sql } from "kysely";
import { USAGES, type MeasurementDefinition, type MeasurementValue, type UsageKey } from "~/lib/measurements/measurements";
import type { DefinitionFields, ValueEntry } from "~/lib/measurements/measurement-forms";
import type { DB } from "../db/connection.server";
import { StaleVersion } from "../forms/edit-conflict.server";

/**
 * Measured test results in the database (docs/decisions/0109): the owner's definitions with their
 * weights per usage, and each product's values. Plain queries taking `db` (a handle or a
 * transaction) first.
 *
 * For another screen (a table of every sauna, say): `listMeasurementDefinitions(db)` gives the
 * columns in the owner's order, `measurementValuesFor(db, productIds)` the values, and
 * `isComparable(value, definition)` (app/lib/measurements) which of them are under the method now.
 */

/** A definition's slug is taken by another one. */
export class MeasurementSlugTaken extends Error {
  constructor(slug: string) {
    super(`Another measurement already uses the slug "${slug}".`);
  }
}

/** Every measurement, in the owner's order, with its weights (0 for a usage never weighed). */
export async function listMeasurementDefinitions(db: DB): Promise<MeasurementDefinition[]> {
  const [rows, weights] = await Promise.all([
    db.selectFrom("measurement_definitions").selectAll().orderBy("position").orderBy("id").execute(),
    db.selectFrom("measurement_weights").select(["measurement_id", "usage", "weight"]).execute(),
  ]);
  const byId = new Map<number, Record<UsageKey, number>>();
  for (const row of rows) byId.set(Number(row.id), emptyWeights());
  for (const weight of weights) {
    const entry = byId.get(Number(weight.measurement_id));
    if (entry && USAGES.some(({ key }) => key === weight.usage)) entry[weight.usage as UsageKey] = Number(weight.weight);
  }
  return rows.map((row) => ({
    id: Number(row.id),
    slug: row.slug,
    name: row.name,
    unit: row.unit,
    better: row.better,
    method: row.method,
    methodVersion: Number(row.method_version),
    position: Number(row.position),
    version: Number(row.version),
    weights: byId.get(Number(row.id))!,
  }));
}

export function emptyWeights(): Record<UsageKey, number> {
  return Object.fromEntries(USAGES.map(({ key }) => [key, 0])) as Record<UsageKey, number>;
}

/** A batch of ids small enough for any driver's parameter limit. */
const ID_BATCH = 500;

/** The values of these products, every measurement, in product then measurement order. */
export async function measurementValuesFor(db: DB, productIds: readonly number[]): Promise<MeasurementValue[]> {
  const ids = [...new Set(productIds)];
  const values: MeasurementValue[] = [];
  for (let start = 0; start < ids.length; start += ID_BATCH) {
    const rows = await db
      .selectFrom("measurement_values")
      .selectAll()
      .where("product_id", "in", ids.slice(start, start + ID_BATCH))
      .orderBy("product_id")
      .orderBy("measurement_id")
      .execute();
    values.push(...rows.map(toValue));
  }
  return values;
}

/**
 * The values of every product of a category (the product's collection on its page), for the
 * ranges: only those under each measurement's method version now, since no other is compared.
 */
export async function comparableValuesInCategory(db: DB, categoryId: string | null): Promise<MeasurementValue[]> {
  let query = db
    .selectFrom("measurement_values as v")
    .innerJoin("measurement_definitions as d", (join) =>
      join.onRef("d.id", "=", "v.measurement_id").onRef("d.method_version", "=", "v.method_version"),
    )
    .innerJoin("products as p", "p.id", "v.product_id")
    .select(["v.product_id", "v.measurement_id", "v.value", "v.measured_on", "v.method_version"]);
  query = categoryId === null ? query.where("p.category_id", "is", null) : query.where("p.category_id", "=", categoryId);
  return (await query.execute()).map(toValue);
}

function toValue(row: {
  product_id: number;
  measurement_id: number;
  value: number;
  measured_on: string | null;
  method_version: number;
}): MeasurementValue {
  return {
    productId: Number(row.product_id),
    measurementId: Number(row.measurement_id),
    value: Number(row.value),
    measuredOn: row.measured_on,
    methodVersion: Number(row.method_version),
  };
}

/** How many values each measurement has under its method now, and under older ones. */
export async function countValuesByMethod(db: DB): Promise<Map<number, { current: number; older: number }>> {
  const rows = await db
    .selectFrom("measurement_values as v")
    .innerJoin("measurement_definitions as d", "d.id", "v.measurement_id")
    .select([
      "v.measurement_id",
      sql<number>`sum(case when v.method_version = d.method_version then 1 else 0 end)`.as("current"),
      sql<number>`sum(case when v.method_version = d.method_version then 0 else 1 end)`.as("older"),
    ])
    .groupBy("v.measurement_id")
    .execute();
  return new Map(rows.map((row) => [Number(row.measurement_id), { current: Number(row.current), older: Number(row.older) }]));
}

async function slugTaken(db: DB, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom("measurement_definitions").select("id").where("slug", "=", slug);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

async function writeWeights(db: DB, id: number, weights: Record<UsageKey, number>): Promise<void> {
  await db.deleteFrom("measurement_weights").where("measurement_id", "=", id).execute();
  const rows = USAGES.map(({ key }) => ({ measurement_id: id, usage: key, weight: weights[key] })).filter((row) => row.weight > 0);
  if (rows.length > 0) await db.insertInto("measurement_weights").values(rows).execute();
}

/** Adds a measurement at the end of the list; returns its id. Throws MeasurementSlugTaken. */
export async function createMeasurementDefinition(db: DB, fields: DefinitionFields, now = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (await slugTaken(trx, fields.slug, null)) throw new MeasurementSlugTaken(fields.slug);
    const last = await trx
      .selectFrom("measurement_definitions")
      .select(sql<number>`max(position)`.as("position"))
      .executeTakeFirst();
    const row = await trx
      .insertInto("measurement_definitions")
      .values({
        slug: fields.slug,
        name: fields.name,
        unit: fields.unit,
        better: fields.better,
        method: fields.method,
        method_version: fields.methodVersion,
        position: Number(last?.position ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeWeights(trx, Number(row.id), fields.weights);
    return Number(row.id);
  });
}

/**
 * Saves a measurement at the version its form loaded (StaleVersion when someone saved since;
 * false when it is gone). A new method version keeps every value: those under another version
 * are no longer compared. Returns the method version it had before.
 */
export async function updateMeasurementDefinition(
  db: DB,
  id: number,
  fields: DefinitionFields,
  version: number,
  now = Date.now(),
): Promise<{ methodVersionBefore: number } | false> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("measurement_definitions").select(["method_version"]).where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    if (await slugTaken(trx, fields.slug, id)) throw new MeasurementSlugTaken(fields.slug);
    const result = await trx
      .updateTable("measurement_definitions")
      .set({
        slug: fields.slug,
        name: fields.name,
        unit: fields.unit,
        better: fields.better,
        method: fields.method,
        method_version: fields.methodVersion,
        version: sql<number>`version + 1`,
        updated_at: now,
      })
      .where("id", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new StaleVersion();
    await writeWeights(trx, id, fields.weights);
    return { methodVersionBefore: Number(before.method_version) };
  });
}

/** Deletes a measurement and every value of it; returns how many values went with it, or null when it was gone. */
export async function deleteMeasurementDefinition(db: DB, id: number): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const values = await trx
      .selectFrom("measurement_values")
      .select(sql<number>`count(*)`.as("count"))
      .where("measurement_id", "=", id)
      .executeTakeFirst();
    // Explicit deletes: SQLite enforces the cascade only with foreign keys switched on.
    await trx.deleteFrom("measurement_values").where("measurement_id", "=", id).execute();
    await trx.deleteFrom("measurement_weights").where("measurement_id", "=", id).execute();
    const result = await trx.deleteFrom("measurement_definitions").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) === 0 ? null : Number(values?.count ?? 0);
  });
}

/**
 * Writes a product's values (inside the caller's transaction): each entry replaces the stored
 * value of its measurement, or removes it when its value is null. Entries for a measurement that
 * no longer exists are skipped. Returns how many values changed.
 */
export async function writeProductMeasurements(trx: DB, productId: number, entries: readonly ValueEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const existing = new Map(
    (await trx.selectFrom("measurement_values").selectAll().where("product_id", "=", productId).execute()).map((row) => [
      Number(row.measurement_id),
      toValue(row),
    ]),
  );
  const known = new Set((await trx.selectFrom("measurement_definitions").select("id").execute()).map((row) => Number(row.id)));
  let changed = 0;
  for (const entry of entries) {
    if (!known.has(entry.measurementId)) continue;
    const stored = existing.get(entry.measurementId);
    if (entry.value === null) {
      if (!stored) continue;
      await trx
        .deleteFrom("measurement_values")
        .where("product_id", "=", productId)
        .where("measurement_id", "=", entry.measurementId)
        .execute();
      changed += 1;
      continue;
    }
    if (stored && stored.value === entry.value && stored.measuredOn === entry.measuredOn && stored.methodVersion === entry.methodVersion)
      continue;
    const row = { value: entry.value, measured_on: entry.measuredOn, method_version: entry.methodVersion };
    await trx
      .insertInto("measurement_values")
      .values({ product_id: productId, measurement_id: entry.measurementId, ...row })
      .onConflict((conflict) => conflict.columns(["product_id", "measurement_id"]).doUpdateSet(row))
      .execute();
    changed += 1;
  }
  return changed;
}
