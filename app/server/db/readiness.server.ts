import { sql } from "kysely";
import type { DB } from "./connection.server";
import { createMigrator } from "./migrate.server";

/**
 * Whether the site can serve pages: the database answers within a second and every migration
 * this build knows is applied. For /readyz, which load balancers and process managers poll.
 */

export const READINESS_TIMEOUT_MS = 1_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

export async function checkReadiness(db: DB, timeoutMs: number = READINESS_TIMEOUT_MS): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: `the database did not answer within ${timeoutMs} ms` }), timeoutMs);
  });
  try {
    return await Promise.race([probe(db), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(db: DB): Promise<Readiness> {
  try {
    await sql`select 1`.execute(db);
    const pending = (await createMigrator(db).getMigrations()).filter((migration) => migration.executedAt === undefined);
    if (pending.length > 0) return { ready: false, reason: `migrations not applied: ${pending.map((m) => m.name).join(", ")}` };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: `the database cannot be reached: ${(error as Error).message}` };
  }
}
