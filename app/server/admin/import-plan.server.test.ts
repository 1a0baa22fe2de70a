import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCsvRecords } from "~/lib/csv/csv-table";
import { csvLine } from "~/lib/csv/csv-writer";
import type { ImportPreview } from "~/lib/csv/import-plan";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { PRODUCT_LIST_KEY_COLUMNS } from "../products/product-row-mapping";
import type { DB } from "../db/connection.server";
import { seedSampleContent } from "../seed/seed.server";
import { csvDownload } from "../http/csv-download.server";
import { collectionCsvLines, productCsvLines } from "./catalog-export.server";
import { importCollectionCsv, importProductCsv, previewCollectionCsv, previewProductCsv } from "./csv-import.server";

const fixtures = path.resolve(__dirname, "../../../tests/fixtures");

async function collect(lines: AsyncGenerator<string>): Promise<string> {
  let text = "";
  for await (const line of lines) text += line;
  return text;
}

/** Every catalog row, timestamps included: "untouched" means equal to this. */
async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db.selectFrom("collection_products").selectAll().orderBy("collection_id").orderBy("position").execute(),
  };
}

async function preview(run: Promise<{ ok: boolean }>): Promise<ImportPreview> {
  const result = (await run) as { ok: true; preview: ImportPreview } | { ok: false; toast: unknown };
  if (!result.ok) throw new Error(JSON.stringify(result.toast));
  return result.preview;
}

/** The exported products with some prices changed (dollars) and rows appended. */
function editedExport(csv: string, prices: Record<string, string>, extraRows: string[][] = []): string {
  const [header, ...rows] = readCsvRecords(csv).filter((record) => record.some((cell) => cell !== ""));
  const slugAt = header!.indexOf("slug");
  const priceAt = header!.indexOf("price");
  const edited = rows.map((row) =>
    row[slugAt]! in prices ? row.map((cell, index) => (index === priceAt ? prices[row[slugAt]!]! : cell)) : row,
  );
  return [header!, ...edited, ...extraRows].map(csvLine).join("");
}

