import { importProductCsv } from "../../app/server/admin/csv-import.server";
import type { AppConfig } from "../../app/server/config.server";
import { openDatabase } from "../../app/server/db/connection.server";

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

/** The admin's own import path (parse, validate, one transaction), straight into the throwaway database. */
export async function importGeneratedProducts(database: AppConfig["database"], count: number): Promise<number> {
  const db = openDatabase(database);
  try {
    // The six-person collection lists by a rule: the generated members join it, the rule stays.
    const result = await importProductCsv(db, generatedProductCsv(count), { collectionChoice: "add" });
    if (!result.ok) throw new Error(`The generated import failed: ${result.toast.description}`);
    return process.resourceUsage().maxRSS / 1024;
  } finally {
    await db.destroy();
  }
}
