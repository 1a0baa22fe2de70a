/**
 * What readers feel while the owner works (docs/decisions/0098). On a production server with
 * 20,000 generated products (SQLite, or a throwaway PostgreSQL database), each piece of owner work
 * is started through the admin as the owner would start it, and while it runs wrk loads a cached
 * page and product-page misses at 20 connections each. For every piece it reports the readers'
 * p50 and p99, the web process's event-loop delay over the same window (GET /metrics), and the
 * work's own time, against the same loads with nothing running just before it (on the catalog as
 * the earlier pieces left it). Each piece also runs once with no load, for its own time alone.
 *
 *   npm run bench:owner-work [-- --seconds 8] [--only feed,import]
 *   npm run bench:owner-work -- --postgres postgres://postgres@127.0.0.1:5432/postgres
 *
 * Goals: readers' p99 during each piece ≤ 2× their p99 with nothing running; event-loop delay
 * p99 ≤ 50 ms. Run it with nothing else on the machine (`uptime` below 1) and give the load.
 */
import { once } from "node:events";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import type { AppConfig } from "../app/server/config.server";
import { loadConfig } from "../app/server/config.server";
import { openDatabase, type DB } from "../app/server/db/connection.server";
import { setLogLevel } from "../app/server/log.server";
import { guessColumnMap } from "../app/lib/revenue/commission-report";
import { saveNetwork } from "../app/server/revenue/commission-reports.server";
import { SAMPLE_XML_HEAD, SAMPLE_XML_TAIL, sampleGtin, sampleItem, sampleXmlItem } from "./feeds/sample-feed";
import { signInAsAdmin } from "./perf/admin-session";
import { generatedProductCsv } from "./perf/generated-catalog";
import { cpuShares, cpuSnapshot, formatShares } from "./perf/cpu-shares";
import { runLoad, type LoadResult } from "./perf/load";
import { commissionReportText } from "../tests/support/commission-report-file";
import { createDatabase } from "../tests/scale-out/cluster";
import { ensureProductionBuild, freePort, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    products: { type: "string", default: "20000" },
    postgres: { type: "string" },
    only: { type: "string" },
    /** Keep the generated files and print where (to run a piece again by hand). */
    keep: { type: "boolean", default: false },
  },
});
const seconds = Number(values.seconds);
const productCount = Number(values.products);
const CONNECTIONS = 20;
/** Link checks here: 50 stand-in shops on 127.0.0.1–127.0.0.50, one port. */
const SHOP_HOSTS = 50;
setLogLevel("warn");

interface Window {
  cached: LoadResult;
  miss: LoadResult;
  loop: { p50Ms: number; p99Ms: number; maxMs: number };
  /** Cores used over the window, by process group. */
  cpu: Record<string, number>;
}

interface Piece {
  name: string;
  /** The run's kind in `jobs`. */
  kind: string;
  /** Starts the piece through the admin, as the owner would; `loaded`: the run measured under the readers' load. */
  start(loaded: boolean): Promise<void>;
  /** A piece that runs for minutes (a polite link check) is cancelled once its window is measured. */
  cancelAfterWindow?: boolean;
}

// ---- The site and its data.

ensureProductionBuild();
const data = makeDataDir();
const files = mkdtempSync(path.join(os.tmpdir(), "owner-work-files-"));
const postgres = values.postgres ? await createDatabase(values.postgres) : undefined;
const database: AppConfig["database"] = postgres ? { dialect: "postgres", url: postgres.url } : loadConfig({ DATA_DIR: data.dir }).database;

const shopPort = await freePort();
const shops: Server[] = [];
for (let host = 1; host <= SHOP_HOSTS; host++) {
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html" });
    response.end(request.method === "HEAD" ? undefined : "<html>a shop</html>");
  });
  await new Promise<void>((resolve) => server.listen(shopPort, `127.0.0.${host}`, resolve));
  shops.push(server);
}
const shopLink = (i: number) => `http://127.0.0.${(i % SHOP_HOSTS) + 1}:${shopPort}/p/${i}`;

const siteEnv: Record<string, string> = {
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  OUTBOUND_ALLOW_PRIVATE: "127.0.0.0/8",
  OUTBOUND_ALLOW_PORTS: String(shopPort),
  LINK_CHECK_TIMEOUT: "5s",
};

