/**
 * `npm run lighthouse`: Lighthouse 12 in its default mobile mode (simulated slow 4G and a 4x
 * slower CPU) on every public page kind of the production build, served on a throwaway
 * DATA_DIR, in Debian's Chromium. Works offline. Each page runs three times and the run with the
 * median performance score is reported (the machine is shared and noisy). See docs/performance.md
 * and docs/operations.md, "Search engines".
 *
 *   npm run lighthouse
 *   npm run lighthouse -- --only home,product,article
 *   npm run lighthouse -- --runs 1 --path /learn --json lighthouse.json
 *   npm run lighthouse -- --only home --reports /tmp/lh   # each run's whole report, for its long tasks
 *
 * The "removed product" page needs a product removed from the catalog: the script starts the
 * site once to seed the sample catalog, removes that product as the admin's removal does, and
 * starts the site again before auditing.
 */
import { launch } from "chrome-launcher";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { planRemoval, removeFromCatalog } from "../app/server/admin/catalog-removal.server";
import { openDatabase } from "../app/server/db/connection.server";
import { productImagesStorage } from "../app/server/storage/storage.server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { pictureUrlsIn } from "./perf/page-html";
import { ensureProductionBuild, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

/** What Chromium asks for when it loads a picture; the image route picks the format by it. */
const CHROMIUM_IMAGE_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/** A sample product removed before the audits, for the 410 page; listed nowhere else here. */
const REMOVED_PRODUCT = "fernhollow-custom-garden-sauna";
/** Every kind of public page, by the sample content's addresses. */
interface AuditedPage {
  name: string;
  path: string;
  /** Answers 404 or 410 on purpose. */
  errorStatus?: boolean;
}
const PAGES: AuditedPage[] = [
  { name: "home", path: "/" },
  { name: "reviews", path: "/reviews" },
  { name: "search", path: "/reviews?q=barrel" },
  { name: "collection", path: "/reviews/barrel-saunas" },
  { name: "product", path: "/reviews/product/lumo-works-tyyni-4-cube-sauna" },
  { name: "learn", path: "/learn" },
  { name: "article", path: "/learn/sauna-maintenance" },
  { name: "learn-category", path: "/learn/category/buying-guides" },
  { name: "learn-tag", path: "/learn/tag/safety" },
  { name: "table", path: "/reviews/table" },
  { name: "author", path: "/learn/author/maija-lehtonen" },
  {
    name: "compare",
    path: "/compare?products=lumo-works-tyyni-4-cube-sauna,birchline-panorama-4-barrel-sauna,emberfold-duo-outdoor-infrared-sauna",
  },
  // Error pages on purpose: audited anyway (Lighthouse stops at an error status unless told).
  { name: "not-found", path: "/no/such/page", errorStatus: true },
  { name: "removed-product", path: `/reviews/product/${REMOVED_PRODUCT}`, errorStatus: true },
];
/** A run in which Lighthouse could not record the page load (declared before the top-level code that throws it). */
class LighthouseRuntimeError extends Error {}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    path: { type: "string", multiple: true },
    only: { type: "string" },
    json: { type: "string" },
    // A folder for each run's whole Lighthouse report (`<page>-<run>.json`): the long tasks, the
    // main thread's breakdown and the trace's figures behind a score, for the Lighthouse viewer.
    reports: { type: "string" },
  },
});
const runs = Math.max(1, Number(values.runs));
const only = values.only?.split(",").map((name) => name.trim());
const unknown = only?.filter((name) => !PAGES.some((page) => page.name === name)) ?? [];
if (unknown.length > 0) {
  console.error(`Unknown page kind(s): ${unknown.join(", ")}. Known: ${PAGES.map((page) => page.name).join(", ")}`);
  process.exit(1);
}
const pages: AuditedPage[] = values.path
  ? values.path.map((path) => ({ name: path, path }))
  : PAGES.filter((page) => !only || only.includes(page.name));

