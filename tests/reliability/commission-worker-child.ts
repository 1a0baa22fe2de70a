/**
 * A worker process that takes commission-report runs, for a test to kill with SIGKILL in the
 * middle of a save. It opens the database as the site's worker does and prints "ready" once it
 * polls for runs.
 *
 *   node --import tsx tests/reliability/commission-worker-child.ts '<database config as JSON>' <DATA_DIR>
 */
import type { AppConfig } from "../../app/server/config.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { workerName } from "../../app/server/jobs/job-queue.server";
import { startWorker } from "../../app/server/jobs/job-worker.server";
import { setLogLevel } from "../../app/server/log.server";
import { STRICT_OUTBOUND_POLICY } from "../../app/server/outbound/outbound-policy.server";
import { commissionReportKind } from "../../app/server/revenue/commission-report-job.server";

const database = JSON.parse(process.argv[2]!) as AppConfig["database"];
const dataDir = process.argv[3]!;
setLogLevel("warn");
const db = openDatabase(database);
startWorker(db, {
  name: workerName(),
  kinds: [commissionReportKind({ config: { dataDir, storage: "disk" }, outbound: STRICT_OUTBOUND_POLICY })],
  bookkeeping: database.dialect === "sqlite" ? openDatabase(database) : db,
  pollMs: 20,
  heartbeatMs: 100,
});
// The worker's timers do not keep a process alive (the site's has its server): without this the
// process ended once its first look found nothing queued, and the run waited for ever.
setInterval(() => {}, 60_000);
console.log("ready");
