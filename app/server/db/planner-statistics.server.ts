import { sql } from "kysely";
import type { DB } from "./connection.server";
import type { Database } from "./schema";
import { log } from "../log.server";
import { dialectOf } from "./dialect";
import { withLocalSettings } from "./local-settings.server";

/**
 * PostgreSQL plans every query from the table statistics that ANALYZE gathers; autovacuum
 * gathers them later, from committed rows only, and not at all where it is turned off. A bulk
 * write that grows a table many times over in one transaction leaves the planner with figures
 * for the table it started with: importing 200,000 products into a new site, each batch's
 * "offers of these 500 products" was planned as a scan of the whole, growing offers table
 * (33 ms a lookup at the end instead of 0.5), and the pages read right after the import were
 * planned the same way until something analyzed the tables.
 *
 * ANALYZE is allowed inside a transaction and counts the transaction's own new rows, so the
 * writer asks for it each time a table has doubled since it was last measured, from a small
 * sample (the lookups only need to know that a product has few offers: 60 ms at 200,000 products
 * against 650 for the default sample), and vacuums and analyzes them once more, fully, after its
 * commit. SQLite keeps no statistics unless asked; its queries name their index where
 * the choice matters, and nothing here runs there.
 */

type Table = keyof Database & string;

/** Below this many written rows a table's statistics are left to autovacuum. */
export const ANALYZE_AFTER_ROWS = 5_000;

/** PostgreSQL's default is 100: ANALYZE samples 300 rows per point of it. */
const ROUGH_STATISTICS_TARGET = 10;

export interface GrowthWatch {
  /** Counts rows written to the watched tables; analyzes them when they have doubled since last measured. */
  wrote(trx: DB, rows: number): Promise<void>;
  /** Whether the writer wrote enough for its tables to be analyzed again after the commit. */
  readonly worthAnalyzing: boolean;
}

/**
 * Watches tables a bulk writer grows, sized by the first table (the one the writer counts rows
 * of). Read once at the start: the size PostgreSQL last measured, -1 if never (as 0 here).
 */
export async function watchTableGrowth(trx: DB, tables: readonly [Table, ...Table[]]): Promise<GrowthWatch> {
  const postgres = dialectOf(trx) === "postgres";
  let measured = postgres ? await measuredRows(trx, tables[0]) : 0;
  let sinceMeasured = 0;
  let total = 0;
  return {
    async wrote(db, rows) {
      total += rows;
      sinceMeasured += rows;
      if (!postgres || sinceMeasured < Math.max(ANALYZE_AFTER_ROWS, measured)) return;
      await analyzeRoughly(db, tables);
      measured = await measuredRows(db, tables[0]);
      sinceMeasured = 0;
    },
    get worthAnalyzing() {
      return postgres && total >= ANALYZE_AFTER_ROWS;
    },
  };
}

/** ANALYZE of the tables on PostgreSQL (one statement); nothing on SQLite. */
export async function analyzeTables(db: DB, tables: readonly Table[]): Promise<void> {
  if (dialectOf(db) !== "postgres" || tables.length === 0) return;
  await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

/**
 * After a bulk write has committed: VACUUM (ANALYZE) of the tables on PostgreSQL, outside any
 * transaction; nothing on SQLite. Besides the statistics, the vacuum marks the new rows' pages
 * all-visible, which the index-only reads of the list pages need to skip the table (a collection
 * page's count and newest date), and moves the full-text indexes' pending entries into the
 * index proper. 1.1 s for 200,000 new products here; the pages that follow were a quarter to a
 * third faster (/reviews 50 → 31 ms, a collection 43 → 31 ms).
 */
export async function vacuumAfterBulkWrite(db: DB, tables: readonly Table[]): Promise<void> {
  if (dialectOf(db) !== "postgres" || tables.length === 0) return;
  try {
    await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
  } catch (error) {
    // The write has committed: its caller must report it saved. Autovacuum, where it runs, does
    // this later; a database role that does not own the tables cannot vacuum them at all.
    log.warn(`Could not vacuum ${tables.join(", ")} after a bulk write: ${(error as Error)?.message ?? error}`);
  }
}

/** ANALYZE from a tenth of the default sample, the setting restored for the rest of the transaction. */
async function analyzeRoughly(trx: DB, tables: readonly Table[]): Promise<void> {
  await withLocalSettings(trx, { default_statistics_target: String(ROUGH_STATISTICS_TARGET) }, (executor) =>
    analyzeTables(executor, tables),
  );
}

async function measuredRows(db: DB, table: Table): Promise<number> {
  const { rows } = await sql<{ rows: number }>`select reltuples::float8 as rows from pg_class where oid = to_regclass(${table})`.execute(
    db,
  );
  return Math.max(0, Number(rows[0]?.rows ?? 0));
}
