import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAuthContext, TEST_BASE_URL, type AuthTestContext } from "../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../tests/support/test-databases";
import { seedSampleContent } from "~/server/db/seed.server";
import { loader } from "./reviews-index";

// When the stored collections cannot be read, the reviews index goes on with the built-in
// last-resort collections instead of the generic error page; the products still list.
describe.each(testDialects)("/reviews without readable collections on %s", (dialect) => {
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

  const load = (url: string) => loader({ request: new Request(`${TEST_BASE_URL}${url}`), context: ctx.context, params: {} } as never);

  it("lists products and offers the built-in collections when the collections table is gone", async () => {
    // Only the collections are unreadable: the memberships go with them, the products stay.
    await sql`drop table collections ${sql.raw(dialect === "postgres" ? "cascade" : "")}`.execute(test.db);
    const index = await load("/reviews");
    expect(index.view.mode).toBe("index");
    expect(index.view.products.length).toBeGreaterThan(0);

    const search = await load("/reviews?q=no-such-sauna-anywhere");
    expect(search.view.mode).toBe("search");
    if (search.view.mode !== "search") return;
    expect(search.view.suggestions.map((link) => link.href)).toEqual([
      "/reviews/infrared-saunas",
      "/reviews/traditional-finnish-saunas",
      "/reviews/barrel-saunas",
      "/reviews/two-person-saunas",
      "/reviews/recovery-saunas",
    ]);
  });
});
