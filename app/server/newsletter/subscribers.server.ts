import type { MailListLinks } from "../mail-lists/unsubscribe-link.server";
import { sql } from "kysely";
import { isPlausibleEmail, normalizeEmail, type SubscriberStatus } from "~/lib/newsletter/newsletter";
import { toIsoString } from "../db/timestamps";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { MailQueue } from "../mail/outbox.server";
import { newsletterConfirmationMail } from "./newsletter-mail";
import {
  CONFIRM_LINK_DAYS,
  confirmLinkStillValid,
  hashConfirmToken,
  isConfirmTokenShaped,
  newConfirmToken,
  parseUnsubscribeToken,
  unsubscribeSignatureMatches,
  unsubscribeToken,
} from "./newsletter-tokens.server";

/**
 * Newsletter subscribers with double opt-in (docs/decisions/0025-sitemap-feed-and-newsletter.md):
 * a sign-up stores the address as pending and mails a one-time confirmation link; the link makes
 * it confirmed; the signed unsubscribe link makes it unsubscribed. One row per address, whatever
 * happens. Only confirmed addresses are ever newsletter recipients (confirmedSubscribers).
 */

export interface NewsletterContext {
  db: DB;
  mail: MailQueue;
  /** BASE_URL, for the links in the mail. */
  baseUrl: string;
  authSecret: string;
  now?: () => Date;
}

/** A second sign-up within this time sends no second mail (the first is probably on its way). */
export const RESEND_AFTER_MS = 5 * 60_000;

export type SubscribeOutcome = "invalid" | "confirmation-sent" | "already-confirmed" | "confirmation-recently-sent";

export function confirmUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(baseUrl: string, authSecret: string, id: number, email: string): string {
  return `${baseUrl}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(authSecret, id, email))}`;
}

