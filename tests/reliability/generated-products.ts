/**
 * A product CSV of any size in the shape scripts/bench-import.ts times: quoted names with commas
 * and doubled quotes, list cells, every third category, a collection link on every tenth row.
 */
export function generatedProductCsv(count: number, slugPrefix = "soak"): string {
  const lines = ["name,brand,slug,category_id,price,rating,capacity,key_features,images,website,collection_ids"];
  for (let i = 1; i <= count; i++) {
    lines.push(
      `"Model ${i}, ""deluxe""",Brand ${i % 13},${slugPrefix}-${i},${["barrel", "infrared", "traditional"][i % 3]},${1000 + i}.99,${(i % 50) / 10},${(i % 6) + 1},"[Cedar, Glass door, Feature ${i % 17}]",model-${i}.jpg,https://example.com/m/${i},${i % 10 === 0 ? "[six-person-saunas]" : ""}`,
    );
  }
  return lines.join("\r\n");
}
