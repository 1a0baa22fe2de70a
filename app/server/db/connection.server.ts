import SqliteDatabase from "better-sqlite3";
import { closeOffLoopReads, registerSqliteFile } from "./off-loop-reads.server";
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { AppConfig } from "../config.server";
import { log } from "../log.server";
import type { Database } from "./schema";
import { SqliteFlagsPlugin } from "./sqlite-flags-plugin";
import { WaitingSqliteDialect, type StatementSource } from "./sqlite-driver.server";

export type DB = Kysely<Database>;

/** Opens the database the configuration names. The caller owns it and must `destroy()` it. */
export function openDatabase(database: AppConfig["database"]): DB {
  return database.dialect === "postgres" ? openPostgres(database.url) : openSqlite(database.file);
}

function openSqlite(file: string): DB {
  if (file !== ":memory:") {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    createOwnerOnly(file);
  }
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run while an import writes. A second writer (the worker process, the
  // create-admin script) is waited for by the driver, asynchronously, not by SQLite's busy timeout,
  // which would block this process's event loop while it waits (sqlite-driver.server.ts).
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 0");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  if (file !== ":memory:") restrictToOwner(file);
  const statements = reusingStatements(sqlite);
  const db = new Kysely<Database>({
    // The reading thread's connection (off-loop-reads.server.ts) closes with this one.
    dialect: new WaitingSqliteDialect({ ...statements, close: () => (closeOffLoopReads(file), statements.close()) }),
    plugins: [new SqliteFlagsPlugin()],
  });
  if (file !== ":memory:") registerSqliteFile(db, file);
  return db;
}

/** Statements kept compiled per connection: a bulk write's few texts, and the site's common reads. */
const STATEMENT_CACHE_SIZE = 100;

/**
 * Kysely asks better-sqlite3 to compile every statement it runs, anew. A bulk write runs the same
 * text (a full batch of rows, bulk-rows.server.ts) hundreds of times, and compiling a statement of
 * 30,000 parameters costs about as much as running it: the last statements are kept and run
 * again. One still being read (an iterate() in progress) is not shared; another is compiled.
 */
function reusingStatements(sqlite: SqliteDatabase.Database): StatementSource {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(source) {
      const cached = cache.get(source);
      if (cached && !cached.busy) {
        // Least recently used first: a hit moves to the end.
        cache.delete(source);
        cache.set(source, cached);
        return cached;
      }
      const statement = sqlite.prepare(source);
      cache.set(source, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close: () => sqlite.close(),
  };
}

/**
 * The database holds password hashes and session tokens: owner-only (0600). SQLite gives the -wal
 * and -shm files the main file's mode, so creating the main file 0600 covers them; an older
 * install's files are tightened at every start.
 */
function createOwnerOnly(file: string) {
  if (!existsSync(file)) closeSync(openSync(file, "a", 0o600));
}

function restrictToOwner(file: string) {
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(part)) chmodSync(part, 0o600);
  }
}

const PG_INT8 = 20;
const PG_DATE = 1082;

/**
 * A pool of PostgreSQL connections as the site needs every one of them: the site's database
 * handle and the accounts library each open one (`max` connections apiece).
 */
export function createPostgresPool(url: string, options: { max: number; types?: pg.CustomTypesConfig }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    // A visitor must get an answer (a 503 page) rather than wait on a database that is down or
    // stuck: connecting gives up after 3 s, a statement after 30 s on the server, and the client
    // stops waiting for an answer shortly after that (a server that vanished mid-query never
    // answers at all). 30 s leaves room for one statement of a 20,000-row import.
    connectionTimeoutMillis: 3_000,
    statement_timeout: 30_000,
    query_timeout: 35_000,
    // TCP keepalive notices a peer that disappeared without closing the socket.
    keepAlive: true,
    ...(options.types ? { types: options.types } : {}),
  });
  // An idle client whose server restarts or drops it emits "error" on the pool; without a
  // listener that is an uncaught exception and the whole site stops. The pool discards the
  // client and opens a new one on the next query, so logging it is all there is to do.
  pool.on("error", (error) => log.warn(`PostgreSQL dropped an idle connection: ${error.message}`));
  // The pool listens only while a client is idle. A client checked out between two statements (a
  // transaction waiting on our code, a batch of clicks being written) emits "error" on itself when
  // the server ends it ("terminating connection due to administrator command" on a restart), and
  // without a listener of its own that also stops the whole site. The statement in flight, if any,
  // still fails on its own, and the pool discards a client that can no longer be queried when it
  // is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn(`PostgreSQL dropped a connection in use: ${error.message}`));
  });
  return pool;
}

function openPostgres(url: string): DB {
  const pool = createPostgresPool(url, {
    max: 10,
    types: {
      // pg's own signature takes an untyped format; we only pass it through.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      getTypeParser(oid: number, format?: any) {
        // Cents and counts fit easily in a double (2^53); a string would leak into every sum.
        if (oid === PG_INT8) return (value: string) => Number(value);
        // A calendar date is not an instant: keep 'YYYY-MM-DD' instead of local midnight.
        if (oid === PG_DATE) return (value: string) => value;
        return pg.types.getTypeParser(oid, format);
      },
    } as pg.CustomTypesConfig,
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Fails start-up with a sentence an operator can act on, before migrations muddle the cause. */
export async function assertReachable(db: DB, database: AppConfig["database"]): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    const where =
      database.dialect === "postgres" ? `PostgreSQL at ${redactPassword(database.url)} (DATABASE_URL)` : `SQLite file ${database.file}`;
    throw new Error(`cannot open the database: ${where}: ${(error as Error).message}`);
  }
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "the configured URL";
  }
}
