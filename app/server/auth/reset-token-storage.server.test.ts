import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signedInAs, makeAuthContext } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { createTestDatabase, testDialects } from "../../../tests/support/test-databases";
import { createMigrator, migrateToLatest } from "../db/migrate.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";
import { AttemptLimiter } from "./rate-limit.server";

/** Reset links are stored so that reading the database gives no way to reset a password. */

const hashed = (identifier: string) => createHash("sha256").update(identifier).digest("base64url");

describe.each(testDialects)("reset tokens at rest on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect);

  it("stores a hash of the mailed token, never the token itself; the mailed link still works", async () => {
    await signedInAs(ctx.auth, "owner@example.com", { admin: true });
    await requestPasswordReset(ctx.auth, "owner@example.com", new AttemptLimiter(test.db));
    const link = (await ctx.mails()).at(-1)!.text.match(/https?:\/\/\S+\/auth\/reset\?token=\S+/)![0];
    const token = new URL(link).searchParams.get("token")!;

    const rows = await test.db.selectFrom("verification").select(["identifier", "value"]).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).not.toContain(token);
    expect(rows[0]!.value).not.toContain(token);
    expect(rows[0]!.identifier).toBe(hashed(`reset-password:${token}`));

    // A database reader who sends what is stored gets nowhere.
    expect(
      await resetPassword(
        ctx.auth,
        { token: rows[0]!.identifier, password: "a stolen password", confirm: "a stolen password" },
        new AttemptLimiter(test.db),
      ),
    ).toMatchObject({ ok: false, field: "token" });
    expect(
      await resetPassword(
        ctx.auth,
        { token, password: "the owner's new one", confirm: "the owner's new one" },
        new AttemptLimiter(test.db),
      ),
    ).toEqual({ ok: true });
  });
});

describe.each(testDialects)("the migration hashes reset tokens stored in plain text on %s", (dialect) => {
  it("rewrites a plain reset-password row, and the link mailed before the upgrade still works", async () => {
    const test = await createTestDatabase(dialect, { migrate: false });
    try {
      await createMigrator(test.db).migrateTo("2026_11_24_0400_scale_out");
      const ctx = makeAuthContext(test);
      try {
        await signedInAs(ctx.auth, "early@example.com", { admin: false });
        const user = await test.db.selectFrom("user").select("id").where("email", "=", "early@example.com").executeTakeFirstOrThrow();
        const token = "PlainTokenFromBeforeTheUpgr";
        const now = new Date();
        const dates =
          dialect === "postgres"
            ? { expiresAt: new Date(now.getTime() + 3_600_000), createdAt: now, updatedAt: now }
            : { expiresAt: new Date(now.getTime() + 3_600_000).toISOString(), createdAt: now.toISOString(), updatedAt: now.toISOString() };
        await test.db
          .insertInto("verification")
          .values({
            id: "plain-row",
            identifier: `reset-password:${token}`,
            value: user.id,
            ...(dates as { expiresAt: string; createdAt: string; updatedAt: string }),
          })
          .execute();

        await migrateToLatest(test.db);
        const row = await test.db.selectFrom("verification").select("identifier").where("id", "=", "plain-row").executeTakeFirstOrThrow();
        expect(row.identifier).toBe(hashed(`reset-password:${token}`));
        expect(
          await resetPassword(
            ctx.auth,
            { token, password: "a password after upgrade", confirm: "a password after upgrade" },
            new AttemptLimiter(test.db),
          ),
        ).toEqual({ ok: true });
      } finally {
        await ctx.close();
      }
    } finally {
      await test.drop();
    }
  });
});
