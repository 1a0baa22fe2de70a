import type { DB } from "../db/connection.server";
import { dialectOf } from "../db/dialect";
import type { PeriodicJob } from "../jobs/job-runner.server";

/**
 * better-auth deletes an expired session only when its cookie comes back, and an expired
 * confirmation or reset token only when it is used: a visitor who never returns leaves rows
 * behind for ever. This periodic job deletes them.
 */
export async function deleteExpiredSessions(db: DB, now = new Date()): Promise<{ sessions: number; verifications: number }> {
  // better-auth keeps dates as timestamptz on PostgreSQL and as ISO text on SQLite.
  const cutoff = dialectOf(db) === "postgres" ? now : now.toISOString();
  const sessions = await db.deleteFrom("session").where("expiresAt", "<", cutoff).executeTakeFirst();
  const verifications = await db.deleteFrom("verification").where("expiresAt", "<", cutoff).executeTakeFirst();
  return { sessions: Number(sessions.numDeletedRows), verifications: Number(verifications.numDeletedRows) };
}

export const EXPIRED_SESSIONS_JOB: PeriodicJob = {
  name: "delete-expired-sessions",
  quiet: true,
  everyMs: 6 * 60 * 60_000,
  async run(db) {
    await deleteExpiredSessions(db);
  },
};
