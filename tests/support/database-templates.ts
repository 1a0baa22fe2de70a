/**
 * Vitest global setup: every integration test starts from a freshly migrated database, and
 * running every migration for each of them was most of what a PostgreSQL test cost (1.1–1.7 s
 * a database, made once per test file and dialect, and once per test where a file's tests each
 * make their own). Instead the migrations run once per run into a template,
 * SQLite file and PostgreSQL database alike, and each test gets a copy of it
 * (tests/support/test-databases.ts): the same schema, made by the same migrations.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/connection.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { runStatement } from "./postgres-client";
import { dropDatabase, dropRunDatabases } from "./postgres-test-pool";
import { SQLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "./test-databases";

export default async function makeDatabaseTemplates() {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-template-"));
  const file = path.join(dir, "template.sqlite");
  await migrateAndClose({ dialect: "sqlite", file });
  process.env[SQLITE_TEMPLATE_ENV] = file;

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgresTemplate: string | undefined;
  if (adminUrl) {
    postgresTemplate = `sauna_template_${process.pid}`;
    await runStatement(adminUrl, `drop database if exists ${postgresTemplate}`);
    await runStatement(adminUrl, `create database ${postgresTemplate}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgresTemplate}`;
    await migrateAndClose({ dialect: "postgres", url: url.toString() });
    process.env[POSTGRES_TEMPLATE_ENV] = postgresTemplate;
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgresTemplate) {
      // The test processes keep their emptied copies for one another until the run ends.
      await dropRunDatabases(adminUrl, postgresTemplate);
      await dropDatabase(adminUrl, postgresTemplate);
    }
  };
}

async function migrateAndClose(database: Parameters<typeof openDatabase>[0]) {
  const db = openDatabase(database);
  try {
    await migrateToLatest(db);
  } finally {
    // Closed before it is copied: SQLite folds its write-ahead log into the file, and PostgreSQL
    // copies a template only while nobody is connected to it.
    await db.destroy();
  }
}
