import type { OnConflictBuilder, OnConflictUpdateBuilder } from "kysely";
import { sampleEditedOnUpdate } from "./sample-mark.server";
import type { Database } from "./schema";

type ImportedTable = "products" | "collections";

/**
 * The imports' upsert (ADR 0012): a row whose slug exists overwrites that record, but only in the
 * given columns, the ones the file has; the rest of the record is left alone. Its sample mark is
 * never overwritten: a sample the file changes stays a sample, marked edited (sample-mark.server.ts).
 */
export function overwriteOnSlugConflict<TB extends ImportedTable>(table: TB, columns: readonly (keyof Database[TB] & string)[]) {
  return (conflict: OnConflictBuilder<Database, TB>): OnConflictUpdateBuilder<Database, TB> =>
    conflict.column("slug").doUpdateSet((eb) => {
      const set: Record<string, unknown> = Object.fromEntries(
        columns.filter((column) => column !== "is_sample").map((column) => [column, eb.ref(`excluded.${column}` as never)]),
      );
      set.sample_edited = sampleEditedOnUpdate(table);
      // The signature checks the column names; Kysely cannot follow them through the generic table.
      return set as never;
    });
}
