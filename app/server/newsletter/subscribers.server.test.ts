import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refuseOutboxWrites } from "../../../tests/support/outbox-fault";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { MailMessage } from "../mail/mailer.server";
import { createMailQueue, outboxMessages } from "../mail/outbox.server";
import {
  allSubscribers,
  confirmedSubscribers,
  confirmSubscription,
  countSubscribersByStatus,
  findSubscriber,
  searchSubscribers,
  subscribe,
  unsubscribe,
} from "./subscribers.server";
import { RESEND_AFTER_MS, type OptInContext } from "../mail-lists/opt-in.server";

const SECRET = "integration-test-secret-that-is-long-enough";
const BASE = "https://saunas.example";

function linkIn(mail: MailMessage, path: string): string {
  const match = mail.text.match(new RegExp(`${BASE}${path}\\?token=([^\\s]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

describe.each(testDialects)("newsletter subscribers on %s", (dialect) => {
  let test: TestDatabase;
  const mails = () => outboxMessages(test.db);
  let clock = new Date("2026-11-22T12:00:00Z");
  let ctx: OptInContext;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const mail = createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: BASE });
    ctx = { db: test.db, mail, baseUrl: BASE, authSecret: SECRET, now: () => clock };
  });
  afterAll(() => test.drop());

  it("double opt-in: one pending row and one mail, then confirmed by the one-time link", async () => {
    expect(await subscribe(ctx, " Ann@Example.com ")).toBe("confirmation-sent");
    expect(await subscribe(ctx, "ann@example.com")).toBe("confirmation-recently-sent");
    const rows = await test.db.selectFrom("subscribers").selectAll().where("email", "=", "ann@example.com").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("pending");
    expect(await mails()).toHaveLength(1);
    const mail = (await mails())[0]!;
    expect(mail.to).toBe("ann@example.com");
    expect(mail.headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/saunas\.example\/newsletter\/unsubscribe\?token=\d+\./);
    expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    const token = linkIn(mail, "/newsletter/confirm");
    expect(rows[0]!.confirm_token_hash).not.toBe(token);
    expect(await confirmedSubscribers(test.db)).toEqual([]);
    expect(await confirmSubscription(test.db, token, clock)).toBe(true);
    expect((await findSubscriber(test.db, "ann@example.com"))?.status).toBe("confirmed");
    expect(await confirmSubscription(test.db, token, clock)).toBe(false);
    expect((await confirmedSubscribers(test.db)).map((s) => s.email)).toEqual(["ann@example.com"]);

    // Signing up again once confirmed: same answer to the visitor, no mail, no row.
    expect(await subscribe(ctx, "ANN@example.com")).toBe("already-confirmed");
    expect(await mails()).toHaveLength(1);
  });

  it("sends a new link after a while, and the old one stops working", async () => {
    const before = (await mails()).length;
    expect(await subscribe(ctx, "bo@example.com")).toBe("confirmation-sent");
    const first = linkIn((await mails()).at(-1)!, "/newsletter/confirm");
    clock = new Date(clock.getTime() + RESEND_AFTER_MS + 1000);
    expect(await subscribe(ctx, "bo@example.com")).toBe("confirmation-sent");
    expect((await mails()).length).toBe(before + 2);
    const second = linkIn((await mails()).at(-1)!, "/newsletter/confirm");
    expect(await confirmSubscription(test.db, first, clock)).toBe(false);
    expect(await confirmSubscription(test.db, second, clock)).toBe(true);
  });

  it("refuses a confirmation link older than a week", async () => {
    await subscribe(ctx, "late@example.com");
    const token = linkIn((await mails()).at(-1)!, "/newsletter/confirm");
    expect(await confirmSubscription(test.db, token, new Date(clock.getTime() + 8 * 24 * 60 * 60_000))).toBe(false);
    expect((await findSubscriber(test.db, "late@example.com"))?.status).toBe("pending");
  });

  it("unsubscribes with the signed link only, and a new sign-up needs a new confirmation", async () => {
    await subscribe(ctx, "cy@example.com");
    const mail = (await mails()).at(-1)!;
    await confirmSubscription(test.db, linkIn(mail, "/newsletter/confirm"), clock);
    const token = linkIn(mail, "/newsletter/unsubscribe");
    const [id, signature] = token.split(".");
    const forged = `${Number(id) === 1 ? 2 : 1}.${signature}`;
    expect(await unsubscribe(test.db, SECRET, forged, clock)).toBe(false);
    expect(await unsubscribe(test.db, "another-secret-that-is-also-long-enough", token, clock)).toBe(false);
    expect((await findSubscriber(test.db, "cy@example.com"))?.status).toBe("confirmed");

    expect(await unsubscribe(test.db, SECRET, token, clock)).toBe(true);
    expect(await unsubscribe(test.db, SECRET, token, clock)).toBe(true);
    expect((await findSubscriber(test.db, "cy@example.com"))?.status).toBe("unsubscribed");
    expect((await confirmedSubscribers(test.db)).map((s) => s.email)).not.toContain("cy@example.com");

    clock = new Date(clock.getTime() + RESEND_AFTER_MS + 1000);
    expect(await subscribe(ctx, "cy@example.com")).toBe("confirmation-sent");
    expect((await findSubscriber(test.db, "cy@example.com"))?.status).toBe("pending");
  });

  it("refuses an address that cannot be one, storing nothing", async () => {
    expect(await subscribe(ctx, "not-an-address")).toBe("invalid");
    expect(await findSubscriber(test.db, "not-an-address")).toBeUndefined();
  });

  it("counts by state, searches by part of an address and exports every match", async () => {
    await subscribe(ctx, "=cmd@evil.example");
    expect(await countSubscribersByStatus(test.db)).toEqual({ pending: 3, confirmed: 2, unsubscribed: 0 });
    expect((await searchSubscribers(test.db, { search: "EXAMPLE.com" })).map((s) => s.email).sort()).toEqual([
      "ann@example.com",
      "bo@example.com",
      "cy@example.com",
      "late@example.com",
    ]);
    expect((await searchSubscribers(test.db, { search: "%" })).map((s) => s.email)).toEqual([]);
    expect((await searchSubscribers(test.db, { status: "confirmed" })).map((s) => s.email).sort()).toEqual([
      "ann@example.com",
      "bo@example.com",
    ]);
    const exported: string[] = [];
    for await (const row of allSubscribers(test.db, {}, 2)) exported.push(row.email);
    expect(exported).toHaveLength(5);
  });

  it("stores the link and queues its mail in one transaction: a failed mail write leaves no link behind", async () => {
    const letWritesThrough = await refuseOutboxWrites(test.db);
    try {
      await expect(subscribe(ctx, "atomic@example.com")).rejects.toThrow("outbox write refused");
    } finally {
      await letWritesThrough();
    }
    const row = await findSubscriber(test.db, "atomic@example.com");
    expect(row).toMatchObject({ status: "pending", confirm_token_hash: null, confirm_sent_at: null });
    // Nothing was sent, so trying again at once is no resend within the pause.
    expect(await subscribe(ctx, "atomic@example.com")).toBe("confirmation-sent");
    const mail = (await mails()).at(-1)!;
    expect(mail.to).toBe("atomic@example.com");
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@saunas\.example>$/);
    expect(await confirmSubscription(test.db, linkIn(mail, "/newsletter/confirm"), clock)).toBe(true);
  });
});
