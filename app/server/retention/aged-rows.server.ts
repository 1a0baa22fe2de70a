import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import type { Database } from "../db/schema";

/**
 * Rows of one table that are past an age, read and deleted a batch at a time: each batch is one
 * DELETE of at most `limit` rows (its own short transaction), the oldest first, found through
 * the index on the age column. Never one huge delete that holds the write lock for minutes.
 */
export interface AgedRows<T extends keyof Database & string> {
  table: T;
  /** The table's key: one column, or the columns of a composite key. */
  key: ReadonlyArray<keyof Database[T] & string>;
  /** The indexed column the age is read from; a row is past its age when it is below the cut-off. */
  column: keyof Database[T] & string;
}

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

type Table = keyof Database & string;

export async function countAgedRows<T extends Table>(db: DB, rows: AgedRows<T>, before: number | string): Promise<number> {
  const { rows: found } = await sql<{ count: number | string }>`
    select count(*) as count from ${sql.table(rows.table)} where ${sql.ref(rows.column)} < ${before}`.execute(db);
  return Number(found[0]?.count ?? 0);
}

/** Deletes up to `limit` of the oldest rows below the cut-off; how many it deleted. */
export async function deleteAgedRows<T extends Table>(db: DB, rows: AgedRows<T>, before: number | string, limit: number): Promise<number> {
  const key = columns(rows.key);
  const result = await sql`
    delete from ${sql.table(rows.table)} where (${key}) in (
      select ${key} from ${sql.table(rows.table)} where ${sql.ref(rows.column)} < ${before} order by ${sql.ref(rows.column)} limit ${limit}
    )`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
