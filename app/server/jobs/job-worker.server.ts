import type { DB } from "../db/connection.server";
import type { CancelMarkers } from "./cancel-markers.server";
import { log } from "../log.server";
import {
  claimNextJob,
  finishJob,
  heardFrom,
  heartbeat,
  INTERRUPTED_MESSAGE,
  interruptAbandonedJobs,
  type JobView,
  type Progress,
} from "./job-queue.server";

/**
 * The worker's loop (docs/decisions/0098): it claims queued runs of the kinds it knows, runs
 * each with a heartbeat that moves its lease on, writes its progress and hears the owner's
 * Cancel, and ends it as done, failed or cancelled. A sweeper marks the runs of workers that are
 * gone (a kill -9, a power cut) as interrupted, so no run stays "Running" for ever.
 */

/** What a run is given. */
export interface JobContext {
  db: DB;
  job: JobView;
  /** Aborted when the owner cancels, or the worker stops: stop between two steps, roll back. */
  signal: AbortSignal;
  /** The run's progress; written with the next heartbeat, so call it as often as is convenient. */
  progress(progress: Progress): void;
  /**
   * Ends the run inside the transaction of its own writes, so that it commits with them: after a
   * crash the run then says what is true (done, or interrupted with nothing changed).
   */
  finishWithin(trx: DB, result: unknown): Promise<void>;
}

export interface JobKind {
  kind: string;
  /**
   * What a cancelled or interrupted run says, when "nothing was changed" is not the truth (a link
   * check keeps the results it stored before it stopped).
   */
  stoppedTexts?: StoppedTexts;
  /** Returns what the run did (stored as JSON for its page); throws JobFailure in the owner's words. */
  run(context: JobContext): Promise<unknown>;
  /** After a run of this kind was interrupted: its own rows (a feed run "running") say so too. */
  interrupted?(db: DB, job: JobView): Promise<void>;
}

/** A run that failed for a reason the owner can act on: the message is shown as it is. */
export class JobFailure extends Error {
  override name = "JobFailure";
  constructor(
    message: string,
    readonly result?: unknown,
  ) {
    super(message);
  }
}

export interface StoppedTexts {
  cancelled: string;
  interrupted: string;
}

const ALL_OR_NOTHING: StoppedTexts = { cancelled: "Cancelled: nothing was changed.", interrupted: INTERRUPTED_MESSAGE };

/** The owner pressed Cancel. */
export class JobCancelled extends Error {
  override name = "JobCancelled";
}

/** The worker is stopping, or another worker took the run over. */
class JobInterrupted extends Error {
  override name = "JobInterrupted";
}

export interface WorkerTimings {
  /** How often an idle worker looks for queued runs. */
  pollMs: number;
  /** How often a running run's heartbeat is written (and its progress, and Cancel heard). */
  heartbeatMs: number;
  /** How often the worker looks for runs of workers that are gone. */
  sweepMs: number;
  /** On stop, how long runs in progress may take to finish before they are interrupted. */
  graceMs: number;
}

export const DEFAULT_TIMINGS: WorkerTimings = { pollMs: 250, heartbeatMs: 1_000, sweepMs: 5_000, graceMs: 8_000 };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs one held run to its end: heartbeat, progress, Cancel, and the row's final state. Also used
 * for the periodic jobs, whose rows the schedule starts itself (job-runner.server.ts).
 */