export async function findSubscriber(db: DB, email: string) {
  return db.selectFrom("subscribers").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/**
 * Stores the address (pending) and queues a confirmation link for it, unless it is confirmed
 * already or a link went out a moment ago. The new link and its mail are one transaction: the
 * mail is sent only if the link was stored, and the link is never stored without its mail.
 */
export async function subscribe(ctx: NewsletterContext, rawEmail: string): Promise<SubscribeOutcome> {
  const email = normalizeEmail(rawEmail);
  if (!isPlausibleEmail(email)) return "invalid";
  const now = (ctx.now ?? (() => new Date()))();
  const nowIso = now.toISOString();

  // Two sign-ups racing for a new address insert one row: the second does nothing here.
  await ctx.db
    .insertInto("subscribers")
    .values({ email, status: "pending", created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  return ctx.db.transaction().execute(async (trx): Promise<SubscribeOutcome> => {
    let select = trx.selectFrom("subscribers").selectAll().where("email", "=", email);
    // PostgreSQL: a second sign-up at the same moment waits, then sees the link just sent.
    if (dialectOf(trx) === "postgres") select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    if (row.status === "confirmed") return "already-confirmed";
    if (row.status === "pending" && row.confirm_sent_at && now.getTime() - Date.parse(toIsoString(row.confirm_sent_at)) < RESEND_AFTER_MS) {
      return "confirmation-recently-sent";
    }
    const { token, hash } = newConfirmToken();
    // An unsubscribed address that signs up again is pending until it confirms again.
    await trx
      .updateTable("subscribers")
      .set({ status: "pending", confirm_token_hash: hash, confirm_sent_at: nowIso, updated_at: nowIso })
      .where("id", "=", row.id)
      .execute();
    await ctx.mail.queue(
      trx,
      newsletterConfirmationMail(
        email,
        { confirm: confirmUrl(ctx.baseUrl, token), unsubscribe: unsubscribeUrl(ctx.baseUrl, ctx.authSecret, row.id, email) },
        CONFIRM_LINK_DAYS,
      ),
      { now: now.getTime() },
    );
    return "confirmation-sent";
  });
}

/** Confirms the pending address the link was sent to; false for an unknown, used or expired link. */
export async function confirmSubscription(db: DB, token: string, now = new Date()): Promise<boolean> {
  if (!isConfirmTokenShaped(token)) return false;
  const hash = hashConfirmToken(token);
  const row = await db.selectFrom("subscribers").selectAll().where("confirm_token_hash", "=", hash).executeTakeFirst();
  if (!row || row.status !== "pending" || !row.confirm_sent_at) return false;
  if (!confirmLinkStillValid(toIsoString(row.confirm_sent_at), now)) return false;
  const nowIso = now.toISOString();
  const result = await db
    .updateTable("subscribers")
    .set({ status: "confirmed", confirmed_at: nowIso, confirm_token_hash: null, updated_at: nowIso })
    .where("id", "=", row.id)
    .where("confirm_token_hash", "=", hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unsubscribes the address a signed link names; false when the link is not genuine. Idempotent. */
/** The subscriber a signed unsubscribe link names, or null when the link is not genuine. Reads only. */
async function subscriberOfUnsubscribeLink(db: DB, authSecret: string, token: string) {
  const parsed = parseUnsubscribeToken(token);
  if (!parsed) return null;
  const row = await db.selectFrom("subscribers").select(["id", "email", "status"]).where("id", "=", parsed.id).executeTakeFirst();
  if (!row || !unsubscribeSignatureMatches(authSecret, row.id, row.email, parsed.signature)) return null;
  return row;
}

/** Takes the subscriber a signed link names off the newsletter; false when the link is not genuine. Idempotent. */
export async function unsubscribe(db: DB, authSecret: string, token: string, now = new Date()): Promise<boolean> {
  const row = await subscriberOfUnsubscribeLink(db, authSecret, token);
  if (!row) return false;
  if (row.status !== "unsubscribed") {
    const nowIso = now.toISOString();
    await db
      .updateTable("subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: nowIso, confirm_token_hash: null, updated_at: nowIso })
      .where("id", "=", row.id)
      .execute();
  }
  return true;
}

/** The newsletter's unsubscribe link (mail-lists/unsubscribe-link.server.ts). */
export const NEWSLETTER_LINKS: MailListLinks = {
  async find(db, authSecret, token) {
    const row = await subscriberOfUnsubscribeLink(db, authSecret, token);
    return row && { unsubscribed: row.status === "unsubscribed" };
  },
  unsubscribe: (db, authSecret, token) => unsubscribe(db, authSecret, token),
};

// Admin

export async function countSubscribersByStatus(db: DB): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom("subscribers")
    .select(["status", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status as SubscriberStatus] = Number(row.count);
  return counts;
}

export interface SubscriberRow {
  id: number;
  email: string;
  status: SubscriberStatus;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

function toSubscriberRow(row: {
  id: number;
  email: string;
  status: string;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
}): SubscriberRow {
  return {
    id: row.id,
    email: row.email,
    status: row.status as SubscriberStatus,
    createdAt: toIsoString(row.created_at),
    confirmedAt: row.confirmed_at ? toIsoString(row.confirmed_at) : null,
    unsubscribedAt: row.unsubscribed_at ? toIsoString(row.unsubscribed_at) : null,
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SubscriberQuery {
  /** Part of an address, case-insensitive. */
  search?: string;
  status?: SubscriberStatus;
}

function filtered(db: DB, query: SubscriberQuery) {
  let select = db.selectFrom("subscribers");
  const search = normalizeEmail(query.search ?? "");
  // Addresses are stored lower-cased, so LIKE is case-insensitive on both databases.
  if (search) select = select.where(sql<boolean>`email like ${`%${escapeLike(search)}%`} escape '\\'`);
  if (query.status) select = select.where("status", "=", query.status);
  return select;
}

/** Newest first, one page. */
export async function searchSubscribers(db: DB, query: SubscriberQuery, limit = 100, offset = 0): Promise<SubscriberRow[]> {
  const rows = await filtered(db, query)
    .select(["id", "email", "status", "created_at", "confirmed_at", "unsubscribed_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toSubscriberRow);
}

/** Every matching subscriber, read in chunks (for the CSV export). */
export async function* allSubscribers(db: DB, query: SubscriberQuery, chunk = 1000): AsyncGenerator<SubscriberRow> {
  let afterId = 0;
  for (;;) {
    const rows = await filtered(db, query)
      .select(["id", "email", "status", "created_at", "confirmed_at", "unsubscribed_at"])
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(chunk)
      .execute();
    for (const row of rows) yield toSubscriberRow(row);
    if (rows.length < chunk) return;
    afterId = rows.at(-1)!.id;
  }
}

/** The only list a newsletter may be sent to. */
export async function confirmedSubscribers(db: DB): Promise<{ id: number; email: string }[]> {
  return db.selectFrom("subscribers").select(["id", "email"]).where("status", "=", "confirmed").orderBy("id").execute();
}
