import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Integration tests open real databases; PostgreSQL ones create their own throwaway database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
