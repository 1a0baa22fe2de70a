import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { TABLE_COLUMNS } from "../../app/lib/sauna-table/table-columns";
import { parseTableQuery } from "../../app/lib/sauna-table/table-query";
import { openDatabase } from "../../app/server/db/connection.server";
import { migrateToLatest } from "../../app/server/db/migrate.server";
import { readTable } from "../../app/server/sauna-table/sauna-table.server";
import { importGeneratedProducts } from "./generated-catalog";

/**
 * A quick timing of the sauna table's queries (the page's rows, its count and its filter counts)
 * on a catalog of `--products` generated products (200,000 unless told): not a test and not part
 * of `npm run bench`. SQLite by default; a PostgreSQL URL as the first argument times that.
 *
 *   npx tsx scripts/perf/time-sauna-table.ts [postgres://…] [--products 200000]
 */
const args = process.argv.slice(2);
const url = args.find((arg) => arg.startsWith("postgres"));
const count = Number(args[args.indexOf("--products") + 1] ?? 200_000) || 200_000;

const keep = args.includes("--keep");
const dir = keep ? path.join(os.tmpdir(), "time-sauna-table-kept") : mkdtempSync(path.join(os.tmpdir(), "time-sauna-table-"));
mkdirSync(dir, { recursive: true });
const database = url ? ({ dialect: "postgres", url } as const) : ({ dialect: "sqlite", file: path.join(dir, "table.sqlite") } as const);
const db = openDatabase(database);
try {
  await migrateToLatest(db);
  // --keep leaves the catalog in the temporary folder, and a later --keep run times it again.
  const had = Number(
    (
      await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const imported = had >= count ? { seconds: 0 } : importGeneratedProducts(database, count);
  // The generated rows say nothing of heaters or sizes: spread them so the filters have work.
  await sql`update products set heater_type = case id % 4 when 0 then 'Electric' when 1 then 'Wood-burning' when 2 then 'Infrared' else 'Electric (WiFi)' end,
    heater_key = case id % 4 when 0 then 'electric' when 1 then 'wood-burning' when 2 then 'infrared' else 'electric (wifi)' end,
    heater_family = case id % 4 when 1 then 'wood' when 2 then 'infrared' else 'electric' end,
    weight_lbs = 400 + id % 900`.execute(db);
  // Two shops in three have it in stock.
  await sql`update offers set availability = case when product_id % 3 = 0 then 'OutOfStock' else 'InStock' end`.execute(db);
  // As the site runs: SQLite without statistics (nothing gathers them), PostgreSQL with them.
  if (database.dialect === "postgres") await sql`analyze`.execute(db);
  console.log(had >= count ? `${had} products kept from before` : `${count} products imported in ${imported.seconds.toFixed(1)} s`);

  const options = { today: new Date().toISOString().slice(0, 10), currency: "USD" };
  const cases = [
    "",
    "sort=price",
    "sort=-seats",
    "heater=wood&seats=4&max=50000&sort=price",
    "heater=electric&type=barrel&min=2000&sort=-rating",
    "seats=2&type=infrared&max=150000&sort=-weight&cols=weight&cols=price",
    "stock=1&sort=price",
    "heater=wood&seats=4&max=50000&sort=price&page=40",
  ];
  for (const search of cases) {
    const query = parseTableQuery(new URLSearchParams(search));
    const times: number[] = [];
    const cpu: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await readTable(db, query, options, TABLE_COLUMNS);
      const used = process.cpuUsage(cpuBefore);
      times.push(performance.now() - started);
      cpu.push((used.user + used.system) / 1000);
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    // On a shared machine the wall time waits for the CPU; this process's CPU time is what the
    // queries themselves cost (all of it on SQLite, which runs in the process).
    console.log(
      `${(search || "(bare table)").padEnd(66)} wall median ${times[2]!.toFixed(1)} ms (best ${times[0]!.toFixed(1)}), process CPU median ${cpu[2]!.toFixed(1)} ms`,
    );
  }
} finally {
  await db.destroy();
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
