import { requestContext } from "~/server/load-context";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as alertsUnsubscribe from "~/routes/alerts/unsubscribe";
import * as digestUnsubscribe from "~/routes/digest/unsubscribe";
import * as newsletterUnsubscribe from "~/routes/newsletter/unsubscribe";
import { handWrittenBuild } from "../../../tests/support/server-build";
import { pricedProduct } from "../../../tests/support/priced-product";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { UNSUBSCRIBE_PURPOSES, unsubscribeToken, type UnsubscribePurpose } from "../newsletter/newsletter-tokens.server";

/**
 * Every mail list's unsubscribe link, through React Router's own request handler: GET and HEAD
 * show the question and change nothing, a POST (the button, or a mail program's one-click POST)
 * unsubscribes, and a changed link changes nothing. One set of checks, run for each list.
 */

const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const AT = "2026-11-28T12:00:00.000Z";

interface ListUnderTest {
  name: string;
  path: string;
  module: Record<string, unknown>;
  purpose: UnsubscribePurpose;
  table: "subscribers" | "price_alerts" | "owner_digest_recipients";
  /** The status of an entry on the list. */
  onList: string;
  /** Adds one confirmed entry; returns its id. */
  add(db: DB, email: string): Promise<number>;
}

const LISTS: ListUnderTest[] = [
  {
    name: "the newsletter",
    path: "newsletter/unsubscribe",
    module: newsletterUnsubscribe,
    purpose: UNSUBSCRIBE_PURPOSES.newsletter,
    table: "subscribers",
    onList: "confirmed",
    async add(db, email) {
      const row = await db
        .insertInto("subscribers")
        .values({ email, status: "confirmed", confirm_token_hash: null, confirmed_at: AT, created_at: AT, updated_at: AT })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  },
  {
    name: "price alerts",
    path: "alerts/unsubscribe",
    module: alertsUnsubscribe,
    purpose: UNSUBSCRIBE_PURPOSES.priceAlert,
    table: "price_alerts",
    onList: "confirmed",
    async add(db, email) {
      const row = await db
        .insertInto("price_alerts")
        .values({
          email,
          product_id: await pricedProduct(db, "list-sauna"),
          status: "confirmed",
          target_price_minor: null,
          currency: "USD",
          price_at_subscribe_minor: 400_000,
          confirmed_at: AT,
          created_at: AT,
          updated_at: AT,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  },
  {
    name: "the owner's weekly digest",
    path: "digest/unsubscribe",
    module: digestUnsubscribe,
    purpose: UNSUBSCRIBE_PURPOSES.ownerDigest,
    table: "owner_digest_recipients",
    onList: "subscribed",
    async add(db, email) {
      const row = await db
        .insertInto("owner_digest_recipients")
        .values({ user_id: `user-${email}`, email, status: "subscribed", created_at: Date.parse(AT) })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },
  },
];

/** The lists' routes under a root, rendering the loader's or action's data as JSON in place of the page. */
function buildOf(): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  const assetRoutes: Record<string, unknown> = { root: { id: "root", path: "", module: "/root.js", hasAction: false, hasLoader: false } };
  for (const list of LISTS) {
    const id = `routes/${list.path}`;
    routes[id] = { id, parentId: "root", path: list.path, module: list.module };
    assetRoutes[id] = { id, parentId: "root", path: list.path, module: `/${id}.js`, hasAction: true, hasLoader: true };
  }
  return handWrittenBuild({
    entry: {
      default: (_request: Request, status: number, headers: Headers, context: { staticHandlerContext: Record<string, unknown> }) =>
        new Response(
          JSON.stringify({ loaderData: context.staticHandlerContext.loaderData, actionData: context.staticHandlerContext.actionData }),
          {
            status,
            headers,
          },
        ),
    },
    routes,
    assets: { entry: { module: "/entry.js", imports: [] }, routes: assetRoutes, url: "/manifest.js" },
  });
}

describe.each(testDialects)("unsubscribe links on %s", (dialect) => {
  let test: TestDatabase;
  let handle: (request: Request) => Promise<Response>;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const handler = createRequestHandler(buildOf(), "production");
    handle = (request) => handler(request, requestContext({ db: test.db, config: { authSecret: SECRET } } as never));
  });
  afterAll(() => test.drop());

  describe.each(LISTS)("of $name", (list) => {
    const statusOf = async (id: number) =>
      (await test.db.selectFrom(list.table).select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
    const linkOf = (id: number, email: string) =>
      `https://saunas.example/${list.path}?token=${unsubscribeToken(SECRET, id, email, list.purpose)}`;
    const viewOf = async (response: Response) => {
      const body = (await response.json()) as Record<string, Record<string, { view: { state: string } } | undefined> | undefined>;
      return (body.actionData ?? body.loaderData)?.[`routes/${list.path}`]?.view.state;
    };

    it("GET and HEAD ask and change nothing; the button's POST unsubscribes, and again is still done", async () => {
      const email = `get-${list.table}-${dialect}@example.com`;
      const id = await list.add(test.db, email);
      const link = linkOf(id, email);

      const opened = await handle(new Request(link));
      expect(opened.status).toBe(200);
      expect(await viewOf(opened)).toBe("ask");
      expect((await handle(new Request(link, { method: "HEAD" }))).status).toBe(200);
      expect(await statusOf(id)).toBe(list.onList);

      const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" };
      const posted = await handle(new Request(link, form));
      expect(posted.status).toBe(200);
      expect(await viewOf(posted)).toBe("done");
      expect(await statusOf(id)).toBe("unsubscribed");
      // Opened again afterwards: it says so, rather than asking.
      expect(await viewOf(await handle(new Request(link)))).toBe("done");
      expect(await viewOf(await handle(new Request(link, form)))).toBe("done");
    });

    it("a mail program's one-click POST (RFC 8058) unsubscribes", async () => {
      const email = `one-click-${list.table}-${dialect}@example.com`;
      const id = await list.add(test.db, email);
      const posted = await handle(
        new Request(linkOf(id, email), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
      );
      expect(posted.status).toBe(200);
      expect(await statusOf(id)).toBe("unsubscribed");
    });

    it("a changed or foreign link is refused with 400 by GET and POST, and changes nothing", async () => {
      const email = `forged-${list.table}-${dialect}@example.com`;
      const id = await list.add(test.db, email);
      const other = LISTS.find((candidate) => candidate !== list)!;
      const forged = [
        `https://saunas.example/${list.path}?token=${id}.${"A".repeat(43)}`,
        `https://saunas.example/${list.path}?token=${unsubscribeToken(SECRET, id, email, other.purpose)}`,
        `https://saunas.example/${list.path}`,
      ];
      for (const link of forged) {
        const opened = await handle(new Request(link));
        expect(opened.status, link).toBe(400);
        expect(await viewOf(opened)).toBe("invalid");
        const posted = await handle(
          new Request(link, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }),
        );
        expect(posted.status, link).toBe(400);
      }
      expect(await statusOf(id)).toBe(list.onList);
    });
  });
});
