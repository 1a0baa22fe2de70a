/**
 * `npm run backup -- --out sauna-backup.tar.gz`
 *
 * Takes a consistent snapshot of a SQLite site, running or not, with its uploaded images, its
 * uploaded feed files (whichever STORAGE driver) and generated auth secret, into one .tar.gz (docs/decisions/0023-backups-and-outages.md). Reads the same
 * environment as the server (DATA_DIR). On PostgreSQL use pg_dump instead: see docs/operations.md, "Backups".
 */
import { parseArgs } from "node:util";
import { createBackup } from "../app/server/backup/site-backup.server";
import { ConfigError, loadConfig } from "../app/server/config.server";

const usage = "Usage: npm run backup -- --out FILE.tar.gz";

async function main(): Promise<number> {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ options: { out: { type: "string" } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (!out) {
    console.error(`Say where to write the backup.\n${usage}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.database.dialect === "postgres") {
    console.error(
      'DATABASE_URL names PostgreSQL: back it up with pg_dump, and copy DATA_DIR/storage and the auth secret beside it (docs/operations.md, "Backups").',
    );
    return 2;
  }
  const summary = await createBackup({ dataDir: config.dataDir, databaseFile: config.database.file }, out);
  console.log(
    `Backup written to ${summary.file} (${(summary.bytes / 1e6).toFixed(1)} MB): database ${(summary.databaseBytes / 1e6).toFixed(1)} MB, ` +
      `${summary.images} uploaded image${summary.images === 1 ? "" : "s"}, ` +
      `${summary.feedFiles} uploaded feed file${summary.feedFiles === 1 ? "" : "s"}, ` +
      (summary.includesSecret
        ? "auth secret included."
        : "no auth secret file (AUTH_SECRET is set in the environment: keep it with your settings)."),
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
