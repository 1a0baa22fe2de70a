/**
 * `npm run bench`: how fast the production server answers each kind of public page, next to
 * nginx serving the very same bytes (the ceiling), on the sample catalog and again with 20,000
 * generated products. One run, one machine, loopback only, a throwaway DATA_DIR. Timing lives
 * here, never in tests. See docs/performance.md.
 *
 *   npm run bench                                  # 10 s per measurement, 50 connections
 *   npm run bench -- --seconds 5 --connections 50 --products 20000 --json bench.json
 *   npm run bench -- --products 0                  # the sample catalog only
 *   npm run bench -- --products 200000 --only table # the sauna table's rows only
 *   npm run bench -- --postgres postgres://postgres@127.0.0.1:5432/postgres
 *                                                  # on a throwaway PostgreSQL database made there
 */
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import os from "node:os";
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadConfig, type AppConfig } from "../app/server/config.server";
import { setLogLevel } from "../app/server/log.server";
import { fetchRaw, type RawResponse } from "./perf/fetch-raw";
import { signInAsAdmin } from "./perf/admin-session";
import { createDatabase } from "../tests/scale-out/cluster";
import { importGeneratedProducts } from "./perf/generated-catalog";
import { loadTool, runLoad, type LoadResult } from "./perf/load";
import { nginxInstalled, startNginx, type StaticPage } from "./perf/nginx-ceiling";
import { ensureProductionBuild, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    products: { type: "string", default: "20000" },
    "nginx-workers": { type: "string", default: "1" },
    /** A page whose single uncached request takes longer than this is not loaded with wrk. */
    "max-request-ms": { type: "string", default: "1000" },
    json: { type: "string" },
    /** A PostgreSQL URL with the right to create databases: the site runs on a throwaway one. */
    postgres: { type: "string" },
    /** "table": the sauna table's rows only (one request, and misses against renders). */
    only: { type: "string" },
  },
});
const tableOnly = values.only === "table";
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const productCount = Number(values.products);
const maxRequestMs = Number(values["max-request-ms"]);

/** One page of each kind a visitor reads, loaded with wrk and compared with nginx. */
const LOADED_PAGES = [
  { name: "home", path: "/" },
  { name: "collection", path: "/reviews/barrel-saunas" },
  { name: "product", path: "/reviews/product/lumo-works-tyyni-4-cube-sauna" },
  { name: "article", path: "/learn/sauna-maintenance" },
  { name: "search", path: "/reviews?q=barrel" },
];
/**
 * Fetched once for their size and time only: every other kind of public page, and the deepest
 * pages of the longest lists (found from each list's own page links).
 */
const SIZED_PAGES = [
  { name: "all reviews", path: "/reviews" },
  { name: "reviews p. 2", path: "/reviews?page=2" },
  { name: "reviews last p.", path: "/reviews", lastPage: true },
  { name: "coll. last p.", path: "/reviews/six-person-saunas", lastPage: true },
  { name: "compare", path: "/compare?products=lumo-works-tyyni-4-cube-sauna,birchline-panorama-4-barrel-sauna" },
  // The sauna table with three filters and a sort: seats, type and a price ceiling, cheapest first.
  { name: "sauna table", path: "/reviews/table?max=50000&seats=4&sort=price&type=barrel" },
  { name: "knowledge", path: "/learn" },
  { name: "learn category", path: "/learn/category/buying-guides" },
  { name: "learn tag", path: "/learn/tag/safety" },
  { name: "author", path: "/learn/author/maija-lehtonen" },
  { name: "not found", path: "/no/such/page" },
];
/** The page loaded again, rendered for every request: never a page-cache hit. */
const UNCACHED_PAGE = LOADED_PAGES[0]!;
const GZIP = { "accept-encoding": "gzip" };
/**
 * A better-auth cookie with no session behind it: the page cache neither answers nor keeps such a
 * request (it could be a signed-in reader's), so the page is rendered for it and streamed out
 * compressed at the fast setting. A query string would not do: the cache key drops every
 * parameter the page does not read.
 */
const RENDERED = { ...GZIP, cookie: "better-auth.session_token=bench" };
/** With generated products: their pages, each asked for once, are page-cache misses one after another. */
const MISSED_PAGES = "/reviews/product/model-";
/** A search for a different word on every request: a parameter the page reads, so each is a miss. */
const MISSED_SEARCHES = "/reviews?q=bench";
/**
 * The sauna table with three filters and a sort, a different lowest price ($1, $2, $3…) on every
 * request: each a page of its own to the cache (a miss), each a full page of rows.
 */
