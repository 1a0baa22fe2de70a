/**
 * How much the database grows per million page views, and what the retention keeps
 * (docs/decisions/0104), measured on a throwaway SQLite database and, when TEST_DATABASE_URL is
 * set, on a throwaway PostgreSQL database beside it:
 *
 * 1. `--views` page views (1,000,000) over `--days` days (30: a site with a million views a
 *    month) of a site of `--products` products, its collections and articles, through the real
 *    paths: viewedPage (what counts as a view) and ClickRecorder.recordView, and a click on
 *    `--ctr` (3%) of the views through ClickRecorder.record, each by its own reader (so it
 *    counts), with a country and a merchant. The recorder is flushed, and the click-reader hashes
 *    forgotten, once a simulated hour (the site does both more often; the rows come out the same).
 * 2. One day of the worker's scheduled runs (the `jobs` rows each periodic job leaves), through
 *    the real startHeldJob and finishJob: growth that does not depend on traffic.
 * 3. The retention run, as of 14 months after the simulated month: what is left of it for ever.
 *
 * Sizes are bytes of the tables with their indexes: SQLite's dbstat (pages in use), PostgreSQL's
 * pg_total_relation_size after VACUUM FULL (the live rows; a running site's tables also hold
 * space that autovacuum hands to new rows).
 *
 *   npx tsx scripts/perf/retention-growth.ts [-- --views 1000000 --ctr 0.03 --days 30 --products 300]
 */
import { execSync } from "node:child_process";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { normaliseLinkSource } from "../../app/lib/clicks/tracked-link";
import { viewedPage } from "../../app/lib/views/page-view";
import { ClickRecorder } from "../../app/server/clicks/click-recorder.server";
import { forgetReaders } from "../../app/server/clicks/click-readers.server";
import type { DB } from "../../app/server/db/connection.server";
import { dialectOf } from "../../app/server/db/dialect";
import { finishJob, startHeldJob, workerName } from "../../app/server/jobs/job-queue.server";
import { setLogLevel } from "../../app/server/log.server";
import { applyRetention } from "../../app/server/retention/retention-job.server";
import { retentionRules, type RetentionSettings } from "../../app/server/retention/retention-rules.server";
import { createTestDatabase, testDialects } from "../../tests/support/test-databases";

const { values } = parseArgs({
  options: {
    views: { type: "string", default: "1000000" },
    ctr: { type: "string", default: "0.03" },
    days: { type: "string", default: "30" },
    products: { type: "string", default: "300" },
  },
});
const VIEWS = Number(values.views);
const CTR = Number(values.ctr);
const DAYS = Number(values.days);
const PRODUCTS = Number(values.products);
const MINUTE = 60_000;
const DAY = 86_400_000;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0";
const SETTINGS: RetentionSettings = {
  clicksRawMonths: 13,
  pageViewsMonths: 13,
  priceHistoryDetailDays: 90,
  feedRunDetailsDays: 90,
  auditDays: 365,
  runsDays: 90,
};
/** The worker's periodic jobs and how often each runs (a minute's check, as JOB_CHECK_SECONDS=60 makes it). */
const SCHEDULED_PER_DAY: Array<[kind: string, everyMs: number]> = [
  ["publish-scheduled-articles", 15_000],
  ["forget-click-readers", MINUTE],
  ["feeds", 5 * MINUTE],
  ["price-alerts", 15 * MINUTE],
  ["delete-expired-sessions", 6 * 60 * MINUTE],
  ["commission-reports", 6 * 60 * MINUTE],
  ["retention", DAY],
];

