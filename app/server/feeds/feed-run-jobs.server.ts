import type { SitePrices } from "~/lib/offers/price-view";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { enqueueJob, INTERRUPTED_MESSAGE, unfinishedJobs } from "../jobs/job-queue.server";
import { JobFailure, type JobContext, type JobKind } from "../jobs/job-worker.server";
import { feedFiles } from "./feed-files.server";
import { FeedRunGone, loadFeed, runFeed, type FeedRecord } from "./feed-run.server";
import type { ReadFeedOptions } from "./read-feed.server";

/**
 * Every feed run is a job of kind "feed-run", run by the worker (docs/decisions/0099): the
 * admin's Preview and Run and save, Save on a preview, and each scheduled run. Queuing one also
 * writes its feed run row, in one transaction, so the run has its page at once; the
 * page follows the job's progress and offers Cancel. A run cancelled or interrupted changes
 * nothing, and its row says so.
 */

export const FEED_RUN_JOB = "feed-run";

/** preview: read and plan, keep the plan on the run's row; save: read and save; save-preview: save the plan a preview showed. */
export type FeedRunMode = "preview" | "save" | "save-preview";

/** A feed-run job's payload. */
export interface FeedRunInput {
  feedId: number;
  /** The feed_runs row: queued with the job, or (save-preview) the preview being saved. */
  runId: number;
  mode: FeedRunMode;
  trigger: "manual" | "schedule";
  /** save-preview: the plan the owner saw; a plan that differs now is not saved. */
  fingerprint?: string;
  /** The run's page (the runs list links to it). */
  href: string;
}

export interface FeedRunSettings {
  storage: Pick<AppConfig, "dataDir" | "storage">;
  read?: ReadFeedOptions;
  prices?: SitePrices;
  /** Tests: a step between the save's writes and its commit. */
  beforeCommit?: (trx: DB) => Promise<void>;
}

export function feedRunSettingsFrom(config: AppConfig, read: ReadFeedOptions): FeedRunSettings {
  return { storage: { dataDir: config.dataDir, storage: config.storage }, read, prices: config.prices };
}

const LABELS: Record<FeedRunMode, string> = { preview: "preview", save: "run and save", "save-preview": "save the preview" };

export interface QueuedFeedRun {
  jobId: number;
  runId: number;
  /** A run of this feed was already waiting or running: that one, not a new one. */
  already: boolean;
}

function inputOf(payload: unknown): FeedRunInput | null {
  const input = payload as Partial<FeedRunInput> | null;
  if (!input || !Number.isSafeInteger(input.feedId) || !Number.isSafeInteger(input.runId)) return null;
  if (input.mode !== "preview" && input.mode !== "save" && input.mode !== "save-preview") return null;
  return { ...input, trigger: input.trigger === "schedule" ? "schedule" : "manual" } as FeedRunInput;
}

/** The feed's run that is waiting or running, if any. */
export async function unfinishedFeedRun(db: DB, feedId: number): Promise<{ jobId: number; runId: number } | null> {
  for (const job of await unfinishedJobs(db, FEED_RUN_JOB)) {
    const input = inputOf(job.payload);
    if (input?.feedId === feedId) return { jobId: job.id, runId: input.runId };
  }
  return null;
}

/**
 * Queues a run of the feed, with its row, unless one of the feed's runs is waiting or running
 * already (then that one is returned: two runs of one feed would race to save).
 */
export async function enqueueFeedRun(
  db: DB,
  feed: Pick<FeedRecord, "id" | "name">,
  request: { mode: FeedRunMode; trigger: "manual" | "schedule"; startedBy: string; preview?: { runId: number; fingerprint: string } },
): Promise<QueuedFeedRun> {
  const running = await unfinishedFeedRun(db, feed.id);
  if (running) return { ...running, already: true };
  return db.transaction().execute(async (trx) => {
    let runId: number;
    if (request.mode === "save-preview") {
      if (!request.preview) throw new Error("save-preview needs the preview's run");
      runId = request.preview.runId;
    } else {
      const row = await trx
        .insertInto("feed_runs")
        // "running" from the start (the table knows no "queued"): the page tells waiting from running by the job.
        .values({ feed_id: feed.id, status: "running", trigger: request.trigger, started_at: new Date().toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      runId = Number(row.id);
    }
    const input: FeedRunInput = {
      feedId: feed.id,
      runId,
      mode: request.mode,
      trigger: request.trigger,
      ...(request.preview ? { fingerprint: request.preview.fingerprint } : {}),
      href: `/admin/feeds/${feed.id}/runs/${runId}`,
    };
    const label = `Feed ${feed.name}: ${request.trigger === "schedule" ? "scheduled run" : LABELS[request.mode]}`;
    const jobId = await enqueueJob(trx, { kind: FEED_RUN_JOB, label, startedBy: request.startedBy, payload: input });
    await trx.updateTable("feed_runs").set({ job_id: jobId }).where("id", "=", runId).execute();
    return { jobId, runId, already: false };
  });
}

/** A run that stopped (cancelled, interrupted, failed unexpectedly): its row, if still waiting or running, says why. */
export async function markFeedRunStopped(db: DB, jobId: number, message: string): Promise<void> {
  await db
    .updateTable("feed_runs")
    .set({ status: "failed", error: message, finished_at: new Date().toISOString() })
    .where("job_id", "=", jobId)
    .where("status", "=", "running")
    .execute();
}

async function runFeedJob(context: JobContext, settings: FeedRunSettings): Promise<unknown> {
  const { db, job } = context;
  const input = inputOf(job.payload);
  if (!input) throw new JobFailure("This run does not say which feed to run; nothing was changed.");
  try {
    const feed = await loadFeed(db, input.feedId);
    if (!feed) throw new FeedRunGone();
    const outcome = await runFeed(db, feed, {
      trigger: input.trigger,
      save: input.mode !== "preview",
      ...(input.mode === "save-preview"
        ? { preview: { runId: input.runId, fingerprint: input.fingerprint ?? "" } }
        : { runId: input.runId }),
      files: feedFiles(settings.storage, db),
      read: settings.read,
      prices: settings.prices,
      beforeCommit: settings.beforeCommit,
      context,
    });
    if (outcome.status === "failed") throw new JobFailure(outcome.error, outcome);
    if (outcome.status === "plan-changed") {
      throw new JobFailure(
        "Nothing was saved: the feed or the catalog changed since the preview. Check the updated preview, then save again.",
        outcome,
      );
    }
    return outcome;
  } catch (error) {
    const message = context.signal.aborted
      ? ((context.signal.reason as Error | undefined)?.message ?? INTERRUPTED_MESSAGE)
      : error instanceof JobFailure || error instanceof FeedRunGone
        ? error.message
        : `The run failed: ${(error as Error)?.message ?? String(error)}. Nothing was changed.`;
    await markFeedRunStopped(db, job.id, message);
    if (error instanceof FeedRunGone) throw new JobFailure(error.message);
    throw error;
  }
}

/** The worker's kind for every feed run. */
export function feedRunKind(settings: FeedRunSettings): JobKind {
  return {
    kind: FEED_RUN_JOB,
    run: (context) => runFeedJob(context, settings),
    // The sweeper found the run's worker gone (a kill -9): nothing it did was committed.
    interrupted: (db, job) => markFeedRunStopped(db, job.id, job.error ?? INTERRUPTED_MESSAGE),
  };
}
