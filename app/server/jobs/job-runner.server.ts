import type { DB } from "../db/connection.server";
import { log } from "../log.server";

/**
 * Periodic work of the site (a scheduled link check, a roll-up of click counts). Each job runs
 * every `everyMs`, never twice at once in this process; a failure is logged and the next period
 * tries again.
 *
 * One process per site on SQLite runs every job itself. Several instances on one PostgreSQL
 * database must run each job once per period across all of them: that is this module's job
 * too (see `runExclusively`), so a job never has to know how many instances there are.
 */
export interface PeriodicJob {
  /** Stable and unique: it names the job in logs and in the lock that keeps it single. */
  name: string;
  everyMs: number;
  run(db: DB): Promise<void>;
}

export interface JobRunner {
  /** Runs one job now (outside its schedule), once across instances; false when another run holds it. */
  runNow(name: string): Promise<boolean>;
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `job` unless a run of it is already in progress. On a single SQLite process an in-memory
 * flag is enough.
 */
async function runExclusively(db: DB, job: PeriodicJob, running: Set<string>): Promise<boolean> {
  if (running.has(job.name)) return false;
  running.add(job.name);
  try {
    await job.run(db);
    return true;
  } catch (error) {
    log.error(`Job ${job.name} failed: ${(error as Error)?.message ?? error}`);
    return true;
  } finally {
    running.delete(job.name);
  }
}

export function startJobs(db: DB, jobs: PeriodicJob[]): JobRunner {
  const running = new Set<string>();
  const inFlight = new Set<Promise<unknown>>();
  const track = (promise: Promise<boolean>) => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };
  const timers = jobs.map((job) => {
    const timer = setInterval(() => void track(runExclusively(db, job, running)), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    runNow(name) {
      const job = jobs.find((candidate) => candidate.name === name);
      if (!job) return Promise.reject(new Error(`No job named ${name}`));
      return track(runExclusively(db, job, running));
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
