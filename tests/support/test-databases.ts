import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { AppConfig } from "~/server/config.server";
import { openDatabase, type DB } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";

/**
 * Integration tests run on a real SQLite file always, and on real PostgreSQL when
 * TEST_DATABASE_URL is set. Each call makes a brand-new database, so tests never see each
 * other's rows; `drop()` removes it.
 */

export type TestDialect = "sqlite" | "postgres";

export const testDialects: TestDialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase {
  db: DB;
  database: AppConfig["database"];
  /** Opens a second, independent connection to the same database (for concurrency tests). */
  openAnother(): DB;
  drop(): Promise<void>;
}

export async function createTestDatabase(dialect: TestDialect, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const made = dialect === "sqlite" ? makeSqliteDatabase() : await makePostgresDatabase();
  const db = openDatabase(made.database);
  const others: DB[] = [];
  if (options.migrate ?? true) await migrateToLatest(db);
  return {
    db,
    database: made.database,
    openAnother() {
      const other = openDatabase(made.database);
      others.push(other);
      return other;
    },
    async drop() {
      await Promise.all([db, ...others].map((handle) => handle.destroy()));
      await made.remove();
    },
  };
}

function makeSqliteDatabase() {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-test-"));
  return {
    database: { dialect: "sqlite", file: path.join(dir, "test.sqlite") } as const,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function makePostgresDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `sauna_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await runAsAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { dialect: "postgres", url: url.toString() } as const,
    remove: () => dropWhenClosed(adminUrl, name),
  };
}

/**
 * pg-pool's end() resolves before its sockets have closed; dropping "with (force)" then kills
 * them mid-goodbye and pg reports it as an uncaught error. Wait for them to go instead.
 */
async function dropWhenClosed(adminUrl: string, name: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await runAsAdmin(adminUrl, `drop database if exists ${name}`);
    } catch (error) {
      const stillInUse = (error as { code?: string }).code === "55006";
      if (!stillInUse || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function runAsAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
