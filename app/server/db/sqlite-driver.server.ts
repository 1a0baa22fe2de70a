import type SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";

/**
 * Kysely's SQLite driver, changed in one way: a connection never sleeps inside SQLite while another
 * process holds the write lock. The site's owner work runs in a worker process on the same file
 * (docs/decisions/0098); with SQLite's own busy timeout, a web process that wanted to write a batch
 * of page views while the worker saved a 20,000-item feed would block its event loop, and every
 * reader with it, for as long as the worker's transaction lasts.
 *
 * So the connection runs with `busy_timeout = 0`, and a statement refused with SQLITE_BUSY is tried
 * again after an asynchronous pause, with the connection handed back meanwhile so that reads (which
 * WAL never blocks) go on. Transactions begin with BEGIN IMMEDIATE: the write lock is taken up front,
 * where waiting for it is safe, never half-way through, where a deferred transaction would fail
 * with SQLITE_BUSY_SNAPSHOT and could not simply be tried again.
 */

export interface StatementSource {
  prepare(source: string): SqliteDatabase.Statement;
  close(): void;
}

/** How long a statement waits for another process's write lock in all, before failing as SQLite would. */
export const BUSY_WAIT_LIMIT_MS = 60_000;
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 50;

const isBusy = (error: unknown) => {
  const code = (error as { code?: unknown })?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_RECOVERY" || code === "SQLITE_LOCKED";
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class ConnectionMutex {
  #promise: Promise<void> | undefined;
  #resolve: (() => void) | undefined;

  async lock(): Promise<void> {
    while (this.#promise) await this.#promise;
    this.#promise = new Promise((resolve) => (this.#resolve = resolve));
  }

  unlock(): void {
    const resolve = this.#resolve;
    this.#promise = undefined;
    this.#resolve = undefined;
    resolve?.();
  }
}

class SqliteConnection implements DatabaseConnection {
  /** Inside BEGIN … COMMIT: a busy statement there cannot be retried alone. */
  inTransaction = false;

  constructor(
    private readonly database: StatementSource,
    private readonly mutex: ConnectionMutex,
  ) {}

  runOnce(compiledQuery: CompiledQuery): QueryResult<unknown> {
    const { sql, parameters } = compiledQuery;
    const statement = this.database.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters as unknown[]) };
    const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
    return {
      numAffectedRows: changes !== undefined && changes !== null ? BigInt(changes) : undefined,
      insertId: lastInsertRowid !== undefined && lastInsertRowid !== null ? BigInt(lastInsertRowid) : undefined,
      rows: [],
    };
  }

  /** Runs a statement, waiting (without blocking) while another process holds the lock it needs. */
  async runWaiting(compiledQuery: CompiledQuery): Promise<QueryResult<unknown>> {
    let waited = 0;
    let pauseMs = FIRST_PAUSE_MS;
    for (;;) {
      try {
        return this.runOnce(compiledQuery);
      } catch (error) {
        if (!isBusy(error) || this.inTransaction || waited >= BUSY_WAIT_LIMIT_MS) throw error;
      }
      // Nothing of this statement happened: others of this process may use the connection meanwhile.
      this.mutex.unlock();
      await pause(pauseMs);
      await this.mutex.lock();
      waited += pauseMs;
      pauseMs = Math.min(pauseMs * 2, LONGEST_PAUSE_MS);
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return (await this.runWaiting(compiledQuery)) as QueryResult<R>;
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { sql, parameters, query } = compiledQuery;
    if (!SelectQueryNode.is(query)) throw new Error("Sqlite driver only supports streaming of select queries");
    const statement = this.database.prepare(sql);
    for (const row of statement.iterate(parameters as unknown[])) yield { rows: [row as R] };
  }
}

class WaitingSqliteDriver implements Driver {
  readonly #mutex = new ConnectionMutex();
  readonly #connection: SqliteConnection;

  constructor(private readonly database: StatementSource) {
    this.#connection = new SqliteConnection(database, this.#mutex);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite has one connection per handle: the mutex keeps one query or transaction on it at a time.
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const sqlite = connection as SqliteConnection;
    await sqlite.runWaiting(CompiledQuery.raw("begin immediate"));
    sqlite.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const sqlite = connection as SqliteConnection;
    sqlite.runOnce(CompiledQuery.raw("commit"));
    sqlite.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const sqlite = connection as SqliteConnection;
    sqlite.inTransaction = false;
    sqlite.runOnce(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.database.close();
  }
}

export class WaitingSqliteDialect implements Dialect {
  constructor(private readonly database: StatementSource) {}

  createDriver(): Driver {
    return new WaitingSqliteDriver(this.database);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  // Kysely's own signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}