export async function executeHeldJob(
  db: DB,
  job: JobView,
  worker: string,
  run: (context: JobContext) => Promise<unknown>,
  options: {
    /**
     * The handle the heartbeat uses. On SQLite a second one: the run's own transaction holds its
     * handle, and the owner's Cancel must still be heard while it runs.
     */
    bookkeeping?: DB;
    /** SQLite: where the owner's Cancel is written (cancel-markers.server.ts). */
    markers?: CancelMarkers;
    heartbeatMs?: number;
    stopping?: AbortSignal;
    onInterrupted?: (job: JobView) => Promise<void>;
    stoppedTexts?: StoppedTexts;
  } = {},
): Promise<JobView["state"]> {
  const texts = options.stoppedTexts ?? ALL_OR_NOTHING;
  const controller = new AbortController();
  const stopListening = () => controller.abort(new JobInterrupted(texts.interrupted));
  if (options.stopping?.aborted) stopListening();
  options.stopping?.addEventListener("abort", stopListening, { once: true });
  const bookkeeping = options.bookkeeping ?? db;
  let latest: Progress | null = null;
  // Two loops: the owner's Cancel is a read, which SQLite's WAL answers even while another
  // connection (the run's own) holds the write lock; the heartbeat's write waits for that lock.
  let listening = false;
  let beating = false;
  // Set once the run has written its own end into its transaction: from then on the row no longer
  // reads as held by this worker, which is not a takeover.
  let endedWithin = false;
  const listen = setInterval(() => {
    if (listening || endedWithin) return;
    listening = true;
    if (options.markers?.marked(job.id)) controller.abort(new JobCancelled(texts.cancelled));
    heardFrom(bookkeeping, job.id, worker)
      .then(({ held, cancelRequested }) => {
        if (!held) controller.abort(new JobInterrupted(texts.interrupted));
        else if (cancelRequested) controller.abort(new JobCancelled(texts.cancelled));
      })
      .catch((error: unknown) => log.warn(`Run ${job.id} (${job.kind}): could not read its state: ${messageOf(error)}`))
      .finally(() => (listening = false));
  }, options.heartbeatMs ?? DEFAULT_TIMINGS.heartbeatMs);
  const beat = setInterval(() => {
    if (beating) return;
    beating = true;
    heartbeat(bookkeeping, job.id, worker, latest)
      .catch((error: unknown) => log.warn(`Run ${job.id} (${job.kind}): heartbeat failed: ${messageOf(error)}`))
      .finally(() => (beating = false));
  }, options.heartbeatMs ?? DEFAULT_TIMINGS.heartbeatMs);
  const context: JobContext = {
    db,
    job,
    signal: controller.signal,
    progress: (progress) => (latest = progress),
    finishWithin: async (trx, result) => {
      await finishJob(trx, job.id, worker, { state: "done", result, progress: latest });
      endedWithin = true;
    },
  };
  try {
    // Cancelled while it waited in the queue (SQLite's marker): it never starts.
    if (options.markers?.marked(job.id)) throw new JobCancelled(texts.cancelled);
    const result = await run(context);
    // Its end committed with its writes (the run returned, so its transaction did).
    if (endedWithin) return "done";
    // A run that stopped between two steps when asked to, and returned, ended the same way.
    if (controller.signal.aborted) throw controller.signal.reason;
    // A no-op when finishWithin already ended it.
    await finishJob(db, job.id, worker, { state: "done", result, progress: latest });
    return "done";
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    if (reason instanceof JobCancelled) {
      await finishJob(db, job.id, worker, { state: "cancelled", error: reason.message, progress: latest });
      log.info(`Run ${job.id} (${job.label}) cancelled by the owner`);
      return "cancelled";
    }
    if (reason instanceof JobInterrupted) {
      if (await finishJob(db, job.id, worker, { state: "failed", error: reason.message, progress: latest }))
        await options.onInterrupted?.({ ...job, state: "failed", error: reason.message });
      return "failed";
    }
    const failure = error instanceof JobFailure;
    if (!failure) log.error(`Run ${job.id} (${job.label}) failed: ${messageOf(error)}`);
    await finishJob(db, job.id, worker, {
      state: "failed",
      error: failure ? error.message : `The run failed: ${messageOf(error)}. Nothing was changed.`,
      result: failure ? error.result : undefined,
      progress: latest,
    });
    return "failed";
  } finally {
    clearInterval(listen);
    clearInterval(beat);
    options.markers?.clear(job.id);
    options.stopping?.removeEventListener("abort", stopListening);
  }
}

export interface Worker {
  /** Looks for queued runs now rather than at the next poll. */
  wake(): void;
  /** Marks the runs of workers that are gone as interrupted; the ones it marked. */
  sweep(): Promise<JobView[]>;
  /** Stops claiming; waits for runs in progress (up to graceMs), then interrupts them. */
  stop(): Promise<void>;
}

