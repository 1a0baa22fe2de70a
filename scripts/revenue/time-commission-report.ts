/**
 * How long a commission report takes to read as the worker reads it (streamed from the uploads
 * bucket on disk), and the process's RSS before and after: 20,000 and 40,000 lines, and 378,788
 * lines (a 19 MB file, just under the upload cap). Run it on a quiet machine:
 *
 *   npx tsx scripts/revenue/time-commission-report.ts [lines…]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { guessColumnMap } from "../../app/lib/revenue/commission-report";
import { readStoredReport } from "../../app/server/revenue/report-uploads.server";
import { LocalDiskStorage, UPLOADS_BUCKET } from "../../app/server/storage/storage.server";
import { commissionReportPieces, REPORT_HEADER } from "../../tests/support/commission-report-file";

const counts = process.argv.slice(2).map(Number);
const dir = mkdtempSync(path.join(tmpdir(), "commission-timing-"));
const storage = new LocalDiskStorage(dir, UPLOADS_BUCKET);
const encoder = new TextEncoder();
const map = guessColumnMap(REPORT_HEADER.split(","));
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

async function* bytes(lines: number) {
  for (const piece of commissionReportPieces(lines)) yield encoder.encode(piece);
}

async function main() {
  for (const lines of counts.length > 0 ? counts : [20_000, 40_000, 378_788]) {
    const id = String(lines).padStart(16, "0");
    const size = await storage.putStream(`commission-report-${id}.csv`, bytes(lines), 30 * 1_048_576);
    globalThis.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const started = performance.now();
    const reading = await readStoredReport(storage, id, map, { progress: () => (peak = Math.max(peak, process.memoryUsage().rss)) });
    const ms = performance.now() - started;
    if (!reading.ok) throw new Error(reading.error);
    console.log(
      `${lines.toLocaleString("en-US")} lines (${(size / 1_000_000).toFixed(1)} MB): ${reading.reading.rows.length.toLocaleString("en-US")} orders in ${(ms / 1000).toFixed(2)} s; RSS ${mb(before)} before, ${mb(peak)} at most, ${mb(process.memoryUsage().rss)} after`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

void main();
