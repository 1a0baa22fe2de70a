import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from "kysely";
import type { DB } from "./connection.server";
import { log } from "../log.server";

/**
 * Reads over the whole catalog for the owner's reports (every link's state, 100,000 rows and more)
 * take hundreds of milliseconds. better-sqlite3 runs a statement on the calling thread, so on
 * SQLite such a read would hold the event loop that answers readers for all that time: here it
 * runs on a thread of its own, on a read-only connection to the same file (WAL lets it read while
 * the site writes), and only the rows come back. PostgreSQL's driver already waits off the loop:
 * there the query runs as any other. One thread per database file, its reads one after another.
 */

const files = new WeakMap<DB, string>();
const readers = new Map<string, SqliteReader>();

/** Called by openDatabase for a SQLite file (not ":memory:", which no other connection can open). */
export function registerSqliteFile(db: DB, file: string): void {
  files.set(db, file);
}

function readerOf(file: string): SqliteReader {
  let reader = readers.get(file);
  if (!reader) readers.set(file, (reader = new SqliteReader(file)));
  return reader;
}

const handles = new WeakMap<DB, DB>();

/**
 * A handle whose every statement runs off the event loop, for code made of many reads (the owner's
 * Today list): the same query code, given this handle, never holds the loop. Read-only: a write
 * through it fails. On PostgreSQL (or an in-memory SQLite) it is the handle itself. What is cached
 * per handle is dropped for this one with the site's (invalidateCatalog).
 */
export function offLoopHandle(db: DB): DB {
  const file = files.get(db);
  if (file === undefined) return db;
  let handle = handles.get(db);
  if (!handle) handles.set(db, (handle = new Kysely({ dialect: new OffLoopDialect(file) })));
  return handle;
}

/** The off-loop handle of `db`, if one was made. */
export function existingOffLoopHandle(db: DB): DB | undefined {
  return handles.get(db);
}

class OffLoopDialect implements Dialect {
  constructor(private readonly file: string) {}
  createDriver(): Driver {
    const file = this.file;
    const connection: DatabaseConnection = {
      async executeQuery<Row>(query: CompiledQuery): Promise<QueryResult<Row>> {
        return { rows: await readerOf(file).rows<Row>(query.sql, query.parameters) };
      },
      // eslint-disable-next-line require-yield -- no statement here is large enough to stream
      async *streamQuery() {
        throw new Error("Reads off the event loop are not streamed");
      },
    };
    return {
      init: async () => {},
      acquireConnection: async () => connection,
      beginTransaction: async () => {
        throw new Error("Reads off the event loop take no transaction");
      },
      commitTransaction: async () => {},
      rollbackTransaction: async () => {},
      releaseConnection: async () => {},
      destroy: async () => {},
    };
  }
  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }
  createAdapter() {
    return new SqliteAdapter();
  }
  // Kysely's own signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new SqliteIntrospector(db);
  }
}

/** Stops the reading thread of a database file, if one was started: when the site's connection to it closes. */
export function closeOffLoopReads(file: string): void {
  const reader = readers.get(file);
  if (!reader) return;
  readers.delete(file);
  void reader.close();
}

// Plain CommonJS, so it runs as it is in the worker whatever bundles the site. The driver's path
// comes from the site's own resolution, so the thread loads the same better-sqlite3.
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
// Off the loop, waiting for a writer's lock costs no reader anything.
db.pragma("busy_timeout = 5000");
parentPort.on("message", ({ id, sql, parameters }) => {
  try {
    const bound = parameters.map((value) => (typeof value === "boolean" ? (value ? 1 : 0) : value));
    const statement = db.prepare(sql);
    if (!statement.reader) throw new Error("Only reads run off the event loop");
    parentPort.postMessage({ id, rows: statement.all(...bound) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

class SqliteReader {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  #next = 0;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    this.#worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file, driver } });
    // A report in progress never keeps a stopping process alive.
    this.#worker.unref();
    this.#worker.on("message", ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = this.#waiting.get(id);
      this.#waiting.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(rows ?? []);
    });
    this.#worker.on("error", (error) => this.#failAll(error));
    this.#worker.on("exit", (code) => {
      // A closed reader may already have been replaced by a new one for the same file.
      if (readers.get(file) === this) readers.delete(file);
      this.#failAll(new Error(`The reading thread stopped (exit code ${code})`));
    });
  }

  rows<Row>(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const id = this.#next++;
    return new Promise<Row[]>((resolve, reject) => {
      this.#waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      this.#worker.postMessage({ id, sql, parameters });
    });
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #failAll(error: Error): void {
    if (this.#waiting.size > 0) log.error(`Reads off the event loop failed: ${error.message}`);
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }
}
