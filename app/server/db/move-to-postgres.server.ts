import SqliteDatabase from "better-sqlite3";
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";
import { snapshotDatabase } from "../backup/site-backup.server";
import { DatabaseStorage } from "../storage/database-storage.server";
import { isSafeNameIn } from "../storage/file-names";
import { checkImage } from "../storage/image-upload.server";
import { LocalDiskStorage } from "../storage/storage.server";
import { canonicalValue, isKnownType, TableChecksum, toPostgresParameter } from "./column-crossing";
import { openDatabase } from "./connection.server";
import { migrateToLatest } from "./migrate.server";
import type { Database } from "./schema";

/**
 * `npm run move-to-postgres`: a SQLite site's every table copied into an empty PostgreSQL
 * database, checked row for row, in one transaction on the target.
 *
 * The source is a snapshot (VACUUM INTO, as the backup takes it) migrated to this version, so the
 * site's own file is only read and both sides have the same tables. The target is migrated by the
 * same migrations, then filled with user triggers off (the derived rows, price history and list
 * tags, are copied as they are rather than made again), checked by count and checksum, its
 * sequences set past the copied ids, and committed only when every table matches. Anything else
 * rolls back: the target is left migrated and empty, ready for another try.
 */

export class MoveRefused extends Error {}

export interface MoveOptions {
  /** The site's SQLite file (DATA_DIR/sauna-reviews.sqlite). */
  sqliteFile: string;
  /** The PostgreSQL database to fill (DATABASE_URL or --to). */
  targetUrl: string;
  /** DATA_DIR/storage, when its files are to be written into the database too (--files-to-database). */
  filesToDatabase?: string;
  /** Rows per INSERT at most; fewer for wide tables and large rows. */
  batchRows?: number;
  progress?: (line: string) => void;
}

export interface TableResult {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
}

export interface FilesResult {
  moved: number;
  bytes: number;
  alreadyThere: number;
  refused: { bucket: string; name: string; reason: string }[];
}

export interface MoveReport {
  /** Every table's count and checksum equal: the copy was committed. */
  ok: boolean;
  tables: TableResult[];
  /** SQLite's own tables that PostgreSQL does without (its search index, SQLite's bookkeeping). */
  sqliteOnly: string[];
  files: FilesResult | undefined;
  seconds: number;
}

/** Tables the migrations bookkeep: never copied, never counted against an empty target. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
/** Tables the migrations themselves put a row in: an otherwise empty target still holds it. */
const SEEDED_BY_MIGRATIONS = new Set(["product_list_version"]);
/** SQLite's full-text index and its shadow tables; PostgreSQL's is a generated column of products. */
const SQLITE_ONLY = /^(sqlite_.*|product_search(_(data|idx|content|docsize|config))?)$/;

/** One INSERT's parameters and bytes at most: PostgreSQL takes 65,535 parameters; 8 MB keeps memory flat with picture chunks. */
const MAX_PARAMETERS = 60_000;
const MAX_BATCH_BYTES = 8 * 1024 * 1024;
const FETCH_ROWS = 2_000;

interface Column {
  name: string;
  type: string;
}

interface TargetTable {
  name: string;
  columns: Column[];
}

