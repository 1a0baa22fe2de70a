import { formatDuration } from "~/lib/text/duration-text";
import { SITE_NAME } from "~/lib/site/site-navigation";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import { claimLinkCheckRun, listLinkTargets, runClaimedLinkCheck, type LinkCheckSettings, type RunTrigger } from "./link-check-runs.server";

/**
 * The site's link checking: the "Check now" button starts a run in the background and returns
 * at once; LINK_CHECK_INTERVAL adds a periodic job doing the same. Both claim the run in the
 * database, so one runs at a time; stopping the site stops the run between links.
 */

export const LINK_CHECK_JOB = "link-check";

export type StartOutcome = "started" | "already-running";

export interface LinkChecking {
  /** Claims a run and checks in the background; "already-running" when a run is in progress. */
  start(trigger?: RunTrigger): Promise<StartOutcome>;
  /** The periodic job, when LINK_CHECK_INTERVAL is set. */
  job: PeriodicJob | null;
  /** Stops the run of this process (if any) and waits for it to close. */
  stop(): Promise<void>;
}

/** Names the site to the shops it visits, with where to find it. */
export function linkCheckerUserAgent(baseUrl: string): string {
  return `Mozilla/5.0 (compatible; ${SITE_NAME} link checker; +${baseUrl})`;
}

export function linkCheckSettingsFrom(config: AppConfig): LinkCheckSettings {
  return { timeoutMs: config.linkCheckTimeoutMs, userAgent: linkCheckerUserAgent(config.baseUrl), outbound: config.outbound };
}

export function createLinkChecking(db: DB, settings: LinkCheckSettings, intervalMs: number | null): LinkChecking {
  const stopping = new AbortController();
  const inProgress = new Set<Promise<void>>();

  async function claimAndRun(trigger: RunTrigger): Promise<{ outcome: StartOutcome; done: Promise<void> }> {
    // The site is shutting down: no new run (the next start picks up from the stored results).
    if (stopping.signal.aborted) return { outcome: "already-running", done: Promise.resolve() };
    const targets = await listLinkTargets(db);
    const runId = await claimLinkCheckRun(db, trigger, targets.length);
    if (runId === null) return { outcome: "already-running", done: Promise.resolve() };
    log.info(`Link check ${runId} started (${trigger}): ${targets.length} links`);
    const started = Date.now();
    const done = runClaimedLinkCheck(db, runId, targets, settings, stopping.signal)
      .then(() => log.info(`Link check ${runId} finished in ${formatDuration(Date.now() - started)}`))
      .catch((error: unknown) => log.error(`Link check ${runId} failed: ${(error as Error)?.message ?? error}`))
      .finally(() => inProgress.delete(done));
    inProgress.add(done);
    return { outcome: "started", done };
  }

  return {
    async start(trigger = "manual") {
      return (await claimAndRun(trigger)).outcome;
    },
    job:
      intervalMs === null
        ? null
        : {
            name: LINK_CHECK_JOB,
            everyMs: intervalMs,
            async run() {
              const { outcome, done } = await claimAndRun("schedule");
              if (outcome === "already-running") log.info("Scheduled link check skipped: a check is already running");
              await done;
            },
          },
    async stop() {
      stopping.abort();
      await Promise.allSettled([...inProgress]);
    },
  };
}
