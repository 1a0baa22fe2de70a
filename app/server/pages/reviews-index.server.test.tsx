import { requestContext } from "~/server/load-context";
import { sql } from "kysely";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testDialects } from "../../../tests/support/test-databases";
import { testContextForBlock } from "../../../tests/support/block-databases";
import * as reviewsRoute from "~/routes/reviews-index";
import { loadPageErrorScreens } from "~/components/site/page-error-boundary";
import type { DB } from "~/server/db/connection.server";
import { loadReviewsIndexPage } from "./reviews-index.server";

describe.each(testDialects)("the reviews index page on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect, { seed: true });
  // As the server does before rendering a page that shows an error (entry.server.tsx).
  beforeAll(() => loadPageErrorScreens());

  const load = (url: string, db = ctx.context.db) => loadReviewsIndexPage({ ...ctx.context, db }, new URL(`${TEST_BASE_URL}${url}`));

  /** A second handle on the test database, closed: every read through it fails. */
  async function closedDatabase(): Promise<DB> {
    const closed = test.openAnother();
    // Kysely only really closes a handle that has been used.
    await sql`select 1`.execute(closed);
    await closed.destroy();
    return closed;
  }

  it("throws the shared 503, never cached, when the products cannot be read", async () => {
    const failure = await load("/reviews?q=barrel", await closedDatabase()).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(failure).toMatchObject({ data: { screen: "site", kind: "unavailable" }, init: { status: 503 } });
    expect(new Headers((failure as { init: ResponseInit }).init.headers).get("Cache-Control")).toBe("no-store");
  });

  it("renders that 503 with the route's own boundary: the unavailable screen, no-store, no page meta", async () => {
    const routes = [
      {
        id: "root",
        children: [
          {
            id: "reviews",
            path: "reviews",
            loader: reviewsRoute.loader as never,
            Component: () => <p>page</p>,
            ErrorBoundary: reviewsRoute.ErrorBoundary,
          },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`${TEST_BASE_URL}/reviews`), {
      requestContext: requestContext({ ...ctx.context, db: await closedDatabase() }),
    });
    if (context instanceof Response) throw new Error("unexpected redirect");
    const html = renderToStaticMarkup(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
    );
    expect(context.statusCode).toBe(503);
    const headers = new Headers(reviewsRoute.headers({ loaderHeaders: context.loaderHeaders.reviews! } as never));
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(html).toContain("Temporarily unavailable");
    expect(html).toContain("The site cannot reach its data right now. Please try again in a moment.");
    expect(html).not.toContain("<p>page</p>");
    expect(reviewsRoute.meta({ error: context.errors?.reviews, matches: [] } as never)).toEqual([]);
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
