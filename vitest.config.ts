import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/validators/**/*.test.ts",
      "tests/framework/**/*.test.ts",
      "tests/support/**/*.test.ts",
    ],
    globalSetup: ["tests/support/announce-databases.ts", "tests/support/database-templates.ts"],
    // The verbose reporter names every test, so a log shows each one ran "on postgres" too.
    reporters: ["verbose"],
    // Vitest's default is one worker per core less one: a single worker on a 2-core machine. The
    // integration tests spend much of their time waiting on PostgreSQL and the file system, so
    // four at once keep both cores busy (the whole run on this 2-core machine: 244 s with two
    // workers, 207 s with four, while another session was busy).
    maxWorkers: 4,
    // Each worker keeps its modules from one test file to the next instead of importing them all
    // again (233 files; the whole run took 376 s isolated, 274 s not, on this 2-core machine). A
    // test file therefore must leave no module state behind: the two that fake the clock give it
    // back in afterAll, and every database, server and timer is a test's own and closed by it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
