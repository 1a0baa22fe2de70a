import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AppConfig } from "~/server/config.server";
import { openDatabase, type DB } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { runStatement } from "./postgres-client";
import { dropDatabase, giveBack, takeCopy } from "./postgres-test-pool";

/**
 * Integration tests run on a real SQLite file always, and on real PostgreSQL when
 * TEST_DATABASE_URL is set. Each call gives a database of its own, so tests never see each
 * other's rows; `drop()` removes it. Under Vitest a migrated database is a copy of the run's
 * template (tests/support/database-templates.ts), and on PostgreSQL `drop()` empties it back to
 * the template's rows for a later test instead (tests/support/postgres-test-pool.ts); elsewhere,
 * or with `migrate: false`, it is made empty and then migrated (or not).
 */

/** Where the global setup tells the test processes about the templates it made. */
export const SQLITE_TEMPLATE_ENV = "SAUNA_TEST_SQLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "SAUNA_TEST_POSTGRES_TEMPLATE";

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
  const migrate = options.migrate ?? true;
  const template = migrate ? process.env[dialect === "sqlite" ? SQLITE_TEMPLATE_ENV : POSTGRES_TEMPLATE_ENV] : undefined;
  const made = dialect === "sqlite" ? makeSqliteDatabase(template) : await makePostgresDatabase(template);
  const db = openDatabase(made.database);
  const others: DB[] = [];
  let dropped = false;
  if (migrate && !template) await migrateToLatest(db);
  return {
    db,
    database: made.database,
    openAnother() {
      const other = openDatabase(made.database);
      others.push(other);
      return other;
    },
    async drop() {
      // Twice would pool one database twice.
      if (dropped) return;
      dropped = true;
      await Promise.all([db, ...others].map((handle) => handle.destroy()));
      await made.remove();
    },
  };
}

function makeSqliteDatabase(template: string | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-test-"));
  const file = path.join(dir, "test.sqlite");
  if (template) copyFileSync(template, file);
  return {
    database: { dialect: "sqlite", file } as const,
    remove: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function makePostgresDatabase(template: string | undefined) {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = template ? await takeCopy(adminUrl, template) : `sauna_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  if (!template) await runStatement(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { dialect: "postgres", url: url.toString() } as const,
    remove: () => (template ? giveBack(adminUrl, template, name) : dropDatabase(adminUrl, name)),
  };
}