describe.each(testDialects)("import preview and export on %s", (dialect) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(() => test?.drop());

  it("export → import of the sample catalog is a no-op: 0 new, 0 changed, nothing written", async () => {
    await seedSampleContent(test.db);
    const products = await collect(productCsvLines(test.db));
    const collections = await collect(collectionCsvLines(test.db));
    const productCount = (await test.db.selectFrom("products").select("id").execute()).length;
    const collectionCount = (await test.db.selectFrom("collections").select("id").execute()).length;
    expect(productCount).toBeGreaterThan(5);

    const productPreview = await preview(previewProductCsv(test.db, products));
    expect(productPreview.rows.filter((row) => row.status !== "unchanged")).toEqual([]);
    expect(productPreview.counts).toEqual({ new: 0, changed: 0, unchanged: productCount });
    expect((await preview(previewCollectionCsv(test.db, collections))).counts).toEqual({ new: 0, changed: 0, unchanged: collectionCount });

    const before = await snapshot(test.db);
    expect(await importProductCsv(test.db, products)).toMatchObject({ ok: true, saved: 0, unchanged: productCount });
    expect(await importCollectionCsv(test.db, collections)).toMatchObject({ ok: true, saved: 0, unchanged: collectionCount });
    // Not even updated_at or the sample flag moved.
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("the export downloads stream the same text; a database that is down fails before any answer starts", async () => {
    await seedSampleContent(test.db);
    for (const lines of [productCsvLines, collectionCsvLines]) {
      const response = await csvDownload(lines(test.db), "export.csv");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const bytes = new Uint8Array(await response.arrayBuffer());
      // A UTF-8 byte order mark first, for spreadsheets; text() drops it, as the importers do.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder().decode(bytes)).toBe(await collect(lines(test.db)));
    }
    // Every query fails, as when the database server is unreachable: no 200 with a header and nothing after it.
    const down = new Proxy(test.db, {
      get(target, property, receiver) {
        if (property === "selectFrom") {
          return () => {
            throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    await expect(csvDownload(productCsvLines(down), "products.csv")).rejects.toThrow(/ECONNREFUSED/);
    await expect(csvDownload(collectionCsvLines(down), "collections.csv")).rejects.toThrow(/ECONNREFUSED/);
  });

  it("export → import of an imported fixture is a no-op", async () => {
    expect(await importProductCsv(test.db, readFileSync(path.join(fixtures, "admin-products.csv"), "utf8"))).toMatchObject({
      ok: true,
      saved: 3,
    });
    expect(await importCollectionCsv(test.db, readFileSync(path.join(fixtures, "admin-collections.csv"), "utf8"))).toMatchObject({
      ok: true,
      saved: 1,
    });
    const products = await collect(productCsvLines(test.db));
    const collections = await collect(collectionCsvLines(test.db));
    expect((await preview(previewProductCsv(test.db, products))).counts).toEqual({ new: 0, changed: 0, unchanged: 3 });
    expect((await preview(previewCollectionCsv(test.db, collections))).counts).toEqual({ new: 0, changed: 0, unchanged: 1 });
    // The fixture's formula-looking link was dropped on import; its quotes and commas survive the trip.
    expect(products).toContain('"Aurora ""Lakeside"" Barrel 4"');
    expect(collections).toContain('"kettu-cube-2, aurora-lakeside-barrel-4, short-row-sauna"');
  });

  it("3 changed prices and 1 new product: the preview says so, and the save writes exactly those 4 rows", async () => {
    await seedSampleContent(test.db);
    const stored = await test.db
      .selectFrom("products")
      .select(["slug", "price_cents"])
      .where("price_cents", "is not", null)
      .orderBy("id")
      .limit(3)
      .execute();
    const exported = await collect(productCsvLines(test.db));
    const header = readCsvRecords(exported)[0]!;
    const newRow = header.map(
      (column) => ({ name: "Brand New Barrel", brand: "Northwind", slug: "brand-new-barrel", price: "4,999" })[column] ?? "",
    );
    const csv = editedExport(
      exported,
      Object.fromEntries(stored.map((row) => [row.slug, ((row.price_cents! - 35_100) / 100).toFixed(2)])),
      [newRow],
    );
    const total = (await test.db.selectFrom("products").select("id").execute()).length;

    const shown = await preview(previewProductCsv(test.db, csv));
    expect(shown.counts).toEqual({ new: 1, changed: 3, unchanged: total - 3 });
    const changed = shown.rows.filter((row) => row.status === "changed");
    expect(changed.map((row) => row.slug)).toEqual(stored.map((row) => row.slug));
    for (const [index, row] of changed.entries()) {
      const cents = stored[index]!.price_cents!;
      const dollars = (value: number) =>
        `$${(value / 100).toLocaleString("en-US", { minimumFractionDigits: value % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
      expect(row.changes).toEqual([{ field: "price", kind: "value", from: dollars(cents), to: dollars(cents - 35_100) }]);
    }
    expect(shown.rows.find((row) => row.status === "new")).toMatchObject({ slug: "brand-new-barrel", name: "Brand New Barrel" });

    const before = await snapshot(test.db);
    const saved = await importProductCsv(test.db, csv, { expectedFingerprint: shown.fingerprint });
    expect(saved).toMatchObject({ ok: true, saved: 4, unchanged: total - 3 });
    const after = await snapshot(test.db);
    // Every other row is exactly as it was, updated_at included; the three changed rows differ in price (and updated_at) only.
    const beforeBySlug = new Map(before.products.map((row) => [row.slug, row]));
    const touched = after.products.filter((row) => JSON.stringify(row) !== JSON.stringify(beforeBySlug.get(row.slug)));
    expect(touched.map((row) => row.slug).sort()).toEqual([...stored.map((row) => row.slug), "brand-new-barrel"].sort());
    for (const row of stored) {
      const now = after.products.find((product) => product.slug === row.slug)!;
      expect(now.price_cents).toBe(row.price_cents! - 35_100);
      // The price, updated_at, the row's version, the sample marks (a sample row an import changed is marked edited) and the derived list keys may move.
      const others = (record: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(record).filter(
            ([key]) => !["price_cents", "updated_at", "version", "is_sample", "sample_edited", ...PRODUCT_LIST_KEY_COLUMNS].includes(key),
          ),
        );
      expect(others(now)).toEqual(others(beforeBySlug.get(row.slug)!));
    }
    expect(after.products.find((row) => row.slug === "brand-new-barrel")).toMatchObject({ price_cents: 499_900 });
    expect(after.memberships).toEqual(before.memberships);
    // What the preview promised is what the database now holds: the same file is now all unchanged.
    expect((await preview(previewProductCsv(test.db, csv))).counts).toEqual({ new: 0, changed: 0, unchanged: total + 1 });
  });

  it("a catalog that changed after the preview stops the save, which writes nothing and returns the new plan", async () => {
    await importProductCsv(test.db, "name,brand,slug,price\nAlpha,North,alpha,1000\nBeta,North,beta,2000");
    const csv = "name,brand,slug,price\nAlpha,North,alpha,1100\nBeta,North,beta,2000";
    const shown = await preview(previewProductCsv(test.db, csv));
    expect(shown.counts).toEqual({ new: 0, changed: 1, unchanged: 1 });
    // Someone else edits Beta meanwhile.
    await test.db.updateTable("products").set({ price_cents: 250_000 }).where("slug", "=", "beta").execute();
    const before = await snapshot(test.db);
    const refused = await importProductCsv(test.db, csv, { expectedFingerprint: shown.fingerprint });
    expect(refused).toMatchObject({ ok: false, status: 409, toast: { title: "The catalog changed since the preview" } });
    expect(refused.preview?.counts).toEqual({ new: 0, changed: 2, unchanged: 0 });
    expect(await snapshot(test.db)).toEqual(before);
    // With the new plan's fingerprint it goes through.
    expect(await importProductCsv(test.db, csv, { expectedFingerprint: refused.preview!.fingerprint })).toMatchObject({
      ok: true,
      saved: 2,
    });
  });

  it("follows the save's rules: absent columns keep their value, values compare after normalisation", async () => {
    await importProductCsv(
      test.db,
      'name,brand,slug,price,sale_price,sale_ends,rating,key_features\nSale One,North,sale-one,7650,7299,2099-12-31,4.5,"[Cedar, Glass]"',
    );
    // No sale columns: the sale is kept, so the row is unchanged; '$7,650.00' and 7650 are one price; 4.46 is saved as 4.5.
    const same = await preview(previewProductCsv(test.db, 'name,brand,slug,price,rating\n Sale One ,North,sale-one,"$7,650.00",4.46'));
    expect(same.counts).toEqual({ new: 0, changed: 0, unchanged: 1 });
    const changed = await preview(
      previewProductCsv(test.db, 'name,brand,slug,sale_price,key_features,rating\nSale One,North,sale-one,,"[Cedar, Porch]",9'),
    );
    expect(changed.rows[0]!.changes).toEqual([
      { field: "sale_price", kind: "value", from: "$7,299", to: "(empty)" },
      { field: "key_features", kind: "list", added: ["Porch"], removed: ["Glass"], reordered: false },
      { field: "rating", kind: "value", from: "4.5", to: "5" },
    ]);
  });

  it("collections: membership order and members added or removed are shown, unchanged collections untouched", async () => {
    await importProductCsv(test.db, "name,brand,slug\nA,B,p-a\nB,B,p-b\nC,B,p-c");
    await importCollectionCsv(test.db, 'slug,title,product_ids\nlist-one,List One,"p-a, p-b"\nlist-two,List Two,p-c');
    const shown = await preview(
      previewCollectionCsv(test.db, 'slug,title,product_ids\nlist-one,List One,"p-b, p-a, p-c"\nlist-two,List Two,p-c\nlist-new,New,p-a'),
    );
    expect(shown.counts).toEqual({ new: 1, changed: 1, unchanged: 1 });
    expect(shown.rows[0]!.changes).toEqual([
      { field: "product_ids", kind: "list", added: ["p-c"], removed: [], reordered: true, from: ["p-a", "p-b"], to: ["p-b", "p-a", "p-c"] },
    ]);
    const untouched = await test.db.selectFrom("collections").selectAll().where("slug", "=", "list-two").executeTakeFirstOrThrow();
    expect(
      await importCollectionCsv(
        test.db,
        'slug,title,product_ids\nlist-one,List One,"p-b, p-a, p-c"\nlist-two,List Two,p-c\nlist-new,New,p-a',
      ),
    ).toMatchObject({
      ok: true,
      saved: 2,
      unchanged: 1,
    });
    expect(await test.db.selectFrom("collections").selectAll().where("slug", "=", "list-two").executeTakeFirstOrThrow()).toEqual(untouched);
  });

  it("a cell the export neutralised against formulas imports as its text", async () => {
    await importProductCsv(test.db, 'name,brand,slug,tagline\n"=Cube",North,formula-cube,"-20% for a week"');
    const exported = await collect(productCsvLines(test.db));
    expect(exported).toContain(`"'=Cube"`);
    expect(exported).toContain(`"'-20% for a week"`);
    expect((await preview(previewProductCsv(test.db, exported))).counts).toEqual({ new: 0, changed: 0, unchanged: 1 });
  });
});
