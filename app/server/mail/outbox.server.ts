import { randomUUID } from "node:crypto";
import type { AppConfig } from "../config.server";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { OutboxState } from "~/lib/mail/outbox-view";
import type { PeriodicJob } from "../jobs/job-runner.server";
import { log } from "../log.server";
import type { MailMessage, OutgoingMail } from "./mailer.server";
import { claimMailSlot, forgetOldMailSends, MAIL_PER_RECIPIENT_PER_DAY } from "./recipient-cap.server";

/**
 * The mail outbox (docs/decisions/0101): every message is a row before it is anything else,
 * written in the transaction of the change that causes it, and sent by the worker's sender
 * (mail-sender.server.ts), which holds it under a lease while it does. Queries only, each taking
 * the database (or a transaction) first.
 */

export type QueueOutcome = { queued: true; id: number; messageId: string } | { queued: false; reason: "recipient-daily-cap" };

export interface QueueOptions {
  /** Milliseconds since 1970; now when absent. */
  now?: number;
  /**
   * Over the recipient's daily cap: "drop" (the default) leaves it at a log line, since the
   * visitor who asked must learn nothing about the address; "hold" says so quietly to a caller
   * that keeps its cause due and asks again later (a price alert).
   */
  overCap?: "drop" | "hold";
}

export interface MailQueue {
  /**
   * Writes the message to the outbox, under the recipient's daily cap (recipient-cap.server.ts).
   * Given a transaction, the message is sent only if it commits, and the cap's slot is spent
   * only then too.
   */
  queue(db: DB, message: MailMessage, options?: QueueOptions): Promise<QueueOutcome>;
}

/**
 * The right-hand side of the site's Message-IDs: MAIL_FROM's domain, or BASE_URL's host while
 * MAIL_FROM is still the default at localhost.
 */
