import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { readCsvRecords } from "~/lib/csv/csv-table";
import { csvDownload } from "../http/csv-download.server";
import { importProductCsv } from "./csv-import.server";
import { productCsvLines } from "./catalog-export.server";

/**
 * The product export streams: its lines come page by page (500 products, by id), so a 200,000-
 * product catalog is never one string, and the pages put together are the whole catalog once,
 * in id order, which imports back as no change.
 */

const COUNT = 1201;

function catalogCsv(): string {
  const lines = ["name,brand,slug,price,collection_ids"];
  for (let i = 1; i <= COUNT; i++)
    lines.push(`"Export ${i}, ""cedar""",Brand ${i % 7},export-${i},${1000 + i}.50,${i % 5 === 0 ? "[picks]" : ""}`);
  return lines.join("\n");
}

describe.each(testDialects)("the product export on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("collections").values({ slug: "picks", title: "Picks" }).execute();
    expect(await importProductCsv(test.db, catalogCsv())).toMatchObject({ ok: true, saved: COUNT });
  });
  afterAll(() => test.drop());

  it("yields the header with the first page, then one chunk a page, every product once in id order", async () => {
    const chunks: string[] = [];
    for await (const chunk of productCsvLines(test.db)) chunks.push(chunk);
    expect(chunks).toHaveLength(3);
    const pages = chunks.map((chunk) => readCsvRecords(chunk).filter((record) => record.some((cell) => cell !== "")));
    expect(pages.map((records) => records.length)).toEqual([501, 500, 201]);
    const [header, ...rows] = pages.flat();
    const slug = header!.indexOf("slug");
    const ids = await test.db.selectFrom("products").select("slug").orderBy("id").execute();
    expect(rows.map((row) => row[slug])).toEqual(ids.map((row) => row.slug));
  });

  it("sends the same bytes as the lines, after the byte-order mark, and imports back as no change", async () => {
    let lines = "";
    for await (const chunk of productCsvLines(test.db)) lines += chunk;
    const response = await csvDownload(productCsvLines(test.db), "products.csv");
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(Buffer.from(`\ufeff${lines}`, "utf8"))).toBe(true);
    expect(await importProductCsv(test.db, bytes.toString("utf8"))).toMatchObject({ ok: true, saved: 0, unchanged: COUNT });
  });
});
