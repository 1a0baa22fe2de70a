import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * End-to-end tests against the production build, served by `node server.js` on a fresh data
 * directory. Run them with `npm run test:e2e` (scripts/run-e2e.js builds, picks a free port and a
 * throwaway DATA_DIR). Chromium comes from Debian (`apt-get install chromium`): never run
 * `playwright install`.
 */

const port = Number(process.env.E2E_PORT ?? 4310);
const baseURL = `http://127.0.0.1:${port}`;
const isCI = process.env.CI === "true";

// `npx playwright test` run by hand has no E2E_DATA_DIR: give it a fresh one too. Setting it on
// process.env means the worker processes, which load this file again, see the same directory.
// Only named here: the server makes it when it starts, so a tool that merely reads this file
// (knip, in lint) leaves no empty folder behind.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = path.join(tmpdir(), `sauna-e2e-${process.pid}-${randomBytes(4).toString("hex")}`);
}

const launchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };

export default defineConfig({
  testDir: "tests/e2e",
  // scripts/run-e2e.js gives each run its own folder, so runs side by side never wipe each other's.
  outputDir: process.env.E2E_OUTPUT_DIR || "test-results",
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // Three on a 2-core machine: the admin specs wait on timers, a slow stand-in shop and a
  // scheduled article (one test sleeps about a minute), and a third worker keeps both cores busy
  // meanwhile. The whole run here: 569 s with two, 515 s with three (CPU 7% idle). E2E_WORKERS
  // sets another count.
  workers: Number(process.env.E2E_WORKERS ?? 3),
  reporter: [["list"]],
  // An assertion waits for its state this long (Playwright's default is 5 s): on a loaded 2-core
  // CI machine a server render plus hydration can take longer, and a passing check never waits.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions,
    // Recording a trace costs every test about a sixth of its CPU (screenshots and DOM snapshots
    // at each action). A failure is retried once with a trace on, which shows the same failure.
    trace: isCI ? "on-first-retry" : "retain-on-failure",
  },
  // Each test runs at both widths unless it is tagged "@desktop-only" (what it checks is the same
  // at every width: server HTML, metadata, which products a rule or a search lists, HTTP behaviour,
  // admin flows, requests without a page) or
  // "@mobile-only" (a phone control). A tagged test is not scheduled in the other project at all,
  // so it costs neither a browser context nor, for admin specs, a second admin site.
  projects: [
    {
      name: "desktop",
      grepInvert: /@mobile-only/,
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile",
      grepInvert: /@desktop-only/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/`,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      // A fresh SQLite database with the sample content, whatever the calling shell has set
      // (the server treats an empty value as unset).
      DATABASE_URL: "",
      BASE_URL: "",
      SEED_SAMPLE_CONTENT: "true",
      // As tests/e2e/admin-support.ts: the worker's runs are waited for, not slowed on purpose.
      WORKER_NICE: "0",
      // scripts/run-e2e.js builds into its own folder; by hand, the server uses build/.
      BUILD_DIR: process.env.BUILD_DIR ?? "",
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    // SIGTERM lets the server close its database before the data directory is deleted.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
