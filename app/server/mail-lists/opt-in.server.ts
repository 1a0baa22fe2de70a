import type { Transaction } from "kysely";
import type { SubscriberStatus } from "~/lib/newsletter/newsletter";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { Database } from "../db/schema";
import { toIsoString } from "../db/timestamps";
import type { MailMessage } from "../mail/mailer.server";
import type { MailQueue } from "../mail/outbox.server";
import {
  CONFIRM_LINK_DAYS,
  confirmLinkStillValid,
  hashConfirmToken,
  isConfirmTokenShaped,
  newConfirmToken,
  parseUnsubscribeToken,
  UNSUBSCRIBE_PURPOSES,
  unsubscribeSignatureMatches,
  unsubscribeToken,
  type UnsubscribePurpose,
} from "../newsletter/newsletter-tokens.server";

/**
 * Double opt-in, one flow for every list a reader signs up to (the newsletter, price alerts):
 * a sign-up stores the entry as pending and mails a one-time confirmation link; the link makes
 * it confirmed; the signed unsubscribe link makes it unsubscribed. The lists differ only in their
 * table (one row per address, or per address and sauna), their links' paths and signing key, and
 * the words of their mail: each list's module keeps those and calls this one.
 */

export interface OptInList {
  /** The list's name: its sign-up form's flood gate counts under it. */
  name: "newsletter" | "price-alert";
  table: OptInTable;
  purpose: UnsubscribePurpose;
  /** Where the mail's links land. */
  paths: { confirm: string; unsubscribe: string };
}

export const NEWSLETTER_LIST: OptInList = {
  name: "newsletter",
  table: "subscribers",
  purpose: UNSUBSCRIBE_PURPOSES.newsletter,
  paths: { confirm: "/newsletter/confirm", unsubscribe: "/newsletter/unsubscribe" },
};

export const PRICE_ALERT_LIST: OptInList = {
  name: "price-alert",
  table: "price_alerts",
  purpose: UNSUBSCRIBE_PURPOSES.priceAlert,
  paths: { confirm: "/alerts/confirm", unsubscribe: "/alerts/unsubscribe" },
};

type OptInTable = "subscribers" | "price_alerts";
/** The columns every list's table has: the flow reads and writes only these. */
type OptInColumns =
  "id" | "email" | "status" | "confirm_token_hash" | "confirm_sent_at" | "confirmed_at" | "unsubscribed_at" | "updated_at";
// Fails to compile if a list's table loses or changes one of the shared columns.
const sameColumns: [Pick<Database["price_alerts"], OptInColumns>] extends [Pick<Database["subscribers"], OptInColumns>] ? true : never =
  true;
void sameColumns;

/**
 * The table as Kysely sees it. Kysely cannot type a query over a union of tables; the columns the
 * flow uses are the same in each (checked above), so the queries are typed against one of them.
 */
const tableOf = (list: OptInList) => list.table as "subscribers";

