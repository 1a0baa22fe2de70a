/**
 * The admin's product import (parse, validate, one transaction) of a CSV file read as a stream, in a process of its
 * own, so its peak RSS is the import's: not that of the process that generated the file (building
 * a 200,000-row CSV string costs a few hundred MB of its own). Prints one JSON line: rows written,
 * seconds, RSS once the modules are loaded, and the peak.
 *
 *   node --import tsx scripts/perf/import-file.ts <sqlite file | postgres URL> <csv file>
 */
import { createReadStream } from "node:fs";
import { importProductStream } from "../../app/server/admin/csv-import.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { setLogLevel } from "../../app/server/log.server";

const [target, csvFile] = process.argv.slice(2);
if (!target || !csvFile) throw new Error("usage: import-file.ts <sqlite file | postgres URL> <csv file>");
setLogLevel("warn");
const db = openDatabase(target.startsWith("postgres") ? { dialect: "postgres", url: target } : { dialect: "sqlite", file: target });
try {
  const loadedRssMb = process.memoryUsage().rss / 1e6;
  const started = performance.now();
  // The six-person collection lists by a rule: the generated members join it, the rule stays.
  // Read as it is saved, a piece at a time: the import's memory does not grow with the file.
  const pieces = createReadStream(csvFile, { encoding: "utf8", highWaterMark: 256 * 1024 }) as AsyncIterable<string>;
  const result = await importProductStream(db, pieces, { collectionChoice: "add" });
  if (!result.ok) throw new Error(`The import failed: ${result.toast.description}`);
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ saved: result.saved, seconds, loadedRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
} finally {
  await db.destroy();
}
