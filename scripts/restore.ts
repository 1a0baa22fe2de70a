/**
 * `npm run restore -- FILE.tar.gz [--force]`
 *
 * Puts a backup made by `npm run backup` back into DATA_DIR, for a stopped SQLite site. Refuses
 * if the site seems to be running or DATA_DIR already holds a site; --force moves the existing
 * files into DATA_DIR/before-restore-… instead (nothing is deleted).
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup, RestoreRefused } from "../app/server/backup/site-backup.server";
import { NotABackupError } from "../app/server/backup/tar-archive.server";

const usage = "Usage: npm run restore -- FILE.tar.gz [--force]";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(`Name one backup file.\n${usage}`);
    return 2;
  }
  if (process.env.DATABASE_URL) {
    console.error(
      'DATABASE_URL names PostgreSQL: restore it with pg_restore or psql (docs/operations.md, "Backups"); this restores SQLite sites.',
    );
    return 2;
  }
  // The server's own default and file name; loadConfig is not used because it would create a
  // fresh auth secret in the folder we are about to fill.
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const databaseFile = path.join(dataDir, "sauna-reviews.sqlite");
  try {
    const summary = await restoreBackup({ dataDir, databaseFile }, file, { force: parsed.values.force });
    console.log(
      `Restored ${file} into ${dataDir}: database ${(summary.databaseBytes / 1e6).toFixed(1)} MB, ${summary.images} uploaded image${summary.images === 1 ? "" : "s"}` +
        `${summary.feedFiles > 0 ? `, ${summary.feedFiles} uploaded feed file${summary.feedFiles === 1 ? "" : "s"}` : ""}` +
        `${summary.includesSecret ? ", auth secret" : ""}.` +
        (summary.setAside ? ` The files that were there are in ${summary.setAside}.` : "") +
        " Start the site with npm start.",
    );
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused || error instanceof NotABackupError) {
      console.error(`Not restored: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