/** A small fixed-seed generator: the same site and traffic on every run and both databases. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Page {
  path: string;
  source: string;
  productId: number | null;
}

/** The site's pages with a popularity each (Zipf-like: the first pages take most views). */
function sitePages(): { pages: Page[]; weights: number[] } {
  const pages: Page[] = [
    { path: "/", source: "home", productId: null },
    { path: "/reviews", source: "reviews", productId: null },
    { path: "/compare", source: "compare", productId: null },
    { path: "/learn", source: "learn", productId: null },
  ];
  for (let id = 1; id <= PRODUCTS; id++) pages.push({ path: `/reviews/product/model-${id}`, source: `product:model-${id}`, productId: id });
  for (let n = 1; n <= 20; n++) pages.push({ path: `/reviews/collection-${n}`, source: `collection:collection-${n}`, productId: null });
  for (let n = 1; n <= 60; n++) pages.push({ path: `/learn/article-${n}`, source: `article:article-${n}`, productId: null });
  const weights = pages.map((_, rank) => 1 / (rank + 1));
  return { pages, weights };
}

function picker<T>(items: readonly T[], weights: readonly number[], next: () => number): () => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight));
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return items[low]!;
  };
}

async function tableBytes(db: DB): Promise<Map<string, number>> {
  if (dialectOf(db) === "postgres") {
    await sql`vacuum full`.execute(db);
    const { rows } = await sql<{ name: string; bytes: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'`.execute(db);
    return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
  }
  const { rows } = await sql<{ name: string; bytes: number }>`
    select coalesce(m.tbl_name, s.name) as name, sum(s.pgsize) as bytes
    from dbstat s left join sqlite_master m on m.name = s.name
    group by coalesce(m.tbl_name, s.name)`.execute(db);
  return new Map(rows.map((row) => [row.name, Number(row.bytes)]));
}

function growth(before: Map<string, number>, after: Map<string, number>): Array<[string, number]> {
  return [...after]
    .map(([name, bytes]): [string, number] => [name, bytes - (before.get(name) ?? 0)])
    .filter(([, bytes]) => bytes !== 0)
    .sort((a, b) => b[1] - a[1]);
}

async function rowCount(db: DB, table: "clicks" | "click_sub_ids" | "page_view_days" | "click_product_days" | "jobs"): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const kb = (bytes: number) => `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 0 })} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function measure(dialect: "sqlite" | "postgres") {
  const test = await createTestDatabase(dialect);
  const db = test.db;
  try {
    const next = random(42);
    const { pages, weights } = sitePages();
    const pickPage = picker(pages, weights, next);
    const productWeights = Array.from({ length: PRODUCTS }, (_, index) => 1 / (index + 1));
    const pickProduct = picker(
      Array.from({ length: PRODUCTS }, (_, index) => index + 1),
      productWeights,
      next,
    );
    const pickCountry = picker(["US", "DE", "GB", "CA", "FI", null], [60, 12, 10, 8, 4, 6], next);
    const pickMerchant = picker([1, 2, 3, null], [50, 25, 15, 10], next);

    const before = await tableBytes(db);
    // The simulated month ends at the start of today (UTC).
    const end = Math.floor(Date.now() / DAY) * DAY;
    const start = end - DAYS * DAY;
    let clock = start;
    const recorder = new ClickRecorder(db, { flushEveryMs: 3_600_000, now: () => clock });
    const perMinute = VIEWS / (DAYS * 24 * 60);
    let views = 0;
    let clicks = 0;
    const started = performance.now();
    for (let minute = 0; minute < DAYS * 24 * 60; minute++) {
      clock = start + minute * MINUTE;
      if (minute % 60 === 0 && minute > 0) {
        if (!(await recorder.flush())) throw new Error("A flush failed");
        await forgetReaders(db, clock);
      }
      const target = Math.round((minute + 1) * perMinute);
      for (; views < target; views++) {
        const at = clock + Math.floor(next() * MINUTE);
        const page = pickPage();
        const path = viewedPage({ method: "GET", url: page.path, userAgent: USER_AGENT, purpose: [] });
        if (path === null) throw new Error(`${page.path} would not count as a view`);
        recorder.recordView(path, "desktop", at);
        if (next() < CTR) {
          clicks++;
          recorder.record({
            at,
            productId: page.productId ?? pickProduct(),
            source: normaliseLinkSource(page.source),
            country: pickCountry(),
            merchantId: pickMerchant(),
            reader: { address: `10.${(clicks >> 16) & 255}.${(clicks >> 8) & 255}.${clicks & 255}`, userAgent: USER_AGENT },
          });
        }
      }
    }
    await recorder.close();
    await forgetReaders(db, end);
    const simulatedSeconds = (performance.now() - started) / 1000;
    const afterTraffic = await tableBytes(db);
    const traffic = growth(before, afterTraffic);
    const counts = {
      clicks: await rowCount(db, "clicks"),
      subIds: await rowCount(db, "click_sub_ids"),
      pageViewRows: await rowCount(db, "page_view_days"),
      productDayRows: await rowCount(db, "click_product_days"),
    };

    // One day of the worker's scheduled runs.
    const worker = workerName();
    let runs = 0;
    for (const [kind, everyMs] of SCHEDULED_PER_DAY)
      for (let at = start; at < start + DAY; at += everyMs) {
        const id = await startHeldJob(db, { kind, label: kind, startedBy: "schedule", payload: { periodic: true } }, worker, at);
        await finishJob(db, id, worker, { state: "done", result: null }, at + 5);
        runs++;
      }
    const afterRuns = await tableBytes(db);
    const runBytes = (afterRuns.get("jobs") ?? 0) - (afterTraffic.get("jobs") ?? 0);

    // The retention run 14 months after the simulated month: every raw row of it is past 13 months.
    const outcome = await applyRetention(db, retentionRules(SETTINGS, end + 14 * 31 * DAY), { pauseMs: 0 });
    const afterRetention = await tableBytes(db);
    const kept = growth(before, afterRetention).filter(([name]) => name !== "jobs");

    const perMillion = 1_000_000 / VIEWS;
    const total = traffic.filter(([name]) => name !== "jobs").reduce((sum, [, bytes]) => sum + bytes, 0);
    const keptTotal = kept.reduce((sum, [, bytes]) => sum + bytes, 0);
    console.log(`\n== ${dialect} ==`);
    console.log(
      `${VIEWS.toLocaleString("en-US")} views over ${DAYS} days, ${clicks.toLocaleString("en-US")} clicks (${counts.clicks.toLocaleString("en-US")} raw rows, ${counts.subIds.toLocaleString("en-US")} sub-IDs), ${counts.pageViewRows.toLocaleString("en-US")} page-view rows, ${counts.productDayRows.toLocaleString("en-US")} product-day roll-up rows; simulated in ${simulatedSeconds.toFixed(0)} s`,
    );
    console.log("Growth by table (with its indexes), per million page views:");
    for (const [name, bytes] of traffic) if (name !== "jobs") console.log(`  ${name.padEnd(22)} ${kb(bytes * perMillion).padStart(10)}`);
    console.log(`  ${"total".padEnd(22)} ${mb(total * perMillion).padStart(10)}`);
    console.log(
      `Scheduled runs: ${runs.toLocaleString("en-US")} a day, ${mb(runBytes)} a day in jobs (${Math.round(runBytes / runs)} bytes a run)`,
    );
    console.log(
      `Retention as of 14 months later: ${outcome.cleared.toLocaleString("en-US")} rows cleared; kept for ever, per million page views:`,
    );
    for (const [name, bytes] of kept) console.log(`  ${name.padEnd(22)} ${kb(bytes * perMillion).padStart(10)}`);
    console.log(`  ${"total".padEnd(22)} ${kb(keptTotal * perMillion).padStart(10)}`);
    return { total: total * perMillion, kept: keptTotal * perMillion, runBytes, runs };
  } finally {
    await test.drop();
  }
}

setLogLevel("warn");
console.log(`Load average at start: ${execSync("uptime").toString().trim()}`);
for (const dialect of testDialects) {
  const result = await measure(dialect);
  const rawPerMonth = result.total - result.kept;
  console.log(
    `At 1,000,000 views a month: ${mb(13 * rawPerMonth + 13 * result.kept)} after 13 months, then about ${mb(result.kept)} more a month (roll-ups), plus ${mb(7 * result.runBytes)} of scheduled runs (a week).`,
  );
}
console.log(`Load average at end: ${execSync("uptime").toString().trim()}`);
