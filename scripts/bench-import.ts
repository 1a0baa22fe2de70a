/**
 * Times the admin product import of a generated 20,000-row CSV, on a fresh SQLite file and, when
 * TEST_DATABASE_URL is set, on a throwaway PostgreSQL database: the preview (parse + per-row diff
 * against the database) and the save (parse + plan again + one-transaction write), for a file
 * of new products, the same file again (all unchanged: nothing written), and the file with every
 * price changed (all updates).
 *
 *   npx tsx scripts/bench-import.ts [--rows 20000]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-import.ts
 */
import { parseArgs } from "node:util";
import { importProductCsv, previewProductCsv } from "../app/server/admin/csv-import.server";
import { setLogLevel } from "../app/server/log.server";
import { generatedProductCsv } from "./perf/generated-catalog";
import { createTestDatabase, testDialects } from "../tests/support/test-databases";

const { values } = parseArgs({ options: { rows: { type: "string", default: "20000" } } });
const rows = Number(values.rows);
setLogLevel("warn");

const csv = generatedProductCsv(rows);
const repriced = csv.replace(/\.99,/g, ".49,");
console.log(`${rows.toLocaleString("en-US")} rows, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`);
const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(2);
for (const dialect of testDialects) {
  const test = await createTestDatabase(dialect);
  try {
    await test.db.insertInto("collections").values({ slug: "six-person-saunas", title: "Six Person Saunas" }).execute();
    for (const [pass, file] of [
      ["inserts", csv],
      ["unchanged", csv],
      ["updates", repriced],
    ] as const) {
      let started = performance.now();
      const preview = await previewProductCsv(test.db, file);
      if (!preview.ok) throw new Error(preview.toast.description);
      const previewTime = seconds(started);
      started = performance.now();
      // The new products join the collection as the owner chooses on the preview: "add to the rule".
      const result = await importProductCsv(test.db, file, { expectedFingerprint: preview.preview.fingerprint, collectionChoice: "add" });
      if (!result.ok) throw new Error(result.toast.description);
      const { counts } = preview.preview;
      console.log(
        `${dialect.padEnd(8)} ${pass.padEnd(9)} preview ${previewTime} s (${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged)` +
          `, save ${seconds(started)} s (${result.saved} written)`,
      );
    }
  } finally {
    await test.drop();
  }
}