export function confirmUrlOf(list: OptInList, baseUrl: string, token: string): string {
  return `${baseUrl}${list.paths.confirm}?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrlOf(list: OptInList, baseUrl: string, authSecret: string, id: number, email: string): string {
  return `${baseUrl}${list.paths.unsubscribe}?token=${encodeURIComponent(unsubscribeToken(authSecret, id, email, list.purpose))}`;
}

/** A second sign-up within this time sends no second mail (the first is probably on its way). */
export const RESEND_AFTER_MS = 5 * 60_000;

export type ConfirmationOutcome = "confirmation-sent" | "confirmation-recently-sent" | "already-confirmed";

export interface OptInContext {
  db: DB;
  mail: MailQueue;
  /** BASE_URL, for the links in the mail. */
  baseUrl: string;
  authSecret: string;
  now?: () => Date;
}

type Tx = Transaction<Database>;

/**
 * Sends a confirmation link for the entry `id`, unless it is confirmed already or a link went out
 * a moment ago. The entry's row is locked first (PostgreSQL: a second sign-up at the same moment
 * waits, then sees the link just sent). `update` runs in the same transaction whatever the
 * outcome (a list may refresh what the entry watches); the new link and its mail are that
 * transaction too, so the mail is sent only if the link was stored, and never the other way.
 */
export async function sendConfirmation(
  ctx: OptInContext,
  list: OptInList,
  id: number,
  compose: (links: { confirm: string; unsubscribe: string }, validForDays: number) => MailMessage,
  update?: (trx: Tx) => Promise<void>,
): Promise<ConfirmationOutcome> {
  const now = (ctx.now ?? (() => new Date()))();
  const nowIso = now.toISOString();
  const table = tableOf(list);
  return ctx.db.transaction().execute(async (trx): Promise<ConfirmationOutcome> => {
    let select = trx.selectFrom(table).select(["id", "email", "status", "confirm_sent_at"]).where("id", "=", id);
    if (dialectOf(trx) === "postgres") select = select.forUpdate();
    const row = await select.executeTakeFirstOrThrow();
    await update?.(trx);
    if (row.status === "confirmed") return "already-confirmed";
    if (row.status === "pending" && row.confirm_sent_at && now.getTime() - Date.parse(toIsoString(row.confirm_sent_at)) < RESEND_AFTER_MS) {
      return "confirmation-recently-sent";
    }
    const { token, hash } = newConfirmToken();
    // An entry that left the list and signs up again is pending until it confirms again.
    await trx
      .updateTable(table)
      .set({ status: "pending", confirm_token_hash: hash, confirm_sent_at: nowIso, updated_at: nowIso })
      .where("id", "=", row.id)
      .execute();
    const links = {
      confirm: confirmUrlOf(list, ctx.baseUrl, token),
      unsubscribe: unsubscribeUrlOf(list, ctx.baseUrl, ctx.authSecret, row.id, row.email),
    };
    await ctx.mail.queue(trx, compose(links, CONFIRM_LINK_DAYS), { now: now.getTime() });
    return "confirmation-sent";
  });
}

/** Confirms the pending entry a confirmation link was sent for; its id, or null for an unknown, used or expired link. */
export async function confirmEntry(db: DB, list: OptInList, token: string, now = new Date()): Promise<number | null> {
  if (!isConfirmTokenShaped(token)) return null;
  const hash = hashConfirmToken(token);
  const table = tableOf(list);
  const row = await db
    .selectFrom(table)
    .select(["id", "status", "confirm_sent_at"])
    .where("confirm_token_hash", "=", hash)
    .executeTakeFirst();
  if (!row || row.status !== "pending" || !row.confirm_sent_at) return null;
  if (!confirmLinkStillValid(toIsoString(row.confirm_sent_at), now)) return null;
  const nowIso = now.toISOString();
  const result = await db
    .updateTable(table)
    .set({ status: "confirmed", confirmed_at: nowIso, confirm_token_hash: null, updated_at: nowIso })
    .where("id", "=", row.id)
    .where("confirm_token_hash", "=", hash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? row.id : null;
}

/** The entry a signed unsubscribe link names, or null when the link is not genuine. Reads only. */
export async function entryOfUnsubscribeLink(
  db: DB,
  list: OptInList,
  authSecret: string,
  token: string,
): Promise<{ id: number; email: string; status: SubscriberStatus } | null> {
  const parsed = parseUnsubscribeToken(token);
  if (!parsed) return null;
  const row = await db.selectFrom(tableOf(list)).select(["id", "email", "status"]).where("id", "=", parsed.id).executeTakeFirst();
  if (!row || !unsubscribeSignatureMatches(authSecret, row.id, row.email, parsed.signature, list.purpose)) return null;
  return row;
}

/** Takes the entry off its list (idempotent). */
export async function takeOffList(db: DB, list: OptInList, entry: { id: number; status: SubscriberStatus }, now = new Date()) {
  if (entry.status === "unsubscribed") return;
  const nowIso = now.toISOString();
  await db
    .updateTable(tableOf(list))
    .set({ status: "unsubscribed", unsubscribed_at: nowIso, confirm_token_hash: null, updated_at: nowIso })
    .where("id", "=", entry.id)
    .execute();
}

/** How many of a list's entries are in each state (the admin's counts). */
export async function countEntriesByStatus(db: DB, list: OptInList): Promise<Record<SubscriberStatus, number>> {
  const rows = await db
    .selectFrom(tableOf(list))
    .select(["status", (eb) => eb.fn.countAll<number | string | bigint>().as("count")])
    .groupBy("status")
    .execute();
  const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
