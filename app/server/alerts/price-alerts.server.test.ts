import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { refuseOutboxWrites } from "../../../tests/support/outbox-fault";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { saveProducts } from "../admin/product-save.server";
import type { DB } from "../db/connection.server";
import type { MailMessage } from "../mail/mailer.server";
import { log } from "../log.server";
import { createMailQueue, outboxMessages } from "../mail/outbox.server";
import { MAIL_PER_RECIPIENT_PER_DAY } from "../mail/recipient-cap.server";
import { startMailSender } from "../mail/mail-sender.server";
import { DEFAULT_PRICES } from "../offers/maintained-price.server";
import { sendDuePriceAlerts, type PriceAlertJobContext } from "./price-alert-job.server";
import {
  alertOfUnsubscribeLink,
  alertsByProduct,
  confirmPriceAlert,
  countAlertsByStatus,
  priceToWatch,
  subscribeToPriceAlert,
  unsubscribePriceAlert,
  type PriceAlertContext,
} from "./price-alerts.server";

const SECRET = "integration-test-secret-that-is-long-enough";
const BASE = "https://saunas.example";
const DAY = 24 * 60 * 60_000;

function linkIn(mail: MailMessage, path: string): string {
  const match = mail.text.match(new RegExp(`${BASE}${path}\\?token=([^\\s]+)`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

/** Saves products with a price each, as the product CSV does (the price lands on the primary offer). */
async function setPrices(db: DB, prices: Record<string, number>) {
  const rows = Object.entries(prices).map(([slug, dollars]) => `${slug} sauna,Maker,${slug},${dollars},https://shop.example/${slug}`);
  const parsed = parseProductCsv(`name,brand,slug,price,affiliate_link\n${rows.join("\n")}`);
  if (!parsed.ok) throw new Error(parsed.error);
  await saveProducts(db, parsed.products, parsed.columns, { prices: DEFAULT_PRICES });
}

async function productId(db: DB, slug: string): Promise<number> {
  return Number((await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
}

describe.each(testDialects)("price-drop alerts on %s", (dialect) => {
  let test: TestDatabase;
  const mails = () => outboxMessages(test.db);
  let clock = new Date("2026-11-26T12:00:00Z");
  let ctx: PriceAlertContext;
  let jobCtx: PriceAlertJobContext;
  const mail = createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: BASE });

  /** Subscribes, confirms from the mail, and returns the alert's unsubscribe link token. */
  async function watch(email: string, slug: string, targetMajor: number | null = null): Promise<string> {
    const outcome = await subscribeToPriceAlert(ctx, { email, productId: await productId(test.db, slug), targetMajor });
    expect(outcome.kind).toBe("confirmation-sent");
    const confirmation = (await mails()).at(-1)!;
    expect(await confirmPriceAlert(test.db, linkIn(confirmation, "/alerts/confirm"), clock)).not.toBeNull();
    return linkIn(confirmation, "/alerts/unsubscribe");
  }

  const alertMailsTo = async (email: string) =>
    (await mails()).filter((queued) => queued.to === email && queued.subject.startsWith("Price drop"));

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    ctx = { db: test.db, mail, baseUrl: BASE, authSecret: SECRET, prices: DEFAULT_PRICES, now: () => clock };
    jobCtx = { mail, baseUrl: BASE, authSecret: SECRET, prices: DEFAULT_PRICES, now: () => clock, batchSize: 2 };
    await setPrices(test.db, { alpha: 5000, beta: 8000, gamma: 3000, delta: 4000 });
  });
  afterAll(() => test.drop());

  it("double opt-in: a pending alert gets no mail; confirmed, one mail for a 5% drop, then none on the next run", async () => {
    const email = "ann@example.com";
    const outcome = await subscribeToPriceAlert(ctx, {
      email: " Ann@Example.com ",
      productId: await productId(test.db, "alpha"),
      targetMajor: null,
    });
    expect(outcome.kind).toBe("confirmation-sent");
    const confirmation = (await mails()).at(-1)!;
    expect(confirmation.to).toBe(email);
    expect(confirmation.html).toMatch(/^<!doctype html>/);
    expect(confirmation.text).toContain("$5,000");
    expect(confirmation.headers?.["List-Unsubscribe"]).toMatch(/^<https:\/\/saunas\.example\/alerts\/unsubscribe\?token=\d+\./);
    expect(confirmation.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const row = await test.db.selectFrom("price_alerts").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
    expect(Number(row.price_at_subscribe_minor)).toBe(500_000);
    expect(row.confirm_token_hash).not.toBe(linkIn(confirmation, "/alerts/confirm"));

    await setPrices(test.db, { alpha: 4700 });
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);

    expect(await confirmPriceAlert(test.db, linkIn(confirmation, "/alerts/confirm"), clock)).toEqual({
      name: "alpha sauna",
      slug: "alpha",
    });
    expect(await confirmPriceAlert(test.db, linkIn(confirmation, "/alerts/confirm"), clock)).toBeNull();

    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(1);
    const [alert] = await alertMailsTo(email);
    expect(alert!.subject).toBe("Price drop: alpha sauna is now $4,700");
    expect(alert!.text).toContain("now $4,700, down from $5,000");
    expect(alert!.text).toContain(`${BASE}/go/alpha?from=price-alert`);
    expect(alert!.html).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    expect(alert!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);
    expect(await alertMailsTo(email)).toHaveLength(1);
  });

  it("at most one mail per 7 days, and after that only for a price lower than the last one mailed", async () => {
    const email = "ann@example.com";
    await setPrices(test.db, { alpha: 4000 });
    clock = new Date(clock.getTime() + 6 * DAY);
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);
    clock = new Date(clock.getTime() + 1 * DAY);
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(1);
    expect((await alertMailsTo(email)).at(-1)!.text).toContain("now $4,000, down from $4,700");

    // Up and back down to the same price: no news.
    await setPrices(test.db, { alpha: 4500 });
    await setPrices(test.db, { alpha: 4000 });
    clock = new Date(clock.getTime() + 8 * DAY);
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);
  });

  it("with a target: no mail above it, one below it; asking again changes the one alert", async () => {
    const email = "bo@example.com";
    await watch(email, "beta", 7000);
    await setPrices(test.db, { beta: 7200 });
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);

    // A new target on the same sauna: the same answer, no new row, no mail (it is confirmed).
    const before = (await mails()).length;
    expect((await subscribeToPriceAlert(ctx, { email, productId: await productId(test.db, "beta"), targetMajor: 7100 })).kind).toBe(
      "already-confirmed",
    );
    expect((await mails()).length).toBe(before);
    const rows = await test.db.selectFrom("price_alerts").selectAll().where("email", "=", email).execute();
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.target_price_minor)).toBe(710_000);

    await setPrices(test.db, { beta: 7050 });
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(1);
    expect((await alertMailsTo(email)).at(-1)!.text).toContain("now $7,050, down from $7,200");
  });

  it("refuses a target at or above the current price, and a sauna without a price", async () => {
    const id = await productId(test.db, "gamma");
    expect(await subscribeToPriceAlert(ctx, { email: "cy@example.com", productId: id, targetMajor: 3000 })).toEqual({
      kind: "target-too-high",
      priceText: "$3,000",
    });
    expect((await subscribeToPriceAlert(ctx, { email: "cy@example.com", productId: 999_999, targetMajor: null })).kind).toBe("no-product");
    expect((await subscribeToPriceAlert(ctx, { email: "not-an-address", productId: id, targetMajor: null })).kind).toBe("invalid-email");
    expect(await test.db.selectFrom("price_alerts").selectAll().where("email", "=", "cy@example.com").execute()).toEqual([]);
  });

  it("stores the link and queues its mail in one transaction: a failed mail write leaves no link, and asking again works at once", async () => {
    const id = await productId(test.db, "gamma");
    const letWritesThrough = await refuseOutboxWrites(test.db);
    try {
      await expect(subscribeToPriceAlert(ctx, { email: "gil@example.com", productId: id, targetMajor: null })).rejects.toThrow(
        "outbox write refused",
      );
    } finally {
      await letWritesThrough();
    }
    const row = await test.db.selectFrom("price_alerts").selectAll().where("email", "=", "gil@example.com").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "pending", confirm_token_hash: null, confirm_sent_at: null });
    expect((await subscribeToPriceAlert(ctx, { email: "gil@example.com", productId: id, targetMajor: null })).kind).toBe(
      "confirmation-sent",
    );
    const confirmation = (await mails()).at(-1)!;
    expect(confirmation.to).toBe("gil@example.com");
    // The link works as soon as its mail can be read: they were written together.
    expect((await confirmPriceAlert(test.db, linkIn(confirmation, "/alerts/confirm"), clock))?.slug).toBe("gamma");
    await unsubscribePriceAlert(test.db, SECRET, linkIn(confirmation, "/alerts/unsubscribe"), clock);
  });

  it("reading the unsubscribe link changes nothing; using it stops the alert and no mail follows", async () => {
    const email = "dee@example.com";
    const token = await watch(email, "gamma");
    expect(await alertOfUnsubscribeLink(test.db, SECRET, token)).toMatchObject({ name: "gamma sauna", status: "confirmed" });
    // A newsletter key cannot stop an alert with the same id.
    expect(await unsubscribePriceAlert(test.db, "another-secret-that-is-also-long-enough", token, clock)).toBeNull();
    expect(await unsubscribePriceAlert(test.db, SECRET, token, clock)).toEqual({ name: "gamma sauna", slug: "gamma" });
    expect(await unsubscribePriceAlert(test.db, SECRET, token, clock)).not.toBeNull();
    await setPrices(test.db, { gamma: 2000 });
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(0);
    expect(await alertMailsTo(email)).toEqual([]);
  });

  it("two runs at once (two connections) mail each due alert once", async () => {
    const emails = ["e1@example.com", "e2@example.com", "e3@example.com"];
    for (const email of emails) await watch(email, "delta");
    await setPrices(test.db, { delta: 3000 });
    const other = test.openAnother();
    const runs = await Promise.all([
      sendDuePriceAlerts(test.db, jobCtx),
      sendDuePriceAlerts(other, jobCtx),
      sendDuePriceAlerts(test.db, jobCtx),
    ]);
    expect(runs.reduce((sum, run) => sum + run.queued, 0)).toBe(3);
    for (const email of emails) expect(await alertMailsTo(email)).toHaveLength(1);
  });

  it("claims an alert and queues its mail in one transaction: when the mail cannot be written, the alert stays due", async () => {
    const email = "fay@example.com";
    await watch(email, "gamma", 1500);
    await setPrices(test.db, { gamma: 1400 });
    const letWritesThrough = await refuseOutboxWrites(test.db);
    try {
      await expect(sendDuePriceAlerts(test.db, jobCtx)).rejects.toThrow("outbox write refused");
    } finally {
      await letWritesThrough();
    }
    const row = await test.db.selectFrom("price_alerts").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.last_sent_at).toBeNull();
    expect((await sendDuePriceAlerts(test.db, jobCtx)).queued).toBe(1);
    expect(await alertMailsTo(email)).toHaveLength(1);
  });

  it("counts alerts by state and lists them per sauna for the admin", async () => {
    expect(await countAlertsByStatus(test.db)).toEqual({ pending: 0, confirmed: 6, unsubscribed: 2 });
    const rows = await alertsByProduct(test.db);
    expect(rows.map((row) => [row.slug, row.confirmed, row.pending, row.lowestTargetMinor])).toEqual([
      ["delta", 3, 0, null],
      ["alpha", 1, 0, null],
      ["beta", 1, 0, 710_000],
      ["gamma", 1, 0, 150_000],
    ]);
  });
});

