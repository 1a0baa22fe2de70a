import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { log } from "../log.server";
import type { DB } from "./connection.server";
import { ANALYZE_AFTER_ROWS, vacuumAfterBulkWrite, watchTableGrowth } from "./planner-statistics.server";

/** Rows of site_state, a table of two text columns, written in one statement. */
async function addRows(db: DB, from: number, count: number) {
  await sql`insert into site_state (key, value) select 'row-' || n, 'x' from generate_series(${from}::int, ${from + count - 1}::int) as n`.execute(
    db,
  );
}

async function measured(db: DB): Promise<number> {
  const { rows } = await sql<{
    rows: number;
  }>`select reltuples::float8 as rows from pg_class where oid = to_regclass('site_state')`.execute(db);
  return Number(rows[0]!.rows);
}

describe.each(testDialects)("planner statistics on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(async () => test?.drop());

  it.runIf(dialect === "postgres")(
    "measures a growing table inside the writing transaction each time it has doubled, then vacuums and measures it fully after the commit",
    async () => {
      test = await createTestDatabase(dialect);
      const sizes = await test.db.transaction().execute(async (trx) => {
        const watch = await watchTableGrowth(trx, ["site_state"]);
        const seen: number[] = [];
        // Below the threshold: left alone.
        await addRows(trx, 1, ANALYZE_AFTER_ROWS - 1);
        await watch.wrote(trx, ANALYZE_AFTER_ROWS - 1);
        seen.push(await measured(trx));
        // Past it: measured, the transaction's own rows counted.
        await addRows(trx, ANALYZE_AFTER_ROWS, 1);
        await watch.wrote(trx, 1);
        seen.push(await measured(trx));
        // Half as many again is not a doubling; as many again is.
        await addRows(trx, ANALYZE_AFTER_ROWS + 1, ANALYZE_AFTER_ROWS / 2);
        await watch.wrote(trx, ANALYZE_AFTER_ROWS / 2);
        seen.push(await measured(trx));
        await addRows(trx, ANALYZE_AFTER_ROWS * 1.5 + 1, ANALYZE_AFTER_ROWS / 2);
        await watch.wrote(trx, ANALYZE_AFTER_ROWS / 2);
        seen.push(await measured(trx));
        expect(watch.worthAnalyzing).toBe(true);
        // The small sample was the writer's alone: the rest of its transaction has the default back.
        const { rows: target } = await sql<{ value: string }>`select current_setting('default_statistics_target') as value`.execute(trx);
        expect(target[0]!.value).toBe("100");
        return seen;
      });
      const before = sizes[0]!;
      expect(before).toBeLessThan(ANALYZE_AFTER_ROWS / 2);
      expect(sizes[1]).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS);
      expect(sizes[2]).toBe(sizes[1]);
      expect(sizes[3]).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS * 2);

      await vacuumAfterBulkWrite(test.db, ["site_state"]);
      const { rows } = await sql<{ n: string }>`select count(*) as n from site_state`.execute(test.db);
      expect(await measured(test.db)).toBe(Number(rows[0]!.n));
      // Vacuumed too: its pages are marked all-visible, which index-only reads need.
      const { rows: visible } = await sql<{ pages: number; visible: number }>`
        select relpages as pages, relallvisible as visible from pg_class where oid = to_regclass('site_state')
      `.execute(test.db);
      expect(visible[0]!.visible).toBeGreaterThan(0);
      expect(visible[0]!.visible).toBe(visible[0]!.pages);
    },
  );

  it.runIf(dialect === "postgres")("logs a vacuum that fails instead of failing the write that committed before it", async () => {
    test = await createTestDatabase(dialect);
    const warn = vi.spyOn(log, "warn").mockImplementation(() => {});
    try {
      await expect(vacuumAfterBulkWrite(test.db, ["no_such_table" as never])).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Could not vacuum no_such_table after a bulk write: /));
    } finally {
      warn.mockRestore();
    }
  });

  it.runIf(dialect === "postgres")("asks for nothing after a small write", async () => {
    test = await createTestDatabase(dialect);
    await test.db.transaction().execute(async (trx) => {
      const watch = await watchTableGrowth(trx, ["site_state"]);
      await addRows(trx, 1, 100);
      await watch.wrote(trx, 100);
      expect(watch.worthAnalyzing).toBe(false);
    });
  });

  it.runIf(dialect === "sqlite")("gathers nothing on SQLite, whose queries name their indexes where it matters", async () => {
    test = await createTestDatabase(dialect);
    await test.db.transaction().execute(async (trx) => {
      const watch = await watchTableGrowth(trx, ["site_state"]);
      await sql`
        with recursive n(value) as (select 1 union all select value + 1 from n where value < ${ANALYZE_AFTER_ROWS * 2})
        insert into site_state (key, value) select 'row-' || value, 'x' from n
      `.execute(trx);
      await watch.wrote(trx, ANALYZE_AFTER_ROWS * 2);
      expect(watch.worthAnalyzing).toBe(false);
    });
    await vacuumAfterBulkWrite(test.db, ["site_state"]);
    const { rows } = await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'sqlite_stat1'`.execute(test.db);
    expect(rows[0]!.n).toBe(0);
  });
});
