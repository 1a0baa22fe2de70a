import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { log } from "../log.server";
import { loadJob, startHeldJob, workerName, type JobView } from "./job-queue.server";
import { executeHeldJob, type JobContext, type StoppedTexts } from "./job-worker.server";

/**
 * Periodic work of the site (a scheduled link check, a roll-up of click counts). Each job runs
 * once every `everyMs`, never twice at once; a failure is logged and the next period tries again.
 *
 * The schedule lives in the database (table job_runs: when each job last started), not in the
 * timers of one process, so that (docs/decisions/0032):
 * - several instances on one PostgreSQL database run each job once per period between them,
 *   however their timers are offset: each instance looks every `checkEveryMs`, and the one that
 *   finds the job due takes a PostgreSQL advisory lock for it, checks the last start again under
 *   the lock and records its own before running. A lock held only during the run would not be
 *   enough: an instance whose timer fires just after another's run ended would run it again.
 * - a restart does not reset the clock: an hourly job on a site restarted every half hour still
 *   runs hourly.
 * On SQLite there is one process per database; the in-process flag is the lock.
 *
 * A job seen for the first time is first due one period later, as with a plain interval timer.
 * `runNow` ignores the schedule (but not the lock) and counts as a start.
 *
 * Each run of owner work is also a row of `jobs` (docs/decisions/0098), held by this worker with
 * a heartbeat: the owner sees it in the list of runs, and a run whose process died is marked
 * interrupted and made due again at once (periodicJobInterrupted), rather than waiting for the
 * next period. Housekeeping that runs every few seconds and holds nothing the owner waits for
 * (expired sessions, a look for articles due) is `quiet`: no row, or the list would be nothing else.
 */
export interface PeriodicJob {
  /** Stable and unique: it names the job in logs, in the lock that keeps it single, in job_runs and as its runs' kind. */
  name: string;
  /** The owner's words for a run, in the list of runs ("Price-drop alerts"); the name when unset. */
  label?: string;
  everyMs: number;
  /** What a cancelled or interrupted run says, when it keeps what it did before it stopped. */
  stoppedTexts?: StoppedTexts;
  /** Housekeeping: runs without a row of its own in `jobs` (see above). */
  quiet?: boolean;
  /** The context is there when the runner runs it (tests call it with the database alone). */
  run(db: DB, context?: JobContext): Promise<unknown>;
}

export interface JobRunner {
  /** Runs one job now (outside its schedule), once across instances; false when another run holds it. */
  runNow(name: string): Promise<boolean>;
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  /** How often this instance looks whether a job is due; a job is never looked at less often than its period. Default 60 s. */
  checkEveryMs?: number;
  /** Written to job_runs.last_instance and to the runs' rows: workerName(). */
  instanceId?: string;
  /** Stopped with the runner: a run in progress is interrupted. */
  stopping?: AbortSignal;
  /** The heartbeats' own handle, on SQLite (job-worker.server.ts says why). */
  bookkeeping?: DB;
}

export const DEFAULT_JOB_CHECK_MS = 60_000;

/** A start within this much of a full period counts as due: timers fire a few milliseconds early or late. */
function slackFor(everyMs: number) {
  return Math.min(everyMs / 10, 1_000);
}

/** One advisory lock key per job; the prefix keeps it apart from any other use of advisory locks on a shared server. */
const lockKey = (name: string) => sql`hashtextextended(${`sauna-reviews:job:${name}`}, 0)`;

async function databaseNow(db: DB): Promise<number> {
  if (dialectOf(db) !== "postgres") return Date.now();
  const { rows } = await sql<{ now: number }>`select (extract(epoch from clock_timestamp()) * 1000)::bigint as now`.execute(db);
  return Number(rows[0]!.now);
}

/**
 * Under the job's lock: records a start and says to run, or says the job is not due. A job
 * with no row yet gets one whose "last start" is now, so it is first due a period later.
 */
