/**
 * A generated product CSV of any size, the catalog the import is built for (20,000 rows): names
 * with quotes and commas, 13 brands, three categories, prices, ratings, capacities 1-6, features
 * and images; every tenth product in six-person-saunas.
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
