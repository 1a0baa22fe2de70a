import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { dialectOf } from "../db/dialect";
import { deleteExpiredSessions, EXPIRED_SESSIONS_JOB } from "./expired-sessions.server";

describe.each(testDialects)("deleting expired sessions on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("deletes expired sessions and tokens, keeps the live ones, and is a periodic job", async () => {
    test = await createTestDatabase(dialect);
    const now = new Date("2026-11-24T12:00:00Z");
    // better-auth's own formats: timestamptz on PostgreSQL, ISO text on SQLite.
    const at = (offsetMs: number) => {
      const date = new Date(now.getTime() + offsetMs);
      return dialectOf(test.db) === "postgres" ? date : date.toISOString();
    };
    const flag = dialectOf(test.db) === "postgres" ? (true as never) : (1 as never);
    await test.db
      .insertInto("user")
      .values({ id: "u1", name: "Owner", email: "owner@example.com", emailVerified: flag, createdAt: at(0), updatedAt: at(0) } as never)
      .execute();
    await test.db
      .insertInto("session")
      .values([
        { id: "old", token: "t-old", userId: "u1", expiresAt: at(-60_000), createdAt: at(-86_400_000), updatedAt: at(0) },
        { id: "live", token: "t-live", userId: "u1", expiresAt: at(60_000), createdAt: at(0), updatedAt: at(0) },
      ] as never)
      .execute();
    await test.db
      .insertInto("verification")
      .values([
        { id: "v-old", identifier: "reset", value: "a", expiresAt: at(-1), createdAt: at(-3_600_000), updatedAt: at(0) },
        { id: "v-live", identifier: "reset", value: "b", expiresAt: at(3_600_000), createdAt: at(0), updatedAt: at(0) },
      ] as never)
      .execute();

    expect(await deleteExpiredSessions(test.db, now)).toEqual({ sessions: 1, verifications: 1 });
    expect((await test.db.selectFrom("session").select("id").execute()).map((row) => row.id)).toEqual(["live"]);
    expect((await test.db.selectFrom("verification").select("id").execute()).map((row) => row.id)).toEqual(["v-live"]);
    expect(await deleteExpiredSessions(test.db, now)).toEqual({ sessions: 0, verifications: 0 });
    expect(EXPIRED_SESSIONS_JOB).toMatchObject({ name: "delete-expired-sessions", everyMs: 6 * 60 * 60_000 });
  });
});