export interface WorkerOptions extends Partial<WorkerTimings> {
  /** host:pid:boot (workerName()). */
  name: string;
  /** A second handle for the heartbeats, on SQLite (see executeHeldJob); the runs' own by default. */
  bookkeeping?: DB;
  /** SQLite: where the owner's Cancel is written (cancel-markers.server.ts). */
  markers?: CancelMarkers;
  kinds: readonly JobKind[];
  /** Runs at once. */
  concurrency?: number;
  /** The periodic jobs' own words for an interrupted run, by name (their kinds are not in `kinds`). */
  interruptedTexts?: Record<string, string>;
  /** After the sweeper marked a run interrupted (the periodic jobs make theirs due again). */
  onInterrupted?: (job: JobView) => Promise<void>;
}

export function startWorker(db: DB, options: WorkerOptions): Worker {
  const timings = { ...DEFAULT_TIMINGS, ...options };
  const concurrency = options.concurrency ?? 2;
  const byKind = new Map(options.kinds.map((kind) => [kind.kind, kind]));
  const kindNames = [...byKind.keys()];
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  let looking = false;
  let lookAgain = false;
  let closed = false;

  const afterInterruption = async (job: JobView) => {
    try {
      await byKind.get(job.kind)?.interrupted?.(db, job);
      await options.onInterrupted?.(job);
    } catch (error) {
      log.error(`Run ${job.id} (${job.kind}) was interrupted, and its own rows could not be marked: ${messageOf(error)}`);
    }
  };

  async function look(): Promise<void> {
    if (looking) {
      lookAgain = true;
      return;
    }
    looking = true;
    try {
      do {
        lookAgain = false;
        while (!closed && running.size < concurrency) {
          const job = await claimNextJob(db, options.name, kindNames);
          if (!job) break;
          const kind = byKind.get(job.kind)!;
          log.info(`Run ${job.id} started: ${job.label}`);
          const started = Date.now();
          const execution = executeHeldJob(db, job, options.name, (context) => kind.run(context), {
            heartbeatMs: timings.heartbeatMs,
            bookkeeping: options.bookkeeping,
            markers: options.markers,
            stopping: stopping.signal,
            onInterrupted: afterInterruption,
            stoppedTexts: kind.stoppedTexts,
          })
            .then((state) => log.info(`Run ${job.id} ${state} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${job.label}`))
            .catch((error: unknown) => log.error(`Run ${job.id} could not be recorded: ${messageOf(error)}`))
            .finally(() => {
              running.delete(execution);
              // A slot is free: the next queued run need not wait for the poll.
              void look();
            });
          running.add(execution);
        }
      } while (lookAgain && !closed);
    } catch (error) {
      log.warn(`The worker could not look for queued runs: ${messageOf(error)}`);
    } finally {
      looking = false;
    }
  }

  async function sweep(): Promise<JobView[]> {
    const interrupted = await interruptAbandonedJobs(
      db,
      Date.now(),
      (kind) => byKind.get(kind)?.stoppedTexts?.interrupted ?? options.interruptedTexts?.[kind],
    );
    for (const job of interrupted) {
      log.warn(`Run ${job.id} (${job.label}) was interrupted: its worker ${job.worker ?? "?"} is gone`);
      await afterInterruption(job);
    }
    return interrupted;
  }

  const sweepSafely = () => sweep().catch((error: unknown) => log.warn(`The run sweeper failed: ${messageOf(error)}`));
  void sweepSafely().then(() => look());
  const poll = setInterval(() => void look(), timings.pollMs);
  const sweeper = setInterval(() => void sweepSafely(), timings.sweepMs);
  poll.unref();
  sweeper.unref();

  return {
    wake: () => void look(),
    sweep,
    async stop() {
      closed = true;
      clearInterval(poll);
      clearInterval(sweeper);
      const inProgress = [...running];
      if (inProgress.length > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise((resolve) => (timer = setTimeout(resolve, timings.graceMs)));
        await Promise.race([Promise.allSettled(inProgress), grace]);
        clearTimeout(timer);
      }
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}