let site: SiteProcess | undefined;
let db: DB | undefined;
onInterrupt(async () => {
  await site?.stop();
  await db?.destroy();
  await postgres?.drop();
  for (const server of shops) server.close();
  data.remove();
  if (!values.keep) rmSync(files, { recursive: true, force: true });
});

/** The catalog's products carry GTINs the feed's items match, and links to the stand-in shops. */
function catalogCsv(count: number, slugPrefix: string): string {
  const [header, ...rows] = generatedProductCsv(count).split("\r\n");
  return [
    `${header},gtin`,
    ...rows.map(
      (row, index) =>
        `${row.replace(`https://example.com/m/${index + 1}`, shopLink(index + 1)).replace(/,model-(\d+),/, `,${slugPrefix}$1,`)},${slugPrefix === "model-" ? sampleGtin(index + 1) : ""}`,
    ),
  ].join("\r\n");
}

async function writeFeed(file: string, items: number) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, "drain");
  };
  await write(SAMPLE_XML_HEAD);
  for (let i = 1; i <= items; i++) await write(sampleXmlItem({ ...sampleItem(i), link: shopLink(i) }));
  await write(SAMPLE_XML_TAIL);
  out.end();
  await once(out, "finish");
}

/** 200,000 nested elements in one item: the shape that took a quadratic XML reader minutes. */
function writeNestedFeed(file: string, depth: number) {
  writeFileSync(file, `${SAMPLE_XML_HEAD}<item>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</item>${SAMPLE_XML_TAIL}`);
}

/** A commission report as Awin exports it: one line per transaction (about 19 MB for 378,000 lines). */
/** An Awin transactions export of `lines` lines, about 50 bytes each (378,000: 19 MB, under the 20 MB cap). */
function writeReport(file: string, lines: number) {
  writeFileSync(file, commissionReportText(lines));
}

// ---- Measuring.

async function metrics(origin: string, reset: boolean) {
  const text = await (await fetch(`${origin}/metrics${reset ? "?reset=1" : ""}`)).text();
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
  return {
    p50Ms: value(/event_loop_delay_ms\{quantile="0.5"\} ([\d.]+)/),
    p99Ms: value(/event_loop_delay_ms\{quantile="0.99"\} ([\d.]+)/),
    maxMs: value(/event_loop_delay_ms\{quantile="1"\} ([\d.]+)/),
  };
}

/**
 * Each window's misses ask for products no earlier window asked for: the run holds 12 windows (a
 * quiet one before each piece, and the piece's), so each gets a twelfth of the catalog's numbers,
 * more than 20 connections ask for in a window. Numbers past the catalog would be not-found pages.
 */
const MISS_RANGE = Math.floor(productCount / 12);
let missOffset = 0;
/** The two reader loads side by side for `seconds`, and the event-loop delay over the same time. */
async function readersWindow(origin: string): Promise<Window> {
  await metrics(origin, true);
  const cpuBefore = cpuSnapshot();
  const first = missOffset;
  missOffset = (missOffset + MISS_RANGE) % (MISS_RANGE * 12);
  const [cached, miss] = await Promise.all([
    runLoad({ url: `${origin}/`, connections: CONNECTIONS, seconds }),
    runLoad({ url: `${origin}/reviews/product/model-`, connections: CONNECTIONS, seconds, numberedPaths: true, firstNumberAfter: first }),
  ]);
  const cpu = cpuShares(cpuBefore, cpuSnapshot(), site!.pid);
  return { cached, miss, loop: await metrics(origin, false), cpu };
}

