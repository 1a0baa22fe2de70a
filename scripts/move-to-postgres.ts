/**
 * `npm run move-to-postgres [-- --to postgres://… ] [--files-to-database]`
 *
 * Copies a SQLite site (DATA_DIR, read as the server reads it) into an empty PostgreSQL database
 * (DATABASE_URL, or --to), checks every table by count and checksum and prints them; exits 1 when
 * anything differs, and then nothing is left in the target but its empty tables. Stop the site
 * first: what it writes after the snapshot is not copied. See docs/deploy.md, "Moving from
 * SQLite to PostgreSQL".
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../app/server/config.server";
import { describeTarget, moveToPostgres, MoveRefused, type MoveReport } from "../app/server/db/move-to-postgres.server";
import { setLogLevel } from "../app/server/log.server";

const usage = "Usage: npm run move-to-postgres -- [--to postgres://user:password@host:5432/database] [--files-to-database]";

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: { to: { type: "string" }, "files-to-database": { type: "boolean", default: false } },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const targetUrl = values.to ?? process.env.DATABASE_URL;
  if (!targetUrl || !/^postgres(ql)?:\/\//.test(targetUrl)) {
    console.error(`Say which PostgreSQL database to fill: set DATABASE_URL or pass --to postgres://….\n${usage}`);
    return 2;
  }
  // Looked for before the settings are read: reading them makes DATA_DIR and an auth secret in
  // it, which a mistyped DATA_DIR should not get (the server's own default and file name).
  const expected = path.join(path.resolve(process.env.DATA_DIR || "./data"), "sauna-reviews.sqlite");
  if (!existsSync(expected)) {
    console.error(`Not moved: there is no SQLite database at ${expected} (is DATA_DIR right?)`);
    return 1;
  }
  let config;
  try {
    // The SQLite site the server would open with this environment, DATABASE_URL aside.
    config = loadConfig({ ...process.env, DATABASE_URL: undefined });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot read the site's settings: ${error.message}`);
      return 2;
    }
    throw error;
  }
  if (config.database.dialect !== "sqlite") throw new Error("unreachable: the source is always the SQLite file");
  setLogLevel("warn");
  const storageDir = path.join(config.dataDir, "storage");
  console.log(`Moving ${config.database.file} to ${describeTarget(targetUrl)}`);
  const wal = `${config.database.file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    // A stopped site leaves no write-ahead log, or an empty one.
    console.log(
      `The site appears to be running (${wal} holds writes): what it writes after the snapshot will not be in PostgreSQL. Stop it first.`,
    );
  }

  let report: MoveReport;
  try {
    report = await moveToPostgres({
      sqliteFile: config.database.file,
      targetUrl,
      filesToDatabase: values["files-to-database"] ? storageDir : undefined,
      progress: (line) => console.log(line),
    });
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(`Not moved: ${error.message}`);
      return 1;
    }
    console.error(`Not moved (nothing was kept in the PostgreSQL database but its empty tables): ${(error as Error).message}`);
    return 1;
  }

  console.log("");
  console.log(
    `${"table".padEnd(24)} ${"SQLite rows".padStart(11)} ${"PostgreSQL rows".padStart(15)}  ${"checksum (SQLite)".padEnd(32)}  same`,
  );
  for (const table of report.tables) {
    const same = table.sourceRows === table.targetRows && table.sourceChecksum === table.targetChecksum;
    console.log(
      `${table.table.padEnd(24)} ${table.sourceRows.toLocaleString("en-US").padStart(11)} ${table.targetRows.toLocaleString("en-US").padStart(15)}  ${table.sourceChecksum}  ${same ? "yes" : `NO (PostgreSQL ${table.targetChecksum})`}`,
    );
  }
  if (report.sqliteOnly.length > 0)
    console.log(`Not copied, SQLite's own: ${report.sqliteOnly.join(", ")} (PostgreSQL keeps its search index in products).`);
  if (!report.ok) {
    console.error(
      `\nThe copy differs from the SQLite site in the tables marked NO: nothing was kept (the PostgreSQL tables are empty). Nothing in ${config.dataDir} was changed.`,
    );
    return 1;
  }
  const rows = report.tables.reduce((sum, table) => sum + table.sourceRows, 0);
  console.log(
    `\nCopied ${rows.toLocaleString("en-US")} rows in ${report.tables.length} tables in ${report.seconds.toFixed(1)} s; every count and checksum matches.`,
  );
  if (report.files) {
    console.log(
      `Files written into the database: ${report.files.moved} (${(report.files.bytes / 1e6).toFixed(1)} MB)` +
        (report.files.alreadyThere ? `, ${report.files.alreadyThere} were already there` : "") +
        `. The files in ${storageDir} may be deleted once the site serves them.`,
    );
    for (const refused of report.files.refused) console.log(`Left on disk ${refused.bucket}/${refused.name}: it ${refused.reason}`);
  } else {
    console.log(
      `Uploaded files stay in ${storageDir}: run the site with STORAGE=disk and this DATA_DIR, or move the pictures into the database with npm run storage:move-to-database.`,
    );
  }
  console.log(
    `Start the site with DATABASE_URL set to this database${process.env.AUTH_SECRET ? "" : ` and the same DATA_DIR (its auth-secret signs the sessions; or set AUTH_SECRET to that file's content)`}.`,
  );
  return report.files && report.files.refused.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Move failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
