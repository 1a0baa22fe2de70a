import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { startJobs, type JobRunner, type PeriodicJob } from "./job-runner.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a state, not for a fixed time: on a busy machine taking the lock can take a while. */
async function until(condition: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

async function untilAsync(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await sleep(10);
  }
}

async function jobRow(db: DB, name: string) {
  return db.selectFrom("job_runs").selectAll().where("name", "=", name).executeTakeFirst();
}

describe.each(testDialects)("periodic jobs on %s", (dialect) => {
  let test: TestDatabase;
  const runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await test?.drop();
  });
  const start = (db: DB, jobs: PeriodicJob[], checkEveryMs?: number, instanceId?: string) => {
    const runner = startJobs(db, jobs, { checkEveryMs, instanceId });
    runners.push(runner);
    return runner;
  };

  it("first runs a new job one period after it is first seen, then once per period, and records each start", async () => {
    test = await createTestDatabase(dialect);
    const everyMs = 1_000;
    // Each run notes the start it claimed (job_runs is on the schedule's own clock): how late this
    // process gets to run its callbacks on a busy machine does not blur the spacing.
    const starts: number[] = [];
    const job: PeriodicJob = {
      name: "count",
      everyMs,
      run: async (db) => void starts.push(Number((await jobRow(db, "count"))!.last_started_at)),
    };
    start(test.db, [job], 100, "one");
    let seen: Awaited<ReturnType<typeof jobRow>>;
    await untilAsync(async () => (seen = await jobRow(test.db, "count")) !== undefined);
    // Seen (a row with no runs), not run yet.
    expect(seen).toMatchObject({ runs: 0, last_instance: null });
    expect(starts).toEqual([]);
    await until(() => starts.length >= 2);
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    const slack = everyMs / 10;
    expect(starts[0]! - Number(seen!.last_started_at)).toBeGreaterThanOrEqual(everyMs - slack);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(everyMs - slack);
    const row = await jobRow(test.db, "count");
    expect(Number(row!.runs)).toBe(starts.length);
    expect(row!.last_instance).toBe("one");
  });

  it("runNow runs outside the schedule and counts as a start; a failing job is logged and tried again next period", async () => {
    test = await createTestDatabase(dialect);
    let calls = 0;
    const runner = start(test.db, [
      {
        name: "flaky",
        everyMs: 60_000,
        run: async () => {
          calls += 1;
          throw new Error("the remote answered 500");
        },
      },
    ]);
    expect(await runner.runNow("flaky")).toBe(true);
    expect(await runner.runNow("flaky")).toBe(true);
    expect(calls).toBe(2);
    const row = await jobRow(test.db, "flaky");
    expect(Number(row!.runs)).toBe(2);
    expect(row!.last_finished_at).not.toBeNull();
    await expect(runner.runNow("nope")).rejects.toThrow("No job named nope");
  });

  it("never runs a job twice at once, and stop() waits for the run in progress", async () => {
    test = await createTestDatabase(dialect);
    let release: (() => void) | undefined;
    let finished = false;
    const runner = start(test.db, [
      {
        name: "slow",
        everyMs: 60_000,
        run: async () => {
          await new Promise<void>((resolve) => (release = resolve));
          finished = true;
        },
      },
    ]);
    const first = runner.runNow("slow");
    await until(() => release !== undefined);
    expect(await runner.runNow("slow")).toBe(false);
    const stopped = runner.stop();
    release!();
    await stopped;
    expect(finished).toBe(true);
    expect(await first).toBe(true);
  });

  it.runIf(dialect === "postgres")("several instances whose timers are not aligned run the job once per period between them", async () => {
    test = await createTestDatabase(dialect);
    const everyMs = 600;
    // The start each run claimed, read under the job's lock: the database's clock, not this
    // process's, which a busy machine makes late by a varying amount.
    const starts: { at: number; instance: string }[] = [];
    const jobFor = (instance: string): PeriodicJob => ({
      name: "roll-up",
      everyMs,
      run: async (db) => void starts.push({ at: Number((await jobRow(db, "roll-up"))!.last_started_at), instance }),
    });
    // Seen once, then made due: every instance's next look finds it due, and only one may run it.
    await test.db.insertInto("job_runs").values({ name: "roll-up", last_started_at: 0 }).execute();
    const instances = [test.db, test.openAnother(), test.openAnother()];
    for (const [index, db] of instances.entries()) {
      start(db, [jobFor(`instance ${index}`)], 150, `instance ${index}`);
      // Offsets the instances' timers from one another.
      await sleep(50);
    }
    await until(() => starts.length >= 4);
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    // Never two runs in one period: a double run would start within milliseconds of the other.
    const slack = everyMs / 10;
    for (let i = 1; i < starts.length; i++) expect(starts[i]!.at - starts[i - 1]!.at).toBeGreaterThanOrEqual(everyMs - slack);
    expect(Number((await jobRow(test.db, "roll-up"))!.runs)).toBe(starts.length);
  });

  it.runIf(dialect === "postgres")("while one instance runs a job, another's runNow is refused by the lock", async () => {
    test = await createTestDatabase(dialect);
    let release: (() => void) | undefined;
    const slow: PeriodicJob = { name: "link-check", everyMs: 60_000, run: () => new Promise<void>((resolve) => (release = resolve)) };
    const a = start(test.db, [slow], undefined, "a");
    const b = start(test.openAnother(), [{ ...slow, run: async () => {} }], undefined, "b");
    const running = a.runNow("link-check");
    await until(() => release !== undefined);
    expect(await b.runNow("link-check")).toBe(false);
    release!();
    expect(await running).toBe(true);
    expect(await b.runNow("link-check")).toBe(true);
    expect((await jobRow(test.db, "link-check"))!.last_instance).toBe("b");
  });
});
