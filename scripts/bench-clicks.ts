/**
 * Tracked shop links under load (docs/decisions/0028), against the production server on a
 * throwaway SQLite site:
 *
 * 1. /go/{slug} redirects per second (50 connections, wrk or autocannon), next to a page-cache
 *    hit of the home page on the same server; then a clean stop (SIGTERM). The load comes from
 *    one client with one User-Agent (or none), so it counts at most one click (docs/decisions/0056):
 *    the check is that the flood did not inflate the count. That a clean stop loses no counted
 *    click is click-recorder.server.test.ts's.
 * 2. 1,000,000 clicks written straight into the database (through the same batch writer the
 *    server uses, so the daily roll-up is filled as in production), then the admin's
 *    report's queries timed on the database (next to the same counts read from the raw rows), and
 *    the /admin/clicks page timed for 7, 30 and 90 days, signed in as an admin.
 *
 *   npm run bench:clicks [-- --seconds 10 --clicks 1000000]
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { CLICK_PERIODS, periodDays } from "../app/lib/clicks/click-period";
import { linkSource } from "../app/lib/clicks/tracked-link";
import { clickReport } from "../app/server/clicks/click-analytics.server";
import { writeClicks, type RecordedClick } from "../app/server/clicks/click-store.server";
import { openDatabase } from "../app/server/db/connection.server";
import { signInAsAdmin } from "./perf/admin-session";
import { runLoad, loadTool } from "./perf/load";
import { ensureProductionBuild, makeDataDir, onInterrupt, startSite, type SiteProcess } from "./perf/site-process";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    clicks: { type: "string", default: "1000000" },
    connections: { type: "string", default: "50" },
  },
});
const seconds = Number(values.seconds);
const clickCount = Number(values.clicks);
const connections = Number(values.connections);
const DAY_MS = 86_400_000;
const round = (value: number) => Math.round(value).toLocaleString("en-US");

ensureProductionBuild();
const data = makeDataDir();
let site: SiteProcess | undefined;
onInterrupt(async () => {
  await site?.stop();
  data.remove();
});

const databaseFile = path.join(data.dir, "sauna-reviews.sqlite");
async function countClicks(): Promise<number> {
  const db = openDatabase({ dialect: "sqlite", file: databaseFile });
  try {
    const row = await db
      .selectFrom("clicks")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await db.destroy();
  }
}

try {
  console.log(
    `Load tool: ${loadTool()}, ${connections} connections, ${seconds} s per run. The machine is shared: figures vary from run to run.\n`,
  );
  site = await startSite(data.dir);
  const slug = await firstProductSlug(site.origin);
  const goUrl = `${site.origin}/go/${slug}?from=${linkSource.collection("barrel-saunas")}`;
  const check = await fetch(goUrl, { redirect: "manual" });
  if (check.status !== 302) throw new Error(`/go answered ${check.status}, expected 302`);
  // Warm the page cache and the destination map, then let the warm-up click be written.
  for (let i = 0; i < 3; i++) await (await fetch(`${site.origin}/`)).arrayBuffer();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const before = await countClicks();

  const cached = await runLoad({ url: `${site.origin}/`, connections, seconds, headers: { "accept-encoding": "br" } });
  const go = await runLoad({ url: goUrl, connections, seconds });
  console.log("| Request | req/s | p50 | p99 | failures |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(
    `| / (page cache hit, br) | ${round(cached.requestsPerSecond)} | ${cached.p50Ms.toFixed(1)} ms | ${cached.p99Ms.toFixed(1)} ms | ${cached.failures} |`,
  );
  console.log(
    `| /go/${slug} (302; one reader, counted once) | ${round(go.requestsPerSecond)} | ${go.p50Ms.toFixed(1)} ms | ${go.p99Ms.toFixed(1)} ms | ${go.failures} |`,
  );

  await site.stop();
  site = undefined;
  const recorded = (await countClicks()) - before;
  console.log(
    `\nClean stop: ${recorded.toLocaleString("en-US")} clicks in the database for ${go.requests.toLocaleString("en-US")} redirects from one client.`,
  );
  if (recorded > 1) throw new Error(`One client's repeated clicks were counted ${recorded} times`);

  // 2. A million clicks, spread over the last 120 days, every product and a dozen sources.
  const db = openDatabase({ dialect: "sqlite", file: databaseFile });
  const products = (await db.selectFrom("products").select("id").execute()).map((row) => row.id);
  const sources = [
    "home",
    "reviews",
    "search",
    "compare",
    ...products.slice(0, 4).map((id) => `product:p-${id}`),
    "collection:barrel-saunas",
    "collection:infrared-saunas",
    "collection:budget-saunas",
  ];
  const now = Date.now();
  let seed = 42;
  const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
  const writeStarted = performance.now();
  const BATCH = 10_000;
  for (let written = 0; written < clickCount; written += BATCH) {
    const batch: RecordedClick[] = [];
    for (let i = 0; i < Math.min(BATCH, clickCount - written); i++) {
      batch.push({
        at: now - Math.floor(random() * 120 * DAY_MS),
        productId: products[Math.floor(random() ** 2 * products.length)]!,
        source: sources[Math.floor(random() * sources.length)]!,
      });
    }
    await writeClicks(db, batch);
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  const rollUpRows = await Promise.all(
    (["click_days", "click_product_days", "click_source_days"] as const).map(async (table) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ).toLocaleString("en-US"),
    ),
  );
  console.log(
    `\nWrote ${clickCount.toLocaleString("en-US")} clicks in ${writeSeconds.toFixed(1)} s (${round(clickCount / writeSeconds)} clicks/s in ${BATCH.toLocaleString("en-US")}-click transactions); the roll-ups hold ${rollUpRows.join(" / ")} rows (days / product days / source days).`,
  );

  // The queries alone: the report from the roll-up, next to the same per-day counts from the raw rows.
  console.log("\nThe clicks page's queries, straight on the database (median of 5):\n");
  console.log("| Period | report from the roll-up | per-day counts from the raw rows |");
  console.log("|---|---:|---:|");
  for (const days of CLICK_PERIODS) {
    const fromRollUp = await medianMs(() => clickReport(db, days));
    const since = Date.parse(`${periodDays(days, Date.now())[0]}T00:00:00Z`);
    const fromRaw = await medianMs(() =>
      db
        .selectFrom("clicks")
        .select([sql<number>`clicked_at / ${DAY_MS}`.as("day"), (eb) => eb.fn.countAll<number>().as("clicks")])
        .where("clicked_at", ">=", since)
        .groupBy(sql`clicked_at / ${DAY_MS}`)
        .execute(),
    );
    console.log(`| ${days} days | ${fromRollUp.toFixed(1)} ms | ${fromRaw.toFixed(1)} ms |`);
  }
  await db.destroy();

  site = await startSite(data.dir);
  const cookie = await signInAsAdmin(site.origin, data.dir);
  console.log(
    `\n/admin/clicks with ${(await countClicks()).toLocaleString("en-US")} clicks recorded (server-rendered, signed in; 20 requests each after 3 warm-ups):\n`,
  );
  console.log("| Period | median | p95 | max |");
  console.log("|---|---:|---:|---:|");
  for (const days of CLICK_PERIODS) {
    const url = `${site.origin}/admin/clicks?days=${days}`;
    for (let i = 0; i < 3; i++) await timedGet(url, cookie);
    const times: number[] = [];
    for (let i = 0; i < 20; i++) times.push(await timedGet(url, cookie));
    times.sort((a, b) => a - b);
    console.log(`| ${days} days | ${times[10]!.toFixed(1)} ms | ${times[18]!.toFixed(1)} ms | ${times[19]!.toFixed(1)} ms |`);
  }
} finally {
  await site?.stop();
  data.remove();
}

async function medianMs(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2]!;
}

async function firstProductSlug(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/reviews/barrel-saunas`)).text();
  const match = /href="\/go\/([a-z0-9-]+)\?from=collection:barrel-saunas"/.exec(html);
  if (!match) throw new Error("No tracked shop link on /reviews/barrel-saunas");
  return match[1]!;
}

async function timedGet(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200 || !body.includes("Clicks per day")) throw new Error(`${url} answered ${response.status}`);
  return ms;
}
