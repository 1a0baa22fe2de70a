import { setTimeout as sleep } from "node:timers/promises";
import type { DB } from "../db/connection.server";
import type { PeriodicJob } from "../jobs/job-runner.server";
import type { Progress } from "../jobs/job-queue.server";
import { log } from "../log.server";
import { retentionRules, type RetentionRule, type RetentionSettings } from "./retention-rules.server";

/**
 * The daily retention run (docs/decisions/0104): every rule of retention-rules.server.ts, a batch
 * at a time. Each batch is its own short transaction, and a pause after each full one lets the
 * web process's writes (click and view flushes) in between on SQLite, whose writers take turns.
 * Cancel is heard between batches: what was cleared stays cleared, the next run goes on.
 */

export interface RetentionOptions {
  /** Rows per batch. */
  batchSize?: number;
  /** Pause after a full batch, in ms: SQLite's waiting writers look again within 50 ms. */
  pauseMs?: number;
  signal?: AbortSignal;
  progress?(progress: Progress): void;
}

interface RetentionOutcome {
  cleared: number;
  rules: Array<{ name: string; cleared: number; batches: number }>;
}

const RETENTION_BATCH_SIZE = 2_000;
const PAUSE_MS = 60;
const DAY_MS = 86_400_000;
const NOTE = "old rows cleared";

export async function applyRetention(db: DB, rules: readonly RetentionRule[], options: RetentionOptions = {}): Promise<RetentionOutcome> {
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  const pauseMs = options.pauseMs ?? PAUSE_MS;
  const { signal } = options;
  let total = 0;
  for (const rule of rules) {
    signal?.throwIfAborted();
    total += await rule.due(db);
  }
  const outcome: RetentionOutcome = { cleared: 0, rules: [] };
  options.progress?.({ done: 0, total, note: NOTE });
  for (const rule of rules) {
    const done = { name: rule.name, cleared: 0, batches: 0 };
    outcome.rules.push(done);
    for (;;) {
      signal?.throwIfAborted();
      const cleared = await rule.clear(db, batchSize);
      if (cleared > 0) done.batches++;
      done.cleared += cleared;
      outcome.cleared += cleared;
      options.progress?.({ done: outcome.cleared, total, note: `${NOTE} (${rule.what})` });
      if (cleared < batchSize) break;
      if (pauseMs > 0) await sleep(pauseMs, undefined, { signal });
    }
  }
  options.progress?.({ done: outcome.cleared, total, note: NOTE });
  return outcome;
}

/** Once a day across instances: clears what the retention settings no longer keep. */
export function retentionJob(
  settings: RetentionSettings,
  options: Omit<RetentionOptions, "signal" | "progress"> & { now?: () => number } = {},
): PeriodicJob {
  const now = options.now ?? Date.now;
  return {
    name: "retention",
    label: "Retention: old rows cleared",
    everyMs: DAY_MS,
    stoppedTexts: {
      cancelled: "Cancelled: the rows cleared before it stopped stay cleared; the next run clears the rest.",
      interrupted:
        "Interrupted: the server stopped during this run; the rows cleared before it stay cleared, the next run clears the rest.",
    },
    async run(db, context) {
      const outcome = await applyRetention(db, retentionRules(settings, now()), {
        batchSize: options.batchSize,
        pauseMs: options.pauseMs,
        signal: context?.signal,
        progress: context?.progress,
      });
      const cleared = outcome.rules.filter((rule) => rule.cleared > 0).map((rule) => `${rule.name} ${rule.cleared}`);
      if (cleared.length > 0) log.info(`Retention: ${outcome.cleared} old rows cleared (${cleared.join(", ")})`);
      return outcome;
    },
  };
}
