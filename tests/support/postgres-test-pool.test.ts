import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./test-databases";

/**
 * A pooled PostgreSQL database must be as good as a new copy of the template for the next test:
 * nobody's rows, the template's own rows, sequences where the template left them; and one whose
 * schema a test changed is not handed out again.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL test databases, reused", () => {
  const rowCounts = (test: Awaited<ReturnType<typeof createTestDatabase>>) =>
    sql<{ products: number; migrations: number; versions: number }>`
      select (select count(*)::int from products) as products,
        (select count(*)::int from kysely_migration) as migrations,
        (select count(*)::int from product_list_version) as versions`
      .execute(test.db)
      .then((result) => result.rows[0]!);
  const insertProduct = (test: Awaited<ReturnType<typeof createTestDatabase>>, slug: string) =>
    test.db
      .insertInto("products")
      .values({ name: slug, slug, brand: "Test" })
      .returning("id")
      .executeTakeFirstOrThrow()
      .then((row) => row.id);

  it("comes back with only the template's rows, numbering from the start again, its statistics forgotten", async () => {
    const first = await createTestDatabase("postgres");
    const fresh = await rowCounts(first);
    const firstId = await insertProduct(first, "left-behind");
    await insertProduct(first, "left-behind-too");
    await sql`analyze products`.execute(first.db);
    await first.drop();

    const second = await createTestDatabase("postgres");
    try {
      expect(second.database).toEqual(first.database);
      expect(await rowCounts(second)).toEqual(fresh);
      expect(fresh.products).toBe(0);
      expect(fresh.migrations).toBeGreaterThan(0);
      // The planner sees the table as new: no row estimate, no column statistics.
      const { rows } = await sql<{ estimate: number; statistics: number }>`
        select reltuples::float8 as estimate, (select count(*)::int from pg_statistic where starelid = 'products'::regclass) as statistics
        from pg_class where oid = 'products'::regclass`.execute(second.db);
      expect(rows[0]).toEqual({ estimate: -1, statistics: 0 });
      expect(await insertProduct(second, "new")).toBe(firstId);
    } finally {
      await second.drop();
    }
  });

  it("is dropped, not reused, after a test changed its schema", async () => {
    const changed = await createTestDatabase("postgres");
    await sql`create table left_by_a_test (x integer)`.execute(changed.db);
    await changed.drop();

    const next = await createTestDatabase("postgres");
    try {
      expect(next.database).not.toEqual(changed.database);
      const url = changed.database.dialect === "postgres" ? changed.database.url : "";
      const { rows } = await sql<{
        found: number;
      }>`select count(*)::int as found from pg_database where datname = ${new URL(url).pathname.slice(1)}`.execute(next.db);
      expect(rows[0]!.found).toBe(0);
    } finally {
      await next.drop();
    }
  });
});