export async function moveToPostgres(options: MoveOptions): Promise<MoveReport> {
  const started = performance.now();
  const say = options.progress ?? (() => {});
  if (!existsSync(options.sqliteFile)) {
    throw new MoveRefused(`there is no SQLite database at ${options.sqliteFile} (is DATA_DIR right?)`);
  }
  const target = new pg.Client({ connectionString: options.targetUrl, types: { getTypeParser: () => (text: string) => text } });
  try {
    await target.connect();
  } catch (error) {
    throw new MoveRefused(`cannot reach ${describeTarget(options.targetUrl)}: ${(error as Error).message}`);
  }
  // A dropped connection mid-copy fails the statement in flight; this keeps it from also being an uncaught error.
  target.on("error", () => {});
  try {
    await target.query("set statement_timeout = 0");
    await target.query("set time zone 'UTC'");
    await refuseUnlessEmpty(target, options.targetUrl);

    const workDir = mkdtempSync(path.join(path.dirname(path.resolve(options.sqliteFile)), ".move-to-postgres-"));
    try {
      const snapshot = path.join(workDir, "snapshot.sqlite");
      say(`Taking a snapshot of ${options.sqliteFile}`);
      snapshotDatabase(options.sqliteFile, snapshot);
      await migrate({ dialect: "sqlite", file: snapshot });
      say(`Running the migrations on ${describeTarget(options.targetUrl)}`);
      await migrate({ dialect: "postgres", url: options.targetUrl });
      const source = new SqliteDatabase(snapshot, { readonly: true });
      try {
        const report = await copyEverything(source, target, options, say);
        return { ...report, seconds: (performance.now() - started) / 1000 };
      } finally {
        source.close();
      }
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  } finally {
    await target.end();
  }
}

async function migrate(database: Parameters<typeof openDatabase>[0]) {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

async function refuseUnlessEmpty(target: pg.Client, url: string) {
  const tables = await userTables(target);
  const holding: { table: string; rows: number }[] = [];
  for (const table of tables) {
    if (MIGRATION_TABLES.has(table) || SEEDED_BY_MIGRATIONS.has(table)) continue;
    const { rows } = await target.query<{ n: string }>(`select count(*) as n from ${quote(table)}`);
    const count = Number(rows[0]!.n);
    if (count > 0) holding.push({ table, rows: count });
  }
  if (holding.length === 0) return;
  const total = holding.reduce((sum, entry) => sum + entry.rows, 0);
  // The largest few name it; a whole site's list of tables would bury the sentence.
  const largest = holding.sort((a, b) => b.rows - a.rows || a.table.localeCompare(b.table));
  const where =
    largest
      .slice(0, 5)
      .map((entry) => `${entry.table} (${entry.rows.toLocaleString("en-US")})`)
      .join(", ") + (largest.length > 5 ? ` and ${largest.length - 5} more tables` : "");
  throw new MoveRefused(
    `The PostgreSQL database ${describeTarget(url)} is not empty: ${total.toLocaleString("en-US")} rows in ${where}; give an empty database`,
  );
}

async function userTables(target: pg.Client): Promise<string[]> {
  const { rows } = await target.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.table_name);
}

async function copyEverything(
  source: SqliteDatabase.Database,
  target: pg.Client,
  options: MoveOptions,
  say: (line: string) => void,
): Promise<Omit<MoveReport, "seconds">> {
  const tables = await describeTargetTables(target);
  const sqliteOnly = matchSource(source, tables);
  const order = await dependencyOrder(target, tables);

  await target.query("begin");
  try {
    for (const table of order) await target.query(`alter table ${quote(table.name)} disable trigger user`);
    // Only rows the migrations wrote are there (checked above): the site's replace them.
    for (const table of [...order].reverse()) await target.query(`delete from ${quote(table.name)}`);

    const results: TableResult[] = [];
    for (const table of order) {
      const tableStarted = performance.now();
      let sourceSum: TableChecksum;
      try {
        sourceSum = await copyTable(source, target, table, options.batchRows ?? 1_000);
      } catch (error) {
        throw new Error(`copying ${table.name}: ${(error as Error).message}`, { cause: error });
      }
      const targetSum = await checksumTarget(target, table);
      results.push({
        table: table.name,
        sourceRows: sourceSum.rows,
        targetRows: targetSum.rows,
        sourceChecksum: sourceSum.hex,
        targetChecksum: targetSum.hex,
      });
      const same = sourceSum.rows === targetSum.rows && sourceSum.hex === targetSum.hex;
      say(
        `  ${table.name.padEnd(24)} ${sourceSum.rows.toLocaleString("en-US").padStart(10)} rows  ${((performance.now() - tableStarted) / 1000).toFixed(1).padStart(6)} s${same ? "" : "  DIFFERS"}`,
      );
    }
    await setSequences(target);
    const files = options.filesToDatabase ? await writeFilesIntoDatabase(target, options.filesToDatabase, say) : undefined;
    for (const table of order) await target.query(`alter table ${quote(table.name)} enable trigger user`);

    const ok = results.every((result) => result.sourceRows === result.targetRows && result.sourceChecksum === result.targetChecksum);
    await target.query(ok ? "commit" : "rollback");
    if (ok) {
      // Statistics for the planner, and the new rows' pages marked all-visible for index-only reads.
      say("Vacuuming and analyzing the copied tables");
      await target.query("vacuum (analyze)");
    }
    return { ok, tables: results, sqliteOnly, files };
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  }
}

async function describeTargetTables(target: pg.Client): Promise<TargetTable[]> {
  const { rows } = await target.query<{ table_name: string; column_name: string; data_type: string; is_generated: string }>(
    `select c.table_name, c.column_name, c.data_type, c.is_generated
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema()
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, TargetTable>();
  for (const row of rows) {
    if (MIGRATION_TABLES.has(row.table_name)) continue;
    const table = tables.get(row.table_name) ?? { name: row.table_name, columns: [] };
    tables.set(row.table_name, table);
    // Generated columns (the search vectors) are PostgreSQL's to compute.
    if (row.is_generated === "ALWAYS") continue;
    if (!isKnownType(row.data_type)) {
      throw new MoveRefused(
        `the PostgreSQL column ${row.table_name}.${row.column_name} is of type ${row.data_type}, which the move does not know how to fill`,
      );
    }
    table.columns.push({ name: row.column_name, type: row.data_type });
  }
  return [...tables.values()];
}

/** Both sides must have the same tables and columns (both are at the same migration); SQLite's own extras are named. */
function matchSource(source: SqliteDatabase.Database, tables: TargetTable[]): string[] {
  const sourceTables = source.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
  const targetNames = new Set(tables.map((table) => table.name));
  const sqliteOnly: string[] = [];
  for (const name of sourceTables) {
    if (targetNames.has(name) || MIGRATION_TABLES.has(name)) continue;
    if (SQLITE_ONLY.test(name)) sqliteOnly.push(name);
    else throw new MoveRefused(`the SQLite database has a table ${name} that the PostgreSQL schema lacks: its rows would be lost`);
  }
  for (const table of tables) {
    if (!sourceTables.includes(table.name)) throw new MoveRefused(`the SQLite database lacks the table ${table.name}`);
    const sourceColumns = new Set((source.pragma(`table_info(${quote(table.name)})`) as { name: string }[]).map((column) => column.name));
    for (const column of table.columns) {
      if (!sourceColumns.has(column.name)) throw new MoveRefused(`the SQLite table ${table.name} lacks the column ${column.name}`);
      sourceColumns.delete(column.name);
    }
    if (sourceColumns.size > 0) {
      throw new MoveRefused(
        `the SQLite table ${table.name} has columns PostgreSQL lacks (${[...sourceColumns].join(", ")}): their values would be lost`,
      );
    }
  }
  return sqliteOnly;
}

/** Parents before children, by the target's foreign keys; alphabetical among equals so every run goes alike. */
async function dependencyOrder(target: pg.Client, tables: TargetTable[]): Promise<TargetTable[]> {
  const { rows } = await target.query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint c
       join pg_class child on child.oid = c.conrelid
       join pg_class parent on parent.oid = c.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`,
  );
  const parents = new Map(tables.map((table) => [table.name, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const byName = new Map(tables.map((table) => [table.name, table]));
  const order: TargetTable[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = [...parents.entries()]
      .filter(([name, of]) => !placed.has(name) && [...of].every((parent) => placed.has(parent) || !byName.has(parent)))
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) throw new MoveRefused("the PostgreSQL tables' foreign keys go round in a circle: no order to copy them in");
    for (const name of ready) {
      placed.add(name);
      order.push(byName.get(name)!);
    }
  }
  return order;
}

/** Streams the SQLite table into multi-row INSERTs, summing the rows as read. */
async function copyTable(
  source: SqliteDatabase.Database,
  target: pg.Client,
  table: TargetTable,
  batchRows: number,
): Promise<TableChecksum> {
  const sum = new TableChecksum();
  const columns = table.columns;
  if (columns.length === 0) return sum;
  const names = columns.map((column) => quote(column.name)).join(", ");
  const perBatch = Math.max(1, Math.min(batchRows, Math.floor(MAX_PARAMETERS / columns.length)));
  const read = source.prepare(`select ${names} from ${quote(table.name)}`).raw(true);

  let parameters: unknown[] = [];
  let rows = 0;
  let bytes = 0;
  const flush = async () => {
    if (rows === 0) return;
    const placeholders: string[] = [];
    for (let row = 0; row < rows; row++) {
      placeholders.push(`(${columns.map((_, i) => `$${row * columns.length + i + 1}`).join(", ")})`);
    }
    // A full batch's text repeats: prepared once per table and reused.
    const text = `insert into ${quote(table.name)} (${names}) values ${placeholders.join(", ")}`;
    await target.query(rows === perBatch ? { name: `move_${table.name}_${rows}`, text, values: parameters } : { text, values: parameters });
    parameters = [];
    rows = 0;
    bytes = 0;
  };
  for (const row of read.iterate() as Iterable<(string | number | bigint | Buffer | null)[]>) {
    const canonical: (string | null)[] = [];
    for (let i = 0; i < columns.length; i++) {
      const value = row[i] ?? null;
      canonical.push(canonicalValue(value, columns[i]!.type));
      parameters.push(toPostgresParameter(value, columns[i]!.type));
      if (typeof value === "string") bytes += value.length;
      else if (Buffer.isBuffer(value)) bytes += value.byteLength;
    }
    sum.add(canonical);
    rows++;
    if (rows === perBatch || bytes >= MAX_BATCH_BYTES) await flush();
  }
  await flush();
  return sum;
}

/** Reads the table back (a cursor, a few thousand rows at a time) and sums it the same way. */
async function checksumTarget(target: pg.Client, table: TargetTable): Promise<TableChecksum> {
  const sum = new TableChecksum();
  if (table.columns.length === 0) return sum;
  const names = table.columns.map((column) => quote(column.name)).join(", ");
  await target.query(`declare move_check no scroll cursor for select ${names} from ${quote(table.name)}`);
  for (;;) {
    const { rows } = await target.query<unknown[]>({ text: `fetch forward ${FETCH_ROWS} from move_check`, rowMode: "array" });
    for (const row of rows) sum.add(row.map((value, i) => canonicalValue(value, table.columns[i]!.type)));
    if (rows.length < FETCH_ROWS) break;
  }
  await target.query("close move_check");
  return sum;
}

/** Every sequence (identity and serial columns) continues after the largest id copied. */
async function setSequences(target: pg.Client) {
  const { rows } = await target.query<{ table_name: string; column_name: string; sequence: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
       from information_schema.columns
      where table_schema = current_schema() and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
  );
  for (const row of rows) {
    const max = `(select max(${quote(row.column_name)}) from ${quote(row.table_name)})`;
    await target.query(`select setval($1, coalesce(${max}, 1), ${max} is not null)`, [row.sequence]);
  }
}

/**
 * The files under DATA_DIR/storage, bucket by bucket, written into stored_files in the same
 * transaction. Pictures pass the upload's checks again, as `storage:move-to-database` does; one
 * that fails stays on disk and is named. A file the database already holds (a site that kept its
 * files there) is left as copied.
 */
async function writeFilesIntoDatabase(target: pg.Client, storageDir: string, say: (line: string) => void): Promise<FilesResult> {
  const result: FilesResult = { moved: 0, bytes: 0, alreadyThere: 0, refused: [] };
  const buckets = existsSync(storageDir)
    ? readdirSync(storageDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => entry.name)
        .sort()
    : [];
  const trx = onOneClient(target);
  for (const bucket of buckets) {
    const disk = new LocalDiskStorage(storageDir, bucket);
    const database = new DatabaseStorage(trx, bucket);
    let moved = 0;
    for (const name of await disk.names()) {
      if (!isSafeNameIn(bucket, name)) continue;
      const { rows } = await target.query("select 1 from stored_files where bucket = $1 and name = $2", [bucket, name]);
      if (rows.length > 0) {
        result.alreadyThere++;
        continue;
      }
      const file = path.join(disk.directory, name);
      let pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
      if (bucket === PRODUCT_IMAGES_BUCKET) {
        const bytes = new Uint8Array(await readFile(file));
        const check = await checkImage(bytes);
        if (!check.ok) {
          result.refused.push({ bucket, name, reason: check.reason });
          continue;
        }
        pieces = [bytes];
      } else {
        pieces = createReadStream(file, { highWaterMark: 256 * 1024 });
      }
      result.bytes += await database.putStreamWithin(trx, name, toAsync(pieces));
      result.moved++;
      moved++;
    }
    say(`  files: ${bucket.padEnd(17)} ${moved.toLocaleString("en-US").padStart(10)} written into the database`);
  }
  return result;
}

async function* toAsync(pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const piece of pieces) yield piece;
}

/** A Kysely handle whose every query runs on this one client, inside the transaction it holds. */
function onOneClient(client: pg.Client): Kysely<Database> {
  const pool = {
    connect: async () => Object.assign(client, { release: () => {} }),
    end: async () => {},
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
}

function quote(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

/** "sauna" on db.example:5432, never the password. */
export function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `"${decodeURIComponent(parsed.pathname.replace(/^\//, "")) || parsed.username}" on ${parsed.hostname || "localhost"}:${parsed.port || "5432"}`;
  } catch {
    return "named by DATABASE_URL";
  }
}
