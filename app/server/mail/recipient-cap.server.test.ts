import { describe, expect, it } from "vitest";
import { testDatabaseForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import type { MailMessage, Mailer } from "./mailer.server";
import { capMailPerRecipient, claimMailSlot, MAIL_PER_RECIPIENT_PER_DAY } from "./recipient-cap.server";

const message = (to: string): MailMessage => ({ to, subject: "Hello", text: "Hello" });

describe.each(testDialects)("the daily mail cap per recipient on %s", (dialect) => {
  const test = testDatabaseForBlock(dialect);

  it("sends at most the cap to one address (however it is spelled), drops the rest quietly, and spares other addresses", async () => {
    const sent: string[] = [];
    const inner: Mailer = {
      async send(mail) {
        sent.push(mail.to);
        return { via: "outbox", file: "(memory)" };
      },
      close() {},
    };
    const mailer = capMailPerRecipient(test.db, inner);
    const deliveries = [];
    for (const to of [
      "target@example.com",
      " Target@Example.com",
      "TARGET@example.com",
      "target@example.com",
      "target@example.com",
      "target@example.com",
      "target@example.com",
    ]) {
      deliveries.push(await mailer.send(message(to)));
    }
    expect(sent).toHaveLength(MAIL_PER_RECIPIENT_PER_DAY);
    expect(deliveries.slice(MAIL_PER_RECIPIENT_PER_DAY)).toEqual([
      { via: "dropped", reason: "recipient-daily-cap" },
      { via: "dropped", reason: "recipient-daily-cap" },
    ]);
    expect((await mailer.send(message("someone.else@example.com"))).via).toBe("outbox");
    // Nothing readable about the address is stored.
    const rows = await test.db.selectFrom("mail_sends").select("recipient").execute();
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.recipient))).toBe(true);
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
