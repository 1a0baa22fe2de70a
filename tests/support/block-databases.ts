import { afterAll, beforeAll } from "vitest";
import { seedSampleContent } from "~/server/seed/seed.server";
import { makeAuthContext, type AuthTestContext } from "./auth-fixtures";
import { createTestDatabase, type TestDatabase, type TestDialect } from "./test-databases";

/**
 * One database for a whole describe block: made in its beforeAll, dropped in its afterAll. Call
 * these at the top of the block; what they return is usable inside hooks and tests (reading it
 * earlier throws, since the database does not exist yet).
 */

export interface BlockOptions {
  /** Seed the sample catalog, as a new site does on its first start. */
  seed?: boolean;
}

/** A fresh, migrated database for the block. */
export function testDatabaseForBlock(dialect: TestDialect, options: BlockOptions = {}): TestDatabase {
  return testContextForBlock(dialect, options, { withContext: false }).test;
}

/** A fresh database for the block and a request context on it (settings, better-auth, the mail outbox). */
export function testContextForBlock(
  dialect: TestDialect,
  options: BlockOptions = {},
  { withContext = true }: { withContext?: boolean } = {},
): { test: TestDatabase; ctx: AuthTestContext } {
  let made: TestDatabase | undefined;
  let context: AuthTestContext | undefined;
  // One beforeAll and one afterAll, so the order of the steps does not depend on how the runner orders hooks.
  beforeAll(async () => {
    made = await createTestDatabase(dialect);
    if (options.seed) await seedSampleContent(made.db);
    if (withContext) context = makeAuthContext(made);
  });
  afterAll(async () => {
    await context?.close();
    await made?.drop();
  });

  const database = (): TestDatabase => made ?? notYet();
  const ctx = (): AuthTestContext => context ?? notYet();
  return {
    test: {
      get db() {
        return database().db;
      },
      get database() {
        return database().database;
      },
      openAnother: () => database().openAnother(),
      drop: () => database().drop(),
    },
    ctx: {
      get context() {
        return ctx().context;
      },
      get auth() {
        return ctx().auth;
      },
      mails: () => ctx().mails(),
      get dataDir() {
        return ctx().dataDir;
      },
      close: () => ctx().close(),
    },
  };
}

function notYet(): never {
  throw new Error("The block's test database is made in beforeAll: use it inside a hook or a test.");
}
