import { readFileSync } from "node:fs";
import { hostname } from "node:os";
import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { CancelMarkers } from "./cancel-markers.server";

/**
 * Owner work as rows (docs/decisions/0098): a run is queued by the web process (or started in
 * place by a worker's schedule), claimed by one worker, kept alive by its heartbeat and finished
 * as done, failed or cancelled. Queries only, each taking the database (or a transaction) first.
 */

export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";

export interface JobView {
  id: number;
  kind: string;
  state: JobState;
  label: string;
  payload: unknown;
  startedBy: string | null;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  heartbeatAt: number | null;
  worker: string | null;
  progress: { done: number; total: number | null; note: string | null };
  cancelRequested: boolean;
  result: unknown;
  error: string | null;
}

export interface NewJob {
  kind: string;
  /** What the owner sees in the list of runs: "Feed Nordic Saunas: preview". */
  label: string;
  payload?: unknown;
  /** The admin's e-mail, or "schedule". */
  startedBy?: string | null;
}

/** What an interrupted run says, when nothing it did was committed. */
export const INTERRUPTED_MESSAGE = "Interrupted: the server stopped during this run; nothing was changed.";

/** A heartbeat this old, on another machine, means the worker is gone. */
export const LEASE_MS = 30_000;

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

type Row = {
  id: number;
  kind: string;
  state: string;
  label: string;
  payload: string;
  started_by: string | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  heartbeat_at: number | null;
  worker: string | null;
  progress_done: number;
  progress_total: number | null;
  progress_note: string | null;
  cancel_requested: number;
  result: string | null;
  error: string | null;
};

const VIEW_COLUMNS = [
  "id",
  "kind",
  "state",
  "label",
  "payload",
  "started_by",
  "created_at",
  "started_at",
  "finished_at",
  "heartbeat_at",
  "worker",
  "progress_done",
  "progress_total",
  "progress_note",
  "cancel_requested",
  "result",
  "error",
] as const;

const num = (value: number | string | null) => (value === null ? null : Number(value));

function toView(row: Row): JobView {
  return {
    id: Number(row.id),
    kind: row.kind,
    state: row.state as JobState,
    label: row.label,
    payload: parse(row.payload),
    startedBy: row.started_by,
    createdAt: Number(row.created_at),
    startedAt: num(row.started_at),
    finishedAt: num(row.finished_at),
    heartbeatAt: num(row.heartbeat_at),
    worker: row.worker,
    progress: { done: Number(row.progress_done), total: num(row.progress_total), note: row.progress_note },
    cancelRequested: Number(row.cancel_requested) === 1,
    result: parse(row.result),
    error: row.error,
  };
}

export const isFinished = (state: JobState) => state === "done" || state === "failed" || state === "cancelled";

/** Queues a run for a worker; inside a transaction, it is queued only if that commits. */
export async function enqueueJob(db: DB, job: NewJob, now: number = Date.now()): Promise<number> {
  const row = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      state: "queued",
      label: job.label,
      payload: JSON.stringify(job.payload ?? null),
      started_by: job.startedBy ?? null,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function loadJob(db: DB, id: number): Promise<JobView | null> {
  const row = await db.selectFrom("jobs").select(VIEW_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? toView(row) : null;
}

/** The newest runs first; of one kind, or of every kind. */
export async function listJobs(db: DB, options: { kind?: string; limit?: number; beforeId?: number } = {}): Promise<JobView[]> {
  let query = db
    .selectFrom("jobs")
    .select(VIEW_COLUMNS)
    .orderBy("id", "desc")
    .limit(options.limit ?? 50);
  if (options.kind) query = query.where("kind", "=", options.kind);
  if (options.beforeId) query = query.where("id", "<", options.beforeId);
  return (await query.execute()).map(toView);
}

/** The runs of one kind not yet finished, oldest first (a page shows "already running"). */
export async function unfinishedJobs(db: DB, kind: string): Promise<JobView[]> {
  const rows = await db
    .selectFrom("jobs")
    .select(VIEW_COLUMNS)
    .where("kind", "=", kind)
    .where("state", "in", ["queued", "running"])
    .orderBy("id")
    .execute();
  return rows.map(toView);
}

/**
 * The owner's Cancel: a queued run is cancelled at once; a running one is asked to stop, which its
 * worker hears at its next look (its transaction is rolled back). False when it had finished.
 * On SQLite the request is a marker file (cancel-markers.server.ts says why): the worker cancels a
 * queued run when it comes to take it.
 */
export async function requestCancel(db: DB, id: number, options: { markers?: CancelMarkers; now?: number } = {}): Promise<boolean> {
  const now = options.now ?? Date.now();
  if (options.markers && dialectOf(db) === "sqlite") {
    const job = await loadJob(db, id);
    if (!job || isFinished(job.state)) return false;
    options.markers.mark(id);
    return true;
  }
  const queued = await db
    .updateTable("jobs")
    .set({ state: "cancelled", finished_at: now, error: "Cancelled before it started; nothing was changed." })
    .where("id", "=", id)
    .where("state", "=", "queued")
    .executeTakeFirst();
  if (Number(queued.numUpdatedRows) === 1) return true;
  const running = await db
    .updateTable("jobs")
    .set({ cancel_requested: 1 })
    .where("id", "=", id)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(running.numUpdatedRows) === 1;
}

/**
 * Waits (polling, never blocking) until the run has finished or `timeoutMs` has passed: the
 * run, or null on time-out. For a form whose answer is usually quick: it shows the result in
 * place when the run ends soon, or the run's progress page when it does not.
 */
export async function waitForJob(db: DB, id: number, timeoutMs: number, pollMs = 100): Promise<JobView | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await loadJob(db, id);
    if (!job) return null;
    if (isFinished(job.state)) return job;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
  }
}

