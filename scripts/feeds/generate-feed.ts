/**
 * Writes a Google Merchant Center feed of N deterministic items (see sample-feed.ts), then reads
 * it back through the site's feed reader and prints how long that took and the memory it used.
 *
 *   npx tsx scripts/feeds/generate-feed.ts --format google-xml|google-tsv --items 20000 --out feed.xml [--gtin-prefix 20] [--no-read]
 */
import { parseArgs } from "node:util";
import { statSync } from "node:fs";
import { readFeed } from "../../app/server/feeds/read-feed.server";
import { writeSampleFeed, type SampleFeedFormat } from "./sample-feed";

const { values } = parseArgs({
  options: {
    format: { type: "string", default: "google-xml" },
    items: { type: "string", default: "20000" },
    out: { type: "string" },
    "gtin-prefix": { type: "string", default: "20" },
    "no-read": { type: "boolean", default: false },
  },
});
const format = values.format as SampleFeedFormat;
if (format !== "google-xml" && format !== "google-tsv") throw new Error("--format must be google-xml or google-tsv");
if (!values.out) throw new Error("--out <file> is required");
const items = Number(values.items);
if (!Number.isInteger(items) || items < 1) throw new Error("--items must be a whole number above 0");

let started = performance.now();
await writeSampleFeed(values.out, format, items, { gtinPrefix: values["gtin-prefix"] });
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`${values.out}: ${items} items, ${mb(statSync(values.out).size)}, written in ${(performance.now() - started).toFixed(0)} ms`);

if (!values["no-read"]) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  started = performance.now();
  let ok = 0;
  let rejected = 0;
  for await (const row of readFeed({ kind: "file", path: values.out }, { format })) {
    if (row.ok) ok += 1;
    else rejected += 1;
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    `read ${ok} items (${rejected} rejected) in ${(performance.now() - started).toFixed(0)} ms; RSS ${mb(rssBefore)} before, peak ${mb(peak)}`,
  );
}