const MISSED_TABLES = "/reviews/table?seats=4&sort=price&type=barrel&min=";

interface PageRow {
  name: string;
  path: string;
  status: number;
  htmlKb: number;
  gzipKb: number | undefined;
  brKb: number | undefined;
  /** Median of three requests rendered for themselves (never the page cache), on a warm process. */
  uncachedMs: number;
  /** The sauna table's first request on this process, which may read SQL while its kept columns are built. */
  coldMs?: number;
  site?: LoadResult;
  nginx?: LoadResult;
  skipped?: string;
}

interface Phase {
  catalog: string;
  rows: PageRow[];
  uncached?: LoadResult & { path: string };
  /** A different generated product's page on every request (a miss), next to one product page rendered for every request. */
  misses?: { missed: LoadResult & { path: string }; rendered: LoadResult & { path: string } };
  /** The same for a search: a new word on every request, next to one search rendered for every request. */
  searchMisses?: { missed: LoadResult & { path: string }; rendered: LoadResult & { path: string } };
  /** The same for the sauna table: a new lowest price on every request. */
  tableMisses?: { missed: LoadResult & { path: string }; rendered: LoadResult & { path: string } };
  rssMbAtEnd: number | undefined;
  /** The admin's product screen and export, signed in: time to the first byte and to the last. */
  admin: AdminRow[];
  /** Spawn to /readyz, median of five starts on this phase's database (NaN until measured). */
  startupMs: number;
}

interface AdminRow {
  name: string;
  path: string;
  status: number;
  /** Median of three. */
  firstByteMs: number;
  lastByteMs: number;
  kb: number;
  /** The server's RSS sampled while the response streamed (the export), highest and lowest. */
  rssMb?: { min: number; max: number };
}

/** The admin product screen's own queries at every size: a page, a deep page, searches, the export. */
const ADMIN_PAGES = [
  { name: "products", path: "/admin/products" },
  { name: "products p. 2", path: "/admin/products?page=2" },
  { name: "last page", path: "/admin/products", lastPage: true },
  { name: "search common", path: "/admin/products?q=barrel" },
  { name: "search rare", path: "/admin/products?q=model-1234" },
  { name: "export.csv", path: "/admin/products/export.csv" },
];

setLogLevel("warn");
const tool = loadTool();
const haveNginx = nginxInstalled();
console.log(
  `node ${process.version}, ${os.cpus().length} CPUs (load average ${os.loadavg()[0]!.toFixed(1)}), ${tool}, ` +
    `${connections} connections, ${seconds} s per measurement`,
);
if (tool !== "wrk")
  console.log("wrk is not installed (/usr/bin/wrk; apt-get install wrk): measuring with autocannon, which costs the server more CPU.");
if (!haveNginx) console.log("nginx is not installed (/usr/sbin/nginx; apt-get install nginx-light): no static-file ceiling, no ratios.");

ensureProductionBuild();
const data = makeDataDir();
const postgres = values.postgres ? await createDatabase(values.postgres) : undefined;
/** What the site and the importer run on: the data folder's SQLite file, or the throwaway PostgreSQL database. */
const database: AppConfig["database"] = postgres ? { dialect: "postgres", url: postgres.url } : loadConfig({ DATA_DIR: data.dir }).database;
const siteEnv: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
console.log(`Database: ${postgres ? "PostgreSQL (a throwaway database)" : "SQLite"}`);
let site: SiteProcess | undefined;
onInterrupt(async () => {
  await site?.stop();
  await postgres?.drop();
  data.remove();
});

const phases: Phase[] = [];
try {
  site = await startSite(data.dir, { env: siteEnv });
  phases.push(await measurePhase(site, "sample catalog", 0));
  await site.stop();
  site = undefined;
  if (!tableOnly) phases.at(-1)!.startupMs = await medianStartup(data.dir, 5);
  printPhase(phases.at(-1)!);

  if (productCount > 0) {
    const imported = importGeneratedProducts(database, productCount);
    console.log(
      `\nImported ${productCount.toLocaleString("en-US")} generated products in ${imported.seconds.toFixed(1)} s ` +
        `(the importing process peaked at ${imported.peakRssMb.toFixed(0)} MB RSS, ${imported.loadedRssMb.toFixed(0)} MB of it before reading the file)`,
    );
    site = await startSite(data.dir, { env: siteEnv });
    phases.push(await measurePhase(site, `sample catalog + ${productCount.toLocaleString("en-US")} products`, productCount));
    await site.stop();
    site = undefined;
    if (!tableOnly) phases.at(-1)!.startupMs = await medianStartup(data.dir, 5);
    printPhase(phases.at(-1)!);
  }
} finally {
  await site?.stop();
  await postgres?.drop();
  data.remove();
}

