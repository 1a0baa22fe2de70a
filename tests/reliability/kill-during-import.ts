import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { withPostgresClient } from "../support/postgres-client";
import { openDatabase } from "../../app/server/db/connection.server";
import { repoRoot, startSite, stopSite } from "./production-server";

/**
 * kill -9 in the middle of a large import, then: the catalog holds every imported row or none of
 * them, and the site starts on that database and serves its pages. Each kill follows the child's
 * "save started" signal (its first "written N" line: the save's transaction is open and rows are
 * in it) by a random delay within the transaction's measured duration, so kills land early,
 * midway and late in the transaction, while it links collections, or just as it commits.
 */

export interface KillTrial {
  dialect: "sqlite" | "postgres";
  /** How long after the "save started" signal the kill came. */
  killAfterSignalMs: number;
  /** Rows the child had reported written in its transaction when it died. */
  writtenBeforeKill: number;
  /** Product rows in the catalog afterwards. */
  importedRows: number;
  /** The child had reported its commit before the kill reached it. */
  finishedBeforeKill: boolean;
  /**
   * Proven inside the open transaction: rows had been written in it, and none survived (a
   * commit makes them all visible).
   */
  killedInTransaction: boolean;
  allOrNone: boolean;
  siteServed: boolean;
  detail?: string;
}

/**
 * Node itself with tsx as a loader, not the tsx command: that one runs the script in a child
 * process of its own, which a SIGKILL sent to the command would leave running to its commit.
 */
const NODE_WITH_TSX = [process.execPath, "--import", "tsx"] as const;
const CHILD = path.join(repoRoot, "tests/reliability/import-child.ts");

interface ImportRun {
  finished: boolean;
  /** From the first "written" line to the commit (or the child's death). */
  transactionMs: number;
  writtenBeforeKill: number;
  killAfterSignalMs: number | undefined;
  output: string;
}

/**
 * Runs the import child. With `killDelay`, kills it (SIGKILL) that many milliseconds after its
 * first "written" line, the proof that the transaction is open with rows in it.
 */
async function runImport(target: string, rows: number, killDelay: number | undefined): Promise<ImportRun> {
  const child = spawn(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), CHILD, target, String(rows)], {
    cwd: repoRoot,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let signalAt = 0;
  let endAt = 0;
  let killAfterSignalMs: number | undefined;
  child.stderr.on("data", (chunk) => (output += chunk));
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
    if (!signalAt && /^written \d+$/m.test(output)) {
      signalAt = performance.now();
      if (killDelay !== undefined) {
        setTimeout(() => {
          killAfterSignalMs = Math.round(performance.now() - signalAt);
          child.kill("SIGKILL");
        }, killDelay);
      }
    }
    if (!endAt && /^imported \d+$/m.test(output)) endAt = performance.now();
  });
  await new Promise<void>((resolve) => child.once("close", () => resolve()));
  endAt ||= performance.now();
  const written = [...output.matchAll(/^written (\d+)$/gm)].map((match) => Number(match[1]));
  return {
    finished: /^imported \d+$/m.test(output),
    transactionMs: signalAt ? endAt - signalAt : 0,
    writtenBeforeKill: written.at(-1) ?? 0,
    killAfterSignalMs,
    output,
  };
}

async function countImported(target: string): Promise<number> {
  const db = openDatabase(target.startsWith("postgres") ? { dialect: "postgres", url: target } : { dialect: "sqlite", file: target });
  try {
    const row = await db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("slug", "like", "soak-%")
      .executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.destroy();
  }
}

async function siteServes(
  buildDir: string,
  dataDir: string,
  databaseUrl: string | undefined,
  rows: number,
): Promise<{ ok: boolean; detail?: string }> {
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
    if (options.dialect === "sqlite")
      return { dataDir, target: path.join(dataDir, "sauna-reviews.sqlite"), databaseUrl: undefined, drop: async () => {} };
    const database = `sauna_kill_${process.pid}_${name}`;
    await withPostgresClient(options.adminUrl!, (client) => client.query(`create database ${database}`));
    const url = new URL(options.adminUrl!);
    url.pathname = `/${database}`;
    return {
      dataDir,
      target: url.toString(),
      databaseUrl: url.toString(),
      drop: () =>
        withPostgresClient(options.adminUrl!, (client) => client.query(`drop database if exists ${database} with (force)`)).then(() => {}),
    };
  };

  // One full import first: how long the save's transaction stays open here, so the kills can be
  // spread over it.
  const calibration = await fresh("calibration");
  let calibrationMs: number;
  try {
    const run = await runImport(calibration.target, options.rows, undefined);
    if (!run.finished || run.transactionMs === 0) throw new Error(`the calibration import did not finish:\n${run.output}`);
    calibrationMs = run.transactionMs;
  } finally {
    await calibration.drop();
    rmSync(calibration.dataDir, { recursive: true, force: true });
  }

  const trials: KillTrial[] = [];
  for (let i = 0; i < options.trials; i++) {
    // Anywhere in the transaction, a little past its measured end too (a busy machine can slow it),
    // so that a kill during the commit itself is possible.
    const killDelay = Math.round(Math.random() * calibrationMs * 1.05);
    const database = await fresh(`t${i}`);
    try {
      const run = await runImport(database.target, options.rows, killDelay);
      if (run.writtenBeforeKill === 0 && !run.finished)
        throw new Error(`the import child died before its transaction began:\n${run.output}`);
      const importedRows = await countImported(database.target);
      const served = await siteServes(options.buildDir, database.dataDir, database.databaseUrl, importedRows);
      const trial: KillTrial = {
        dialect: options.dialect,
        killAfterSignalMs: run.killAfterSignalMs ?? killDelay,
        writtenBeforeKill: run.writtenBeforeKill,
        importedRows,
        finishedBeforeKill: run.finished,
        killedInTransaction: !run.finished && run.writtenBeforeKill > 0 && importedRows === 0,
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
