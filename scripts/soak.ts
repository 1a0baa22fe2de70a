/**
 * `npm run soak`: the operator's side of reliability, tried for real against `node server.js`
 * from a fresh production build (tests/reliability/*):
 *
 *   load      60 s at 100 connections over every public page kind and the image route
 *   sigterm   SIGTERM while a load generator runs: no request in flight is dropped
 *   outage    a private PostgreSQL stopped under load and started again: 503s, no hang, no
 *             crash, serving again within 5 s without a restart
 *   kill      kill -9 at a random point of a 20,000-row import's transaction (after the import
 *             reports rows written in it), 10 times on SQLite and 10 on PostgreSQL: all rows or
 *             none, and the site starts and serves
 *   runs      kill -9 of the site and its worker at three points (15%, 50%, 90% of an uninterrupted
 *             run) of a product import's save, a feed run's save (--rows items each) and a
 *             commission report's save (5 × --rows lines), on SQLite and PostgreSQL: the data all
 *             as before or all as after, the run shown as interrupted (or done, when it had
 *             committed) within 60 s of the restart, and the same run started again succeeding
 *   mail      two instances on one PostgreSQL database, --alerts price alerts due at once (6,000),
 *             kill -9 of the instance running the batch, once while it writes the mails and once
 *             while they are sent: every alert mailed, at most one twice, the survivor done
 *             within a minute of the kill
 *   bodies    a signed-in admin's 400 MB chunked POSTs to /admin/users, /admin/remove and
 *             /admin/links: 413 each, the server's RSS under 300 MB; and a poisoned URL
 *             (tracking and unread parameters) never reaches the cached page of its key
 *
 * Options: --only load,sigterm,outage,kill,runs,mail,bodies  --alerts 6000  --seconds 60  --connections 100  --trials 10
 *          --rows 20000  --build-dir DIR (reuse a build instead of making one)
 *          --quick (sigterm, outage and bodies only: under a minute after the build)
 * The PostgreSQL parts need initdb/pg_ctl (/usr/lib/postgresql/15/bin, or POSTGRES_BIN) and root;
 * without them they are skipped with a notice, or fail when CI=true. Exits 1 when a check fails.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sigtermUnderLoad } from "../tests/reliability/drain-on-sigterm";
import { killDuringImport, type KillTrial } from "../tests/reliability/kill-during-import";
import { killDuringMail } from "../tests/reliability/kill-during-mail";
import { killDuringRuns, type RunKillTrial } from "../tests/reliability/kill-during-runs";
import { feedScenario, importScenario, reportScenario } from "../tests/reliability/run-scenarios";
import { largeAdminBodies, poisonedCacheKeys } from "../tests/reliability/large-bodies";
import { runLoad } from "../tests/reliability/load";
import { postgresOutageUnderLoad } from "../tests/reliability/postgres-outage";
import { createPrivatePostgres, privatePostgresUnavailable, type PrivatePostgres } from "../tests/reliability/private-postgres";
import { publicUrls, repoRoot, startSite, stopSite } from "../tests/reliability/production-server";

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    quick: { type: "boolean", default: false },
    seconds: { type: "string", default: "60" },
    connections: { type: "string", default: "100" },
    trials: { type: "string", default: "10" },
    rows: { type: "string", default: "20000" },
    alerts: { type: "string", default: "6000" },
    "build-dir": { type: "string" },
  },
  strict: true,
});
const scenarios = new Set(
  values.quick ? ["sigterm", "outage", "bodies"] : (values.only ?? "load,sigterm,outage,kill,runs,mail,bodies").split(","),
);
const failures: string[] = [];
let checks = 0;
/** One short figure per scenario, for the closing summary line. */
const figuresLine: string[] = [];
const startedAt = performance.now();
const check = (ok: boolean, what: string) => {
  checks++;
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};

let buildDir = values["build-dir"] ? path.resolve(values["build-dir"]) : undefined;
const ownBuild = !buildDir;
if (!buildDir) {
  // Inside the repository, so the server bundle finds node_modules; one folder per run.
  buildDir = path.join(repoRoot, ".soak-build", `run-${process.pid}`);
  console.log(`Building the production bundle into ${buildDir}`);
  const build = spawnSync("npm", ["run", "build"], {
    cwd: repoRoot,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, BUILD_DIR: buildDir },
  });
  if (build.status !== 0) {
    console.error("Soak FAILED: the build failed");
    process.exit(1);
  }
}

const pgMissing = privatePostgresUnavailable();
function postgresOrSkip(what: string): boolean {
  if (!pgMissing) return true;
  if (process.env.CI === "true") failures.push(`${what}: ${pgMissing}`);
  console.log(`  SKIPPED ${what}: ${pgMissing}`);
  return false;
}

