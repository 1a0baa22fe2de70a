import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DB } from "../db/connection.server";
import { cancelMarkers, type CancelMarkers } from "./cancel-markers.server";
import {
  claimNextJob,
  enqueueJob,
  INTERRUPTED_MESSAGE,
  interruptAbandonedJobs,
  LEASE_MS,
  loadJob,
  requestCancel,
  startHeldJob,
  waitForJob,
  workerName,
} from "./job-queue.server";
import { executeHeldJob, JobFailure, startWorker, type JobKind, type Worker } from "./job-worker.server";
import { periodicJobInterrupted } from "./job-runner.server";

// The worker's loop on a real database: a queued run is taken, its progress written, its outcome
// recorded; Cancel rolls its transaction back; a run whose worker is gone is marked interrupted.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FAST = { pollMs: 10, heartbeatMs: 10, sweepMs: 50, graceMs: 0 };

describe.each(testDialects)("the job worker on %s", (dialect) => {
  let test: TestDatabase;
  // The owner's side (the web process) on a handle of its own, as in production: on SQLite one
  // handle runs one transaction at a time, and the worker's would hold up every read of the test.
  let owner: DB;
  const workers: Worker[] = [];
  let markers: CancelMarkers;
  const start = (kinds: JobKind[], name = workerName()) => {
    const worker = startWorker(test.db, { name, kinds, bookkeeping: test.openAnother(), markers, ...FAST });
    workers.push(worker);
    return worker;
  };
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
    owner = test.openAnother();
    markers = cancelMarkers(mkdtempSync(path.join(tmpdir(), "run-cancels-")));
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await test.drop();
  });

  /** Writes a merchant per step inside one transaction, so a rolled-back run leaves none. */
  const merchants = (steps: number, options: { stepMs?: number; failAt?: number } = {}): JobKind => ({
    kind: "merchants",
    async run({ db, signal, progress, finishWithin }) {
      return db.transaction().execute(async (trx) => {
        for (let step = 1; step <= steps; step++) {
          signal.throwIfAborted();
          if (step === options.failAt) throw new JobFailure(`Step ${step} refused: nothing was saved.`);
          await trx
            .insertInto("merchants")
            .values({ name: `Shop ${step}`, slug: `shop-${step}` })
            .execute();
          progress({ done: step, total: steps, note: "shops written" });
          if (options.stepMs) await sleep(options.stepMs);
        }
        await finishWithin(trx, { written: steps });
        return { written: steps };
      });
    },
  });
  const shops = async () =>
    Number(
      (
        await owner
          .selectFrom("merchants")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("takes a queued run, records its progress and its result", async () => {
    const id = await enqueueJob(owner, { kind: "merchants", label: "Three shops", startedBy: "owner@example.com" });
    expect((await loadJob(owner, id))!.state).toBe("queued");
    start([merchants(3)]);
    const done = await waitForJob(owner, id, 10_000);
    expect(done).toMatchObject({ state: "done", result: { written: 3 }, progress: { done: 3, total: 3 }, startedBy: "owner@example.com" });
    expect(await shops()).toBe(3);
  });

  it("a run that ended inside its own transaction is done, though its row no longer reads as held while it returns", async () => {
    const id = await enqueueJob(owner, { kind: "merchants", label: "Ends within" });
    const name = workerName();
    const held = await claimNextJob(test.db, name, ["merchants"]);
    expect(held?.id).toBe(id);
    const state = await executeHeldJob(
      test.db,
      held!,
      name,
      async (context) => {
        const written = await merchants(2).run(context);
        // Long enough for the listener to read the committed row, no longer "running" under this worker.
        await sleep(100);
        return written;
      },
      { bookkeeping: test.openAnother(), markers, heartbeatMs: 10 },
    );
    expect(state).toBe("done");
    expect(await loadJob(owner, id)).toMatchObject({ state: "done", result: { written: 2 } });
  });

  it("a refusal in the owner's words fails the run and saves nothing", async () => {
    const id = await enqueueJob(owner, { kind: "merchants", label: "Refused" });
    start([merchants(3, { failAt: 2 })]);
    expect(await waitForJob(owner, id, 10_000)).toMatchObject({ state: "failed", error: "Step 2 refused: nothing was saved." });
    expect(await shops()).toBe(0);
  });

  it("Cancel stops a running run at its next step and rolls its writes back", async () => {
    const id = await enqueueJob(owner, { kind: "merchants", label: "Slow" });
    start([merchants(200, { stepMs: 20 })]);
    // Under way (on SQLite its progress is written only when its transaction lets the heartbeat write).
    await expect.poll(async () => (await loadJob(owner, id))!.state, { timeout: 10_000 }).toBe("running");
    await sleep(100);
    expect(await requestCancel(owner, id, { markers })).toBe(true);
    expect(await waitForJob(owner, id, 10_000)).toMatchObject({ state: "cancelled", error: "Cancelled: nothing was changed." });
    expect(await shops()).toBe(0);
    // A queued run is cancelled at once; a finished one cannot be.
    // A queued run never starts: cancelled at once (PostgreSQL) or when the worker comes to it (SQLite's marker).
    const queued = await enqueueJob(owner, { kind: "merchants", label: "Waiting" });
    expect(await requestCancel(owner, queued, { markers })).toBe(true);
    expect(await waitForJob(owner, queued, 10_000)).toMatchObject({ state: "cancelled" });
    expect(await requestCancel(owner, queued, { markers })).toBe(false);
    expect(await shops()).toBe(0);
  });

  it("stopping the worker interrupts a run in progress, which says so and changed nothing", async () => {
    const id = await enqueueJob(owner, { kind: "merchants", label: "Slow" });
    const worker = start([merchants(200, { stepMs: 20 })]);
    await expect.poll(async () => (await loadJob(owner, id))!.state, { timeout: 10_000 }).toBe("running");
    await sleep(100);
    await worker.stop();
    expect(await loadJob(owner, id)).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
    expect(await shops()).toBe(0);
  });

  it("a run whose worker process is gone is marked interrupted at once on the same machine, and on another when its lease ends", async () => {
    const marked: number[] = [];
    const kind: JobKind = { kind: "feedlike", run: async () => null, interrupted: async (_db, job) => void marked.push(job.id) };
    // A process of this machine that no longer exists (pid 2^22 + 1 is above Linux's pid_max).
    const deadHere = await startHeldJob(owner, { kind: "feedlike", label: "Killed" }, `${workerName().split(":")[0]}:4194305:x`);
    const otherMachine = await startHeldJob(owner, { kind: "feedlike", label: "Elsewhere" }, "another-host:123:x");
    const alive = await startHeldJob(owner, { kind: "feedlike", label: "Mine" }, workerName());
    start([kind]);
    await expect.poll(() => marked.includes(deadHere), { timeout: 10_000 }).toBe(true);
    expect(await loadJob(owner, deadHere)).toMatchObject({ state: "failed", error: INTERRUPTED_MESSAGE });
    expect((await loadJob(owner, otherMachine))!.state).toBe("running");
    expect((await loadJob(owner, alive))!.state).toBe("running");
    // The lease of the other machine's run runs out: the next sweep (by any instance) marks it.
    const later = Date.now() + LEASE_MS + 1_000;
    expect((await interruptAbandonedJobs(owner, later)).map((job) => job.id)).toEqual([otherMachine]);
  });

  it("an interrupted periodic run is due again at once", async () => {
    await owner.insertInto("job_runs").values({ name: "price-alerts", last_started_at: Date.now(), runs: 1, last_instance: "x" }).execute();
    const id = await startHeldJob(owner, { kind: "price-alerts", label: "Alerts", payload: { periodic: true } }, "gone-host:1:x");
    const [job] = await interruptAbandonedJobs(owner, Date.now() + LEASE_MS + 1_000);
    expect(job!.id).toBe(id);
    await periodicJobInterrupted(owner, job!);
    expect(Number((await owner.selectFrom("job_runs").select("last_started_at").executeTakeFirstOrThrow()).last_started_at)).toBe(0);
  });

  it("two workers never take the same run", async () => {
    const taken: string[] = [];
    const kind = (name: string): JobKind => ({
      kind: "count",
      async run({ job }) {
        taken.push(`${job.id}`);
        await sleep(5);
        return name;
      },
    });
    const ids = await Promise.all(Array.from({ length: 30 }, (_, index) => enqueueJob(owner, { kind: "count", label: `Run ${index}` })));
    const other = test.openAnother();
    workers.push(startWorker(other, { name: "host-b:1:b", kinds: [kind("b")], bookkeeping: test.openAnother(), ...FAST }));
    start([kind("a")]);
    for (const id of ids) expect((await waitForJob(owner, id, 20_000))!.state).toBe("done");
    expect(taken.sort()).toEqual(ids.map(String).sort());
  });
});
