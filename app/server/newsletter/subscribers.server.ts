import type { MailListLinks } from "../mail-lists/unsubscribe-link.server";
import { sql } from "kysely";
import { isPlausibleEmail, normalizeEmail, type SubscriberStatus } from "~/lib/newsletter/newsletter";
import type { DB } from "../db/connection.server";
import { toIsoString } from "../db/timestamps";
import {
  confirmEntry,
  countEntriesByStatus,
  entryOfUnsubscribeLink,
  NEWSLETTER_LIST,
  sendConfirmation,
  takeOffList,
  type ConfirmationOutcome,
  type OptInContext,
} from "../mail-lists/opt-in.server";
import { newsletterConfirmationMail } from "./newsletter-mail";

/**
 * Newsletter subscribers with double opt-in (docs/decisions/0025-sitemap-feed-and-newsletter.md),
 * by the flow every list shares (mail-lists/opt-in.server.ts): one row per address, whatever
 * happens. Only confirmed addresses are ever newsletter recipients (confirmedSubscribers).
 */

export type SubscribeOutcome = "invalid" | ConfirmationOutcome;

export async function findSubscriber(db: DB, email: string) {
  return db.selectFrom("subscribers").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
}

/** Stores the address (pending) and queues a confirmation link for it, unless it is confirmed already or a link went out a moment ago. */
export async function subscribe(ctx: OptInContext, rawEmail: string): Promise<SubscribeOutcome> {
  const email = normalizeEmail(rawEmail);
  if (!isPlausibleEmail(email)) return "invalid";
  const nowIso = (ctx.now ?? (() => new Date()))().toISOString();
  // Two sign-ups racing for a new address insert one row: the second does nothing here.
  await ctx.db
    .insertInto("subscribers")
    .values({ email, status: "pending", created_at: nowIso, updated_at: nowIso })
    .onConflict((oc) => oc.column("email").doNothing())
    .execute();
  const { id } = await ctx.db.selectFrom("subscribers").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return sendConfirmation(ctx, NEWSLETTER_LIST, id, (links, days) => newsletterConfirmationMail(email, links, days));
}

/** Confirms the pending address the link was sent to; false for an unknown, used or expired link. */
export async function confirmSubscription(db: DB, token: string, now = new Date()): Promise<boolean> {
  return (await confirmEntry(db, NEWSLETTER_LIST, token, now)) !== null;
}

/** Takes the subscriber a signed link names off the newsletter; false when the link is not genuine. Idempotent. */
export async function unsubscribe(db: DB, authSecret: string, token: string, now = new Date()): Promise<boolean> {
  const entry = await entryOfUnsubscribeLink(db, NEWSLETTER_LIST, authSecret, token);
  if (!entry) return false;
  await takeOffList(db, NEWSLETTER_LIST, entry, now);
  return true;
}

/** The newsletter's unsubscribe link (mail-lists/unsubscribe-link.server.ts). */
export const NEWSLETTER_LINKS: MailListLinks = {
  async find(db, authSecret, token) {
    const entry = await entryOfUnsubscribeLink(db, NEWSLETTER_LIST, authSecret, token);
    return entry && { unsubscribed: entry.status === "unsubscribed" };
  },
  unsubscribe: (db, authSecret, token) => unsubscribe(db, authSecret, token),
};

// Admin

export function countSubscribersByStatus(db: DB): Promise<Record<SubscriberStatus, number>> {
  return countEntriesByStatus(db, NEWSLETTER_LIST);
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
