import { markKey, SNOOZE_MS, type TodayItem, type TodayMark } from "~/lib/today/today-items";
import type { DB } from "../../db/connection.server";

/** The owner's snoozes and "done" marks on Today items (table today_marks). */

export async function readMarks(db: DB): Promise<TodayMark[]> {
  const rows = await db.selectFrom("today_marks").selectAll().execute();
  return rows.map((row) => ({
    rule: row.rule,
    subject: row.subject,
    state: row.state,
    until: row.until_at === null ? null : Number(row.until_at),
    markedAt: Number(row.marked_at),
  }));
}

async function putMark(
  db: DB,
  mark: { rule: string; subject: string; state: "snoozed" | "done"; until: number | null; at: number; by: string },
) {
  const values = { state: mark.state, until_at: mark.until, marked_at: mark.at, marked_by: mark.by };
  await db
    .insertInto("today_marks")
    .values({ rule: mark.rule, subject: mark.subject, ...values })
    .onConflict((oc) => oc.columns(["rule", "subject"]).doUpdateSet(values))
    .execute();
}

/** Hides the item for 7 days; it comes back then if the situation lasts. Returns when. */
export async function snoozeItem(db: DB, rule: string, subject: string, by: string, now = Date.now()): Promise<number> {
  const until = now + SNOOZE_MS;
  await putMark(db, { rule, subject, state: "snoozed", until, at: now, by });
  return until;
}

/** Hides the item while the situation lasts; once it clears, the mark is forgotten, so a recurrence shows again. */
export async function markItemDone(db: DB, rule: string, subject: string, by: string, now = Date.now()): Promise<void> {
  await putMark(db, { rule, subject, state: "done", until: null, at: now, by });
}

/**
 * Forgets the marks that no longer hold anything back: done marks of items the rules no longer
 * raise (the situation cleared), and snoozes that have ended. Called with the full list of items
 * the rules found, marked or not.
 */
export async function forgetSettledMarks(db: DB, marks: readonly TodayMark[], found: readonly TodayItem[], now: number): Promise<void> {
  const raised = new Set(found.map((item) => markKey(item.rule, item.subject)));
  const settled = marks.filter(
    (mark) =>
      (mark.state === "done" && !raised.has(markKey(mark.rule, mark.subject))) || (mark.state === "snoozed" && (mark.until ?? 0) <= now),
  );
  for (const mark of settled) {
    await db
      .deleteFrom("today_marks")
      .where("rule", "=", mark.rule)
      .where("subject", "=", mark.subject)
      .where("marked_at", "=", mark.markedAt)
      .execute();
  }
}
