import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAuthContext, TEST_BASE_URL, type AuthTestContext } from "../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleContent } from "~/server/db/seed.server";
import { loadReviewsIndexPage } from "./reviews-index.server";

describe.each(testDialects)("the reviews index page on %s", (dialect) => {
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

  const load = (url: string, db = ctx.context.db) => loadReviewsIndexPage({ ...ctx.context, db }, new URL(`${TEST_BASE_URL}${url}`));

  it("answers the shared 503, never cached, when the products cannot be read", async () => {
    const closed = test.openAnother();
    // Kysely only really closes a handle that has been used.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    const failure = await load("/reviews", closed).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(failure).toMatchObject({ init: { status: 503 } });
    expect(new Headers((failure as { init: ResponseInit }).init.headers).get("Cache-Control")).toBe("no-store");
  });

  // When the stored collections cannot be read, the reviews index goes on with the built-in
  // last-resort collections instead of the error page; the products still list.
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
