import { describe, expect, it } from "vitest";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import type { MailMessage } from "./mailer.server";
import { createMailQueue, outboxMessages } from "./outbox.server";
import { claimMailSlot, MAIL_PER_RECIPIENT_PER_DAY } from "./recipient-cap.server";

const message = (to: string): MailMessage => ({ to, subject: "Hello", text: "Hello" });

describe.each(testDialects)("the daily mail cap per recipient on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);
  const mail = createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: "https://saunas.example" });

  it("queues at most the cap to one address (however it is spelled), drops the rest quietly, and spares other addresses", async () => {
    const outcomes = [];
    for (const to of [
      "target@example.com",
      " Target@Example.com",
      "TARGET@example.com",
      "target@example.com",
      "target@example.com",
      "target@example.com",
      "target@example.com",
    ]) {
      outcomes.push(await mail.queue(test.db, message(to)));
    }
    expect(outcomes.filter((outcome) => outcome.queued)).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
    expect(outcomes.slice(MAIL_PER_RECIPIENT_PER_DAY)).toEqual([
      { queued: false, reason: "recipient-daily-cap" },
      { queued: false, reason: "recipient-daily-cap" },
    ]);
    expect((await outboxMessages(test.db)).filter((queued) => queued.to.trim().toLowerCase() === "target@example.com")).toHaveLength(
      MAIL_PER_RECIPIENT_PER_DAY,
    );
    expect((await mail.queue(test.db, message("someone.else@example.com"))).queued).toBe(true);
    // Nothing readable about the address is stored with the count.
    const rows = await test.db.selectFrom("mail_sends").select("recipient").execute();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.recipient))).toBe(true);
  });

  it("spends no slot for a message whose transaction is rolled back", async () => {
    const to = "rolled.back@example.com";
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_DAY; i++) {
      await expect(
        test.db.transaction().execute(async (trx) => {
          expect((await mail.queue(trx, message(to))).queued).toBe(true);
          throw new Error("the sign-up failed after its mail was queued");
        }),
      ).rejects.toThrow("the sign-up failed");
    }
    expect((await outboxMessages(test.db)).filter((queued) => queued.to === to)).toEqual([]);
    expect((await mail.queue(test.db, message(to))).queued).toBe(true);
  });

  it("gives an address its share again 24 hours after its earliest mail", async () => {
    const start = Date.now() - 25 * 60 * 60_000;
    for (let i = 0; i < MAIL_PER_RECIPIENT_PER_DAY; i++) expect(await claimMailSlot(test.db, "later@example.com", start + i)).toBe(true);
    expect(await claimMailSlot(test.db, "later@example.com", start + 60_000)).toBe(false);
    expect(await claimMailSlot(test.db, "later@example.com", Date.now())).toBe(true);
  });

  it("lets only the cap through when many forms post for one address at once", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => claimMailSlot(test.db, "raced@example.com")));
    expect(results.filter(Boolean)).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
  });
});
