import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAuthContext, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleContent } from "~/server/db/seed.server";
import { loadHomePage } from "./home.server";

describe.each(testDialects)("the home page on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    ctx = makeAuthContext(test);
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("shows the catalog's picks, top-rated cards and comparison rows", async () => {
    const page = await loadHomePage(ctx.context, { streamComparison: false });
    expect(page.topRated.source).toBe("catalog");
    expect(page.bestPicks).toHaveLength(3);
    expect(page.comparison).not.toBeInstanceOf(Promise);
    expect((await page.comparison)?.rows.length).toBeGreaterThan(0);
  });

  it("streams the comparison rows on a client navigation", async () => {
    const page = await loadHomePage(ctx.context, { streamComparison: true });
    expect(page.comparison).toBeInstanceOf(Promise);
    expect((await page.comparison)?.rows.length).toBeGreaterThan(0);
  });

  it("never fails: with no database every section falls back (built-in cards, no comparison)", async () => {
    const closed = test.openAnother();
    // Kysely only really closes a handle that has been used.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    const page = await loadHomePage({ ...ctx.context, db: closed }, { streamComparison: false });
    expect(page.categories).toEqual([]);
    expect(page.bestPicks.map((card) => card.product)).toEqual([null, null, null]);
    expect(page.topRated.source).toBe("built-in");
    expect(page.comparison).toBeNull();
  });
});
