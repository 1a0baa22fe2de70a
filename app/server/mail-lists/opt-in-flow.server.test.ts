import { requestContext } from "~/server/load-context";
import { describe, expect, it } from "vitest";
import * as alertsConfirm from "~/routes/alerts/confirm";
import * as alertsSubscribe from "~/routes/alerts/subscribe";
import * as alertsUnsubscribe from "~/routes/alerts/unsubscribe";
import * as newsletterConfirm from "~/routes/newsletter/confirm";
import * as newsletterSubscribe from "~/routes/newsletter/subscribe";
import * as newsletterUnsubscribe from "~/routes/newsletter/unsubscribe";
import { answerOf } from "../../../tests/support/admin-routes";
import { SAME_SITE, TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { pricedProduct } from "../../../tests/support/priced-product";
import { testDialects } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { NEWSLETTER_LIST, PRICE_ALERT_LIST, type OptInList } from "./opt-in.server";
import { SUBSCRIBE_LIMITS } from "./subscribe-limit.server";

/**
 * Every mail list's double opt-in, through its routes as a reader meets it: the sign-up form,
 * the confirmation link in the mail, the unsubscribe link in the same mail. One set of checks,
 * run for each list.
 */

type Handler = (args: never) => unknown;

interface ListUnderTest {
  list: OptInList;
  subscribe: { action: Handler };
  confirm: { loader: Handler };
  unsubscribe: { loader: Handler; action: Handler };
  /** The form's fields besides the address. */
  fields(db: DB): Promise<Record<string, string>>;
  /** The status of the entries for this address. */
  statuses(db: DB, email: string): Promise<string[]>;
}

const LISTS: ListUnderTest[] = [
  {
    list: NEWSLETTER_LIST,
    subscribe: newsletterSubscribe,
    confirm: newsletterConfirm,
    unsubscribe: newsletterUnsubscribe,
    fields: async () => ({}),
    statuses: async (db, email) =>
      (await db.selectFrom("subscribers").select("status").where("email", "=", email).execute()).map((row) => row.status),
  },
  {
    list: PRICE_ALERT_LIST,
    subscribe: alertsSubscribe,
    confirm: alertsConfirm,
    unsubscribe: alertsUnsubscribe,
    fields: async (db) => ({ product_id: String(await pricedProduct(db, "flow-sauna")), target: "" }),
    statuses: async (db, email) =>
      (await db.selectFrom("price_alerts").select("status").where("email", "=", email).execute()).map((row) => row.status),
  },
];

describe.each(testDialects)("mail list opt-in on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);
  let clients = 0;

  /** Posts a list's sign-up form from a client of its own (so one test's tries do not count against another's). */
  async function signUpTo(entry: ListUnderTest, email: string, headers: Record<string, string> = SAME_SITE) {
    const body = new URLSearchParams({ email, ...(await entry.fields(test.db)) });
    const request = new Request(`${TEST_BASE_URL}/${entry.list.name}`, { method: "POST", body, headers });
    const context = requestContext({ ...ctx.context, clientAddress: `203.0.113.${++clients}` });
    return answerOf(() => (entry.subscribe.action as (args: unknown) => Promise<unknown>)({ request, context, params: {} }));
  }

  describe.each(LISTS)("of the $list.name list", (entry) => {
    const { list, confirm, unsubscribe, statuses } = entry;
    const signUp = (email: string, headers?: Record<string, string>) => signUpTo(entry, email, headers);
    const open = (handler: Handler, url: string, method = "GET") =>
      answerOf(() =>
        (handler as (args: unknown) => Promise<unknown>)({
          request: new Request(url, { method }),
          context: requestContext(ctx.context),
          params: {},
        }),
      );
    const mailsTo = async (email: string) => (await ctx.mails()).filter((mail) => mail.to === email);
    const linkIn = (text: string, path: string) => {
      const found = text.match(new RegExp(`${TEST_BASE_URL}${path}\\?token=\\S+`))?.[0];
      if (!found) throw new Error(`no ${path} link in: ${text}`);
      return found;
    };

    it("a sign-up stores one pending entry and mails one confirmation link; signing up again at once gets the same thanks and no second mail", async () => {
      const email = `new-${list.name}-${dialect}@example.com`;
      const first = await signUp(`  ${email.toUpperCase()} `);
      expect(first).toMatchObject({ status: 200, data: { ok: true } });
      const again = await signUp(email);
      expect(again.data).toEqual(first.data);
      expect(await statuses(test.db, email)).toEqual(["pending"]);
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      linkIn(mails[0]!.text, list.paths.confirm);
      expect(mails[0]!.headers?.["List-Unsubscribe"]).toContain(`${TEST_BASE_URL}${list.paths.unsubscribe}?token=`);
      expect(mails[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    });

    it("the mail's links: confirm once (again: 400); unsubscribe asks on GET and HEAD, changing nothing, and a POST takes the entry off", async () => {
      const email = `cycle-${list.name}-${dialect}@example.com`;
      await signUp(email);
      const [mail] = await mailsTo(email);
      const confirmLink = linkIn(mail!.text, list.paths.confirm);

      expect((await open(confirm.loader, confirmLink)).status).toBe(200);
      expect(await statuses(test.db, email)).toEqual(["confirmed"]);
      expect((await open(confirm.loader, confirmLink)).status).toBe(400);
      expect((await open(confirm.loader, `${TEST_BASE_URL}${list.paths.confirm}?token=${"x".repeat(43)}`)).status).toBe(400);

      const unsubscribeLink = linkIn(mail!.text, list.paths.unsubscribe);
      expect(await open(unsubscribe.loader, unsubscribeLink)).toMatchObject({ status: 200, data: { view: { state: "ask" } } });
      await open(unsubscribe.loader, unsubscribeLink, "HEAD");
      expect(await statuses(test.db, email)).toEqual(["confirmed"]);
      expect(await open(unsubscribe.action, unsubscribeLink, "POST")).toMatchObject({ status: 200, data: { view: { state: "done" } } });
      expect(await statuses(test.db, email)).toEqual(["unsubscribed"]);

      // Signing up again needs a new confirmation: pending, and a second mail at once.
      expect((await signUp(email)).data).toMatchObject({ ok: true });
      expect(await statuses(test.db, email)).toEqual(["pending"]);
      expect(await mailsTo(email)).toHaveLength(2);
    });

    it("a mistyped address is refused with 400, keeps what was typed, and stores and mails nothing", async () => {
      const typed = `not-an-address-${list.name}`;
      const answer = await signUp(typed);
      expect(answer).toMatchObject({ status: 400, data: { ok: false, field: "email", email: typed } });
      expect(await statuses(test.db, typed)).toEqual([]);
      expect(await mailsTo(typed)).toEqual([]);
    });

    it("a post from another site is refused and stores nothing", async () => {
      const email = `cross-${list.name}-${dialect}@example.com`;
      const answer = await signUp(email, { origin: "https://evil.example" });
      expect(answer.status).toBe(403);
      expect(await statuses(test.db, email)).toEqual([]);
    });

    it(`one address gets ${SUBSCRIBE_LIMITS.perEmail.max} sign-ups an hour, from any client; the next is refused with 429`, async () => {
      const email = `limited-${list.name}-${dialect}@example.com`;
      for (let i = 0; i < SUBSCRIBE_LIMITS.perEmail.max; i++) expect((await signUp(email)).status).toBe(200);
      const refused = await signUp(email);
      expect(refused).toMatchObject({ status: 429, data: { ok: false, field: "limit", email } });
    });
  });

  it("the limits count every list's sign-ups together: both send a confirmation mail to an address anyone can type", async () => {
    const email = `both-lists-${dialect}@example.com`;
    const [newsletter, alerts] = LISTS as [ListUnderTest, ListUnderTest];
    expect((await signUpTo(newsletter, email)).status).toBe(200);
    expect((await signUpTo(alerts, email)).status).toBe(200);
    expect((await signUpTo(newsletter, email)).status).toBe(200);
    expect((await signUpTo(alerts, email)).status).toBe(429);
  });
});
