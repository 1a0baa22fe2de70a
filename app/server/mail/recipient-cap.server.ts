import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";

/**
 * At most MAIL_PER_RECIPIENT_PER_DAY messages to one address in any 24 hours, account mail,
 * newsletter mail and price alerts together, so no address can be mail-bombed through the site's forms whoever
 * posts them and from wherever. The count is in the database (table mail_sends), shared by every
 * instance. A slot is taken when a message is written to the outbox (outbox.server.ts says what
 * happens to one over the cap); a message sent again after a failure takes none.
 */

export const MAIL_PER_RECIPIENT_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

function recipientKey(address: string): string {
  return createHash("sha256").update(address.trim().toLowerCase(), "utf8").digest("hex");
}

/**
 * Takes one of the address's daily slots, or says there is none left. Counting and checking are
 * one step under a lock, so two forms posted together cannot both take the last slot. Given a
 * transaction, the slot is taken within it: a change rolled back spends none.
 */
export async function claimMailSlot(db: DB, address: string, now = Date.now(), perDay = MAIL_PER_RECIPIENT_PER_DAY): Promise<boolean> {
  const recipient = recipientKey(address);
  const claim = async (trx: DB) => {
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
  };
  return db.isTransaction ? claim(db) : db.transaction().execute(claim);
}

/** Counts older than a day count for nothing: the clean-up job removes them. */
export async function forgetOldMailSends(db: DB, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("mail_sends")
    .where("at", "<", now - DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
