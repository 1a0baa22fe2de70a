import { requestContext } from "~/server/load-context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as todayRoute from "~/routes/admin/today";
import { callAdminRoute, answerOf } from "../../../../tests/support/admin-routes";
import { makeAuthContext, signedInAs, TEST_BASE_URL, type AuthTestContext } from "../../../../tests/support/auth-fixtures";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { setEditorRole } from "../../auth/users.server";
import { createMailQueue } from "../../mail/outbox.server";
import { setDigestSubscribed } from "./digest-list.server";
import { sendOwnerDigest } from "./digest-job.server";

/**
 * The weekly digest reaches the admins on its list through the outbox, with a text and an HTML
 * part and the one-click unsubscribe headers; and /admin/today is an admin's page, whose snooze
 * is audited by name.
 */

const NOW = Date.now();

describe.each(testDialects)("the weekly digest and /admin/today on %s", (dialect) => {
  let test: TestDatabase;
  let ctx: AuthTestContext;
  let adminCookie: string;
  let editorCookie: string;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = makeAuthContext(test);
    adminCookie = await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    await signedInAs(ctx.auth, "partner@example.com", { admin: true });
    editorCookie = await signedInAs(ctx.auth, "writer@example.com", { admin: false });
    const writer = await test.db.selectFrom("user").select("id").where("email", "=", "writer@example.com").executeTakeFirstOrThrow();
    await setEditorRole(test.db, writer.id, true);
    // One thing needs the owner: a message that failed.
    await test.db
      .insertInto("outbox")
      .values({
        message_id: "<failed@test>",
        recipient: "reader@example.com",
        subject: "S",
        text_body: "T",
        html_body: null,
        headers: "{}",
        log_line: null,
        state: "failed",
        created_at: NOW - 3_600_000,
        next_attempt_at: NOW - 3_600_000,
        failed_at: NOW - 3_600_000,
      })
      .execute();
  });
  afterAll(async () => {
    await ctx?.close();
    await test?.drop();
  });

  it("mails the list to each admin on the digest's list, with both parts and the one-click headers", async () => {
    const partner = await test.db
      .selectFrom("user")
      .select(["id", "email"])
      .where("email", "=", "partner@example.com")
      .executeTakeFirstOrThrow();
    await setDigestSubscribed(test.db, partner, false);
    const run = await sendOwnerDigest(test.db, {
      mail: createMailQueue(ctx.context.config),
      baseUrl: TEST_BASE_URL,
      authSecret: ctx.context.config.authSecret,
      prices: ctx.context.config.prices,
      now: () => NOW,
    });
    // The partner turned the digest off: one admin on the list.
    expect(run).toEqual({ recipients: 1, queued: 1, items: 1 });
    const mails = await test.db.selectFrom("outbox").selectAll().where("subject", "like", "%this week%").execute();
    expect(mails.map((mail) => mail.recipient)).toEqual(["owner@example.com"]);
    const [mail] = mails;
    expect(mail!.subject).toContain("1 thing needs you");
    expect(mail!.text_body).toContain("Mail failed: 1 message could not be sent");
    expect(mail!.text_body).toContain(`${TEST_BASE_URL}/admin/mail?state=failed`);
    expect(mail!.html_body).toContain("<ol");
    expect(mail!.html_body).toContain("1 message could not be sent");
    const headers = JSON.parse(mail!.headers) as Record<string, string>;
    expect(headers["List-Unsubscribe"]).toMatch(new RegExp(`^<${TEST_BASE_URL}/digest/unsubscribe\\?token=\\d+\\.[A-Za-z0-9_-]{43}>$`));
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // The editor is on no digest list at all.
    expect(await test.db.selectFrom("owner_digest_recipients").select("email").where("email", "=", "writer@example.com").execute()).toEqual(
      [],
    );
  });

  it("sends nothing when nothing needs the owner", async () => {
    await test.db.deleteFrom("outbox").where("state", "=", "failed").execute();
    const before = await test.db.selectFrom("outbox").select("id").execute();
    const run = await sendOwnerDigest(test.db, {
      mail: createMailQueue(ctx.context.config),
      baseUrl: TEST_BASE_URL,
      authSecret: ctx.context.config.authSecret,
      prices: ctx.context.config.prices,
      now: () => NOW,
    });
    expect(run.queued).toBe(0);
    expect(await test.db.selectFrom("outbox").select("id").execute()).toHaveLength(before.length);
    await test.db
      .insertInto("outbox")
      .values({
        message_id: "<failed-2@test>",
        recipient: "reader@example.com",
        subject: "S",
        text_body: "T",
        html_body: null,
        headers: "{}",
        log_line: null,
        state: "failed",
        created_at: NOW,
        next_attempt_at: NOW,
        failed_at: NOW,
      })
      .execute();
  });

  const call = (cookie: string, init?: { form: Record<string, string> }) =>
    answerOf(() => {
      const request = new Request(`${TEST_BASE_URL}/admin/today`, {
        headers: { cookie, origin: TEST_BASE_URL, ...(init ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
        ...(init ? { method: "POST", body: new URLSearchParams(init.form).toString() } : {}),
      });
      const args = { request, context: requestContext(ctx.context), params: {} } as never;
      return init ? callAdminRoute(todayRoute.action, args) : callAdminRoute(todayRoute.loader, args);
    });

  it("is an admin's page: an editor is refused", async () => {
    expect((await call(editorCookie)).status).toBe(403);
    expect((await call(editorCookie, { form: { intent: "snooze", rule: "mail-failed", subject: "outbox:failed" } })).status).toBe(403);
    const answer = await call(adminCookie);
    expect(answer.status).toBe(200);
    expect((answer.data as { items: { rule: string }[] }).items.map((item) => item.rule)).toEqual(["mail-failed"]);
  });

  it("snoozes by a POST with its intent, audited by name; a bad item is refused in words", async () => {
    const refused = await call(adminCookie, { form: { intent: "snooze", rule: "nonsense", subject: "outbox:failed" } });
    expect(refused.status).toBe(400);
    const snoozed = await call(adminCookie, {
      form: { intent: "snooze", rule: "mail-failed", subject: "outbox:failed", title: "1 message could not be sent" },
    });
    expect(snoozed.status).toBe(302);
    expect(snoozed.location).toBe("/admin/today");
    expect((await call(adminCookie)).data).toMatchObject({ items: [], hidden: 1 });
    const audit = await test.db
      .selectFrom("audit_log")
      .select(["action", "detail", "user_email"])
      .where("action", "=", "today-snoozed")
      .execute();
    expect(audit).toEqual([
      {
        action: "today-snoozed",
        detail: "Mail failed: 1 message could not be sent (outbox:failed), 7 days",
        user_email: "owner@example.com",
      },
    ]);
  });
});
