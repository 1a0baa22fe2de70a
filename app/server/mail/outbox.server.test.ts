import { describe, expect, it } from "vitest";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import {
  countOutboxByState,
  createMailQueue,
  forgetOldMail,
  listOutbox,
  messageIdDomain,
  outboxMessages,
  retryFailedMail,
} from "./outbox.server";

const DAY = 24 * 60 * 60_000;

describe("the Message-ID's domain", () => {
  it("is MAIL_FROM's, or BASE_URL's host while MAIL_FROM is the default at localhost", () => {
    expect(messageIdDomain({ mailFrom: "Sauna Reviews <no-reply@Saunas.Example>", baseUrl: "https://www.other.example" })).toBe(
      "saunas.example",
    );
    expect(messageIdDomain({ mailFrom: "alerts@mail.saunas.example", baseUrl: "https://x.example" })).toBe("mail.saunas.example");
    expect(messageIdDomain({ mailFrom: "Sauna Reviews <no-reply@localhost>", baseUrl: "https://saunas.example:8443" })).toBe(
      "saunas.example",
    );
  });
});

describe.each(testDialects)("the mail outbox on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  const mail = createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: "https://saunas.example" });
  const now = Date.parse("2026-11-28T12:00:00Z");

  it("holds the whole message with a Message-ID of its own, waiting to be sent", async () => {
    const outcome = await mail.queue(
      test.db,
      {
        to: "a@example.com",
        subject: "Hello",
        text: "Text",
        html: "<p>Html</p>",
        headers: { "List-Unsubscribe": "<https://u>" },
        logLine: "a link",
      },
      { now },
    );
    expect(outcome).toEqual({
      queued: true,
      id: expect.any(Number),
      messageId: expect.stringMatching(/^<[0-9a-f-]{36}@saunas\.example>$/),
    });
    expect(await outboxMessages(test.db)).toEqual([
      {
        id: outcome.queued ? outcome.id : 0,
        state: "waiting",
        messageId: outcome.queued ? outcome.messageId : "",
        to: "a@example.com",
        subject: "Hello",
        text: "Text",
        html: "<p>Html</p>",
        headers: { "List-Unsubscribe": "<https://u>" },
        logLine: "a link",
      },
    ]);
  });

  it("counts and lists by state, newest first and paged; Retry takes a failed message only", async () => {
    for (let n = 2; n <= 6; n++) await mail.queue(test.db, { to: `r${n}@example.com`, subject: `S${n}`, text: "." }, { now: now + n });
    const ids = (await listOutbox(test.db, { limit: 10 })).map((entry) => entry.id);
    expect(ids).toHaveLength(6);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await test.db
      .updateTable("outbox")
      .set({ state: "failed", failed_at: now, attempts: 4, last_error: "550 No such mailbox" })
      .where("id", "in", ids.slice(0, 2))
      .execute();
    await test.db.updateTable("outbox").set({ state: "sent", sent_at: now, text_body: null }).where("id", "=", ids[2]!).execute();

    expect(await countOutboxByState(test.db)).toEqual({ waiting: 3, sending: 0, sent: 1, failed: 2 });
    expect((await listOutbox(test.db, { state: "failed", limit: 1 })).map((entry) => entry.id)).toEqual([ids[0]]);
    expect((await listOutbox(test.db, { state: "failed", limit: 1, offset: 1 })).map((entry) => entry.id)).toEqual([ids[1]]);
    expect((await listOutbox(test.db, { state: "failed", limit: 1 }))[0]).toMatchObject({
      to: "r6@example.com",
      subject: "S6",
      attempts: 4,
      lastError: "550 No such mailbox",
    });

    expect(await retryFailedMail(test.db, ids[0]!, now + 1)).toMatchObject({
      id: ids[0],
      state: "waiting",
      attempts: 0,
      nextAttemptAt: now + 1,
    });
    expect(await retryFailedMail(test.db, ids[0]!)).toBeNull();
    expect(await retryFailedMail(test.db, ids[2]!)).toBeNull();
    expect(await countOutboxByState(test.db)).toEqual({ waiting: 4, sending: 0, sent: 1, failed: 1 });
  });

  it("forgets sent and failed messages after 30 days, never waiting ones", async () => {
    await test.db
      .updateTable("outbox")
      .set({ state: "sent", sent_at: now })
      .where("state", "=", "waiting")
      .where("subject", "=", "S2")
      .execute();
    expect(await forgetOldMail(test.db, now + 29 * DAY)).toBe(0);
    expect(await forgetOldMail(test.db, now + 31 * DAY)).toBe(3);
    expect(await countOutboxByState(test.db)).toEqual({ waiting: 3, sending: 0, sent: 0, failed: 0 });
  });
});