/** Waits (polling) until a worker has taken the run; false when none did within `timeoutMs`. */
export async function waitForJobStart(db: DB, id: number, timeoutMs: number, pollMs = 50): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.selectFrom("jobs").select("state").where("id", "=", id).executeTakeFirst();
    if (!row || row.state !== "queued") return row !== undefined;
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

// ---- The worker's side.

/** Names this process in the rows it holds: the sweeper on the same machine asks whether it still runs. */
export function workerName(boot: string = Date.now().toString(36)): string {
  return `${hostname()}:${process.pid}:${boot}`;
}

/** Takes the oldest queued run of these kinds for this worker; null when there is none. */
export async function claimNextJob(db: DB, worker: string, kinds: readonly string[], now: number = Date.now()): Promise<JobView | null> {
  if (kinds.length === 0) return null;
  const lease = { state: "running" as const, worker, started_at: now, heartbeat_at: now, lease_until: now + LEASE_MS };
  if (dialectOf(db) === "postgres") {
    // Two workers asking at once take different rows, neither waiting for the other.
    const { rows } = await sql<Row>`
      update jobs set state = 'running', worker = ${worker}, started_at = ${now}, heartbeat_at = ${now}, lease_until = ${now + LEASE_MS}
      where id = (
        select id from jobs where state = 'queued' and kind in (${sql.join(kinds)})
        order by id limit 1 for update skip locked
      )
      returning ${sql.join(VIEW_COLUMNS.map((column) => sql.ref(column)))}`.execute(db);
    return rows[0] ? toView(rows[0]) : null;
  }
  // SQLite: one writer at a time; the state condition keeps a second claim of the same row out.
  const candidate = await db
    .selectFrom("jobs")
    .select("id")
    .where("state", "=", "queued")
    .where("kind", "in", kinds)
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!candidate) return null;
  const claimed = await db.updateTable("jobs").set(lease).where("id", "=", candidate.id).where("state", "=", "queued").executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return null;
  return loadJob(db, Number(candidate.id));
}

