import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { createMigrator } from "../migrate.server";

const THIS_MIGRATION = "2026_11_27_0200_collection_keeps_rule";

describe.each(testDialects)(`migration ${THIS_MIGRATION} on %s`, (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function migrateTo(name: string) {
    const { error } = await createMigrator(test.db).migrateTo(name);
    if (error) throw error;
  }

  it("gives every existing collection keeps_rule = false (stored products stay the whole list), and takes it away again", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const names = (await createMigrator(test.db).getMigrations()).map((migration) => migration.name);
    const before = names[names.indexOf(THIS_MIGRATION) - 1]!;
    await migrateTo(before);
    await sql`insert into collections (slug, title) values ('barrel-saunas', 'Best Barrel Saunas')`.execute(test.db);

    await migrateTo(THIS_MIGRATION);
    const row = await test.db.selectFrom("collections").select("keeps_rule").executeTakeFirstOrThrow();
    expect(Boolean(row.keeps_rule)).toBe(false);

    await migrateTo(before);
    const restored = await sql<Record<string, unknown>>`select * from collections`.execute(test.db);
    expect(restored.rows[0]).not.toHaveProperty("keeps_rule");
  });
});
