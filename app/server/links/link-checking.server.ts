import { SITE_NAME } from "~/lib/site/site-navigation";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { enqueueJob, unfinishedJobs, waitForJobStart } from "../jobs/job-queue.server";
import { JobFailure, type JobContext, type JobKind } from "../jobs/job-worker.server";
import {
  claimLinkCheckRun,
  closeActiveLinkCheckRun,
  latestLinkCheckRun,
  listRunTargets,
  runClaimedLinkCheck,
  type LinkCheckSettings,
  type RunTrigger,
} from "./link-check-runs.server";

/**
 * The site's link checking, as owner work in the worker (docs/decisions/0098): "Check now" queues
 * a run and returns; LINK_CHECK_INTERVAL adds a periodic job doing the same. Both claim the run in
 * link_check_runs, so one runs at a time whichever instance asks; a run is cancelled or
 * interrupted between two links.
 */

export const LINK_CHECK_JOB = "link-check";

export type StartOutcome = "started" | "queued" | "already-running";

/** Names the site to the shops it visits, with where to find it. */
export function linkCheckerUserAgent(baseUrl: string): string {
  return `Mozilla/5.0 (compatible; ${SITE_NAME} link checker; +${baseUrl})`;
}

export function linkCheckSettingsFrom(config: AppConfig): LinkCheckSettings {
  return {
    timeoutMs: config.linkCheckTimeoutMs,
    userAgent: linkCheckerUserAgent(config.baseUrl),
    outbound: config.outbound,
    perHostDaily: config.linkCheckShopDaily,
  };
}

async function checkEveryLink(db: DB, trigger: RunTrigger, settings: LinkCheckSettings, context?: JobContext) {
  // Claimed first, so the page shows the run while its links are listed.
  const runId = await claimLinkCheckRun(db, trigger, 0);
  if (runId === null) throw new JobFailure("Another link check was running, so this one did not start.");
  const targets = await listRunTargets(db, runId, settings);
  context?.progress({ done: 0, total: targets.length, note: "links checked" });
  await runClaimedLinkCheck(db, runId, targets, settings, context?.signal, (checked) =>
    context?.progress({ done: checked, total: targets.length, note: "links checked" }),
  );
  return { runId, total: targets.length };
}

/** The worker's kind for "Check now". */
export function linkCheckKind(settings: LinkCheckSettings): JobKind {
  return {
    kind: LINK_CHECK_JOB,
    run: (context) => checkEveryLink(context.db, "manual", settings, context),
    stoppedTexts: {
      cancelled: "Cancelled: the links checked before it stopped keep their results.",
      interrupted: "Interrupted: the server stopped during the check; the links checked before it stopped keep their results.",
    },
    interrupted: (db, job) => closeActiveLinkCheckRun(db, job.error ?? "Interrupted"),
  };
}

/** The periodic check, when LINK_CHECK_INTERVAL is set. */
export function linkCheckPeriodicJob(settings: LinkCheckSettings, intervalMs: number | null): PeriodicJob | null {
  if (intervalMs === null) return null;
  return {
    name: LINK_CHECK_JOB,
    label: "Link check (scheduled)",
    everyMs: intervalMs,
    run: (db, context) => checkEveryLink(db, "schedule", settings, context),
  };
}

/**
 * "Check now": queues a run unless one is queued or running. Waits a moment for a worker to take
 * it, so the page shows its progress at once; "queued" when none did in that time.
 */
export async function startLinkCheck(db: DB, startedBy: string, waitMs = 3_000): Promise<StartOutcome> {
  if ((await unfinishedJobs(db, LINK_CHECK_JOB)).length > 0 || (await latestLinkCheckRun(db))?.running) return "already-running";
  const id = await enqueueJob(db, { kind: LINK_CHECK_JOB, label: "Link check: every shop link", startedBy });
  return (await waitForJobStart(db, id, waitMs)) ? "started" : "queued";
}