if (values.json) {
  const report = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    tool,
    nginx: haveNginx,
    connections,
    seconds,
    phases,
  };
  writeFileSync(values.json, JSON.stringify(report, null, 2) + "\n");
  console.log(`\nWrote ${values.json}`);
}

async function measurePhase(site: SiteProcess, catalog: string, generatedProducts: number): Promise<Phase> {
  const rows: PageRow[] = [];
  const ceilingPages: StaticPage[] = [];
  const listedPages = tableOnly ? SIZED_PAGES.filter((page) => page.name === "sauna table") : [...LOADED_PAGES, ...SIZED_PAGES];
  for (const listed of listedPages) {
    const page = "lastPage" in listed ? { ...listed, path: await lastPageOf(site.origin, listed.path) } : listed;
    let gzip = await fetchRaw(site.origin + page.path, GZIP);
    // The first request of a page may pay for a cold process or cache; judge a second one.
    if (gzip.ms > maxRequestMs) gzip = await fetchRaw(site.origin + page.path, GZIP);
    const encoding = String(gzip.headers["content-encoding"] ?? "identity");
    const html = encoding === "gzip" ? gunzipSync(gzip.body) : gzip.body;
    // A page that already took seconds is not fetched four more times: its first time stands.
    const slow = gzip.ms > maxRequestMs;
    const br = slow ? undefined : await fetchRaw(site.origin + page.path, { "accept-encoding": "br" });
    const brKb = br?.headers["content-encoding"] === "br" ? br.body.length / 1024 : undefined;
    if (brKb !== undefined) brotliDecompressSync(br!.body); // a broken brotli body fails the run
    // The table keeps its catalog's filter columns in memory, built in the background from the
    // site's start (docs/decisions/0118): its first request, which may come before they are, is
    // reported apart, the rest a few seconds later.
    const coldMs = listed.name === "sauna table" ? gzip.ms : undefined;
    if (coldMs !== undefined) await new Promise((resolve) => setTimeout(resolve, 3_000));
    const uncachedMs = slow ? gzip.ms : median(await timesUncached(site.origin + page.path, 3));
    rows.push({
      name: page.name,
      path: page.path,
      status: gzip.status,
      htmlKb: html.length / 1024,
      gzipKb: encoding === "gzip" ? gzip.body.length / 1024 : undefined,
      brKb,
      uncachedMs,
      coldMs,
    });
    if (LOADED_PAGES.includes(listed)) ceilingPages.push({ name: page.name, body: gzip.body, encoding });
  }

  for (const row of rows.filter((candidate) => LOADED_PAGES.some((page) => page.path === candidate.path))) {
    if (row.uncachedMs > maxRequestMs) {
      row.skipped = `one request takes ${Math.round(row.uncachedMs)} ms (over --max-request-ms ${maxRequestMs})`;
      continue;
    }
    progress(`loading ${row.path}`);
    row.site = await runLoad({ url: site.origin + row.path, connections, seconds, headers: GZIP });
  }
  if (tableOnly)
    return { catalog, rows, tableMisses: await measureTableMisses(site), rssMbAtEnd: site.rssMb(), admin: [], startupMs: Number.NaN };
  const uncachedRow = rows.find((row) => row.path === UNCACHED_PAGE.path)!;
  const uncached = uncachedRow.skipped
    ? undefined
    : {
        path: `${UNCACHED_PAGE.path} (rendered per request)`,
        ...(await runLoad({ url: site.origin + UNCACHED_PAGE.path, connections, seconds, headers: RENDERED })),
      };
  let misses: Phase["misses"];
  if (generatedProducts > 0) {
    progress(`loading ${MISSED_PAGES}N`);
    const missed = await runLoad({ url: site.origin + MISSED_PAGES, connections, seconds, headers: GZIP, numberedPaths: true });
    progress(`loading ${MISSED_PAGES}1 rendered`);
    const rendered = await runLoad({ url: `${site.origin}${MISSED_PAGES}1`, connections, seconds, headers: RENDERED });
    misses = {
      missed: { path: `${MISSED_PAGES}<1…${generatedProducts}>, each once (a miss)`, ...missed },
      rendered: { path: `${MISSED_PAGES}1 (rendered per request)`, ...rendered },
    };
  }
  progress(`loading ${MISSED_SEARCHES}N`);
  const searchMissed = await runLoad({ url: site.origin + MISSED_SEARCHES, connections, seconds, headers: GZIP, numberedPaths: true });
  progress(`loading ${MISSED_SEARCHES}1 rendered`);
  const searchRendered = await runLoad({ url: `${site.origin}${MISSED_SEARCHES}1`, connections, seconds, headers: RENDERED });
  const searchMisses = {
    missed: { path: `${MISSED_SEARCHES}<1, 2, 3…>, each once (a miss)`, ...searchMissed },
    rendered: { path: `${MISSED_SEARCHES}1 (rendered per request)`, ...searchRendered },
  };
  const tableMisses = await measureTableMisses(site);
  const rssMbAtEnd = site.rssMb();
  const admin = await measureAdmin(site);

  if (haveNginx) {
    const nginx = await startNginx(ceilingPages, values["nginx-workers"]!);
    try {
      for (const row of rows.filter((candidate) => ceilingPages.some((page) => page.name === candidate.name))) {
        progress(`loading nginx ${row.name}`);
        row.nginx = await runLoad({ url: nginx.urlOf(row.name), connections, seconds, headers: GZIP });
      }
    } finally {
      await nginx.stop();
    }
  }
  return { catalog, rows, uncached, misses, searchMisses, tableMisses, rssMbAtEnd, admin, startupMs: Number.NaN };
}