/** The last `count` lines of a process's output, indented under a check. */
function lastLines(output: string, count: number): string {
  return output
    .trimEnd()
    .split("\n")
    .slice(-count)
    .map((line) => `    ${line}`)
    .join("\n");
}

const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-soak-data-"));
  dataDirs.push(dir);
  return dir;
};
let postgres: PrivatePostgres | undefined;
// Interrupted: still stop the private cluster, which would otherwise outlive us.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    postgres?.destroy();
    process.exit(130);
  });
}

try {
  if (scenarios.has("load")) {
    const seconds = Number(values.seconds);
    const connections = Number(values.connections);
    console.log(`\nLoad: ${seconds} s at ${connections} connections (SQLite)`);
    const site = await startSite({ buildDir, dataDir: newDataDir() });
    try {
      const urls = await publicUrls(site.origin);
      console.log(`  pages: ${urls.map((url) => `${url.kind} ${url.path}`).join("; ")}`);
      const figures = await runLoad(
        site.origin,
        urls.map((url) => url.path),
        { seconds, connections },
      );
      console.log(
        `  ${figures.requests.toLocaleString("en-US")} requests, ${figures.perSecond}/s, p99 ${figures.p99Ms} ms, statuses ${JSON.stringify(figures.statusCounts)}`,
      );
      figuresLine.push(
        `load: ${figures.requests} requests, ${figures.errors + figures.timeouts} errors, ${figures.serverErrors} 5xx, p99 ${figures.p99Ms} ms`,
      );
      check(
        figures.errors === 0 && figures.timeouts === 0,
        `no connection errors or timeouts (errors ${figures.errors}, timeouts ${figures.timeouts})`,
      );
      check(figures.serverErrors === 0, `no 5xx (${figures.serverErrors})`);
      const expected404s = Math.round(figures.requests / urls.length);
      check((figures.statusCounts["404"] ?? 0) <= expected404s + connections, "the only non-2xx answers are the deliberate not-found page");
      check(site.process.exitCode === null, "the server is still running");
    } finally {
      await stopSite(site);
    }
  }

  if (scenarios.has("sigterm")) {
    console.log("\nSIGTERM under load (SQLite, 16 concurrent visitors on keep-alive connections)");
    const site = await startSite({ buildDir, dataDir: newDataDir() });
    const urls = await publicUrls(site.origin);
    const figures = await sigtermUnderLoad(
      site,
      urls.map((url) => url.path),
      { workers: 16, loadMsBeforeSignal: 4_000 },
    );
    console.log(
      `  answered ${figures.answeredBeforeSignal} before the signal and ${figures.answeredAfterSignal} after it; ` +
        `${figures.refusedAfterStop} refused once the listener had closed; exit ${figures.exitCode}`,
    );
    figuresLine.push(`SIGTERM: ${figures.dropped} dropped`);
    check(
      figures.dropped === 0,
      `no request dropped after it was sent (${figures.dropped}${figures.droppedDetails.length ? `: ${figures.droppedDetails.join("; ")}` : ""})`,
    );
    check(figures.answeredAfterSignal > 0, "requests in flight at the signal were answered");
    check(figures.exitCode === 0 && figures.drainMessage, "the server drained and exited 0");
  }

  if (scenarios.has("outage") && postgresOrSkip("PostgreSQL outage")) {
    console.log("\nPostgreSQL stopped under load and started again (private cluster)");
    postgres ??= await createPrivatePostgres();
    const site = await startSite({ buildDir, dataDir: newDataDir(), databaseUrl: postgres.url });
    try {
      const urls = await publicUrls(site.origin);
      // The sign-in page and the admin's door go through the accounts library, which holds a pool
      // of its own: its idle connections are there when the database stops, and must not take
      // the process down with them (they once did).
      for (const door of ["/auth", "/admin"]) await fetch(site.origin + door, { redirect: "manual" }).then((response) => response.text());
      // A search for a word no one searched before: no cache can answer it, only the database.
      const freshSearch = (unique: number) => `/reviews?q=cedar+${unique}`;
      const figures = await postgresOutageUnderLoad(
        site,
        postgres,
        urls.map((url) => url.path),
        freshSearch,
        { workers: 16, downSeconds: 8 },
      );
      console.log(
        `  down ${figures.downSeconds} s: ${figures.requestsWhileDown} requests, ${figures.status503WhileDown} answered 503, ` +
          `${figures.status200WhileDown} served from memory, slowest ${figures.slowestWhileDownMs} ms; back after ${figures.recoveredAfterMs} ms`,
      );
      figuresLine.push(
        `outage: ${figures.status503WhileDown} × 503, ${figures.failedRequestsWhileDown} failed, back in ${figures.recoveredAfterMs ?? "never"} ms`,
      );
      check(figures.failedRequestsWhileDown === 0, `no request failed or hung while it was down (${figures.failedRequestsWhileDown})`);
      check(Object.keys(figures.otherWhileDown).length === 0, `no other status while down (${JSON.stringify(figures.otherWhileDown)})`);
      check(figures.status503WhileDown > 0 && figures.unavailablePageShown, "pages that need the database answered a 503 page");
      check(figures.slowestWhileDownMs < 5_000, `every answer within 5 s while down (slowest ${figures.slowestWhileDownMs} ms)`);
      check(
        figures.recoveredAfterMs !== undefined && figures.recoveredAfterMs < 5_000,
        `serving again within 5 s of PostgreSQL's return (${figures.recoveredAfterMs} ms)`,
      );
      check(figures.processAlive, "the same server process kept running");
      // What the server said before it went: the only trace of why, once the process is gone.
      if (!figures.processAlive) console.log(`  the server's last words:\n${lastLines(site.output(), 40)}`);
    } finally {
      await stopSite(site);
    }
  }

  if (scenarios.has("bodies")) {
    console.log("\n400 MB admin bodies and a poisoned page-cache key (SQLite)");
    const dataDir = newDataDir();
    const site = await startSite({ buildDir, dataDir });
    try {
      const bodies = await largeAdminBodies(site, dataDir, ["/admin/users", "/admin/remove", "/admin/links"]);
      for (const answer of bodies.answers) {
        console.log(`  POST ${answer.path}: ${answer.status} after ${answer.sentMb} MB sent, Connection: ${answer.connection ?? "(none)"}`);
      }
      console.log(`  server RSS ${bodies.rssBeforeMb} MB before, ${bodies.rssPeakMb} MB at most`);
      figuresLine.push(`bodies: ${bodies.answers.map((answer) => answer.status).join("/")}, RSS peak ${bodies.rssPeakMb} MB`);
      for (const answer of bodies.answers) check(answer.status === 413, `${answer.path}: 400 MB answered 413 (${answer.status})`);
      check(bodies.rssPeakMb < 300, `the server's RSS stayed under 300 MB (${bodies.rssPeakMb} MB)`);
      const cache = await poisonedCacheKeys(site);
      for (const page of cache.pages) {
        check(
          page.cache === "hit" && page.leaked.length === 0,
          `${page.plain} after ${page.poisoned}: served from the cache (${page.cache}) with none of the dropped parameters (${page.leaked.join(", ") || "none"})`,
        );
      }
      check(site.process.exitCode === null, "the server is still running");
    } finally {
      await stopSite(site);
    }
  }

  if (scenarios.has("kill")) {
    const trials = Number(values.trials);
    const rows = Number(values.rows);
    const report = (trial: KillTrial) =>
      console.log(
        `  ${trial.dialect}: killed ${trial.killAfterSignalMs} ms after the save started, ` +
          (trial.killedInTransaction
            ? `after ${trial.writtenBeforeKill.toLocaleString("en-US")} rows written in the transaction`
            : trial.finishedBeforeKill
              ? "after the import had committed"
              : `as the transaction committed (${trial.writtenBeforeKill.toLocaleString("en-US")} rows written)`) +
          `; catalog afterwards: ${trial.importedRows.toLocaleString("en-US")} rows; site ${trial.siteServed ? "serves" : `FAILED ${trial.detail}`}`,
      );
    const summarise = (dialect: string, result: { calibrationMs: number; trials: KillTrial[] }) => {
      const inTransaction = result.trials.filter((trial) => trial.killedInTransaction).length;
      const none = result.trials.filter((trial) => trial.importedRows === 0).length;
      console.log(
        `  ${dialect}: the save's transaction took ${result.calibrationMs} ms uninterrupted; ${inTransaction} of ${result.trials.length} kills ` +
          `landed inside it; afterwards ${none} held none of the rows and ${result.trials.length - none} all ${rows.toLocaleString("en-US")}`,
      );
      figuresLine.push(
        `kill ${dialect}: ${result.trials.filter((trial) => trial.allOrNone).length}/${result.trials.length} all-or-none, ${inTransaction} in the transaction`,
      );
      check(
        result.trials.every((trial) => trial.allOrNone),
        `${dialect}: all ${rows} rows or none after every kill`,
      );
      check(
        result.trials.every((trial) => trial.siteServed),
        `${dialect}: the site started and served after every kill`,
      );
      check(inTransaction > 0, `${dialect}: kills hit the open transaction (${inTransaction} of ${result.trials.length})`);
    };
    console.log(`\nkill -9 during a ${rows.toLocaleString("en-US")}-row import: ${trials} trials on SQLite`);
    summarise("SQLite", await killDuringImport({ buildDir, rows, trials, dialect: "sqlite", onTrial: report }));
    if (postgresOrSkip("kill -9 on PostgreSQL")) {
      console.log(`\nkill -9 during a ${rows.toLocaleString("en-US")}-row import: ${trials} trials on PostgreSQL (private cluster)`);
      postgres ??= await createPrivatePostgres();
      summarise(
        "PostgreSQL",
        await killDuringImport({ buildDir, rows, trials, dialect: "postgres", adminUrl: postgres.url, onTrial: report }),
      );
    }
  }

  if (scenarios.has("runs")) {
    const rows = Number(values.rows);
    const report = (trial: RunKillTrial) =>
      console.log(
        `  ${trial.dialect} ${trial.scenario}: killed at ${Math.round(trial.point * 100)}% (${trial.killAfterMs} ms); data ${trial.data}; ` +
          `run ${trial.state}${trial.message ? ` ("${trial.message.slice(0, 60)}")` : ""} ${trial.settledMs === null ? "never settled" : `${(trial.settledMs / 1000).toFixed(1)} s after the restart`}; ` +
          `run again ${trial.rerunSucceeded ? "succeeded" : "FAILED"}`,
      );
    const runs = async (dialect: "sqlite" | "postgres", adminUrl?: string) => {
      console.log(`\nkill -9 during runs of owner work on ${dialect}`);
      const result = await killDuringRuns({
        buildDir: buildDir!,
        dialect,
        adminUrl,
        scenarios: [importScenario(rows), feedScenario(rows), reportScenario(rows * 5)],
        onTrial: report,
      });
      for (const [name, ms] of Object.entries(result.durations))
        console.log(`  ${dialect} ${name}: ${(ms / 1000).toFixed(1)} s uninterrupted`);
      const ok = result.trials.filter((trial) => trial.ok).length;
      figuresLine.push(`runs ${dialect}: ${ok}/${result.trials.length} kills told the truth`);
      for (const trial of result.trials)
        check(
          trial.ok,
          `${dialect} ${trial.scenario} killed at ${Math.round(trial.point * 100)}%: data ${trial.data}, run ${trial.state}, settled, run again`,
        );
    };
    await runs("sqlite");
    if (postgresOrSkip("kill -9 during runs on PostgreSQL")) {
      postgres ??= await createPrivatePostgres();
      await runs("postgres", postgres.url);
    }
  }

  if (scenarios.has("mail") && postgresOrSkip("kill -9 during a price-alert mail batch")) {
    postgres ??= await createPrivatePostgres();
    console.log(`\nkill -9 of one of two instances during a batch of ${Number(values.alerts).toLocaleString("en-US")} price alerts`);
    for (const killWhen of ["batch", "sending"] as const) {
      const result = await killDuringMail({ buildDir: buildDir!, adminUrl: postgres.url, alerts: Number(values.alerts), killWhen });
      console.log(
        `  killed while ${killWhen === "batch" ? "the batch was written" : "the mails were sent"} (${result.deliveredAtKill.toLocaleString("en-US")} received; ` +
          `the batch ${result.batchRunningAtKill ? "still running on it" : "already written"}): ${result.queued.toLocaleString("en-US")} written, ` +
          `${result.delivered.toLocaleString("en-US")} received, ${result.duplicates} twice, ` +
          (result.finishedAfterMs === null ? "never finished" : `the last ${(result.finishedAfterMs / 1000).toFixed(1)} s after the kill`),
      );
      figuresLine.push(`mail ${killWhen}: ${result.delivered}/${result.alerts}, ${result.duplicates} twice`);
      check(result.ok, `mail killed during the ${killWhen}: ${result.problems.join("; ") || "every alert once, in time"}`);
    }
  }
} catch (error) {
  failures.push(`unexpected: ${(error as Error).stack ?? error}`);
} finally {
  postgres?.destroy();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (ownBuild) rmSync(buildDir, { recursive: true, force: true });
}

const seconds = Math.round((performance.now() - startedAt) / 1000);
const summary = `${checks - failures.length} of ${checks} checks passed in ${seconds} s${figuresLine.length ? ` (${figuresLine.join("; ")})` : ""}`;
if (failures.length > 0) {
  console.error(`\nSoak FAILED:\n${failures.map((failure) => `  - ${failure}`).join("\n")}`);
  console.error(`Reliability: FAILED, ${summary}`);
  process.exit(1);
}
console.log(`\nReliability: passed, ${summary}`);