/** A run a worker starts itself (a schedule), already running and held by it. */
export async function startHeldJob(db: DB, job: NewJob, worker: string, now: number = Date.now()): Promise<number> {
  const row = await db
    .insertInto("jobs")
    .values({
      kind: job.kind,
      state: "running",
      label: job.label,
      payload: JSON.stringify(job.payload ?? null),
      started_by: job.startedBy ?? null,
      created_at: now,
      started_at: now,
      heartbeat_at: now,
      lease_until: now + LEASE_MS,
      worker,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface Progress {
  done: number;
  total?: number | null;
  note?: string | null;
}

/** Moves the lease on and writes the progress of a run this worker holds. */
export async function heartbeat(db: DB, id: number, worker: string, progress: Progress | null, now: number = Date.now()): Promise<void> {
  await db
    .updateTable("jobs")
    .set({
      heartbeat_at: now,
      lease_until: now + LEASE_MS,
      ...(progress
        ? {
            progress_done: progress.done,
            ...(progress.total !== undefined ? { progress_total: progress.total } : {}),
            ...(progress.note !== undefined ? { progress_note: progress.note } : {}),
          }
        : {}),
    })
    .where("id", "=", id)
    .where("worker", "=", worker)
    .where("state", "=", "running")
    .execute();
}

/** Whether this worker still holds the run, and whether the owner asked to cancel it: a read only. */
export async function heardFrom(db: DB, id: number, worker: string): Promise<{ held: boolean; cancelRequested: boolean }> {
  const row = await db.selectFrom("jobs").select(["state", "worker", "cancel_requested"]).where("id", "=", id).executeTakeFirst();
  const held = row !== undefined && row.state === "running" && row.worker === worker;
  return { held, cancelRequested: held && Number(row.cancel_requested) === 1 };
}

/**
 * Ends a run this worker holds. Inside the transaction of the run's own writes, it commits with
 * them: a crash can then never leave work saved and its run "running".
 */
export async function finishJob(
  db: DB,
  id: number,
  worker: string,
  outcome: { state: "done" | "failed" | "cancelled"; result?: unknown; error?: string | null; progress?: Progress | null },
  now: number = Date.now(),
): Promise<boolean> {
  const updated = await db
    .updateTable("jobs")
    .set({
      state: outcome.state,
      finished_at: now,
      lease_until: null,
      result: outcome.result === undefined ? null : JSON.stringify(outcome.result),
      error: outcome.error ?? null,
      // The note too: a run quicker than one heartbeat would otherwise end without its words.
      ...(outcome.progress
        ? {
            progress_done: outcome.progress.done,
            ...(outcome.progress.total !== undefined ? { progress_total: outcome.progress.total } : {}),
            ...(outcome.progress.note !== undefined ? { progress_note: outcome.progress.note } : {}),
          }
        : {}),
    })
    .where("id", "=", id)
    .where("worker", "=", worker)
    .where("state", "=", "running")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Whether a worker named by workerName() on this machine is gone; null when it is on another machine. */
export function workerGoneHere(worker: string | null, host: string = hostname()): boolean | null {
  if (!worker) return true;
  const [workerHost, pidText] = worker.split(":");
  if (workerHost !== host) return null;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
  return isZombie(pid);
}

/**
 * A process killed with SIGKILL whose parent died too stays a zombie until the system's first
 * process collects it, and some (a container's init that is not an init) never do: signal 0
 * still reaches it, yet it will never write again. Linux says so in /proc; elsewhere, alive.
 */
function isZombie(pid: number): boolean {
  try {
    // "pid (name) S ...": the state follows the last parenthesis (the name may hold some).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}

/**
 * Runs whose worker is gone: on this machine, a worker process that no longer exists (found at
 * once, e.g. at start-up after a kill -9); elsewhere, one whose lease ran out. Each is marked
 * failed with INTERRUPTED_MESSAGE and returned, for its kind to mend its own rows.
 */
export async function interruptAbandonedJobs(
  db: DB,
  now: number = Date.now(),
  /** A kind's own words, when "nothing was changed" is not true of it (a link check keeps what it checked). */
  interruptedTextOf: (kind: string) => string | undefined = () => undefined,
): Promise<JobView[]> {
  const running = await db.selectFrom("jobs").select(VIEW_COLUMNS).where("state", "=", "running").execute();
  const abandoned = running.map(toView).filter((job) => {
    const gone = workerGoneHere(job.worker);
    if (gone !== null) return gone;
    return job.heartbeatAt === null || job.heartbeatAt + LEASE_MS < now;
  });
  const interrupted: JobView[] = [];
  for (const job of abandoned) {
    const error = interruptedTextOf(job.kind) ?? INTERRUPTED_MESSAGE;
    const updated = await db
      .updateTable("jobs")
      .set({ state: "failed", finished_at: now, lease_until: null, error })
      .where("id", "=", job.id)
      .where("state", "=", "running")
      .where((eb) => (job.worker === null ? eb("worker", "is", null) : eb("worker", "=", job.worker)))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) interrupted.push({ ...job, state: "failed", finishedAt: now, error });
  }
  return interrupted;
}

/** Which finished runs a clean-up forgets: every one, or only the schedule's runs that went well (they say nothing but "done"). */
export type FinishedRuns = "all" | "scheduled-done";

function finishedBefore(db: DB, before: number, which: FinishedRuns) {
  const query = db.selectFrom("jobs").where("finished_at", "<", before);
  return which === "all"
    ? query.where("state", "in", ["done", "failed", "cancelled"])
    : query.where("state", "=", "done").where("started_by", "=", "schedule");
}

/** How many finished runs ended before the cut-off. */
export async function countFinishedJobs(db: DB, before: number, which: FinishedRuns = "all"): Promise<number> {
  const row = await finishedBefore(db, before, which)
    .select((eb) => eb.fn.countAll<number | string>().as("runs"))
    .executeTakeFirst();
  return Number(row?.runs ?? 0);
}

/** Forgets up to `limit` finished runs that ended before the cut-off, oldest first; how many (their domain rows keep what the owner needs). */
export async function forgetFinishedJobs(db: DB, before: number, limit: number, which: FinishedRuns = "all"): Promise<number> {
  const result = await db
    .deleteFrom("jobs")
    .where("id", "in", finishedBefore(db, before, which).select("id").orderBy("id").limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many runs wait for a worker, and how many run now (for /metrics). */
export async function countUnfinishedJobs(db: DB): Promise<{ queued: number; running: number }> {
  const rows = await db
    .selectFrom("jobs")
    .select(["state", (eb) => eb.fn.countAll<number>().as("runs")])
    .where("state", "in", ["queued", "running"])
    .groupBy("state")
    .execute();
  const count = (state: string) => Number(rows.find((row) => row.state === state)?.runs ?? 0);
  return { queued: count("queued"), running: count("running") };
}