async function measureTableMisses(site: SiteProcess): Promise<NonNullable<Phase["tableMisses"]>> {
  progress(`loading ${MISSED_TABLES}N`);
  const tableMissed = await runLoad({ url: site.origin + MISSED_TABLES, connections, seconds, headers: GZIP, numberedPaths: true });
  progress(`loading ${MISSED_TABLES}1 rendered`);
  const tableRendered = await runLoad({ url: `${site.origin}${MISSED_TABLES}1`, connections, seconds, headers: RENDERED });
  return {
    missed: { path: `${MISSED_TABLES}<1, 2, 3…>, each once (a miss)`, ...tableMissed },
    rendered: { path: `${MISSED_TABLES}1 (rendered per request)`, ...tableRendered },
  };
}

/** Signed in as an admin (made by create-admin, as an operator would), each admin page three times. */
async function measureAdmin(site: SiteProcess): Promise<AdminRow[]> {
  progress("admin pages");
  const cookie = await signInAsAdmin(site.origin, data.dir, siteEnv);
  const headers = { cookie, "accept-encoding": "gzip" };
  const rows: AdminRow[] = [];
  for (const listed of ADMIN_PAGES) {
    const path = "lastPage" in listed ? await lastPageOf(site.origin, listed.path, headers) : listed.path;
    const runs: RawResponse[] = [];
    const rss: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sampler = setInterval(() => {
        const mb = site.rssMb();
        if (mb !== undefined) rss.push(mb);
      }, 50);
      try {
        runs.push(await fetchRaw(site.origin + path, headers));
      } finally {
        clearInterval(sampler);
      }
    }
    const byFirst = [...runs].sort((a, b) => a.firstByteMs - b.firstByteMs);
    const middle = byFirst[1]!;
    rows.push({
      name: listed.name,
      path,
      status: middle.status,
      firstByteMs: middle.firstByteMs,
      lastByteMs: median(runs.map((run) => run.ms)),
      kb: middle.body.length / 1024,
      rssMb: listed.name === "export.csv" && rss.length > 0 ? { min: Math.min(...rss), max: Math.max(...rss) } : undefined,
    });
  }
  return rows;
}

/** Starts and stops the server on a phase's database `count` times, once the measured one has stopped. */
async function medianStartup(dataDir: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    progress(`start-up ${i + 1} of ${count}`);
    const started = await startSite(dataDir, { env: siteEnv });
    times.push(started.startupMs);
    await started.stop();
  }
  return median(times);
}

