import { sql, type CompiledQuery, type Compilable, type Kysely, type RawBuilder } from "kysely";
import { dialectOf } from "./dialect";

/**
 * Bulk writes of many rows (the CSV import's 200,000) as a table in SQL, to follow
 * `insert into t (columns)` or to be joined in an `update … from`, on each database in the form
 * it handles fastest:
 *
 * - PostgreSQL: ONE parameter, the rows as a JSON array, read by json_populate_recordset. A
 *   VALUES list of 500 rows × 40 columns is 20,000 parameters that PostgreSQL parses, binds and
 *   plans anew for every batch; the JSON statement is the same short text for every batch, so a
 *   batch can be thousands of rows and costs what its data costs.
 * - SQLite: a VALUES list of bound parameters (SQLite reads JSON far more slowly than it binds
 *   values), up to its 32,766 parameters a statement. Full statements have the same text, so the
 *   connection's statement cache (connection.server.ts) compiles it once. The values never become
 *   Kysely nodes (executeWithRows).
 */

export type BulkValue = string | number | boolean | null;
export type BulkRow = Record<string, BulkValue>;

/** SQLite's default SQLITE_MAX_VARIABLE_NUMBER since 3.32, which better-sqlite3 keeps. */
const SQLITE_MAX_PARAMETERS = 32_766;
/** PostgreSQL's statements are bounded by memory only: a few MB of JSON. */
const POSTGRES_ROWS_PER_STATEMENT = 2_000;

// Any database handle will do (a migration holds a Kysely<any>).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;

/**
 * The rows split into statements: where a row's columns differ from the previous row's (a
 * statement has one column list; a missing value would be null, not the column's default), and
 * every as many rows as one statement may carry.
 */
function bulkStatements<T extends Record<keyof T, BulkValue>>(
  db: AnyDB,
  rows: readonly T[],
): { columns: (keyof T & string)[]; rows: T[] }[] {
  const postgres = dialectOf(db) === "postgres";
  const parts: { columns: (keyof T & string)[]; rows: T[]; key: string; limit: number }[] = [];
  for (const row of rows) {
    const columns = Object.keys(row) as (keyof T & string)[];
    const key = columns.join(",");
    const last = parts.at(-1);
    if (last && last.key === key && last.rows.length < last.limit) last.rows.push(row);
    else {
      const limit = postgres ? POSTGRES_ROWS_PER_STATEMENT : Math.floor(SQLITE_MAX_PARAMETERS / Math.max(1, columns.length));
      parts.push({ columns, rows: [row], key, limit });
    }
  }
  return parts.map(({ columns, rows: part }) => ({ columns, rows: part }));
}

/**
 * PostgreSQL's `select <columns> from <the rows>`: each field is typed as `table`'s column of that
 * name (the table's rowtype), so the names must be its columns.
 */
function postgresRowsTable(table: string, columns: readonly string[], rows: readonly unknown[]): RawBuilder<unknown> {
  const fields = sql.join(columns.map((column) => sql.ref(`r.${column}`)));
  return sql`select ${fields} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json) as r`;
}

/**
 * Runs a statement over any number of rows, one per bulkStatements part, and returns the rows
 * they return. `statement` builds it around `rowsTable`, a `select <columns> from <the rows>`
 * whose fields are named as the columns, and must bind no value of its own: every value is a row's.
 *
 * On SQLite the rows never become Kysely nodes. Building a node per row, compiling it, and the
 * flags plugin's walk over every value cost more than SQLite's own work at 200,000 rows. The
 * statement is compiled once around a marker, the marker becomes the rows' placeholders, and the
 * values are bound as they are (booleans as 1 and 0, as the plugin would). The finished text is
 * kept per shape, so each batch passes the connection's statement cache the very same string.
 */
export async function executeWithRows<T extends Record<keyof T, BulkValue>, O>(
  db: AnyDB,
  table: string,
  rows: readonly T[],
  statement: (rowsTable: RawBuilder<unknown>, columns: (keyof T & string)[]) => Compilable<O> | RawBuilder<O>,
): Promise<O[]> {
  const compile = (query: Compilable<O> | RawBuilder<O>) => ("isRawBuilder" in query ? query.compile(db) : query.compile());
  const returned: O[] = [];
  for (const part of bulkStatements(db, rows)) {
    if (dialectOf(db) === "postgres") {
      const compiled = compile(statement(postgresRowsTable(table, part.columns, part.rows), part.columns));
      returned.push(...(await db.executeQuery<O>(compiled)).rows);
      continue;
    }
    const skeleton = compile(statement(sql.raw(ROWS_MARKER), part.columns));
    if (skeleton.parameters.length > 0) throw new Error("executeWithRows: the statement binds values of its own");
    const values: BulkValue[] = new Array(part.rows.length * part.columns.length);
    let at = 0;
    for (const row of part.rows)
      for (const column of part.columns) {
        const value = (row[column] as BulkValue | undefined) ?? null;
        values[at++] = typeof value === "boolean" ? Number(value) : value;
      }
    // The skeleton's node and query id stay: plugins see the statement it is (an insert into
    // products, say), with only its text and values filled in.
    const compiled: CompiledQuery<O> = { ...skeleton, sql: sqliteText(skeleton.sql, part.columns, part.rows.length), parameters: values };
    returned.push(...(await db.executeQuery<O>(compiled)).rows);
  }
  return returned;
}

/** Where the rows go in a statement's compiled text: no text Kysely writes contains it. */
const ROWS_MARKER = "/*rows*/";
const sqliteTexts = new Map<string, string>();

/**
 * The statement with `select "column1" as "a", … from (values (?, …), …) where true` for its
 * marker (SQLite's grammar needs the "where true" before an upsert's "on conflict").
 */
function sqliteText(skeleton: string, columns: readonly string[], rowCount: number): string {
  const key = `${rowCount}\u0000${skeleton}`;
  let text = sqliteTexts.get(key);
  if (text === undefined) {
    const fields = columns.map((column, index) => `"column${index + 1}" as "${column.replaceAll('"', '""')}"`).join(", ");
    const tuple = `(${columns.map(() => "?").join(", ")})`;
    const rowsTable = `select ${fields} from (values ${Array.from({ length: rowCount }, () => tuple).join(", ")}) where true`;
    text = skeleton.replace(ROWS_MARKER, () => rowsTable);
    // Shapes are few (a full statement and each batch's remainder), but bounded all the same.
    if (sqliteTexts.size >= 64) sqliteTexts.clear();
    sqliteTexts.set(key, text);
  }
  return text;
}

/** `update <table> set <column> = <the row's>, … where <table>.<key> = <the row's key>`, for every row. */
export async function updateRows<T extends Record<keyof T, BulkValue>>(
  db: AnyDB,
  table: string,
  key: keyof T & string,
  rows: readonly T[],
): Promise<void> {
  await executeWithRows(db, table, rows, (rowsTable, columns) => {
    const set = columns.filter((column) => column !== key).map((column) => sql`${sql.id(column)} = ${sql.ref(`r.${column}`)}`);
    return sql`
      update ${sql.table(table)} set ${sql.join(set)}
      from (${rowsTable}) as r
      where ${sql.ref(`${table}.${key}`)} = ${sql.ref(`r.${key}`)}
    `;
  });
}
