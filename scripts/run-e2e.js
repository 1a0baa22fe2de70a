// `npm run test:e2e`: build the production bundle, then run the Playwright suite against
// `node server.js` on a free port and a throwaway data directory (fresh SQLite, sample content),
// then, on the same build, the scale-out test (tests/scale-out/run-scale-out.ts: two instances
// on one PostgreSQL database behind nginx; skipped with a notice without nginx or
// TEST_DATABASE_URL). Extra arguments go to Playwright and run only the specs they name:
// `npm run test:e2e -- --project=mobile tests/e2e/home.spec.ts`. With E2E_BUILD_DIR set (npm test
// does, scripts/run-suite.js), that build is used as it is and left in place.
// Plain JavaScript so that it runs before anything is compiled.
import { spawn } from "node:child_process";
import { accessSync, constants, mkdtempSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// A build folder of our own (react-router.config.ts and server.js read BUILD_DIR), one per run:
// a test run never swaps the assets under a server started from build/ or under another run.
const givenBuild = process.env.E2E_BUILD_DIR;
const buildDir = givenBuild || path.join(root, ".e2e-build", `run-${process.pid}`);
// Debian's old headless shell (`apt-get install chromium-headless-shell`) when it is there, the
// full browser otherwise. The shell is what Playwright itself runs headless: no browser UI and its
// renderers behind every page, and on this 2-core machine the same specs took half the time
// (learn and collections, 104 tests: 110 s against 216 s). Lighthouse keeps the full browser.
const chromium =
  process.env.CHROMIUM_PATH || ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find(isExecutable) || "/usr/bin/chromium";
const started = Date.now();

if (!isExecutable(chromium)) {
  if (process.env.CI === "true") {
    console.error(`End-to-end tests FAILED: Chromium not found at ${chromium} (apt-get install chromium-headless-shell)`);
    process.exit(1);
  }
  console.warn(`Skipping end-to-end tests: Chromium not found at ${chromium}. Install it with: apt-get install chromium-headless-shell`);
  process.exit(0);
}

// Otherwise always rebuild: the tests must exercise the code as it is now, not an old build.
if (!givenBuild) {
  console.log(`End-to-end tests: building the production bundle into ${path.relative(root, buildDir)}/`);
  const buildCode = await run("npm", ["run", "build"], { ...process.env, BUILD_DIR: buildDir });
  if (buildCode !== 0) {
    removeBuild();
    console.error(`End-to-end tests FAILED: the build failed (exit code ${buildCode})`);
    process.exit(buildCode);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-e2e-"));
// Traces and screenshots of failed tests; kept only when something failed.
const outputDir = mkdtempSync(path.join(tmpdir(), "sauna-e2e-results-"));
const port = await freePort();
console.log(`End-to-end tests: serving on 127.0.0.1:${port} with DATA_DIR=${dataDir}`);

let code;
try {
  code = await run("npx", ["playwright", "test", ...process.argv.slice(2)], {
    ...process.env,
    CHROMIUM_PATH: chromium,
    BUILD_DIR: buildDir,
    E2E_DATA_DIR: dataDir,
    E2E_OUTPUT_DIR: outputDir,
    E2E_PORT: String(port),
  });
  // The whole suite (no arguments) ends with the scale-out test on the same build, unless the
  // caller runs it itself (npm test does, beside other work: E2E_SCALE_OUT=no).
  if (code === 0 && process.argv.length <= 2 && process.env.E2E_SCALE_OUT !== "no") {
    code = await run(path.join(root, "node_modules/.bin/tsx"), ["tests/scale-out/run-scale-out.ts"], {
      ...process.env,
      BUILD_DIR: buildDir,
    });
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  removeBuild();
}
// A passing run keeps the folder when a test failed once and passed on its retry (a flaky test):
// the first attempt's error context and the retry's trace are what can explain it. Passing tests
// leave files there too (screenshots some specs take), which alone are not worth keeping.
const failureFiles = readdirSync(outputDir, { recursive: true }).filter((file) =>
  /(^|\/)(error-context\.md|trace\.zip)$/.test(String(file)),
);
if (code === 0 && failureFiles.length === 0) rmSync(outputDir, { recursive: true, force: true });
else console.log(`Traces and screenshots of the failures${code === 0 ? " (flaky tests)" : ""}: ${outputDir}`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(code === 0 ? `End-to-end tests passed (${seconds} s in all)` : `End-to-end tests FAILED (exit code ${code}, ${seconds} s)`);
process.exit(code);

function removeBuild() {
  if (givenBuild) return;
  rmSync(buildDir, { recursive: true, force: true });
  // Leave no empty .e2e-build behind once the last run is done.
  try {
    rmdirSync(path.dirname(buildDir));
  } catch {
    // Another run still uses it.
  }
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Ask the OS for a port nobody uses, then give it back for the server to take. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Run a command with inherited stdio; resolves to its exit code (1 if a signal ended it). */
function run(command, args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
    // Ctrl-C reaches the child through the terminal; a SIGTERM sent to us alone is passed on, so
    // the child can stop its server and we still get to delete the data directory.
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", noop);
    process.on("SIGTERM", forward);
    child.on("error", (error) => {
      console.error(`Cannot run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on("exit", (exitCode, signal) => {
      process.off("SIGINT", noop);
      process.off("SIGTERM", forward);
      resolve(exitCode ?? (signal ? 1 : 0));
    });
  });
}

function noop() {}
