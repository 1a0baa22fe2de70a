import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { executeWithRows, updateRows } from "./bulk-rows.server";

/**
 * Bulk statements on a real database: every row's values arrive where its columns say, booleans
 * included, in statements split at SQLite's parameter limit and wherever the rows' columns change.
 */
describe.each(testDialects)("bulk rows on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test.drop();
  });

  const merchant = (i: number) => ({ slug: `bulk-${i}`, name: `Bulk ${i}`, is_sample: i % 2 === 0 });

  it("inserts and returns every row, past one statement's worth and across a change of columns", async () => {
    // 3 columns a row: SQLite takes 10,922 rows a statement, so 11,000 rows need two; the last
    // rows lack a column, which starts another statement (a missing value is not a null).
    const rows = [
      ...Array.from({ length: 11_000 }, (_, at) => merchant(at)),
      ...Array.from({ length: 3 }, (_, at) => ({ slug: `bulk-short-${at}`, name: `Short ${at}` })),
    ];
    const returned = await executeWithRows(test.db, "merchants", rows, (rowsTable, columns) =>
      test.db.insertInto("merchants").columns(columns).expression(rowsTable).returning(["slug", "is_sample"]),
    );
    expect(returned).toHaveLength(rows.length);
    const stored = await test.db
      .selectFrom("merchants")
      .select(["slug", "name", "is_sample"])
      .where("slug", "like", "bulk-%")
      .orderBy("id")
      .execute();
    expect(stored.map((row) => [row.slug, row.name, Boolean(row.is_sample)])).toEqual(
      rows.map((row) => [row.slug, row.name, "is_sample" in row ? row.is_sample : false]),
    );
  });

  it("updates each row by its key", async () => {
    await updateRows(test.db, "merchants", "slug", [
      { slug: "bulk-1", name: "Renamed 1", is_sample: true },
      { slug: "bulk-2", name: "Renamed 2", is_sample: false },
    ]);
    const stored = await test.db
      .selectFrom("merchants")
      .select(["slug", "name", "is_sample"])
      .where("slug", "in", ["bulk-1", "bulk-2"])
      .orderBy("slug")
      .execute();
    expect(stored.map((row) => [row.slug, row.name, Boolean(row.is_sample)])).toEqual([
      ["bulk-1", "Renamed 1", true],
      ["bulk-2", "Renamed 2", false],
    ]);
  });

  // SQLite's rows are placeholders in the statement's text; PostgreSQL's are one JSON value.
  it.runIf(dialect === "sqlite")(
    "refuses a statement that binds a value of its own, which the rows' placeholders would misplace",
    async () => {
      await expect(
        executeWithRows(test.db, "merchants", [merchant(99_999)], (rowsTable, columns) =>
          test.db
            .insertInto("merchants")
            .columns(columns)
            .expression(sql`${rowsTable} and ${1} = 1`),
        ),
      ).rejects.toThrow(/binds values of its own/);
    },
  );
});
