import { sql } from "kysely";
import type { DB } from "~/server/db/connection.server";
import { dialectOf } from "~/server/db/dialect";

/**
 * Makes every write to the mail outbox fail (a trigger), as a full disk or a lost connection
 * would at that moment: a test then shows that the change which queued the mail was undone with
 * it. Returns the function that lets writes through again.
 */
export async function refuseOutboxWrites(db: DB): Promise<() => Promise<void>> {
  if (dialectOf(db) === "postgres") {
    await sql`create function outbox_refuses() returns trigger language plpgsql as $$ begin raise exception 'outbox write refused'; end $$`.execute(
      db,
    );
    await sql`create trigger outbox_refuses before insert on outbox for each row execute function outbox_refuses()`.execute(db);
    return async () => {
      await sql`drop trigger outbox_refuses on outbox`.execute(db);
      await sql`drop function outbox_refuses()`.execute(db);
    };
  }
  await sql`create trigger outbox_refuses before insert on outbox begin select raise(abort, 'outbox write refused'); end`.execute(db);
  return async () => {
    await sql`drop trigger outbox_refuses`.execute(db);
  };
}