if (!existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium): cannot run Lighthouse.`);
  process.exit(1);
}

interface PageScore {
  name: string;
  url: string;
  /** 0–100, from the run with the median performance score. */
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number;
  tbtMs: number;
  /** Time to interactive: no longer in the score since Lighthouse 10, still computed (a hidden audit). */
  ttiMs: number;
  cls: number;
  /**
   * Lighthouse's own measure of the machine's CPU (its `benchmarkIndex`, higher is faster): a
   * reader compares figures only with runs whose index is near this one.
   */
  benchmarkIndex: number;
  /**
   * Transfer size of every script the page loaded, headers included, as sent (Brotli to Chromium);
   * not the script that carries the Latin fonts' bytes, counted on its own.
   */
  javascriptKb: number;
  /** That script's transfer size: font data, which the style sheet carried before (docs/decisions/0123). */
  fontScriptKb: number;
  /** The same scripts' bodies as the server sends them to a browser that takes gzip but not Brotli. */
  javascriptGzipKb: number;
  performanceRuns: number[];
  /** Every run's LCP and TBT, in run order: the spread says how far one run's figure can be trusted. */
  lcpRunsMs: number[];
  tbtRunsMs: number[];
  benchmarkIndexRuns: number[];
  failedAudits: string[];
}

ensureProductionBuild();
const data = makeDataDir();
let site: SiteProcess | undefined;
onInterrupt(async () => {
  await site?.stop();
  data.remove();
});

const results: PageScore[] = [];
try {
  if (pages.some((page) => page.path.endsWith(`/${REMOVED_PRODUCT}`))) {
    // First start: migrations and the sample catalog; then the removal, with the server stopped.
    site = await startSite(data.dir, { env: { LOG_LEVEL: "error" } });
    await site.stop();
    site = undefined;
    await removeProduct(data.dir, REMOVED_PRODUCT);
  }
  site = await startSite(data.dir, { env: { LOG_LEVEL: "error" } });
  for (const page of pages) await warmUp(site.origin, page.path);
  for (const page of pages) {
    const url = site.origin + page.path;
    const attempts: PageScore[] = [];
    for (let run = 0; run < runs; run++) {
      const report = values.reports && path.join(values.reports, `${page.name.replace(/\W+/g, "_")}-${run + 1}.json`);
      attempts.push(await auditWithRetry(page.name, url, page.errorStatus ?? false, report));
    }
    const lcpRunsMs = attempts.map((attempt) => attempt.lcpMs);
    const tbtRunsMs = attempts.map((attempt) => attempt.tbtMs);
    const benchmarkIndexRuns = attempts.map((attempt) => attempt.benchmarkIndex);
    attempts.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const median = attempts[Math.floor((attempts.length - 1) / 2)]!;
    median.performanceRuns = attempts.map((attempt) => attempt.scores.performance ?? 0);
    Object.assign(median, { lcpRunsMs, tbtRunsMs, benchmarkIndexRuns });
    results.push(median);
  }
} finally {
  await site?.stop();
  data.remove();
}

printTable(results);
if (values.json) {
  writeFileSync(values.json, JSON.stringify({ measuredAt: new Date().toISOString(), runs, pages: results }, null, 2) + "\n");
  console.log(`Wrote ${values.json}`);
}

/** Removes one product from the site's SQLite catalog the way the admin's removal page does. */
async function removeProduct(dataDir: string, slug: string) {
  const db = openDatabase({ dialect: "sqlite", file: path.join(dataDir, "sauna-reviews.sqlite") });
  try {
    const row = await db.selectFrom("products").select("id").where("slug", "=", slug).executeTakeFirst();
    if (!row) throw new Error(`the sample product ${slug} is not in the catalog`);
    const plan = await planRemoval(db, { productIds: [Number(row.id)], collectionIds: [], samples: false });
    await removeFromCatalog(db, plan, { deleteImages: false, storage: productImagesStorage({ dataDir, storage: "disk" }, db) });
  } finally {
    await db.destroy();
  }
}

/**
 * Lighthouse sometimes loses the page load's trace on a busy machine (NO_NAVSTART) through no
 * fault of the page: such a run is taken again, up to twice, instead of ending the whole report.
 */
async function auditWithRetry(name: string, url: string, errorStatus: boolean, report?: string): Promise<PageScore> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(name, url, errorStatus, report);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRuntimeError)) throw error;
      console.warn(`${name}: ${error.message}; running it again`);
    }
  }
}

/**
 * One visit to `path` before the measured runs: the page, then every picture it offers, in every
 * size its srcsets list. The first visitor of a page fills the server's page cache and renders its
 * pictures into the image cache; every later visitor gets both from there, and that is the visit
 * worth measuring.
 */
async function warmUp(origin: string, path: string): Promise<void> {
  const html = await (await fetch(origin + path)).text();
  for (const picture of pictureUrlsIn(html)) {
    await fetch(origin + picture, { headers: { accept: CHROMIUM_IMAGE_ACCEPT } }).then((response) => response.arrayBuffer());
  }
}

/** One Lighthouse run in a fresh Chromium (no cache or storage carried over between runs). */
async function audit(name: string, url: string, errorStatus: boolean, report?: string): Promise<PageScore> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ignoreStatusCode: errorStatus,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    if (report) {
      mkdirSync(path.dirname(report), { recursive: true });
      writeFileSync(report, result.report as string);
    }
    const requests =
      (
        lhr.audits["network-requests"]?.details as
          { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined
      )?.items ?? [];
    const fontScript = (item: { url: string }) => /\/assets\/latin-fonts-[\w-]+\.js$/.test(new URL(item.url).pathname);
    const scripts = requests.filter((item) => item.resourceType === "Script" && !fontScript(item));
    const transferBytes = (items: typeof requests) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
    const scriptBytes = transferBytes(scripts);
    const failedAudits = CATEGORIES.filter((category) => category !== "performance").flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    );
    return {
      name,
      url,
      scores: Object.fromEntries(
        CATEGORIES.map((category) => {
          const score = lhr.categories[category]?.score;
          return [category, score === null || score === undefined ? null : Math.round(score * 100)];
        }),
      ) as PageScore["scores"],
      lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      ttiMs: lhr.audits["interactive"]?.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      javascriptKb: scriptBytes / 1024,
      fontScriptKb: transferBytes(requests.filter(fontScript)) / 1024,
      javascriptGzipKb: (await gzipBodyBytes(scripts.map((item) => item.url))) / 1024,
      performanceRuns: [],
      lcpRunsMs: [],
      tbtRunsMs: [],
      benchmarkIndexRuns: [],
      failedAudits,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * What the scripts weigh for a browser that takes gzip and not Brotli: the bodies the server
 * sends it (its precompressed .gz copies; a script too small to be worth compressing as it is).
 */
async function gzipBodyBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const response = await fetch(url, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    total += Number(response.headers.get("content-length") ?? NaN);
  }
  return total;
}

function printTable(rows: PageScore[]) {
  const header = [
    "page",
    "perf",
    "a11y",
    "best",
    "SEO",
    "LCP s",
    "TBT ms",
    "TTI s",
    "CLS",
    "JS KB",
    "JS gz KB",
    "font KB",
    "perf runs",
    "LCP runs s",
    "TBT runs ms",
  ];
  const widths = [Math.max(12, ...rows.map((row) => row.name.length)), 5, 5, 5, 5, 6, 7, 6, 6, 7, 9, 8, 12, 16, 14];
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" ");
  const score = (value: number | null) => (value === null ? "-" : String(value));
  console.log(`\nLighthouse 12, mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs} run(s) by performance score`);
  console.log(line(header));
  for (const row of rows) {
    console.log(
      line([
        row.name,
        score(row.scores.performance),
        score(row.scores.accessibility),
        score(row.scores["best-practices"]),
        score(row.scores.seo),
        (row.lcpMs / 1000).toFixed(2),
        row.tbtMs.toFixed(0),
        (row.ttiMs / 1000).toFixed(2),
        row.cls.toFixed(3),
        row.javascriptKb.toFixed(1),
        row.javascriptGzipKb.toFixed(1),
        row.fontScriptKb.toFixed(1),
        row.performanceRuns.join(","),
        row.lcpRunsMs.map((ms) => (ms / 1000).toFixed(2)).join(","),
        row.tbtRunsMs.map((ms) => ms.toFixed(0)).join(","),
      ]),
    );
  }
  const indexes = rows.flatMap((row) => row.benchmarkIndexRuns).sort((a, b) => a - b);
  if (indexes.length > 0)
    console.log(
      `benchmarkIndex over ${indexes.length} runs: median ${indexes[Math.floor((indexes.length - 1) / 2)]!.toFixed(0)}, ` +
        `${indexes[0]!.toFixed(0)}–${indexes.at(-1)!.toFixed(0)}`,
    );
  const failures = rows.flatMap((row) => row.failedAudits.map((audit) => `${row.name} ${audit}`));
  if (failures.length > 0) console.log(`\nAudits below 100 outside performance:\n  ${[...new Set(failures)].join("\n  ")}`);
}
