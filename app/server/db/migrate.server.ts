import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Migrator, NO_MIGRATIONS, type Migration, type MigrationProvider, type MigrationResultSet } from "kysely";
import type { DB } from "./connection.server";
import type { Database } from "./schema";
import { vacuumAfterBulkWrite } from "./planner-statistics.server";

/** `2026_11_28_1200_jobs`: a UTC date and time, then what the migration does, in lower case. */
const MIGRATION_NAME = /^(\d{4})_(\d{2})_(\d{2})_(\d{2})(\d{2})_[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * Every migration file of ./migrations by its name. Vite puts them in the server bundle (where
 * they no longer exist as files) and Vitest reads them the same way; a script run by tsx, which
 * has no import.meta.glob, reads the folder.
 */
async function migrationModules(): Promise<Record<string, unknown>> {
  try {
    return import.meta.glob(["./migrations/*.ts", "!./migrations/*.test.ts"], { eager: true });
  } catch {
    const folder = path.join(import.meta.dirname, "migrations");
    const files = (await readdir(folder)).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
    return Object.fromEntries(
      await Promise.all(files.map(async (file) => [`./migrations/${file}`, await import(pathToFileURL(path.join(folder, file)).href)])),
    );
  }
}

/**
 * The migrations by name, in the order they run (by name: their time). A file named otherwise, a
 * time that cannot be, or a file without both `up` and `down` stops every start-up with its name,
 * rather than being skipped or run out of turn.
 */
export function migrationsFrom(modules: Record<string, unknown>): Record<string, Migration> {
  const found = Object.entries(modules).map(([file, module]) => {
    const name = path.basename(file, ".ts");
    const parts = MIGRATION_NAME.exec(name);
    const [year, month, day, hour, minute] = (parts?.slice(1) ?? []).map(Number);
    const time = parts ? new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!)) : undefined;
    const real = time !== undefined && time.getUTCMonth() === month! - 1 && time.getUTCDate() === day! && time.getUTCHours() === hour!;
    if (!parts || !real) throw new Error(`Migration ${file} is misnamed: name it YYYY_MM_DD_HHMM_what_it_does.ts (UTC time)`);
    const { up, down } = (module ?? {}) as Partial<Migration>;
    if (typeof up !== "function" || typeof down !== "function") throw new Error(`Migration ${file} must export both up and down`);
    return [name, { up, down }] as const;
  });
  return Object.fromEntries(found.sort(([a], [b]) => (a < b ? -1 : 1)));
}

const provider: MigrationProvider = { getMigrations: async () => migrationsFrom(await migrationModules()) };

export function createMigrator(db: DB) {
  return new Migrator({ db, provider });
}

/**
 * Migrations that rewrite every row of these tables. On PostgreSQL each rewritten row leaves a
 * dead one behind and its page no longer all-visible, so until autovacuum comes by the pages read
 * them slowly (at 200,000 products, collection pages 100–145 ms instead of 45–70 after
 * 2026_11_28_1100_leaner_list_tags): they are vacuumed once the migrations have committed.
 */
const REWRITES: Partial<Record<string, readonly (keyof Database & string)[]>> = {
  "2026_11_28_1100_leaner_list_tags": ["products", "product_list_tags"],
};

export async function migrateToLatest(db: DB): Promise<string[]> {
  const names = applied(await createMigrator(db).migrateToLatest());
  await vacuumAfterBulkWrite(db, [...new Set(names.flatMap((name) => REWRITES[name] ?? []))]);
  return names;
}

export async function migrateDownAll(db: DB): Promise<string[]> {
  return applied(await createMigrator(db).migrateTo(NO_MIGRATIONS));
}

function applied({ error, results }: MigrationResultSet): string[] {
  const failed = results?.find((result) => result.status === "Error");
  if (error) {
    const which = failed ? `migration ${failed.migrationName}` : "migrations";
    throw new Error(`database ${which} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
