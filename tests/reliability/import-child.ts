/**
 * The process the kill test shoots: it opens the site's database as the server does, then runs
 * the admin's real product import (parse + one-transaction save) of a generated file. It reports
 * on stdout, one line each:
 *
 *   importing        the file is about to be parsed
 *   written N        N product rows have been written so far inside the save's transaction
 *                    (after each batch; the first one is the "save started" signal)
 *   imported N       the transaction has committed
 *
 * stdout is a pipe, and pipe writes are synchronous on Linux: a line is in the parent's hands
 * before the next batch starts, so after a kill the last "written" line is what the transaction
 * held when it died.
 *
 *   node --import tsx tests/reliability/import-child.ts <sqlite file | postgres URL> <rows>
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import { importProductCsv } from "../../app/server/admin/csv-import.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import { setLogLevel } from "../../app/server/log.server";
import { generatedProductCsv } from "./generated-products";

/** Counts the product rows the import's INSERT statements write, without touching the import's code. */
class ProductWritesReporter implements KyselyPlugin {
  private readonly productInserts = new WeakSet<object>();
  private written = 0;

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === "InsertQueryNode" && node.into?.table.identifier.name === "products") this.productInserts.add(queryId);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.productInserts.has(queryId)) {
      this.written += result.rows.length || Number(result.numAffectedRows ?? 0);
      process.stdout.write(`written ${this.written}\n`);
    }
    return result;
  }
}

setLogLevel("warn");
const [target, rowsText] = process.argv.slice(2);
const opened = openDatabase(target!.startsWith("postgres") ? { dialect: "postgres", url: target! } : { dialect: "sqlite", file: target! });
await migrateToLatest(opened);
const db = opened.withPlugin(new ProductWritesReporter());
const csv = generatedProductCsv(Number(rowsText));
process.stdout.write("importing\n");
const result = await importProductCsv(db, csv);
if (!result.ok) {
  process.stderr.write(`import failed: ${result.toast.description}\n`);
  process.exit(1);
}
process.stdout.write(`imported ${result.saved}\n`);
await opened.destroy();
