/**
 * Times the admin product import (parse + one-transaction save) of a generated 20,000-row CSV,
 * on a fresh SQLite file and, when TEST_DATABASE_URL is set, on a throwaway PostgreSQL database.
 * First as inserts, then the same file again as updates.
 *
 *   npx tsx scripts/bench-import.ts [--rows 20000]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-import.ts
 */
import { parseArgs } from "node:util";
import { importProductCsv } from "../app/server/admin/csv-import.server";
import { setLogLevel } from "../app/server/log.server";
import { generatedProductCsv } from "./perf/generated-catalog";
import { createTestDatabase, testDialects } from "../tests/support/test-databases";

const { values } = parseArgs({ options: { rows: { type: "string", default: "20000" } } });
const rows = Number(values.rows);
setLogLevel("warn");

const csv = generatedProductCsv(rows);
console.log(`${rows.toLocaleString("en-US")} rows, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`);
for (const dialect of testDialects) {
  const test = await createTestDatabase(dialect);
  try {
    await test.db.insertInto("collections").values({ slug: "six-person-saunas", title: "Six Person Saunas" }).execute();
    for (const pass of ["inserts", "updates"]) {
      const started = performance.now();
      const result = await importProductCsv(test.db, csv);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      if (!result.ok) throw new Error(result.toast.description);
      console.log(`${dialect.padEnd(8)} ${pass.padEnd(7)} ${result.saved} products in ${seconds} s`);
    }
  } finally {
    await test.drop();
  }
}
