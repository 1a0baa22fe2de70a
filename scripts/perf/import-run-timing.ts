/**
 * A 20,000-product CSV import, timed as the owner waits for it, and what it costs the web process:
 *
 *   node --import tsx scripts/perf/import-run-timing.ts inline [count]   (the import inside the
 *     calling process, as the web request ran it before imports were runs)
 *   node --import tsx scripts/perf/import-run-timing.ts run [count]      (the calling process stores
 *     the file and queues the run, as the web request does now; a worker process of its own runs it)
 *
 * Prints one JSON line: the owner's wait (file handed over → saved), the time the calling process
 * spent on it, and that process's event-loop delay (max, p99) over the whole import. SQLite under a
 * temporary DATA_DIR, with the one collection the generated rows join.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../app/server/config.server";
import { openDatabase } from "../../app/server/db/connection.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import { setLogLevel } from "../../app/server/log.server";
import { generatedProductCsv } from "./generated-catalog";

const [mode = "run", countText = "20000", role] = process.argv.slice(2);
setLogLevel("warn");
const dataDir = process.env.IMPORT_TIMING_DIR ?? mkdtempSync(path.join(os.tmpdir(), "import-timing-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn", AUTH_SECRET: "import-timing-secret-long-enough-for-config" });
const db = openDatabase(config.database);

if (role === "worker") {
  // The worker process: takes the queued import run, as the site's worker does.
  const { importJobKinds } = await import("../../app/server/admin/import-runs.server");
  const { startWorker } = await import("../../app/server/jobs/job-worker.server");
  const { workerName } = await import("../../app/server/jobs/job-queue.server");
  const { cancelMarkers } = await import("../../app/server/jobs/cancel-markers.server");
  const worker = startWorker(db, {
    name: workerName(),
    kinds: importJobKinds(config),
    bookkeeping: openDatabase(config.database),
    markers: cancelMarkers(dataDir),
    pollMs: 100,
  });
  // The worker's timers do not keep a process alive: this one waits for SIGTERM.
  const alive = setInterval(() => {}, 60_000);
  process.on("SIGTERM", () => void worker.stop().then(() => (clearInterval(alive), process.exit(0))));
} else {
  await migrateToLatest(db);
  await db.insertInto("collections").values({ slug: "six-person-saunas", title: "Six Person Saunas" }).execute();
  const text = generatedProductCsv(Number(countText));
  const bytes = new TextEncoder().encode(text);
  // The calling process's event loop: a 10 ms timer, and how late each tick came.
  const lateness: number[] = [];
  let ticking: NodeJS.Timeout | undefined;
  let last = 0;
  const loop = {
    enable() {
      last = performance.now();
      ticking = setInterval(() => {
        const now = performance.now();
        lateness.push(Math.max(0, now - last - 10));
        last = now;
      }, 10);
    },
    disable() {
      // The gap since the last tick counts too: an import that never yields to timers is one long gap.
      clearInterval(ticking);
      lateness.push(Math.max(0, performance.now() - last - 10));
    },
    max: () => Math.max(0, ...lateness),
    p99: () => [...lateness].sort((a, b) => a - b)[Math.floor(lateness.length * 0.99)] ?? 0,
  };
  let spent = 0;
  let waited = 0;
  let saved = 0;
  if (mode === "inline") {
    const { importProductCsv } = await import("../../app/server/admin/csv-import.server");
    loop.enable();
    const started = performance.now();
    const result = await importProductCsv(db, new TextDecoder().decode(bytes), { collectionChoice: "add", prices: config.prices });
    waited = spent = performance.now() - started;
    loop.disable();
    if (!result.ok) throw new Error(result.toast.description);
    saved = result.saved;
  } else {
    const { startImportRun } = await import("../../app/server/admin/import-runs.server");
    const { waitForJob } = await import("../../app/server/jobs/job-queue.server");
    const child = spawn(process.execPath, ["--import", "tsx", process.argv[1]!, mode, countText, "worker"], {
      env: { ...process.env, IMPORT_TIMING_DIR: dataDir },
      stdio: "inherit",
    });
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    loop.enable();
    const started = performance.now();
    const id = await startImportRun(config, db, {
      kind: "products",
      mode: "save",
      bytes,
      fileName: "20k.csv",
      startedBy: "timing",
      collectionChoice: "add",
    });
    spent = performance.now() - started;
    const job = await waitForJob(db, id, 600_000, 50);
    waited = performance.now() - started;
    loop.disable();
    child.kill("SIGTERM");
    if (job?.state !== "done") throw new Error(`The run ended ${job?.state}: ${job?.error}`);
    saved = (job.result as { saved: number }).saved;
    console.error(`run ${id}: ${(Number(job.finishedAt) - Number(job.startedAt)) / 1000} s in the worker`);
  }
  console.log(
    JSON.stringify({
      mode,
      saved,
      ownerWaitSeconds: Number((waited / 1000).toFixed(2)),
      callingProcessMs: Math.round(spent),
      loopDelayMaxMs: Math.round(loop.max()),
      loopDelayP99Ms: Math.round(loop.p99()),
    }),
  );
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
