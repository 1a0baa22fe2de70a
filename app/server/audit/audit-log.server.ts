import type { AppServices } from "~/server/load-context";
import type { AuditAction, AuditEntry, AuditQuery } from "~/lib/audit/audit-actions";
import { hasAdminAreaRole } from "~/lib/auth/admin-access";
import { getSignedInUser } from "../auth/guard.server";
import type { DB } from "../db/connection.server";
import { log } from "../log.server";

/**
 * The admin audit log (docs/decisions/0056): who did what, when, from which address. Actions
 * that know what they changed record it with recordAdminAction (one call: "admin-revoked",
 * "bob@example.com"); every other admin POST is recorded by the wrapper around the routes'
 * actions (admin-audit-build.server.ts), so a new admin action is in the trail even before it
 * says more. Sign-ins of admin accounts are recorded by recordSignIn.
 */

export interface AuditRecord {
  userId: string | null;
  email: string;
  action: AuditAction;
  detail: string;
  address: string | null;
  /** Milliseconds since 1970; now when absent. */
  at?: number;
}

/** A detail is a line, not a document: what a person reads in one table cell. */
const MAX_DETAIL = 500;
export const AUDIT_PAGE_SIZE = 50;

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

export async function recordAudit(db: DB, record: AuditRecord): Promise<void> {
  const detail = oneLine(record.detail);
  await db
    .insertInto("audit_log")
    .values({
      at: record.at ?? Date.now(),
      user_id: record.userId,
      user_email: oneLine(record.email).slice(0, 320),
      action: record.action,
      detail: detail.length > MAX_DETAIL ? `${detail.slice(0, MAX_DETAIL - 1)}…` : detail,
      address: record.address,
    })
    .execute();
}

/** Requests whose action recorded its own row: the wrapper adds no generic one. */
const recorded = new WeakSet<Request>();

export function isRecorded(request: Request): boolean {
  return recorded.has(request);
}

/** An action whose row is written elsewhere (an import's, by its run, with its counts): the wrapper adds none. */
export function skipGenericAudit(request: Request): void {
  recorded.add(request);
}

type AuditArgs = { request: Request; context: Pick<AppServices, "db" | "auth" | "config" | "clientAddress"> };

/**
 * Records an admin's action on this request, with the admin and the address read from it. Call it
 * after the change is made. A failure to write is logged with the whole entry (the change itself
 * has happened; answering an error would make the admin do it again), so the trail survives in
 * the log.
 */
export async function recordAdminAction({ request, context }: AuditArgs, action: AuditAction, detail: string): Promise<void> {
  recorded.add(request);
  const user = await getSignedInUser(request, context);
  if (!user) return;
  const entry = { userId: user.id, email: user.email, action, detail, address: context.clientAddress ?? null };
  try {
    await recordAudit(context.db, entry);
  } catch (error) {
    log.error(`Audit entry not written (${(error as Error)?.message ?? error}): ${JSON.stringify(entry)}`);
  }
}

/**
 * Like recordAdminAction, for an action repeated while someone works (a draft's autosave every few
 * seconds of typing): no new entry when this admin's newest one is the same action on the same
 * thing within `withinMs`. The first of a run of them is in the trail; the rest would bury it.
 */
export async function recordAdminActionOnce(args: AuditArgs, action: AuditAction, detail: string, withinMs: number): Promise<void> {
  recorded.add(args.request);
  const user = await getSignedInUser(args.request, args.context);
  if (!user) return;
  const newest = await args.context.db
    .selectFrom("audit_log")
    .select(["action", "detail", "at"])
    .where("user_email", "=", user.email)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (newest && newest.action === action && newest.detail === oneLine(detail) && Date.now() - Number(newest.at) < withinMs) return;
  await recordAdminAction(args, action, detail);
}

/** Refused sign-ins of one admin account recorded per hour at most; a flood of guesses cannot fill the table. */
const REFUSED_SIGN_INS_PER_HOUR = 100;

/**
 * A sign-in attempt on an admin account, allowed or refused. Attempts on other accounts (and on
 * addresses with no account) are not admin actions and are not recorded: the abuse limits count
 * them, and strangers cannot fill the trail with them.
 */
export async function recordSignIn(
  db: DB,
  attempt: { email: string; ok: boolean; address: string | null; reason?: string },
  now = Date.now(),
): Promise<void> {
  try {
    const email = attempt.email.trim().toLowerCase();
    const user = await db.selectFrom("user").select(["id", "email", "role"]).where("email", "=", email).executeTakeFirst();
    if (!user || !hasAdminAreaRole(user.role)) return;
    if (!attempt.ok) {
      const recent = await db
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("action", "=", "sign-in-refused")
        .where("at", ">", now - 3_600_000)
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      if (Number(recent?.count ?? 0) >= REFUSED_SIGN_INS_PER_HOUR) return;
    }
    await recordAudit(db, {
      userId: user.id,
      email: user.email,
      action: attempt.ok ? "sign-in" : "sign-in-refused",
      detail: attempt.ok ? "with a password" : (attempt.reason ?? "refused"),
      address: attempt.address,
      at: now,
    });
  } catch (error) {
    log.error(`Audit entry for a sign-in of ${attempt.email} not written: ${(error as Error)?.message ?? error}`);
  }
}

interface AuditFilter {
  email?: string;
  action?: string;
}

function filtered(db: DB, filter: AuditFilter) {
  let query = db.selectFrom("audit_log");
  if (filter.email) query = query.where("user_email", "=", filter.email);
  if (filter.action) query = query.where("action", "=", filter.action);
  return query;
}

type AuditRow = {
  id: number;
  at: number | string;
  user_id: string | null;
  user_email: string;
  action: string;
  detail: string;
  address: string | null;
};

const toEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: new Date(Number(row.at)).toISOString(),
  userId: row.user_id,
  email: row.user_email,
  action: row.action,
  detail: row.detail,
  address: row.address,
});

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  page: number;
  pageCount: number;
  /** Everyone and every action in the log, for the filters. */
  people: string[];
  actions: string[];
}

/** One page of the log, newest first, filtered by person and action. */
export async function auditPage(db: DB, query: AuditQuery, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const filter = { email: query.email, action: query.action };
  const [countRow, people, actions] = await Promise.all([
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirst(),
    db.selectFrom("audit_log").select("user_email").distinct().orderBy("user_email").execute(),
    db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  const total = Number(countRow?.count ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(query.page, pageCount);
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    entries: rows.map(toEntry),
    total,
    page,
    pageCount,
    people: people.map((row) => row.user_email),
    actions: actions.map((row) => row.action),
  };
}

/** Every matching row, newest first, read a batch at a time (the CSV export). */
export async function* allAuditEntries(db: DB, filter: AuditFilter, batch = 1_000): AsyncGenerator<AuditEntry> {
  let before: { at: number; id: number } | null = null;
  for (;;) {
    let query = filtered(db, filter).selectAll();
    if (before) {
      const { at, id } = before;
      query = query.where((eb) => eb.or([eb("at", "<", at), eb.and([eb("at", "=", at), eb("id", "<", id)])]));
    }
    const rows = await query.orderBy("at", "desc").orderBy("id", "desc").limit(batch).execute();
    for (const row of rows) yield toEntry(row);
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    before = { at: Number(last.at), id: Number(last.id) };
  }
}
