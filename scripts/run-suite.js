// `npm test`: the whole suite, with one production build shared by every part that serves pages.
//
//   1. the production build, and beside it the route types, then the type check and lint side by side;
//   2. unit and integration tests (Vitest: SQLite, and PostgreSQL when TEST_DATABASE_URL is set);
//   3. reliability (scripts/soak.ts --quick) on the build;
//   4. end-to-end tests and then the scale-out test (scripts/run-e2e.js) on the same build.
//
// Stops at the first part that fails and prints how long each part took. Plain JavaScript so
// that it runs before anything is compiled.
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

let code = 0;
try {
  code = await parallel([
    () => timed("build", "npm", ["run", "build"], { BUILD_DIR: buildDir }, { quiet: true }),
    // The route modules' generated types first: tsc needs them, and so does knip (in lint), which
    // reports every `./+types/…` import as unresolved without them.
    async () =>
      (await timed("route types", "npx", ["react-router", "typegen"])) ||
      parallel([() => timed("type check", "npx", ["tsc"]), () => timed("lint", "npm", ["run", "lint"])]),
  ]);
  if (code === 0) code = await timed("unit and integration", "npm", ["run", "test:unit"]);
  if (code === 0) code = await timed("reliability", "npx", ["tsx", "scripts/soak.ts", "--quick", "--build-dir", buildDir]);
  if (code === 0) code = await timed("end-to-end and scale-out", "node", ["scripts/run-e2e.js"], { E2E_BUILD_DIR: buildDir });
} finally {
  rmSync(buildDir, { recursive: true, force: true });
  try {
    rmdirSync(path.dirname(buildDir));
  } catch {
    // Another run still uses it.
  }
}

console.log("\nSuite times:");
for (const { name, seconds, exitCode } of timings) {
  console.log(`  ${name.padEnd(26)} ${seconds.toFixed(0).padStart(5)} s${exitCode === 0 ? "" : `  FAILED (exit code ${exitCode})`}`);
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
 * Runs one part with inherited output (or, `quiet`, its output kept and shown only when it
 * fails: the build's asset list would interleave with the others') and records its time.
 */
async function timed(name, command, args, env = {}, { quiet = false } = {}) {
  const started = Date.now();
  console.log(`\n==> ${name}: ${command} ${args.join(" ")}`);
  const exitCode = await run(command, args, { ...process.env, ...env }, quiet);
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name, seconds, exitCode });
  console.log(`<== ${name}: ${exitCode === 0 ? "passed" : `FAILED (exit code ${exitCode})`} in ${seconds.toFixed(0)} s`);
  return exitCode;
}

function run(command, args, env, quiet) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    // Ctrl-C reaches every child through the terminal; a SIGTERM sent to us alone is passed on.
    const forward = (signal) => child.kill(signal);
    process.on("SIGTERM", forward);
    process.on("SIGINT", noop);
    child.on("error", (error) => {
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (exitCode, signal) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", noop);
      const result = exitCode ?? (signal ? 1 : 0);
      if (quiet && result !== 0) process.stdout.write(output);
      resolve(result);
    });
  });
}

function noop() {}
