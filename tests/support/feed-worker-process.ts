/**
 * A worker taking feed runs, in a process of its own, for the test that kills it with SIGKILL
 * mid-run (feed-run-jobs.server.test.ts). Its settings come as JSON in argv[2]; it says "ready"
 * on stdout once it looks for runs.
 */
import { openDatabase } from "~/server/db/connection.server";
import { feedRunKind, type FeedRunSettings } from "~/server/feeds/feed-run-jobs.server";
import { workerName } from "~/server/jobs/job-queue.server";
import { startWorker } from "~/server/jobs/job-worker.server";
import type { AppConfig } from "~/server/config.server";

const { database, settings } = JSON.parse(process.argv[2]!) as { database: AppConfig["database"]; settings: FeedRunSettings };
const db = openDatabase(database);
startWorker(db, {
  name: workerName(),
  kinds: [feedRunKind(settings)],
  bookkeeping: openDatabase(database),
  pollMs: 20,
  heartbeatMs: 50,
});
// The worker's timers do not keep a process alive (the site's has its server): without this the
// process ended once its first look found nothing queued, and the run waited for ever.
setInterval(() => {}, 60_000);
process.stdout.write("ready\n");
