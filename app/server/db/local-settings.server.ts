import { sql } from "kysely";
import type { DB } from "./connection.server";

/**
 * PostgreSQL settings for a few statements only (`set_config(…, true)` lasts to the end of the
 * transaction): in a transaction of their own, or in the caller's, which gets its values back
 * afterwards so that the rest of it runs as it would have. PostgreSQL only.
 */
export async function withLocalSettings<T>(db: DB, settings: Record<string, string>, run: (executor: DB) => Promise<T>): Promise<T> {
  const apply = (values: Record<string, string>) =>
    sql`select ${sql.join(Object.entries(values).map(([name, value]) => sql`set_config(${name}, ${value}, true)`))}`;
  if (!db.isTransaction) {
    return db.transaction().execute(async (trx) => {
      await apply(settings).execute(trx);
      return run(trx);
    });
  }
  const { rows } = await sql<Record<string, string>>`
    select ${sql.join(Object.keys(settings).map((name) => sql`current_setting(${name}) as ${sql.ref(name)}`))}
  `.execute(db);
  await apply(settings).execute(db);
  try {
    return await run(db);
  } finally {
    await apply(rows[0]!).execute(db);
  }
}
