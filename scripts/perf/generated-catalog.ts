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
