import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import { log } from "../log.server";
import type { Mailer } from "./mailer.server";

/**
 * At most MAIL_PER_RECIPIENT_PER_DAY messages to one address in any 24 hours, account mail and
 * newsletter mail together, so no address can be mail-bombed through the site's forms whoever
 * posts them and from wherever. The count is in the database (table mail_sends), shared by every
 * instance. A message over the cap is dropped with a log line: the visitor who caused it gets the
 * same answer as ever, which must not tell them anything about the address.
 */

export const MAIL_PER_RECIPIENT_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const lastPruned = new WeakMap<DB, number>();

function recipientKey(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase(), "utf8").digest("hex");
}

/**
 * Takes one of the address's daily slots, or says there is none left. Counting and checking are
 * one step under a lock, so two forms posted together cannot both take the last slot.
 */
export async function claimMailSlot(db: DB, address: string, now = Date.now(), perDay = MAIL_PER_RECIPIENT_PER_DAY): Promise<boolean> {
  const recipient = recipientKey(address);
  const claimed = await db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === "postgres") {
      await sql`select pg_advisory_xact_lock(hashtextextended(${`sauna-reviews:mail-to:${recipient}`}, 0))`.execute(trx);
    }
    const row = await trx
      .selectFrom("mail_sends")
      .select((eb) => eb.fn.countAll<number | string>().as("sent"))
      .where("recipient", "=", recipient)
      .where("at", ">", now - DAY_MS)
      .executeTakeFirst();
    if (Number(row?.sent ?? 0) >= perDay) return false;
    await trx.insertInto("mail_sends").values({ recipient, at: now }).execute();
    return true;
  });
  if ((lastPruned.get(db) ?? 0) < now - PRUNE_EVERY_MS) {
    lastPruned.set(db, now);
    await db
      .deleteFrom("mail_sends")
      .where("at", "<", now - DAY_MS)
      .execute();
  }
  return claimed;
}

/** The mailer every form's mail goes through: the cap first, then the real sending. */
export function capMailPerRecipient(db: DB, inner: Mailer, perDay = MAIL_PER_RECIPIENT_PER_DAY): Mailer {
  return {
    async send(message) {
      if (!(await claimMailSlot(db, message.to, Date.now(), perDay))) {
        log.warn(`Mail to ${message.to} dropped: it has had ${perDay} messages from this site in the last 24 hours (${message.subject})`);
        return { via: "dropped", reason: "recipient-daily-cap" };
      }
      return inner.send(message);
    },
    close: () => inner.close(),
  };
}
