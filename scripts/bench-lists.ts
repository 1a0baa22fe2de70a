/**
 * How the public pages fare with a 20,000-product catalog (ADR 0017): the production server on a
 * database holding the sample content plus a generated import, each page requested a few times
 * to warm the process, then timed one request at a time. Prints the median and worst time and
 * the uncompressed HTML size. SQLite always; PostgreSQL too when TEST_DATABASE_URL is set.
 * No page cache is involved: every request renders.
 *
 *   npx tsx scripts/bench-lists.ts [--rows 20000] [--runs 15] [--queries-only]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-lists.ts
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { importProductCsv } from "../app/server/admin/csv-import.server";
import { seedSampleContent } from "../app/server/db/seed.server";
import { setLogLevel } from "../app/server/log.server";
import type { ProductOrder, ProductSelection } from "../app/lib/product-selection";
import { countProducts, listProductPage } from "../app/server/catalog/product-lists.server";
import { openDatabase, type DB } from "../app/server/db/connection.server";
import { migrateToLatest } from "../app/server/db/migrate.server";
import { createTestDatabase, testDialects, type TestDialect } from "../tests/support/test-databases";
import { generatedProductCsv } from "./perf/generated-catalog";

const { values } = parseArgs({
  options: {
    rows: { type: "string", default: "20000" },
    runs: { type: "string", default: "15" },
    "queries-only": { type: "boolean", default: false },
  },
});
const rows = Number(values.rows);
const runs = Number(values.runs);
setLogLevel("warn");

const paths = [
  "/",
  "/reviews",
  "/reviews?page=2",
  "/reviews?page=400",
  "/reviews/barrel-saunas",
  "/reviews/barrel-saunas?page=300",
  "/reviews/outdoor-saunas?page=2000",
  "/reviews/six-person-saunas",
  "/reviews/eco-friendly-saunas",
  "/reviews?q=cedar",
  "/reviews?q=cedar+barrel&page=100",
  "/reviews?q=glass+door+feature+3",
  "/reviews/product/model-12345",
  "/reviews?page=99999",
  "/reviews/product/lumo-works-tyyni-4-cube-sauna",
];

if (spawnSync("node", ["scripts/ensure-build.js"], { stdio: "inherit" }).status !== 0) process.exit(1);

for (const dialect of testDialects) {
  const target = await catalogDatabase(dialect);
  try {
    await seedSampleContent(target.db);
    const started = performance.now();
    const imported = await importProductCsv(target.db, generatedProductCsv(rows));
    if (!imported.ok) throw new Error(imported.toast.description);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`\n${dialect}: ${imported.saved.toLocaleString("en-US")} products imported in ${seconds} s`);
    await measureQueries(target.db);
    if (!values["queries-only"]) await measure(target.database);
  } finally {
    await target.drop();
  }
}

/** SQLite where the server looks for it (DATA_DIR/sauna-reviews.sqlite); PostgreSQL in a throwaway database. */
async function catalogDatabase(dialect: TestDialect) {
  if (dialect === "postgres") return createTestDatabase("postgres");
  const dir = mkdtempSync(path.join(tmpdir(), "sauna-lists-"));
  const database = { dialect: "sqlite", file: path.join(dir, "sauna-reviews.sqlite") } as const;
  const db = openDatabase(database);
  await migrateToLatest(db);
  return {
    db,
    database,
    drop: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The database's share of a page: its count and its page of rows, in this process, median of `runs`. */
async function measureQueries(db: DB) {
  const lists: [string, ProductSelection, ProductOrder, number][] = [
    ["/reviews page 1", { kind: "all" }, "top-rating", 1],
    ["/reviews page 400", { kind: "all" }, "top-rating", 400],
    ["barrel-saunas page 1", { kind: "tag", tag: "barrel-saunas" }, "rating", 1],
    ["barrel-saunas page 300", { kind: "tag", tag: "barrel-saunas" }, "rating", 300],
    ["eco-friendly-saunas page 1", { kind: "tag", tag: "eco-friendly-saunas" }, "rating", 1],
    ["search 'cedar barrel' page 100", { kind: "search", words: ["cedar", "barrel"] }, "top-rating", 100],
    ["brand 'brand 7' page 1", { kind: "brand", key: "brand 7" }, "rating", 1],
  ];
  console.log("query (count + one page of 24)".padEnd(42), "median ms".padStart(10), "rows".padStart(6), "total".padStart(7));
  for (const [name, selection, order, page] of lists) {
    const times: number[] = [];
    let shown = 0;
    let total = 0;
    for (let i = 0; i < runs + 2; i++) {
      const started = performance.now();
      const [count, rowsOfPage] = await Promise.all([
        countProducts(db, selection),
        listProductPage(db, selection, order, { limit: 24, offset: (page - 1) * 24 }),
      ]);
      if (i >= 2) times.push(performance.now() - started);
      shown = rowsOfPage.length;
      total = count;
    }
    times.sort((a, b) => a - b);
    console.log(
      name.padEnd(42),
      times[Math.floor(times.length / 2)]!.toFixed(1).padStart(10),
      String(shown).padStart(6),
      String(total).padStart(7),
    );
  }
}

async function measure(database: Awaited<ReturnType<typeof catalogDatabase>>["database"]) {
  const port = await freePort();
  const env =
    database.dialect === "sqlite"
      ? { DATA_DIR: path.dirname(database.file) }
      : { DATA_DIR: path.join(process.cwd(), "data"), DATABASE_URL: database.url };
  const server = spawn("node", ["server.js"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("is serving") && resolve());
      server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
    });
    console.log("path".padEnd(42), "status".padStart(6), "median ms".padStart(10), "max ms".padStart(8), "HTML KB".padStart(8));
    for (const pathname of paths) {
      const url = `http://127.0.0.1:${port}${pathname}`;
      for (let i = 0; i < 3; i++) await (await fetch(url, { redirect: "manual" })).arrayBuffer();
      const probe = await fetch(url, { redirect: "manual" });
      await probe.arrayBuffer();
      if (probe.status >= 300 && probe.status < 400) console.log(`  ${pathname} redirects to ${probe.headers.get("location")}`);
      const times: number[] = [];
      let bytes = 0;
      let status = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await fetch(url, { redirect: "manual", headers: { "accept-encoding": "identity" } });
        bytes = (await response.arrayBuffer()).byteLength;
        times.push(performance.now() - started);
        status = response.status;
      }
      times.sort((a, b) => a - b);
      console.log(
        pathname.padEnd(42),
        String(status).padStart(6),
        times[Math.floor(times.length / 2)]!.toFixed(1).padStart(10),
        times.at(-1)!.toFixed(1).padStart(8),
        (bytes / 1024).toFixed(1).padStart(8),
      );
    }
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}
