import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../app/server/db/connection.server";
import { repoRoot, startSite, stopSite } from "./production-server";

/**
 * kill -9 in the middle of a large import, then: the catalog holds every imported row or none of
 * them, and the site starts on that database and serves its pages. The kill points are spread
 * over the import's measured duration, so they land in parsing, early, midway and late in the
 * save's transaction.
 */

export interface KillTrial {
  dialect: "sqlite" | "postgres";
  killAtMs: number;
  importedRows: number;
  finishedBeforeKill: boolean;
  /** The save's transaction was open, with rows written, when the kill came. */
  killedInTransaction: boolean;
  allOrNone: boolean;
  siteServed: boolean;
  detail?: string;
}

const TSX = path.join(repoRoot, "node_modules/.bin/tsx");
const CHILD = path.join(repoRoot, "tests/reliability/import-child.ts");

/**
 * Whether the import had a transaction open with writes in it at the moment of the kill: the
 * SQLite write-ahead log has grown since the import began (the save is the only writer), or PostgreSQL shows the import's session
 * inside a transaction.
 */
function walBytes(target: string): number {
  try {
    return statSync(`${target}-wal`).size;
  } catch {
    return 0;
  }
}

async function insideTransaction(target: string, walAtStart: number): Promise<boolean> {
  if (!target.startsWith("postgres")) return walBytes(target) > walAtStart;
  const url = new URL(target);
  return withAdmin(target, async (client) => {
    const { rows } = await client.query(
      "select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and xact_start is not null and backend_xid is not null",
      [url.pathname.slice(1)],
    );
    return rows[0].n > 0;
  });
}

/** Runs the import child; kills it killAtMs after it reports "importing" (never, when undefined). */
async function runImport(target: string, rows: number, killAtMs: number | undefined) {
  let killedInTransaction = false;
  const child = spawn(TSX, [CHILD, target, String(rows)], { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let importingAt = 0;
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
      if (!importingAt && output.includes("importing")) {
        importingAt = performance.now();
        const walAtStart = walBytes(target);
        if (killAtMs !== undefined) {
          setTimeout(async () => {
            killedInTransaction = await insideTransaction(target, walAtStart).catch(() => false);
            child.kill("SIGKILL");
          }, killAtMs);
        }
        resolve();
      }
    });
    child.once("exit", () => resolve());
  });
  await exited;
  return { finished: /imported \d+/.test(output), ms: performance.now() - importingAt, output, killedInTransaction };
}

async function countImported(target: string): Promise<number> {
  const db = openDatabase(target.startsWith("postgres") ? { dialect: "postgres", url: target } : { dialect: "sqlite", file: target });
  try {
    const row = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).where("slug", "like", "soak-%").executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

async function siteServes(buildDir: string, dataDir: string, databaseUrl: string | undefined, rows: number): Promise<{ ok: boolean; detail?: string }> {
  let site;
  try {
    site = await startSite({ buildDir, dataDir, databaseUrl });
    const pages = ["/", "/reviews", rows > 0 ? "/reviews/product/soak-1" : "/learn"];
    for (const page of pages) {
      const response = await fetch(site.origin + page);
      const body = await response.text();
      if (response.status !== 200) {
        const heading = body.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1] ?? body.slice(0, 200);
        return { ok: false, detail: `${page} answered ${response.status} ("${heading}"); the server said: ${site.output().slice(-1500)}` };
      }
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: (error as Error).message };
  } finally {
    if (site) await stopSite(site);
  }
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function killDuringImport(options: {
  buildDir: string;
  rows: number;
  trials: number;
  dialect: "sqlite" | "postgres";
  /** For postgres: a server where throwaway databases may be created. */
  adminUrl?: string;
  onTrial?: (trial: KillTrial) => void;
}): Promise<{ calibrationMs: number; trials: KillTrial[] }> {
  const fresh = async (name: string) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `sauna-kill-${name}-`));
    if (options.dialect === "sqlite") return { dataDir, target: path.join(dataDir, "sauna-reviews.sqlite"), databaseUrl: undefined, drop: async () => {} };
    const database = `sauna_kill_${process.pid}_${name}`;
    await withAdmin(options.adminUrl!, (client) => client.query(`create database ${database}`));
    const url = new URL(options.adminUrl!);
    url.pathname = `/${database}`;
    return {
      dataDir,
      target: url.toString(),
      databaseUrl: url.toString(),
      drop: () => withAdmin(options.adminUrl!, (client) => client.query(`drop database if exists ${database} with (force)`)).then(() => {}),
    };
  };

  // One full import first: how long the import takes here, so the kills can be spread over it.
  const calibration = await fresh("calibration");
  let calibrationMs: number;
  try {
    const run = await runImport(calibration.target, options.rows, undefined);
    if (!run.finished) throw new Error(`the calibration import did not finish:\n${run.output}`);
    calibrationMs = run.ms;
  } finally {
    await calibration.drop();
    rmSync(calibration.dataDir, { recursive: true, force: true });
  }

  const trials: KillTrial[] = [];
  for (let i = 0; i < options.trials; i++) {
    // From 5% to 95% of a full import, with a little jitter so no two runs hit the same instant.
    const fraction = 0.05 + (0.9 * i) / Math.max(1, options.trials - 1);
    const killAtMs = Math.round(calibrationMs * fraction + Math.random() * 50);
    const database = await fresh(`t${i}`);
    try {
      const run = await runImport(database.target, options.rows, killAtMs);
      const importedRows = await countImported(database.target);
      const served = await siteServes(options.buildDir, database.dataDir, database.databaseUrl, importedRows);
      const trial: KillTrial = {
        dialect: options.dialect,
        killAtMs,
        importedRows,
        finishedBeforeKill: run.finished,
        killedInTransaction: run.killedInTransaction,
        allOrNone: importedRows === 0 || importedRows === options.rows,
        siteServed: served.ok,
        detail: served.detail,
      };
      trials.push(trial);
      options.onTrial?.(trial);
    } finally {
      await database.drop();
      rmSync(database.dataDir, { recursive: true, force: true });
    }
  }
  return { calibrationMs: Math.round(calibrationMs), trials };
}
