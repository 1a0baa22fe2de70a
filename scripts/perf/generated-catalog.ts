import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppConfig } from "../../app/server/config.server";

/**
 * The generated catalog the import benchmark and `npm run bench` use: `count` products spread
 * over the sample categories, every tenth in the six-person collection, with quoted commas and
 * quotes in names so the CSV parser does real work.
 */
export function generatedProductCsv(count: number): string {
  const lines = ["name,brand,slug,category_id,price,rating,capacity,key_features,images,website,collection_ids"];
  for (let i = 1; i <= count; i++) {
    lines.push(
      `"Model ${i}, ""deluxe""",Brand ${i % 13},model-${i},${["barrel", "infrared", "traditional"][i % 3]},${1000 + i}.99,${(i % 50) / 10},${(i % 6) + 1},"[Cedar, Glass door, Feature ${i % 17}]",model-${i}.jpg,https://example.com/m/${i},${i % 10 === 0 ? "[six-person-saunas]" : ""}`,
    );
  }
  return lines.join("\r\n");
}

export interface GeneratedImport {
  /** The import's own time: parse, plan and the one-transaction save. */
  seconds: number;
  /** The importing process's peak RSS, and what it held before reading the file (node and the modules). */
  peakRssMb: number;
  loadedRssMb: number;
}

/**
 * The admin's own import path (parse, validate, one transaction), straight into the throwaway
 * database, in a child process (import-file.ts) that reads the generated file: its peak RSS is
 * the import's own, not that of generating a 200,000-row CSV string in this process.
 */
export function importGeneratedProducts(database: AppConfig["database"], count: number): GeneratedImport {
  const dir = mkdtempSync(path.join(os.tmpdir(), "generated-import-"));
  try {
    const file = path.join(dir, "products.csv");
    writeFileSync(file, generatedProductCsv(count));
    const target = database.dialect === "postgres" ? database.url : database.file;
    const child = spawnSync(process.execPath, ["--import", "tsx", "scripts/perf/import-file.ts", target, file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (child.status !== 0) throw new Error(`The generated import failed (exit ${child.status})`);
    const report = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as GeneratedImport & { saved: number };
    if (report.saved !== count) throw new Error(`The generated import wrote ${report.saved} of ${count} rows`);
    return { seconds: report.seconds, peakRssMb: report.peakRssMb, loadedRssMb: report.loadedRssMb };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
