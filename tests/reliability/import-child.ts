/**
 * The process the kill test shoots: it opens the site's database as the server does, then runs
 * the admin's real product import (parse + one-transaction save) of a generated file. It says
 * "importing" just before the import starts and "imported N" when it has committed.
 *
 *   tsx tests/reliability/import-child.ts <sqlite file | postgres URL> <rows>
 */
import { importProductCsv } from "../../app/server/admin/csv-import.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import { setLogLevel } from "../../app/server/log.server";
import { generatedProductCsv } from "./generated-products";

setLogLevel("warn");
const [target, rowsText] = process.argv.slice(2);
const db = openDatabase(target!.startsWith("postgres") ? { dialect: "postgres", url: target! } : { dialect: "sqlite", file: target! });
await migrateToLatest(db);
const csv = generatedProductCsv(Number(rowsText));
process.stdout.write("importing\n");
const result = await importProductCsv(db, csv);
if (!result.ok) {
  process.stderr.write(`import failed: ${result.toast.description}\n`);
  process.exit(1);
}
process.stdout.write(`imported ${result.saved}\n`);
await db.destroy();