/** `path` at its last page, as the list's own page links give it (page 1 when it has no others). */
async function lastPageOf(origin: string, path: string, headers: Record<string, string> = {}): Promise<string> {
  const html = (await fetchRaw(origin + path, { ...headers, "accept-encoding": "identity" })).body.toString("utf8");
  const pages = [...html.matchAll(/[?&](?:amp;)?page=(\d+)/g)].map((match) => Number(match[1]));
  const last = Math.max(1, ...pages);
  return last > 1 ? `${path}?page=${last}` : path;
}

/** A transient status line on a terminal; nothing in a log file. */
function progress(text: string) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K  ${text} ...`);
}

async function timesUncached(url: string, count: number): Promise<number[]> {
  await fetchRaw(url, RENDERED);
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push((await fetchRaw(url, RENDERED)).ms);
  return times;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function printPhase(phase: Phase) {
  if (process.stdout.isTTY) process.stdout.write("\r\x1b[K");
  const columns: Array<[string, number]> = [
    ["page", 15],
    ["status", 6],
    ["HTML KB", 8],
    ["gzip KB", 8],
    ["br KB", 6],
    ["1 req ms", 9],
    ["req/s", 8],
    ["p50 ms", 8],
    ["p99 ms", 8],
    ["nginx r/s", 10],
    ["ratio", 7],
  ];
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(columns[i]![1]) : cell.padStart(columns[i]![1]))).join(" ");
  const num = (value: number | undefined, digits = 0) => (value === undefined ? "-" : value.toFixed(digits));
  console.log(`\n${phase.catalog}: ${connections} connections, ${seconds} s each, Accept-Encoding: gzip`);
  console.log(line(columns.map(([title]) => title)));
  for (const row of phase.rows) {
    const ratio = row.site && row.nginx ? row.site.requestsPerSecond / row.nginx.requestsPerSecond : undefined;
    console.log(
      line([
        row.name,
        String(row.status),
        num(row.htmlKb, 1),
        num(row.gzipKb, 1),
        num(row.brKb, 1),
        num(row.uncachedMs, 1),
        num(row.site?.requestsPerSecond),
        num(row.site?.p50Ms, 1),
        num(row.site?.p99Ms, 1),
        num(row.nginx?.requestsPerSecond),
        num(ratio, 3),
      ]) + (row.site && row.site.failures > 0 ? `  ${row.site.failures} failed requests` : ""),
    );
    if (row.skipped) console.log(`${"".padEnd(16)}not loaded: ${row.skipped}`);
    if (row.coldMs !== undefined) console.log(`${"".padEnd(16)}its first request on this process: ${row.coldMs.toFixed(1)} ms`);
  }
  const loadLine = (label: string, u: LoadResult & { path: string }) => {
    if (u.requests === 0) console.log(`${label} ${u.path}: no request completed in ${seconds} s (${u.failures} failed or timed out)`);
    else
      console.log(
        `${label} ${u.path}: ${u.requestsPerSecond.toFixed(0)} req/s, p50 ${u.p50Ms.toFixed(1)} ms, p99 ${u.p99Ms.toFixed(1)} ms` +
          (u.failures > 0 ? `, ${u.failures} failed requests` : ""),
      );
  };
  if (phase.uncached) loadLine("uncached", phase.uncached);
  for (const pair of [phase.misses, phase.searchMisses, phase.tableMisses]) {
    if (!pair) continue;
    loadLine("miss", pair.missed);
    loadLine("uncached", pair.rendered);
    const ratio = pair.missed.requestsPerSecond / pair.rendered.requestsPerSecond;
    console.log(`${"".padEnd(9)}misses at ${ratio.toFixed(2)}× the throughput of rendering every request`);
  }
  console.log("admin, signed in (median of 3): first byte ms / last byte ms / KB sent (gzip)");
  for (const row of phase.admin)
    console.log(
      `  ${row.name.padEnd(14)} ${String(row.status).padStart(3)} ${num(row.firstByteMs, 1).padStart(8)} ${num(row.lastByteMs, 1).padStart(8)} ` +
        `${num(row.kb, 0).padStart(8)}` +
        (row.rssMb ? `  server RSS while streaming ${num(row.rssMb.min)}–${num(row.rssMb.max)} MB` : "") +
        `  ${row.path}`,
    );
  console.log(`server RSS at the end: ${num(phase.rssMbAtEnd)} MB; start-up to /readyz: ${num(phase.startupMs)} ms (median of 5)`);
  console.log(
    "1 req ms: one request rendered for itself (never the page cache) on a warm process (median of 3). ratio: site req/s / nginx req/s on the same bytes.",
  );
}
