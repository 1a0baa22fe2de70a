import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/validators/**/*.test.ts",
      "tests/framework/**/*.test.ts",
    ],
    globalSetup: ["tests/support/announce-databases.ts", "tests/support/database-templates.ts"],
    // The verbose reporter names every test, so a log shows each one ran "on postgres" too.
    reporters: ["verbose"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
