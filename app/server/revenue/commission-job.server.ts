import type { AppConfig } from "../config.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import { queueReportRefreshes } from "./commission-report-job.server";
import { forgetUploads, uploadsStorage } from "./report-uploads.server";

/** How often the networks' report URLs are read again: their statuses move over days, not minutes. */
const EVERY_MS = 6 * 3_600_000;

/**
 * Once per period across instances, queues a re-read of the report URL of every network that has
 * one and a mapping: a run of kind "commission-report" each, the same code as an upload's read
 * and save (all or nothing; a report that cannot be fetched or has a bad line saves nothing and
 * its run says why, under Runs). The next period tries again.
 */
export function commissionReportsJob(): PeriodicJob {
  return {
    name: "commission-reports",
    label: "Commission reports: re-read the networks' report URLs",
    everyMs: EVERY_MS,
    async run(db) {
      const queued = await queueReportRefreshes(db);
      if (queued > 0) log.info(`Commission reports: ${queued} report ${queued === 1 ? "URL" : "URLs"} queued for a re-read`);
      return { queued };
    },
  };
}

/**
 * Removes the uploaded reports that were saved (their save removes them, unless the server
 * stopped right after it committed) or that are a day old, unsaved.
 */
export function forgetCommissionUploadsJob(config: Pick<AppConfig, "dataDir" | "storage">): PeriodicJob {
  return {
    name: "forget-commission-uploads",
    everyMs: 3_600_000,
    quiet: true,
    async run(db) {
      const forgotten = await forgetUploads(db, uploadsStorage(config, db));
      if (forgotten > 0) log.info(`Forgot ${forgotten} uploaded commission ${forgotten === 1 ? "report" : "reports"}`);
    },
  };
}
