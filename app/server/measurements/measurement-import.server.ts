import type { MeasureImport } from "~/lib/csv/measure-csv";
import { measureColumn } from "~/lib/measurements/measurements";
import { chunks, IN_LIST_CHUNK } from "../db/chunks";
import type { DB } from "../db/connection.server";

/**
 * The product import's measure:<slug> columns, written batch by batch inside the import's
 * transaction (docs/decisions/0109): each batch's products have their values of the file's
 * measurements replaced in a few bulk statements, so the work grows with the file, row for row. A
 * product whose other fields are unchanged still gets its values written: the plan compares the
 * products table only.
 */

interface Definition {
  id: number;
  methodVersion: number;
}

/** Rows per multi-row insert: 5 parameters each, under SQLite's and PostgreSQL's limits. */
const INSERT_ROWS = 400;

export interface MeasurementImportWriter {
  /** Writes one batch's values; `idBySlug` has the ids of the rows the batch wrote (the others are looked up). */
  write(
    trx: DB,
    products: readonly { slug: string; measurements?: MeasureImport[] }[],
    idBySlug: ReadonlyMap<string, number>,
  ): Promise<void>;
  /** Values written, whether any stored value was replaced or removed, and a note for each measure column that names no measurement. */
  finish(): { written: number; changed: boolean; notes: string[] };
}

export function measurementImportWriter(): MeasurementImportWriter {
  let definitions: Map<string, Definition> | null = null;
  const unknown = new Set<string>();
  let written = 0;
  let removed = 0;

  return {
    async write(trx, products, idBySlug) {
      const measured = products.filter((product) => product.measurements !== undefined);
      if (measured.length === 0) return;
      definitions ??= new Map(
        (await trx.selectFrom("measurement_definitions").select(["id", "slug", "method_version"]).execute()).map((row) => [
          row.slug,
          { id: Number(row.id), methodVersion: Number(row.method_version) },
        ]),
      );
      const ids = new Map(idBySlug);
      const missing = measured.map((product) => product.slug).filter((slug) => !ids.has(slug));
      for (const part of chunks(missing, IN_LIST_CHUNK)) {
        const rows = await trx.selectFrom("products").select(["id", "slug"]).where("slug", "in", part).execute();
        for (const row of rows) ids.set(row.slug, Number(row.id));
      }
      const measurementIds = new Set<number>();
      const rows: { product_id: number; measurement_id: number; value: number; measured_on: string | null; method_version: number }[] = [];
      for (const product of measured) {
        const productId = ids.get(product.slug);
        if (productId === undefined) continue;
        for (const entry of product.measurements!) {
          const definition = definitions.get(entry.slug);
          if (!definition) {
            unknown.add(entry.slug);
            continue;
          }
          measurementIds.add(definition.id);
          if (entry.value === null) continue;
          rows.push({
            product_id: productId,
            measurement_id: definition.id,
            value: entry.value,
            measured_on: entry.measuredOn,
            method_version: entry.methodVersion ?? definition.methodVersion,
          });
        }
      }
      if (measurementIds.size === 0) return;
      // Replaced, not merged: an empty cell removes the value, as an empty cell clears any field.
      const productIds = measured.flatMap((product) => ids.get(product.slug) ?? []);
      for (const part of chunks(productIds, IN_LIST_CHUNK)) {
        const result = await trx
          .deleteFrom("measurement_values")
          .where("product_id", "in", part)
          .where("measurement_id", "in", [...measurementIds])
          .executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      for (const part of chunks(rows, INSERT_ROWS)) await trx.insertInto("measurement_values").values(part).execute();
      written += rows.length;
    },
    finish() {
      return {
        written,
        changed: written > 0 || removed > 0,
        notes: [...unknown].map((slug) => `Column ${measureColumn(slug)} names no measurement: add it under Measurements first (ignored)`),
      };
    },
  };
}
