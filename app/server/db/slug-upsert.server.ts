import type { OnConflictBuilder, OnConflictUpdateBuilder } from "kysely";
import type { Database } from "./schema";

type ImportedTable = "products" | "collections";

/**
 * The imports' upsert (ADR 0012): a row whose slug exists overwrites that record, but only in the
 * given columns, the ones the file has; the rest of the record is left alone.
 */
export function overwriteOnSlugConflict<TB extends ImportedTable>(columns: readonly (keyof Database[TB] & string)[]) {
  return (conflict: OnConflictBuilder<Database, TB>): OnConflictUpdateBuilder<Database, TB> =>
    conflict.column("slug").doUpdateSet((eb) => {
      const set = Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}` as never)]));
      // The signature checks the column names; Kysely cannot follow them through the generic table.
      return set as never;
    });
}
