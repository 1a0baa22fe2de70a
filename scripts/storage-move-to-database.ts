/**
 * `npm run storage:move-to-database`
 *
 * Copies the uploaded product pictures from DATA_DIR/storage/product-images into the database,
 * so that several instances sharing it serve the same pictures. Reads the same environment as
 * the server (DATA_DIR, DATABASE_URL). Safe to run again, and while the site runs: pictures
 * already in the database are skipped. Prints how many were moved, skipped and refused; the
 * files on disk are left for the operator to delete once STORAGE=database is in use.
 */
import { ConfigError, loadConfig } from "../app/server/config.server";
import { assertReachable, openDatabase } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { setLogLevel } from "../app/server/log.server";
import { moveImagesToDatabase } from "../app/server/storage/move-to-database.server";
import { localProductImages } from "../app/server/storage/storage.server";

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot move the images: ${error.message}`);
      return 1;
    }
    throw error;
  }
  setLogLevel("warn");
  const disk = localProductImages(config);
  const db = openDatabase(config.database);
  try {
    await assertReachable(db, config.database);
    await migrateToLatest(db);
    console.log(
      `Moving pictures from ${disk.directory} into the ${config.database.dialect === "postgres" ? "PostgreSQL" : "SQLite"} database`,
    );
    const report = await moveImagesToDatabase(disk, db);
    for (const { name, reason } of report.refused) console.log(`Refused ${name}: it ${reason}`);
    console.log(
      `Moved ${report.moved.length}, already in the database ${report.alreadyThere.length}, refused ${report.refused.length} ` +
        `(of ${report.moved.length + report.alreadyThere.length + report.refused.length} files on disk).`,
    );
    if (config.storage !== "database") {
      console.log("The site still reads pictures from disk: set STORAGE=database (the default with DATABASE_URL) and restart it.");
    } else if (report.moved.length + report.alreadyThere.length > 0) {
      console.log(`Once the site serves them, the files in ${disk.directory} may be deleted.`);
    }
    return report.refused.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(`Cannot move the images: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
