import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { createMigrator } from "../migrate.server";

const THIS_MIGRATION = "2026_11_28_0200_review_depth";

describe.each(testDialects)(`migration ${THIS_MIGRATION} on %s`, (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function migrateTo(name: string) {
    const { error } = await createMigrator(test.db).migrateTo(name);
    if (error) throw error;
  }

  it("gives existing products an empty review (no invented one) and the weights table, and takes both away again", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const names = (await createMigrator(test.db).getMigrations()).map((migration) => migration.name);
    const before = names[names.indexOf(THIS_MIGRATION) - 1]!;
    await migrateTo(before);
    await sql`insert into products (slug, name, brand, rating) values ('old', 'Old', 'B', 4.2)`.execute(test.db);

    await migrateTo(THIS_MIGRATION);
    const row = await test.db.selectFrom("products").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      verdict: null,
      pros: "[]",
      cons: "[]",
      alternatives: "[]",
      score_value: null,
      reviewer: null,
      customer_rating: null,
    });
    expect(Number(row.rating)).toBe(4.2);
    expect(await test.db.selectFrom("review_weights").selectAll().execute()).toEqual([]);

    await migrateTo(before);
    const restored = await sql<Record<string, unknown>>`select * from products`.execute(test.db);
    expect(restored.rows[0]).not.toHaveProperty("verdict");
    expect(restored.rows[0]).not.toHaveProperty("score_value");
  });
});