export function messageIdDomain(config: Pick<AppConfig, "mailFrom" | "baseUrl">): string {
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(config.mailFrom)?.[1]?.toLowerCase();
  if (fromDomain && fromDomain !== "localhost") return fromDomain;
  try {
    return new URL(config.baseUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
}

export function createMailQueue(config: Pick<AppConfig, "mailFrom" | "baseUrl">, perDay = MAIL_PER_RECIPIENT_PER_DAY): MailQueue {
  const domain = messageIdDomain(config);
  return {
    async queue(db, message, options = {}) {
      const now = options.now ?? Date.now();
      const write = async (trx: DB): Promise<QueueOutcome> => {
        if (!(await claimMailSlot(trx, message.to, now, perDay))) return { queued: false, reason: "recipient-daily-cap" };
        const messageId = `<${randomUUID()}@${domain}>`;
        const row = await trx
          .insertInto("outbox")
          .values({
            message_id: messageId,
            recipient: message.to,
            subject: message.subject,
            text_body: message.text,
            html_body: message.html ?? null,
            headers: JSON.stringify(message.headers ?? {}),
            log_line: message.logLine ?? null,
            state: "waiting",
            created_at: now,
            next_attempt_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        return { queued: true, id: Number(row.id), messageId };
      };
      const outcome = db.isTransaction ? await write(db) : await db.transaction().execute(write);
      if (!outcome.queued && options.overCap !== "hold") {
        log.warn(`Mail to ${message.to} dropped: it has had ${perDay} messages from this site in the last 24 hours (${message.subject})`);
      }
      return outcome;
    },
  };
}

// ---- What the owner sees (/admin/mail).

export interface OutboxEntry {
  id: number;
  messageId: string;
  to: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  sentAt: number | null;
  failedAt: number | null;
  lastError: string | null;
}

const ENTRY_COLUMNS = [
  "id",
  "message_id",
  "recipient",
  "subject",
  "state",
  "attempts",
  "created_at",
  "next_attempt_at",
  "sent_at",
  "failed_at",
  "last_error",
] as const;

const num = (value: number | string | null) => (value === null ? null : Number(value));

function toEntry(row: {
  id: number;
  message_id: string;
  recipient: string;
  subject: string;
  state: OutboxState;
  attempts: number;
  created_at: number | string;
  next_attempt_at: number | string;
  sent_at: number | string | null;
  failed_at: number | string | null;
  last_error: string | null;
}): OutboxEntry {
  return {
    id: Number(row.id),
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    state: row.state,
    attempts: Number(row.attempts),
    createdAt: Number(row.created_at),
    nextAttemptAt: Number(row.next_attempt_at),
    sentAt: num(row.sent_at),
    failedAt: num(row.failed_at),
    lastError: row.last_error,
  };
}

export async function countOutboxByState(db: DB): Promise<Record<OutboxState, number>> {
  const rows = await db
    .selectFrom("outbox")
    .select(["state", (eb) => eb.fn.countAll<number | string>().as("count")])
    .groupBy("state")
    .execute();
  const counts: Record<OutboxState, number> = { waiting: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.state] = Number(row.count);
  return counts;
}

/** Newest first, one page; of one state, or of every state. */
export async function listOutbox(db: DB, query: { state?: OutboxState; limit: number; offset?: number }): Promise<OutboxEntry[]> {
  let select = db
    .selectFrom("outbox")
    .select(ENTRY_COLUMNS)
    .orderBy("id", "desc")
    .limit(query.limit)
    .offset(query.offset ?? 0);
  if (query.state) select = select.where("state", "=", query.state);
  return (await select.execute()).map(toEntry);
}

/**
 * The owner's Retry: a failed message waits to be sent again at once, with its attempts counted
 * afresh. Null when there is no such message or it is not failed (sent meanwhile, or retried
 * already).
 */
export async function retryFailedMail(db: DB, id: number, now = Date.now()): Promise<OutboxEntry | null> {
  const row = await db
    .updateTable("outbox")
    .set({ state: "waiting", attempts: 0, next_attempt_at: now, failed_at: null })
    .where("id", "=", id)
    .where("state", "=", "failed")
    .returning(ENTRY_COLUMNS)
    .executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** Every message in the outbox, oldest first, as written (tests read what a producer queued). */
export async function outboxMessages(db: DB): Promise<(OutgoingMail & { id: number; state: OutboxState })[]> {
  const rows = await db.selectFrom("outbox").selectAll().orderBy("id").execute();
  return rows.map((row) => ({ id: Number(row.id), state: row.state, ...toOutgoing(row) }));
}

/** Sent messages are kept (without their bodies) this long for the owner to see, then forgotten. */
export const KEEP_SENT_MAIL_DAYS = 30;

/** Sent and failed messages older than `keepDays` go. */
export async function forgetOldMail(db: DB, now = Date.now(), keepDays = KEEP_SENT_MAIL_DAYS): Promise<number> {
  const before = now - keepDays * 24 * 60 * 60_000;
  const sent = await db.deleteFrom("outbox").where("state", "=", "sent").where("sent_at", "<", before).executeTakeFirst();
  const failed = await db.deleteFrom("outbox").where("state", "=", "failed").where("failed_at", "<", before).executeTakeFirst();
  return Number(sent.numDeletedRows) + Number(failed.numDeletedRows);
}

// ---- The sender's side.

export interface HeldMail {
  id: number;
  attempts: number;
  message: OutgoingMail;
}

function toOutgoing(row: {
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  headers: string;
  log_line: string | null;
}): OutgoingMail {
  const headers = JSON.parse(row.headers) as Record<string, string>;
  return {
    messageId: row.message_id,
    to: row.recipient,
    subject: row.subject,
    text: row.text_body ?? "",
    ...(row.html_body !== null ? { html: row.html_body } : {}),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(row.log_line !== null ? { logLine: row.log_line } : {}),
  };
}

/**
 * Takes up to `limit` messages for this sender: waiting ones that are due, and ones whose
 * sender's lease ran out, oldest first. PostgreSQL: two senders asking at once take different
 * rows, neither waiting for the other. SQLite: one statement, under the one write lock.
 */
export async function claimMail(db: DB, sender: string, limit: number, leaseMs: number, now = Date.now()): Promise<HeldMail[]> {
  let candidates = db
    .selectFrom("outbox")
    .select("id")
    .where((eb) =>
      eb.or([
        eb.and([eb("state", "=", "waiting"), eb("next_attempt_at", "<=", now)]),
        eb.and([eb("state", "=", "sending"), eb("lease_until", "<", now)]),
      ]),
    )
    .orderBy("id")
    .limit(limit);
  if (dialectOf(db) === "postgres") candidates = candidates.forUpdate().skipLocked();
  const rows = await db
    .updateTable("outbox")
    .set({ state: "sending", lease_owner: sender, lease_until: now + leaseMs })
    .where("id", "in", candidates)
    .returningAll()
    .execute();
  return rows.map((row) => ({ id: Number(row.id), attempts: Number(row.attempts), message: toOutgoing(row) })).sort((a, b) => a.id - b.id);
}

/** Counts an attempt and moves the lease on, just before the message goes; false when another sender took it meanwhile. */
export async function startAttempt(db: DB, id: number, sender: string, leaseMs: number, now = Date.now()): Promise<boolean> {
  const updated = await db
    .updateTable("outbox")
    .set((eb) => ({ attempts: eb("attempts", "+", 1), lease_until: now + leaseMs }))
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Keeps a message this sender is sending its own while the attempt lasts (a slow SMTP server). */
export async function extendLease(db: DB, id: number, sender: string, leaseMs: number, now = Date.now()): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ lease_until: now + leaseMs })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .execute();
}

/** The message went: its body (which may hold a sign-in link) is no longer kept. */
export async function markSent(db: DB, id: number, sender: string, now = Date.now()): Promise<boolean> {
  const updated = await db
    .updateTable("outbox")
    .set({ state: "sent", sent_at: now, text_body: null, html_body: null, log_line: null, lease_owner: null, lease_until: null })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** An attempt failed: the message waits until `retryAt`, or, with null, is failed for good. */
export async function markAttemptFailed(db: DB, id: number, sender: string, error: string, retryAt: number | null, now = Date.now()) {
  await db
    .updateTable("outbox")
    .set({
      state: retryAt === null ? "failed" : "waiting",
      next_attempt_at: retryAt ?? now,
      failed_at: retryAt === null ? now : null,
      last_error: error.slice(0, 1_000),
      lease_owner: null,
      lease_until: null,
    })
    .where("id", "=", id)
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .execute();
}

/** Messages this sender took but did not try (it is stopping): they wait again, for any sender. */
export async function releaseMail(db: DB, ids: readonly number[], sender: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("outbox")
    .set({ state: "waiting", lease_owner: null, lease_until: null })
    .where("id", "in", ids)
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .execute();
}

/** The senders holding messages now. */
export async function mailSenders(db: DB): Promise<string[]> {
  const rows = await db.selectFrom("outbox").select("lease_owner").distinct().where("state", "=", "sending").execute();
  return rows.flatMap((row) => (row.lease_owner === null ? [] : [row.lease_owner]));
}

/**
 * The messages a sender that is gone held wait again at once. The one it was sending when it
 * died may have gone out: it is sent again, with the same Message-ID.
 */
export async function releaseMailOf(db: DB, sender: string, now = Date.now()): Promise<number> {
  const updated = await db
    .updateTable("outbox")
    .set({ state: "waiting", next_attempt_at: now, lease_owner: null, lease_until: null })
    .where("state", "=", "sending")
    .where("lease_owner", "=", sender)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/** Sent and failed messages past their keeping, and the daily cap's counts past their day. */
export const FORGET_OLD_MAIL_JOB: PeriodicJob = {
  name: "forget-old-mail",
  everyMs: 6 * 60 * 60_000,
  async run(db) {
    return { messages: await forgetOldMail(db), counts: await forgetOldMailSends(db) };
  },
};
