import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import { createMigrator } from "../migrate.server";

describe.each(testDialects)("the search name index on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(() => test?.drop());

  async function indexes(): Promise<string[]> {
    const { rows } =
      dialect === "postgres"
        ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'products'`.execute(test.db)
        : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'products'`.execute(test.db);
    return rows.map((row) => row.name);
  }

  it("indexes the stored name, and goes down and up again", async () => {
    expect(await indexes()).toContain("products_search_name_idx");
    const migrator = createMigrator(test.db);
    expect((await migrator.migrateTo("2026_11_28_0900_statement_triggers_for_bulk_writes")).error).toBeUndefined();
    expect(await indexes()).not.toContain("products_search_name_idx");
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await indexes()).toContain("products_search_name_idx");
  });
});
