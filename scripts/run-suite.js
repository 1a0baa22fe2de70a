// `npm test`: the whole suite, with one production build shared by every part that serves pages.
//
// Two lanes side by side:
//   - the production build, then the checks that serve it without a browser: reliability
//     (scripts/soak.ts --quick) and the scale-out test (two instances behind nginx), then the
//     end-to-end tests (scripts/run-e2e.js) on the same build;
//   - the route types, then the type check and lint side by side, then the unit and integration
//     tests (Vitest: SQLite, and PostgreSQL when TEST_DATABASE_URL is set).
// Every part is bound by the CPU on our 2-core machines, and each alone leaves some of it idle
// (restarts, timers, a test that waits for a scheduled article), so the lanes fill each other's
// waits rather than adding up. The end-to-end tests need only the build; starting them beside
// Vitest instead of after it keeps both cores busy to the end. The first part that fails stops
// the others, and the suite prints how long each part took. Plain JavaScript so that it runs
// before anything is compiled.
import { spawn } from "node:child_process";
import { rmSync, rmdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Inside the repository, so the server bundle finds node_modules; one folder per run, so a run
// never swaps the assets under a server started from build/ or under another run.
const buildDir = path.join(root, ".e2e-build", `suite-${process.pid}`);
const timings = [];
const startedAt = Date.now();
/** The parts running now; once one fails, the others are stopped and no new one starts. */
const running = new Set();
let failed = false;

let code = 0;
try {
  code = await parallel([
    async () =>
      (await timed("build", "npm", ["run", "build"], { BUILD_DIR: buildDir }, { output: "on-failure" })) ||
      (await timed("reliability", "npx", ["tsx", "scripts/soak.ts", "--quick", "--build-dir", buildDir], {}, { output: "after" })) ||
      (await timed("scale-out", "npx", ["tsx", "tests/scale-out/run-scale-out.ts"], { BUILD_DIR: buildDir }, { output: "after" })) ||
      timed("end-to-end", "node", ["scripts/run-e2e.js"], { E2E_BUILD_DIR: buildDir, E2E_SCALE_OUT: "no" }),
    // The route types first: tsc needs them, and so does knip (in lint), which reports every
    // `./+types/…` import as unresolved without them.
    async () =>
      (await timed("route types", "npx", ["react-router", "typegen"], {}, { output: "after" })) ||
      // TypeScript 7's native compiler, by path: `tsc` on the PATH is TypeScript 6's (docs/decisions/0125).
      (await parallel([
        () => timed("type check", "node", ["node_modules/typescript-native/bin/tsc"], {}, { output: "after" }),
        () => timed("lint", "npm", ["run", "lint"], {}, { output: "after" }),
      ])) ||
      // Whole when it ends: the end-to-end tests' progress is what scrolls meanwhile.
      timed("unit and integration", "npm", ["run", "test:unit"], {}, { output: "after" }),
  ]);
} finally {
  rmSync(buildDir, { recursive: true, force: true });
  try {
    rmdirSync(path.dirname(buildDir));
  } catch {
    // Another run still uses it.
  }
}

console.log("\nSuite times:");
for (const { name, seconds, exitCode, stopped } of timings) {
  const outcome = stopped ? "  stopped (another part failed)" : exitCode === 0 ? "" : `  FAILED (exit code ${exitCode})`;
  console.log(`  ${name.padEnd(26)} ${seconds.toFixed(0).padStart(5)} s${outcome}`);
}
const total = (Date.now() - startedAt) / 1000;
console.log(`  ${"in all".padEnd(26)} ${total.toFixed(0).padStart(5)} s`);
console.log(code === 0 ? "The whole suite passed." : "The suite FAILED.");
process.exit(code);

/** Runs the lanes at once; resolves to the first non-zero exit code, or 0. */
async function parallel(lanes) {
  const codes = await Promise.all(lanes.map((lane) => lane()));
  return codes.find((laneCode) => laneCode !== 0) ?? 0;
}

/**
 * Runs one part and records its time. Its output is passed through as it comes ("inherit": the
 * end-to-end tests), kept and shown only if it fails ("on-failure": the build's asset list), or
 * kept and shown whole when it ends ("after": every part beside them, whose lines would
 * otherwise interleave with theirs). After a failure it starts nothing.
 */
async function timed(name, command, args, env = {}, { output = "inherit" } = {}) {
  if (failed) return 1;
  const started = Date.now();
  console.log(`\n==> ${name}: ${command} ${args.join(" ")}`);
  const exitCode = await run(command, args, { ...process.env, ...env }, output);
  const seconds = (Date.now() - started) / 1000;
  const stopped = exitCode !== 0 && failed;
  timings.push({ name, seconds, exitCode, stopped });
  const outcome = exitCode === 0 ? "passed" : stopped ? "stopped" : `FAILED (exit code ${exitCode})`;
  console.log(`<== ${name}: ${outcome} in ${seconds.toFixed(0)} s`);
  if (exitCode !== 0 && !failed) {
    failed = true;
    // The suite has failed: the parts still running would only make the wait longer.
    for (const other of running) other.kill("SIGTERM");
  }
  return exitCode;
}

function run(command, args, env, output) {
  return new Promise((resolve) => {
    const kept = output !== "inherit";
    const child = spawn(command, args, { cwd: root, env, stdio: kept ? ["ignore", "pipe", "pipe"] : "inherit" });
    running.add(child);
    let text = "";
    if (kept) {
      child.stdout.on("data", (chunk) => (text += chunk));
      child.stderr.on("data", (chunk) => (text += chunk));
    }
    // Ctrl-C reaches every child through the terminal; a SIGTERM sent to us alone is passed on.
    const forward = (signal) => child.kill(signal);
    process.on("SIGTERM", forward);
    process.on("SIGINT", noop);
    child.on("error", (error) => {
      running.delete(child);
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (exitCode, signal) => {
      running.delete(child);
      process.off("SIGTERM", forward);
      process.off("SIGINT", noop);
      const result = exitCode ?? (signal ? 1 : 0);
      if (output === "after" || (output === "on-failure" && result !== 0)) process.stdout.write(text);
      resolve(result);
    });
  });
}

function noop() {}
