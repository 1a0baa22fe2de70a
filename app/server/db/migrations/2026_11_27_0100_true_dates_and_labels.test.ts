import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { createMigrator } from "../migrate.server";

const THIS_MIGRATION = "2026_11_27_0100_true_dates_and_labels";

describe.each(testDialects)(`migration ${THIS_MIGRATION} on %s`, (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function migrateTo(name: string) {
    const { error } = await createMigrator(test.db).migrateTo(name);
    if (error) throw error;
  }

  async function previousMigration(): Promise<string> {
    const names = (await createMigrator(test.db).getMigrations()).map((migration) => migration.name);
    return names[names.indexOf(THIS_MIGRATION) - 1]!;
  }

  it("drops the shipped year from untouched sample titles, keeps edited ones, drops last_updated and adds best_seller", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const before = await previousMigration();
    await migrateTo(before);
    // A site seeded before this change: the shipped titles and their fixed 2025 dates.
    await sql`insert into collections (slug, title, last_updated) values
      ('barrel-saunas', 'Best Barrel Saunas of 2025', '2025-05-15'),
      ('budget-saunas', 'Best Budget Saunas Under $10,000 of 2025', '2025-05-18'),
      ('infrared-saunas', 'Our Infrared Picks of 2025', '2025-04-28'),
      ('cedar-picks', 'Best Barrel Saunas of 2025', null)`.execute(test.db);
    await sql`insert into products (slug, name, brand) values ('p-1', 'P 1', 'B')`.execute(test.db);

    await migrateTo(THIS_MIGRATION);
    const titles = await test.db.selectFrom("collections").select(["slug", "title"]).orderBy("slug").execute();
    expect(titles).toEqual([
      { slug: "barrel-saunas", title: "Best Barrel Saunas" },
      { slug: "budget-saunas", title: "Best Budget Saunas Under $10,000" },
      // Not the shipped title of its slug: the owner's words stay, year and all.
      { slug: "cedar-picks", title: "Best Barrel Saunas of 2025" },
      { slug: "infrared-saunas", title: "Our Infrared Picks of 2025" },
    ]);
    const row = await test.db.selectFrom("collections").selectAll().where("slug", "=", "barrel-saunas").executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty("last_updated");
    const product = await test.db.selectFrom("products").select("best_seller").executeTakeFirstOrThrow();
    expect(Boolean(product.best_seller)).toBe(false);

    // And back: the column returns (empty), best_seller goes.
    await migrateTo(before);
    const restored = await sql<Record<string, unknown>>`select * from collections where slug = 'barrel-saunas'`.execute(test.db);
    expect(restored.rows[0]).toHaveProperty("last_updated", null);
    const products = await sql<Record<string, unknown>>`select * from products`.execute(test.db);
    expect(products.rows[0]).not.toHaveProperty("best_seller");
  });
});
