import { betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import { admin } from "better-auth/plugins";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";

/**
 * Our migration writes better-auth's tables by hand (so they have a down). Ask better-auth
 * itself whether anything it needs for email + password and the admin role is missing.
 */
describe.each(testDialects)("better-auth schema on %s", (dialect) => {
  let test: TestDatabase;
  let pool: pg.Pool | undefined;
  afterEach(async () => {
    await pool?.end();
    await test?.drop();
  });

  it("has every table and column better-auth expects", async () => {
    test = await createTestDatabase(dialect);
    pool = test.database.dialect === "postgres" ? new pg.Pool({ connectionString: test.database.url }) : undefined;
    const options = {
      database: pool ?? { db: test.db, type: "sqlite" as const },
      baseURL: "http://localhost:3000",
      secret: "a-test-secret-that-is-long-enough-for-better-auth",
      emailAndPassword: { enabled: true, requireEmailVerification: true },
      plugins: [admin()],
    };
    betterAuth(options);
    const { toBeCreated, toBeAdded } = await getMigrations(options);
    expect(toBeCreated.map((table) => table.table)).toEqual([]);
    expect(toBeAdded.map((table) => `${table.table}: ${Object.keys(table.fields).join(", ")}`)).toEqual([]);
  });
});
