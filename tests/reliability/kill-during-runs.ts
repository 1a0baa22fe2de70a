import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withPostgresClient } from "../support/postgres-client";
import type { AppConfig } from "../../app/server/config.server";
import { openDatabase, type DB } from "../../app/server/db/connection.server";
import { loadJob, type JobView } from "../../app/server/jobs/job-queue.server";
import { startSite, type RunningSite } from "./production-server";

/**
 * kill -9 of the whole site (the web process and its worker, as a power cut would) while a run of
 * owner work is in progress, then a restart: the data the run writes is all as before or all as
 * the run would leave it, the run is shown as interrupted (or done, when it had committed) within
 * 60 s of the restart, and the same run started again succeeds.
 *
 * Each scenario has two inputs, "a" and "b", that leave different data; a trial runs the one that
 * changes what is there, so "as before" and "as after" can be told apart. The kills fall at three
 * points of a run's measured duration: early (reading), midway and late (writing, or committing).
 */

export type Variant = "a" | "b";

/** Where the site keeps its files, as its settings say (the disk driver on SQLite, the database on PostgreSQL). */
export type FileSettings = Pick<AppConfig, "dataDir" | "storage">;

export interface RunScenario {
  name: string;
  /** Once, on the running site's database and data folder: what the runs need (a feed, a file in storage). */
  setUp(db: DB, files: FileSettings): Promise<void>;
  /** Queues a run of `variant`'s input, as the admin's button would; returns the run's id. */
  enqueue(db: DB, variant: Variant): Promise<number>;
  /** What the run writes, summed up so that two states compare as text. */
  fingerprint(db: DB): Promise<string>;
}

export interface RunKillTrial {
  dialect: "sqlite" | "postgres";
  scenario: string;
  /** When the kill came, as a share of an uninterrupted run's duration. */
  point: number;
  killAfterMs: number;
  /** The data afterwards: "before", "after", or "neither" (a defect). */
  data: "before" | "after" | "neither";
  /** The run's state and message once the restarted site had looked at it. */
  state: string;
  message: string | null;
  /** From the restart ("is serving") to the run no longer shown as running. */
  settledMs: number | null;
  /** The same run, started again, succeeded and left the data as it should. */
  rerunSucceeded: boolean;
  ok: boolean;
}

const POINTS = [0.15, 0.5, 0.9] as const;
const SETTLE_LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const finished = (job: JobView | null) => (job && ["done", "failed", "cancelled"].includes(job.state) ? job : undefined);

/** The site and its worker killed together, as a power cut would: neither gets to tidy up. */
function killSite(site: RunningSite) {
  const pid = site.process.pid!;
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    // No worker running (pgrep exits 1 when it finds none).
  }
  for (const child of children) process.kill(child, "SIGKILL");
  site.process.kill("SIGKILL");
}

export async function killDuringRuns(options: {
  buildDir: string;
  dialect: "sqlite" | "postgres";
  scenarios: RunScenario[];
  /** For postgres: a server where throwaway databases may be created. */
  adminUrl?: string;
  onTrial?: (trial: RunKillTrial) => void;
}): Promise<{ durations: Record<string, number>; trials: RunKillTrial[] }> {
  const trials: RunKillTrial[] = [];
  const durations: Record<string, number> = {};
  for (const scenario of options.scenarios) {
    const name = scenario.name.replace(/\W+/g, "_");
    const dataDir = mkdtempSync(path.join(tmpdir(), `sauna-runs-${name}-`));
    const database = `sauna_runs_${process.pid}_${name}`;
    let databaseUrl: string | undefined;
    if (options.dialect === "postgres") {
      await withPostgresClient(options.adminUrl!, (client) => client.query(`create database ${database}`));
      const url = new URL(options.adminUrl!);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    }
    const open = () =>
      openDatabase(
        databaseUrl ? { dialect: "postgres", url: databaseUrl } : { dialect: "sqlite", file: path.join(dataDir, "sauna-reviews.sqlite") },
      );
    const start = () => startSite({ buildDir: options.buildDir, dataDir, databaseUrl, env: { LOG_LEVEL: "error" } });
    let site = await start();
    const db = open();
    try {
      await scenario.setUp(db, { dataDir, storage: options.dialect === "postgres" ? "database" : "disk" });
      const runToEnd = async (variant: Variant) => {
        const id = await scenario.enqueue(db, variant);
        const job = await waitFor(`${scenario.name} run ${id}`, async () => finished(await loadJob(db, id)), 600_000);
        if (job.state !== "done") throw new Error(`${scenario.name}: run ${id} ended ${job.state}: ${job.error}`);
        return job;
      };
      await runToEnd("a");
      const fingerprints: Record<Variant, string> = { a: await scenario.fingerprint(db), b: "" };
      const calibration = await runToEnd("b");
      fingerprints.b = await scenario.fingerprint(db);
      if (fingerprints.a === fingerprints.b) throw new Error(`${scenario.name}: inputs a and b leave the same data`);
      const runMs = calibration.finishedAt! - calibration.startedAt!;
      durations[scenario.name] = runMs;

      let current: Variant = "b";
      for (const point of POINTS) {
        const next: Variant = current === "a" ? "b" : "a";
        const id = await scenario.enqueue(db, next);
        const started = await waitFor(
          "the run to start",
          async () => {
            const job = await loadJob(db, id);
            return job && job.state !== "queued" ? job : undefined;
          },
          60_000,
        );
        const killAfterMs = Math.round(point * runMs);
        if (started.state === "running") await sleep(killAfterMs);
        killSite(site);
        await site.exited;

        const data = await scenario.fingerprint(db);
        const state: RunKillTrial["data"] = data === fingerprints[current] ? "before" : data === fingerprints[next] ? "after" : "neither";

        site = await start();
        const restartedAt = Date.now();
        let job: JobView | undefined;
        let settledMs: number | null = null;
        try {
          job = await waitFor("the run to be settled", async () => finished(await loadJob(db, id)), SETTLE_LIMIT_MS + 5_000);
          settledMs = Date.now() - restartedAt;
        } catch {
          job = (await loadJob(db, id)) ?? undefined;
        }
        // The run says the truth: done when its writes committed, interrupted with nothing changed when not.
        const truthful =
          job !== undefined &&
          ((state === "after" && job.state === "done") ||
            (state === "before" && job.state === "failed" && /interrupted/i.test(job.error ?? "")));

        let rerunSucceeded = false;
        try {
          await runToEnd(next);
          rerunSucceeded = (await scenario.fingerprint(db)) === fingerprints[next];
        } catch {
          rerunSucceeded = false;
        }
        current = next;
        const trial: RunKillTrial = {
          dialect: options.dialect,
          scenario: scenario.name,
          point,
          killAfterMs,
          data: state,
          state: job?.state ?? "missing",
          message: job?.error ?? null,
          settledMs,
          rerunSucceeded,
          ok: state !== "neither" && truthful && settledMs !== null && settledMs <= SETTLE_LIMIT_MS && rerunSucceeded,
        };
        trials.push(trial);
        options.onTrial?.(trial);
      }
    } finally {
      await db.destroy();
      killSite(site);
      await site.exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (options.dialect === "postgres")
        await withPostgresClient(options.adminUrl!, (client) => client.query(`drop database if exists ${database} with (force)`));
    }
  }
  return { durations, trials };
}