async function claim(db: DB, job: PeriodicJob, instance: string, onlyIfDue: boolean): Promise<boolean> {
  const now = await databaseNow(db);
  const row = await db.selectFrom("job_runs").select("last_started_at").where("name", "=", job.name).executeTakeFirst();
  if (!row) {
    await db
      .insertInto("job_runs")
      .values({ name: job.name, last_started_at: now, runs: onlyIfDue ? 0 : 1, last_instance: onlyIfDue ? null : instance })
      .onConflict((conflict) => conflict.column("name").doNothing())
      .execute();
    return !onlyIfDue;
  }
  if (onlyIfDue && now - Number(row.last_started_at) < job.everyMs - slackFor(job.everyMs)) return false;
  await db
    .updateTable("job_runs")
    .set((eb) => ({ last_started_at: now, last_instance: instance, runs: eb("runs", "+", 1) }))
    .where("name", "=", job.name)
    .execute();
  return true;
}

async function runAndRecord(db: DB, job: PeriodicJob, instance: string, stopping?: AbortSignal, bookkeeping?: DB): Promise<void> {
  try {
    if (job.quiet) {
      await job.run(db);
      return;
    }
    const id = await startHeldJob(
      db,
      { kind: job.name, label: job.label ?? job.name, startedBy: "schedule", payload: { periodic: true } },
      instance,
    );
    const held = await loadJob(db, id);
    if (held)
      await executeHeldJob(db, held, instance, (context) => job.run(db, context), {
        stopping,
        bookkeeping,
        onInterrupted: (interrupted) => periodicJobInterrupted(db, interrupted),
        stoppedTexts: job.stoppedTexts,
      });
  } catch (error) {
    log.error(`Job ${job.name} failed: ${(error as Error)?.message ?? error}`);
  } finally {
    await recordFinish(db, job);
  }
}

async function recordFinish(db: DB, job: PeriodicJob): Promise<void> {
  await db
    .updateTable("job_runs")
    .set({ last_finished_at: await databaseNow(db) })
    .where("name", "=", job.name)
    .execute();
}

/**
 * Runs `job` if no other run of it is in progress here or (on PostgreSQL) on any instance, and,
 * with onlyIfDue, if its period has passed since the last start anywhere. True when it ran.
 */
async function runExclusively(
  db: DB,
  job: PeriodicJob,
  running: Set<string>,
  instance: string,
  onlyIfDue: boolean,
  options: JobRunnerOptions,
): Promise<boolean> {
  const { stopping, bookkeeping } = options;
  if (running.has(job.name)) return false;
  running.add(job.name);
  try {
    if (dialectOf(db) !== "postgres") {
      if (!(await claim(db, job, instance, onlyIfDue))) return false;
      await runAndRecord(db, job, instance, stopping, bookkeeping);
      return true;
    }
    // A session-level advisory lock on one pooled connection, held for the whole run: if this
    // process dies, PostgreSQL ends the session and releases the lock; the job's own queries use
    // the pool as usual.
    return await db.connection().execute(async (connection) => {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${lockKey(job.name)}) as locked`.execute(connection);
      if (!rows[0]?.locked) return false;
      try {
        if (!(await claim(connection, job, instance, onlyIfDue))) return false;
        await runAndRecord(db, job, instance, stopping, bookkeeping);
        return true;
      } finally {
        await sql`select pg_advisory_unlock(${lockKey(job.name)})`.execute(connection);
      }
    });
  } catch (error) {
    // The database is unreachable or the schedule could not be read: try again at the next look.
    log.error(`Job ${job.name} could not be scheduled: ${(error as Error)?.message ?? error}`);
    return false;
  } finally {
    running.delete(job.name);
  }
}

export function startJobs(db: DB, jobs: PeriodicJob[], options: JobRunnerOptions = {}): JobRunner {
  const checkEveryMs = options.checkEveryMs ?? DEFAULT_JOB_CHECK_MS;
  const instance = options.instanceId ?? workerName();
  const running = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  const track = (promise: Promise<boolean>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(
      () => {
        if (!stopped) void track(runExclusively(db, job, running, instance, true, options));
      },
      Math.min(job.everyMs, checkEveryMs),
    );
    timer.unref();
    return timer;
  });
  return {
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return track(runExclusively(db, job, running, instance, false, options));
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** A periodic job's run was interrupted: it is due again at once, not a whole period later. */
export async function periodicJobInterrupted(db: DB, job: JobView): Promise<void> {
  const payload = job.payload as { periodic?: boolean } | null;
  if (!payload?.periodic) return;
  await db.updateTable("job_runs").set({ last_started_at: 0 }).where("name", "=", job.kind).execute();
}