async function newestRun(kind: string, after: number) {
  return db!
    .selectFrom("jobs")
    .select(["id", "state", "started_at", "finished_at", "created_at", "error", "progress_done", "progress_total"])
    .where("kind", "=", kind)
    .where("id", ">", after)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function lastRunId(): Promise<number> {
  const row = await db!
    .selectFrom("jobs")
    .select((eb) => eb.fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Waits for the piece's run to end: its time from the owner's click, and how it ended. Work that
 * left no run (done inside the request, as before the worker) counts to the request's answer.
 */
async function awaitRun(kind: string, after: number, clickedAt: number, answeredAt: number, cookie: string, cancel: boolean) {
  for (;;) {
    const run = await newestRun(kind, after);
    if (!run && Date.now() - answeredAt > 5_000)
      return { seconds: (answeredAt - clickedAt) / 1000, state: "in the request", error: null, progress: "" };
    if (run && ["done", "failed", "cancelled"].includes(run.state)) {
      return {
        seconds: (Number(run.finished_at) - clickedAt) / 1000,
        state: run.state,
        error: run.error,
        progress: `${run.progress_done}/${run.progress_total ?? "?"}`,
      };
    }
    if (run && cancel) {
      await post(`/admin/runs/${run.id}`, cookie, new URLSearchParams({ intent: "cancel" }));
      cancel = false;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** After a run: the catalog change seen by the web process, and the cached page filled again. */
async function settle(at: string) {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  for (let i = 0; i < 2; i++) await (await fetch(`${at}/`)).arrayBuffer();
}

let origin = "";
async function post(pathname: string, cookie: string, body: URLSearchParams | FormData | string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin, ...headers },
    body,
  });
  if (response.status >= 400) throw new Error(`POST ${pathname}: ${response.status} ${(await response.text()).slice(0, 400)}`);
  return response;
}

const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;

try {
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  console.log(
    `Database: ${postgres ? "PostgreSQL (throwaway)" : "SQLite"}; ${productCount.toLocaleString("en-US")} products; wrk ${CONNECTIONS} connections × 2 loads, ${seconds} s windows`,
  );
  // The site makes and migrates its database, then the catalog is imported the admin's way.
  site = await startSite(data.dir, { env: siteEnv });
  await site.stop();
  const catalog = path.join(files, "catalog.csv");
  writeFileSync(catalog, catalogCsv(productCount, "model-"));
  const { spawnSync } = await import("node:child_process");
  const imported = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/perf/import-file.ts", database.dialect === "postgres" ? database.url : database.file, catalog],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  if (imported.status !== 0) throw new Error("The catalog import failed");

  const feedFile = path.join(files, "feed.xml");
  await writeFeed(feedFile, productCount);
  const nestedFile = path.join(files, "nested.xml");
  writeNestedFeed(nestedFile, 200_000);
  // Two of each file that writes, so that the run alone and the run under load each write all of it.
  const importFiles = ["a", "b"].map((name) => path.join(files, `import-${name}.csv`));
  importFiles.forEach((file, n) => writeFileSync(file, catalogCsv(productCount, `bench-new-${n}-`)));
  const reportFile = path.join(files, "report.csv");
  writeReport(reportFile, 378_000);

  site = await startSite(data.dir, { env: siteEnv });
  origin = site.origin;
  db = openDatabase(database);
  const cookie = await signInAsAdmin(origin, data.dir, siteEnv);
  // Warm: the cached page, and the catalog caches.
  for (let i = 0; i < 3; i++) await fetch(`${origin}/`);

  async function addMerchant(name: string, slug: string) {
    await post("/admin/merchants", cookie, new URLSearchParams({ intent: "save-merchant", name, slug, countries: "US" }));
    return (await db!.selectFrom("merchants").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id;
  }
  async function addFeed(name: string, file: string, merchantId: number): Promise<number> {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "save-feed",
      name,
      merchant_id: String(merchantId),
      source_kind: "upload",
      format: "google-xml",
      schedule: "off",
    }))
      form.set(key, value);
    form.set("file", new Blob([readFileSync(file)]), path.basename(file));
    await post("/admin/feeds", cookie, form);
    return Number((await db!.selectFrom("feeds").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id);
  }
  // A feed per shop for the saved runs (alone, then under load): each writes its 20,000 offers.
  const feedIds = [
    await addFeed("Bench feed", feedFile, await addMerchant("Bench Shop", "bench-shop")),
    await addFeed("Bench feed 2", feedFile, await addMerchant("Bench Shop 2", "bench-shop-2")),
  ];
  const nestedId = await addFeed("Bench nested", nestedFile, await addMerchant("Bench Nested", "bench-nested"));
  // The network's columns, as the owner maps them once: every upload after that is read whole.
  const reportHeaders = readFileSync(reportFile, "utf8").slice(0, 200).split("\n")[0]!.split(",");
  await saveNetwork(db, "Awin", guessColumnMap(reportHeaders), null);

  const pieces: Piece[] = [
    {
      name: `feed run, ${productCount.toLocaleString("en-US")} items, saved`,
      kind: "feed-run",
      start: async (loaded: boolean) =>
        void (await post(
          "/admin/feeds",
          cookie,
          new URLSearchParams({ intent: "run-feed", id: String(feedIds[Number(loaded)]), mode: "save" }),
        )),
    },
    {
      name: "XML feed nested 200,000 deep, preview",
      kind: "feed-run",
      start: async () =>
        void (await post("/admin/feeds", cookie, new URLSearchParams({ intent: "run-feed", id: String(nestedId), mode: "preview" }))),
    },
    {
      name: `product CSV import, ${productCount.toLocaleString("en-US")} new products`,
      kind: "products-import",
      start: async (loaded: boolean) =>
        void (await post("/admin/products/import", cookie, readFileSync(importFiles[Number(loaded)]!, "utf8"), {
          "Content-Type": "text/csv; charset=utf-8",
          Accept: "application/json",
          // The sample catalog has collections listed by a rule: the new products join them.
          "X-Import-Collections": "add",
        })),
    },
    {
      name: "commission report, 378,000 lines (19 MB), read",
      kind: "commission-report",
      start: async () => {
        const form = new FormData();
        form.set("intent", "read-report");
        form.set("network", "Awin");
        form.set("file", new Blob([readFileSync(reportFile)]), "report.csv");
        await post("/admin/revenue", cookie, form);
      },
    },
    {
      name: "link check of every link (offers included)",
      kind: "link-check",
      cancelAfterWindow: true,
      start: async () => void (await post("/admin/links", cookie, new URLSearchParams({ intent: "check-now" }))),
    },
  ].filter((piece) => !values.only || values.only.split(",").some((word) => piece.name.includes(word) || piece.kind.includes(word)));

  const idle = await readersWindow(origin);
  const rows: string[][] = [
    ["", "cached p50", "cached p99", "quiet p99", "× quiet", "miss p50", "miss p99", "loop p99", "loop max", "work", "ended"],
  ];
  // "quiet p99": the cached page's p99 in a window with nothing running just before the piece, on
  // the catalog as the pieces before left it (the import adds 20,000 products); "× quiet" is the
  // piece's cached p99 against it, the goal's ratio.
  const cpuRows: string[] = [];
  const row = (name: string, window: Window, quiet?: Window, work = "", ended = "") => {
    if (quiet) cpuRows.push(`${name}, quiet before: ${formatShares(quiet.cpu)}`);
    cpuRows.push(`${name}: ${formatShares(window.cpu)}`);
    rows.push([
      name,
      ms(window.cached.p50Ms),
      ms(window.cached.p99Ms),
      quiet ? ms(quiet.cached.p99Ms) : "",
      quiet ? `${(window.cached.p99Ms / quiet.cached.p99Ms).toFixed(1)}×` : "",
      ms(window.miss.p50Ms),
      ms(window.miss.p99Ms),
      ms(window.loop.p99Ms),
      ms(window.loop.maxMs),
      work,
      ended,
    ]);
  };
  row("nothing running", idle);
  const alone: string[][] = [["piece, with no reader load", "time", "ended"]];
  for (const piece of pieces) {
    // Alone first (its own time), then under the readers' loads.
    for (const loaded of piece.cancelAfterWindow ? [true] : [false, true]) {
      const quiet = loaded ? await readersWindow(origin) : undefined;
      const after = await lastRunId();
      const clickedAt = Date.now();
      const started = piece.start(loaded).then(() => Date.now());
      const window = loaded ? await readersWindow(origin) : undefined;
      const run = await awaitRun(piece.kind, after, clickedAt, await started, cookie, Boolean(piece.cancelAfterWindow));
      // The web process takes in a change of the worker's within a second on SQLite (it looks every
      // second): let it, so that this run's change is not measured in the next piece's window.
      await settle(origin);
      const ended = `${run.state}${run.error ? `: ${run.error.slice(0, 60)}` : ""} (${run.progress})`;
      if (window) row(piece.name, window, quiet, `${run.seconds.toFixed(1)} s`, ended);
      else alone.push([piece.name, `${run.seconds.toFixed(1)} s`, ended]);
    }
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)));
  console.log("");
  for (const cells of rows) console.log(cells.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
  console.log("");
  for (const cells of alone) console.log(cells.join("  "));
  console.log("\nCores used in each window, by process, wrk aside (2.00 = two cores busy all the time):");
  for (const line of cpuRows) console.log(`  ${line}`);
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  await sql`select 1`.execute(db);
} finally {
  await site?.stop();
  await db?.destroy();
  await postgres?.drop();
  for (const server of shops) server.close();
  data.remove();
  if (values.keep) console.log(`Files kept in ${files}`);
  else rmSync(files, { recursive: true, force: true });
}
