// `npm test`: the whole suite, with one production build shared by every part that serves pages.
//
// Two lanes side by side, then the browser:
//   - the production build, then the checks that serve it without a browser: reliability
//     (scripts/soak.ts --quick) and the scale-out test (two instances behind nginx);
//   - the route types, then the type check and lint side by side, then the unit and integration
//     tests (Vitest: SQLite, and PostgreSQL when TEST_DATABASE_URL is set);
//   - then the end-to-end tests (scripts/run-e2e.js) on the same build.
// Every part is bound by the CPU on our 2-core machines, so the lanes fill each other's waits
// (reliability and scale-out spend a third of their time waiting on restarts) rather than
// adding up. Stops at the first part that fails and prints how long each part took. Plain
// JavaScript so that it runs before anything is compiled.
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
    async () =>
      (await timed("build", "npm", ["run", "build"], { BUILD_DIR: buildDir }, { output: "on-failure" })) ||
      (await timed("reliability", "npx", ["tsx", "scripts/soak.ts", "--quick", "--build-dir", buildDir], {}, { output: "after" })) ||
      timed("scale-out", "npx", ["tsx", "tests/scale-out/run-scale-out.ts"], { BUILD_DIR: buildDir }, { output: "after" }),
    // The route modules' generated types first: tsc needs them, and so does knip (in lint), which
    // reports every `./+types/…` import as unresolved without them.
    async () =>
      (await timed("route types", "npx", ["react-router", "typegen"])) ||
      // TypeScript 7's native compiler, by path: `tsc` on the PATH is TypeScript 6's (docs/decisions/0125).
      (await parallel([
        () => timed("type check", "node", ["node_modules/typescript-native/bin/tsc"]),
        () => timed("lint", "npm", ["run", "lint"]),
      ])) ||
      timed("unit and integration", "npm", ["run", "test:unit"]),
  ]);
  if (code === 0) code = await timed("end-to-end", "node", ["scripts/run-e2e.js"], { E2E_BUILD_DIR: buildDir, E2E_SCALE_OUT: "no" });
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
 * Runs one part and records its time. Its output is passed through as it comes ("inherit"), kept
 * and shown only if it fails ("on-failure": the build's asset list), or kept and shown whole when
 * it ends ("after": a part beside Vitest, whose lines would otherwise interleave with its own).
 */
async function timed(name, command, args, env = {}, { output = "inherit" } = {}) {
  const started = Date.now();
  console.log(`\n==> ${name}: ${command} ${args.join(" ")}`);
  const exitCode = await run(command, args, { ...process.env, ...env }, output);
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name, seconds, exitCode });
  console.log(`<== ${name}: ${exitCode === 0 ? "passed" : `FAILED (exit code ${exitCode})`} in ${seconds.toFixed(0)} s`);
  return exitCode;
}

function run(command, args, env, output) {
  return new Promise((resolve) => {
    const kept = output !== "inherit";
    const child = spawn(command, args, { cwd: root, env, stdio: kept ? ["ignore", "pipe", "pipe"] : "inherit" });
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
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (exitCode, signal) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", noop);
      const result = exitCode ?? (signal ? 1 : 0);
      if (output === "after" || (output === "on-failure" && result !== 0)) process.stdout.write(text);
      resolve(result);
    });
  });
}

function noop() {}
