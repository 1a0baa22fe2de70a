import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type { CompiledQuery } from "kysely";
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

/** Runs a compiled SELECT off the event loop (SQLite) or as usual (PostgreSQL); its rows. */
export async function readOffLoop<Row>(db: DB, query: CompiledQuery<unknown>): Promise<Row[]> {
  const file = files.get(db);
  if (file === undefined) return (await db.executeQuery<Row>(query)).rows;
  let reader = readers.get(file);
  if (!reader) readers.set(file, (reader = new SqliteReader(file)));
  return reader.rows<Row>(query.sql, query.parameters);
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
    parentPort.postMessage({ id, rows: db.prepare(sql).all(...bound) });
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
      readers.delete(file);
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
