/**
 * Times merchant feed runs (docs/decisions/0064): a generated Google Merchant Center XML feed and
 * a TSV feed of 20,000 items each, against 20,000 products whose GTINs are the feed's, on a fresh
 * SQLite file and, when TEST_DATABASE_URL is set, on a throwaway PostgreSQL database. Each feed
 * runs twice and saves: first every item is a new offer, then a few percent of the prices have
 * moved (the rest only confirmed). For each run it prints the wall time and the process's resident
 * memory before the run and at its peak (sampled every 50 ms): a run must not grow with the feed.
 * Goals: ≤ 10 s per run on SQLite, ≤ 20 s on PostgreSQL, peak ≤ 80 MB above the baseline.
 *
 *   npm run bench:feeds [-- --items 20000]
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:feeds
 */
import { once } from "node:events";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { feedFiles } from "../app/server/feeds/feed-files.server";
import { loadFeed, runFeed } from "../app/server/feeds/feed-run.server";
import { setLogLevel } from "../app/server/log.server";
import { createTestDatabase, testDialects } from "../tests/support/test-databases";
import {
  SAMPLE_TSV_HEADER,
  SAMPLE_XML_HEAD,
  SAMPLE_XML_TAIL,
  sampleGtin,
  sampleItem,
  sampleTsvRow,
  sampleXmlItem,
  writeSampleFeed,
  type SampleFeedFormat,
} from "./feeds/sample-feed";

const { values } = parseArgs({ options: { items: { type: "string", default: "20000" } } });
const items = Number(values.items);
if (!Number.isInteger(items) || items < 1) throw new Error("--items must be a whole number above 0");
setLogLevel("warn");

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-feeds-"));
mkdirSync(path.join(dataDir, "feeds"));
const FORMATS: SampleFeedFormat[] = ["google-xml", "google-tsv"];
const PRICES = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };
/** The sample feed with every `every`th item's price raised by 1.00, streaming. */
async function writeRepricedFeed(out: string, format: SampleFeedFormat, count: number, every: number) {
  const file = createWriteStream(out);
  const write = async (text: string) => {
    if (!file.write(text)) await once(file, "drain");
  };
  await write(format === "google-xml" ? SAMPLE_XML_HEAD : `${SAMPLE_TSV_HEADER}\n`);
  for (let i = 1; i <= count; i++) {
    const item = sampleItem(i);
    if (i % every === 0) item.price = item.price.replace(/^(\d+)/, (whole) => String(Number(whole) + 1));
    await write(format === "google-xml" ? sampleXmlItem(item) : `${sampleTsvRow(item)}\n`);
  }
  if (format === "google-xml") await write(SAMPLE_XML_TAIL);
  file.end();
  await once(file, "finish");
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Runs `work` while sampling the resident set size every 50 ms: its time, the baseline and the peak. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; baseline: number; peak: number }> {
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, seconds: (performance.now() - started) / 1000, baseline, peak };
  } finally {
    clearInterval(timer);
  }
}

const rows: string[][] = [["database", "feed", "run", "time", "goal", "RSS before", "RSS peak", "growth", "counts"]];
try {
  for (const format of FORMATS) {
    await writeSampleFeed(path.join(dataDir, "feeds", `${format}-1.feed`), format, items);
    // The second run's feed: every 25th item's price moved (4 %), the others as before.
    await writeRepricedFeed(path.join(dataDir, "feeds", `${format}-2.feed`), format, items, 25);
  }
  for (const dialect of testDialects) {
    const test = await createTestDatabase(dialect);
    try {
      for (let start = 1; start <= items; start += 500) {
        await test.db
          .insertInto("products")
          .values(
            Array.from({ length: Math.min(500, items - start + 1) }, (_, offset) => {
              const i = start + offset;
              return { slug: `bench-sauna-${i}`, name: `Bench Sauna ${i}`, brand: "Bench", gtin: sampleGtin(i) };
            }),
          )
          .execute();
      }
      for (const format of FORMATS) {
        const merchant = await test.db
          .insertInto("merchants")
          .values({ slug: `bench-${format}`, name: `Bench ${format}`, countries: "[]" })
          .returning("id")
          .executeTakeFirstOrThrow();
        const inserted = await test.db
          .insertInto("feeds")
          .values({ name: format, merchant_id: merchant.id, source_kind: "upload", upload_name: `${format}-1.feed`, format })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const pass of [1, 2]) {
          await test.db
            .updateTable("feeds")
            .set({ upload_name: `${format}-${pass}.feed` })
            .where("id", "=", inserted.id)
            .execute();
          const feed = (await loadFeed(test.db, Number(inserted.id)))!;
          const run = await measured(() =>
            runFeed(test.db, feed, {
              trigger: "manual",
              save: true,
              // The files are written to DATA_DIR/feeds: the reader's fallback for files of older versions reads them there.
              files: feedFiles({ dataDir, storage: "disk" }, test.db),
              prices: PRICES,
            }),
          );
          if (run.result.status === "failed") throw new Error(`${format} run ${pass}: ${run.result.error}`);
          const counts = "counts" in run.result ? run.result.counts : null;
          rows.push([
            dialect,
            format,
            pass === 1 ? "all new" : "some changed",
            `${run.seconds.toFixed(2)} s`,
            dialect === "postgres" ? "≤ 20 s" : "≤ 10 s",
            mb(run.baseline),
            mb(run.peak),
            mb(run.peak - run.baseline),
            counts ? `${counts.new} new, ${counts.changed} changed, ${counts.unchanged} unchanged, ${counts.rejected} rejected` : "",
          ]);
        }
      }
    } finally {
      await test.drop();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
console.log(`${items.toLocaleString("en-US")} items per feed, ${items.toLocaleString("en-US")} products`);
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