describe.each(testDialects)("price alerts over the daily mail cap on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await test.drop();
  });

  it("9 due alerts for one address and a cap of 5: 5 mailed today, 4 stay due and go the next day; the counts logged match the outbox", async () => {
    const email = "nine@example.com";
    const slugs = Array.from({ length: 9 }, (_, i) => `cap-${i + 1}`);
    await setPrices(test.db, Object.fromEntries(slugs.map((slug) => [slug, 5000])));
    const signedUp = "2026-11-20T12:00:00.000Z";
    for (const slug of slugs) {
      const check = await priceToWatch(test.db, DEFAULT_PRICES, { productId: await productId(test.db, slug), targetMajor: null });
      if (check.kind !== "ok") throw new Error(`no price for ${slug}`);
      await test.db
        .insertInto("price_alerts")
        .values({
          email,
          product_id: check.product.id,
          status: "confirmed",
          target_price_minor: null,
          currency: check.shown.currency,
          price_at_subscribe_minor: check.shown.amountMinor,
          confirmed_at: signedUp,
          created_at: signedUp,
          updated_at: signedUp,
        })
        .execute();
    }
    await setPrices(test.db, Object.fromEntries(slugs.map((slug) => [slug, 4000])));

    let clock = new Date("2026-11-26T12:00:00Z");
    const jobCtx: PriceAlertJobContext = {
      mail: createMailQueue({ mailFrom: "Sauna Reviews <no-reply@saunas.example>", baseUrl: BASE }),
      baseUrl: BASE,
      authSecret: SECRET,
      prices: DEFAULT_PRICES,
      now: () => clock,
      batchSize: 4,
    };
    const logged = vi.spyOn(log, "info");
    const queuedTo = async () =>
      (await outboxMessages(test.db)).filter((queued) => queued.to === email && queued.subject.startsWith("Price drop"));
    const stillDue = async () =>
      (await test.db.selectFrom("price_alerts").select("id").where("email", "=", email).where("last_sent_at", "is", null).execute()).length;

    const delivered: string[] = [];
    const sender = startMailSender(test.openAnother(), {
      name: "cap-test:1:sender",
      pollMs: 60_000,
      now: () => clock.getTime(),
      transport: {
        async send(message) {
          delivered.push(message.to);
          return { via: "folder", file: "(memory)" };
        },
        close() {},
      },
    });

    expect(await sendDuePriceAlerts(test.db, jobCtx)).toEqual({ checked: 9, queued: MAIL_PER_RECIPIENT_PER_DAY, capped: 4 });
    expect(logged).toHaveBeenLastCalledWith("Price alerts: 5 mailed of 9 checked; 4 held back by the daily mail cap, still due");
    expect(await queuedTo()).toHaveLength(5);
    expect(await stillDue()).toBe(4);
    await sender.drain();
    expect(delivered).toEqual(Array(5).fill(email));

    // Later the same day: the cap still holds them, and nothing is mailed twice.
    clock = new Date("2026-11-26T18:00:00Z");
    expect(await sendDuePriceAlerts(test.db, jobCtx)).toEqual({ checked: 4, queued: 0, capped: 4 });
    expect(await queuedTo()).toHaveLength(5);
    expect(await stillDue()).toBe(4);

    // A day after the first mails, the four go.
    clock = new Date("2026-11-27T12:00:01Z");
    expect(await sendDuePriceAlerts(test.db, jobCtx)).toEqual({ checked: 4, queued: 4, capped: 0 });
    expect(logged).toHaveBeenLastCalledWith("Price alerts: 4 mailed of 4 checked");
    const mails = await queuedTo();
    expect(mails).toHaveLength(9);
    expect(new Set(mails.map((queued) => queued.subject.replace(/ is now.*/, ""))).size).toBe(9);
    expect(await stillDue()).toBe(0);
    await sender.drain();
    await sender.stop();
    expect(delivered).toEqual(Array(9).fill(email));
  });
});
