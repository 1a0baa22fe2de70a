import type { TodayItem } from "~/lib/today/today-items";
import type { DB } from "../../db/connection.server";

/** The Today rules about mail: messages the outbox gave up on, and price alerts the daily cap holds back. */

/** Rule: messages in the outbox that failed for good. One item for all of them; a newer failure brings it back after "done". */
export async function failedMail(db: DB): Promise<TodayItem[]> {
  const row = await db
    .selectFrom("outbox")
    .select([(eb) => eb.fn.countAll<number | string>().as("count"), (eb) => eb.fn.max("failed_at").as("latest")])
    .where("state", "=", "failed")
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (count === 0) return [];
  return [
    {
      rule: "mail-failed",
      subject: "outbox:failed",
      title: count === 1 ? "1 message could not be sent" : `${count} messages could not be sent`,
      detail: "The mail server refused them for good. Check the error, fix the cause, then send them again.",
      href: "/admin/mail?state=failed",
      fix: "See failed mail",
      since: row?.latest === null || row?.latest === undefined ? null : Number(row.latest),
      money: null,
    },
  ];
}

/** Where the price-alert job leaves what the daily cap held back at its last run (price-alert-job.server.ts). */
export const ALERTS_CAPPED_KEY = "price-alerts-capped";

export interface CappedAlerts {
  /** Due alerts left due at the last run. */
  capped: number;
  /** When the job first found alerts held back, in this stretch (ms). */
  since: number;
  /** The last run (ms). */
  at: number;
}

export function readCappedAlerts(value: string | undefined): CappedAlerts | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as Partial<CappedAlerts>;
    if (typeof parsed.capped === "number" && typeof parsed.since === "number" && typeof parsed.at === "number") {
      return { capped: parsed.capped, since: parsed.since, at: parsed.at };
    }
  } catch {
    // A value written by hand or by another version: as if none.
  }
  return null;
}

/** Rule: price alerts that are due but wait because their reader has had the day's share of mail. */
export async function alertsCapped(db: DB): Promise<TodayItem[]> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", ALERTS_CAPPED_KEY).executeTakeFirst();
  const state = readCappedAlerts(row?.value);
  if (!state || state.capped === 0) return [];
  return [
    {
      rule: "alerts-capped",
      subject: "price-alerts:capped",
      title: state.capped === 1 ? "1 price alert is waiting" : `${state.capped} price alerts are waiting`,
      detail:
        "Their readers have had the day's share of mail from the site; the alerts go once it has room again. Many at once may mean one address subscribed to many saunas.",
      href: "/admin/subscribers",
      fix: "See subscribers",
      since: state.since,
      money: null,
    },
  ];
}

/** What the price-alert job writes after each run: the count held back, and since when. */
export async function recordCappedAlerts(db: DB, capped: number, now: number): Promise<void> {
  const row = await db.selectFrom("site_state").select("value").where("key", "=", ALERTS_CAPPED_KEY).executeTakeFirst();
  const before = readCappedAlerts(row?.value);
  if (capped === 0 && (!before || before.capped === 0)) return;
  const value = JSON.stringify({ capped, since: before && before.capped > 0 ? before.since : now, at: now } satisfies CappedAlerts);
  await db
    .insertInto("site_state")
    .values({ key: ALERTS_CAPPED_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
