/**
 * A worker process that takes import runs only, for the tests that kill it (kill -9) in the middle
 * of a save: `node --import tsx tests/support/import-worker-process.ts '<database JSON>' <DATA_DIR>`.
 * Prints "ready" once it looks for runs.
 */
import { importJobKinds } from "~/server/admin/import-runs.server";
import type { AppConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/connection.server";
import { cancelMarkers } from "~/server/jobs/cancel-markers.server";
import { workerName } from "~/server/jobs/job-queue.server";
import { startWorker } from "~/server/jobs/job-worker.server";
import { setLogLevel } from "~/server/log.server";
import { DEFAULT_PRICES } from "~/server/offers/maintained-price.server";

const [databaseJson, dataDir] = process.argv.slice(2);
if (!databaseJson || !dataDir) throw new Error("usage: import-worker-process.ts '<database JSON>' <DATA_DIR>");
setLogLevel("warn");
const database = JSON.parse(databaseJson) as AppConfig["database"];
const db = openDatabase(database);
startWorker(db, {
  name: workerName(),
  kinds: importJobKinds({ dataDir, storage: "disk", prices: DEFAULT_PRICES }),
  bookkeeping: database.dialect === "sqlite" ? openDatabase(database) : undefined,
  markers: database.dialect === "sqlite" ? cancelMarkers(dataDir) : undefined,
  pollMs: 20,
  heartbeatMs: 200,
});
// The worker's timers do not keep a process alive (the site's has its server): this one waits to be killed.
setInterval(() => {}, 60_000);
console.log("ready");
