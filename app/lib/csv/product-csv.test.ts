import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCsvRecordsInChunks } from "./csv-table";
import { createProductCsvReader, parseProductCsv, prepareProductForSave, type ProductCsvResult, type ProductImport } from "./product-csv";

const fixture = readFileSync(path.resolve(__dirname, "../../../tests/fixtures/admin-products.csv"), "utf8");

function parsed(text: string, options = {}): ProductCsvResult {
  const outcome = parseProductCsv(text, options);
  if (!outcome.ok) throw new Error(`expected a parse, got: ${outcome.error}`);
  return outcome;
}

describe("product CSV: the file", () => {
  it("parses the issue's fixture: BOM, CRLF, quotes, doubled quotes, lists, caps, drops", () => {
    expect(fixture.charCodeAt(0)).toBe(0xfeff);
    expect(fixture).toContain("\r\n");
    const result = parsed(fixture);
    expect(result.products.map((product) => product.slug)).toEqual(["aurora-lakeside-barrel-4", "kettu-cube-2", "short-row-sauna"]);
    const [aurora, kettu, short] = result.products as [ProductImport, ProductImport, ProductImport];

    expect(aurora.name).toBe('Aurora "Lakeside" Barrel 4');
    expect(aurora.tagline).toBe("Cedar, glass and a porch");
    expect(aurora.description).toBe('A barrel sauna for four, with a "panorama" glass back wall.');
    expect(aurora.priceCents).toBe(9_999_999_999);
    expect(aurora.rating).toBe(5);
    expect(aurora.images).toEqual(["https://example.com/images/aurora-front.jpg", "aurora-side.jpg"]);
    expect(aurora.keyFeatures).toEqual(["Thermo-cedar staves", "Panorama glass", "Porch roof"]);
    expect(aurora.capacity).toBe(4);
    expect(aurora.weightLbs).toBe(980.5);
    expect(aurora.website).toBe("https://example.com/aurora");
    expect(aurora.affiliateLink).toBeNull();
    expect(aurora.reviewsNumber).toBe(12);

    expect(kettu.brand).toBe("Unknown Brand");
    expect(kettu.priceCents).toBeNull();
    expect(kettu.rating).toBe(4.3);
    expect(kettu.keyFeatures).toEqual(["Low-EMF panels"]);
    expect(kettu.images).toEqual([]);
    expect(kettu.reviewsNumber).toBeNull();
    expect(kettu.shippingInfo).toBeNull();

    // A row with fewer values is padded: everything after slug is empty.
    expect(short.name).toBe("Short Row");
    expect(short.priceCents).toBeNull();
    expect(short.keyFeatures).toEqual([]);

    expect(result.warnings).toEqual([
      'Row 1: price "123456789" is above the maximum 99999999.99 (saved as 99999999.99)',
      'Row 1: affiliate_link "javascript:alert(1)" is not an http(s) link (dropped)',
      'Row 1: rating "7.34" is outside 0 to 5 (saved as 5.0)',
      'Row 2: Missing brand (saved as "Unknown Brand")',
      'Row 2: price "call us" is not a number (saved empty)',
      "Row 3: Missing slug (row skipped)",
    ]);
    expect(result.rowsRead).toBe(4);
    // Only the optional columns the file has; the others stay as they are on existing products.
    expect(result.columns).toEqual([
      "name",
      "brand",
      "slug",
      "category_id",
      "tagline",
      "description",
      "price",
      "images",
      "capacity",
      "weight",
      "heater_type",
      "key_features",
      "website",
      "affiliate_link",
      "rating",
      "reviews_number",
      "shipping_info",
    ]);
  });

  it("treats headers case-insensitively and requires name, brand and slug", () => {
    expect(parsed("NAME,Brand,Slug\nA,B,c").products[0]).toMatchObject({ name: "A", brand: "B", slug: "c" });
    expect(parseProductCsv("name,price\nA,1")).toEqual({ ok: false, error: "CSV is missing required headers: brand, slug" });
    expect(parseProductCsv("title,maker\nA,B")).toEqual({ ok: false, error: "CSV is missing required headers: name, brand, slug" });
  });

  it("needs a header and at least one data row", () => {
    expect(parseProductCsv("")).toEqual({ ok: false, error: "CSV file is empty" });
    expect(parseProductCsv("\ufeff \r\n")).toEqual({ ok: false, error: "CSV file is empty" });
    expect(parseProductCsv("name,brand,slug\r\n")).toEqual({
      ok: false,
      error: "No valid products found in CSV. Please check the format and try again.",
    });
    expect(parseProductCsv("name,brand,slug\n,,\nNo slug,B,\n")).toEqual({
      ok: false,
      error: "No valid products found in CSV. Please check the format and try again.",
    });
  });

  it("handles LF, CRLF and lone CR line endings, even mixed", () => {
    const text = "name,brand,slug\r\nA,B,a\nC,D,c\rE,F,e";
    expect(parsed(text).products.map((p) => p.slug)).toEqual(["a", "c", "e"]);
  });

  it("keeps line breaks and commas inside quoted values", () => {
    const text = 'name,brand,slug,description\r\n"Two\r\nlines",B,a,"one, two"';
    expect(parsed(text).products[0]).toMatchObject({ name: "Two\nlines", description: "one, two" });
  });

  it("truncates rows with too many values", () => {
    expect(parsed("name,brand,slug\nA,B,a,extra,more").products[0]).toMatchObject({ name: "A", brand: "B", slug: "a" });
  });

  it("refuses an unclosed quote instead of swallowing the rest of the file", () => {
    expect(parseProductCsv('name,brand,slug\nA,B,a\n"Broken,B,b\nC,D,c')).toEqual({
      ok: false,
      error: 'Row 2: a quoted value is never closed (check for a missing ")',
    });
  });

  it("skips blank lines but keeps counting rows for the warnings", () => {
    const result = parsed("name,brand,slug\n\nA,,a\n,,\nB,C,b\n");
    expect(result.products.map((p) => p.slug)).toEqual(["a", "b"]);
    expect(result.warnings).toEqual(['Row 2: Missing brand (saved as "Unknown Brand")']);
  });

  it("lists every missing field of a dropped row", () => {
    const result = parsed("name,brand,slug\n,,x\nOnly name,,\nA,B,a");
    expect(result.warnings).toEqual(["Row 1: Missing name, brand (row skipped)", "Row 2: Missing brand, slug (row skipped)"]);
  });

  it("refuses a file that uses one slug on two rows, in any letter case, naming both rows", () => {
    const text = ["name,brand,slug", "A,B,a", "Dup,B,dup-1", "C,B,c", "D,B,d", "E,B,e", "Dup again,B,DUP-1"].join("\n");
    expect(parseProductCsv(text)).toEqual({
      ok: false,
      error:
        "Rows 2 and 6 both use the slug dup-1. Each slug may appear once in a file (letter case does not count); nothing is saved until it does.",
    });
    // The browser's chunked reader says the same, so the preview shows it before any upload.
    const reader = createProductCsvReader();
    reader.addRecords(text.split("\n").map((line) => line.split(",")));
    expect(reader.finish()).toEqual(parseProductCsv(text));
    expect(parseProductCsv("name,brand,slug\nA,B,x\nB,B,y\nC,B, X \nD,B,Y\nE,B,x")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Rows 1, 3 and 5 all use the slug x; Rows 2 and 4 both use the slug y\./),
    });
  });

  it("reads best_seller as yes or no (true/false, yes/no, 1/0, any case; empty is no)", () => {
    const rows = ["true", "FALSE", " yes ", "No", "1", "0", ""].map((value, index) => `P${index},B,p-${index},${value}`);
    const result = parsed(["name,brand,slug,best_seller", ...rows].join("\n"));
    expect(result.products.map((product) => product.bestSeller)).toEqual([true, false, true, false, true, false, false]);
    expect(result.columns).toContain("best_seller");
    expect(result.warnings).toEqual([]);
    // Without the column the file says nothing of it: the save leaves each product's mark as it is.
    expect(parsed("name,brand,slug\nA,B,a").columns).not.toContain("best_seller");
  });

  it("refuses a best_seller that is neither yes nor no, naming the rows and values, in the browser's reader too", () => {
    const text = ["name,brand,slug,best_seller", "A,B,a,yes", "C,B,c,maybe", "D,B,d,", "E,B,e,Y"].join("\n");
    const refused = {
      ok: false,
      error:
        'best_seller must say yes or no, but row 2 has "maybe", row 4 has "Y". Write yes or no (true/false and 1/0 work too), or leave it empty for no; nothing is saved until then.',
    };
    expect(parseProductCsv(text)).toEqual(refused);
    const reader = createProductCsvReader();
    reader.addRecords(text.split("\n").map((line) => line.split(",")));
    expect(reader.finish()).toEqual(refused);
  });

  it("keeps slugs in lower case, so DUP-1 and dup-1 are one product", () => {
    expect(parsed("name,brand,slug\nA,B, Tyyni-Barrel-6 ").products[0]!.slug).toBe("tyyni-barrel-6");
  });

  it("warns about columns that are not product fields, and ignores id", () => {
    const result = parsed("id,name,brand,slug,colour\n9,A,B,a,red");
    expect(result.warnings).toEqual(['Column "colour" is not a product field and was ignored']);
    expect(result.products[0]).not.toHaveProperty("colour");
  });

  it("drops non-http(s) links and pictures, keeping the rest of the row", () => {
    const text = [
      "name,brand,slug,website,images",
      'A,B,a,javascript:alert(document.cookie),"[""javascript:alert(1)"", ""ok.jpg"", ""data:image/png;base64,AA""]"',
    ].join("\n");
    const result = parsed(text);
    expect(result.products[0]).toMatchObject({ website: null, images: ["ok.jpg"] });
    expect(result.warnings).toEqual([
      'Row 1: image "javascript:alert(1)" is not an http(s) link or a file name (dropped)',
      'Row 1: image "data:image/png;base64,AA" is not an http(s) link or a file name (dropped)',
      'Row 1: website "javascript:alert(document.cookie)" is not an http(s) link (dropped)',
    ]);
  });

  it("canonicalises collection ids and, when told which exist, warns about the others", () => {
    const text = 'name,brand,slug,collection_ids\nA,B,a,"[barrel, six-person-saunas, no-such-list, barrel-saunas]"';
    expect(parsed(text).products[0]!.collectionIds).toEqual(["barrel-saunas", "six-person-saunas", "no-such-list"]);
    const checked = parsed(text, { knownCollectionSlugs: new Set(["barrel-saunas", "six-person-saunas"]) });
    expect(checked.products[0]!.collectionIds).toEqual(["barrel-saunas", "six-person-saunas"]);
    expect(checked.warnings).toEqual(['Row 1: collection "no-such-list" does not exist (not linked)']);
  });

  it("reads capacity and reviews_number as whole numbers", () => {
    const result = parsed("name,brand,slug,capacity,reviews_number\nA,B,a,6 people,1.5\nC,D,c,four,120");
    expect(result.products.map((p) => [p.capacity, p.reviewsNumber])).toEqual([
      [6, null],
      [null, 120],
    ]);
  });
});

describe("product CSV: sales", () => {
  const TODAY = { today: "2026-11-22" };

  it("reads sale_price like price and sale_ends as a YYYY-MM-DD date", () => {
    const result = parsed('name,brand,slug,price,sale_price,sale_ends\nA,B,a,"$7,650","$7,299.50",2026-12-31', TODAY);
    expect(result.products[0]).toMatchObject({ priceCents: 765_000, salePriceCents: 729_950, saleEndsAt: "2026-12-31" });
    expect(result.warnings).toEqual([]);
    expect(result.columns).toEqual(expect.arrayContaining(["sale_price", "sale_ends"]));
  });

  it("caps a sale price at 99,999,999.99 and empties one that is not a number", () => {
    const result = parsed("name,brand,slug,sale_price\nA,B,a,123456789\nC,D,c,soon", TODAY);
    expect(result.products.map((p) => p.salePriceCents)).toEqual([9_999_999_999, null]);
    expect(result.warnings).toEqual(
      expect.arrayContaining([
        'Row 1: sale_price "123456789" is above the maximum 99999999.99 (saved as 99999999.99)',
        'Row 2: sale_price "soon" is not a number (saved empty)',
      ]),
    );
  });

  it("warns about a sale price at or above the price, and keeps it", () => {
    const result = parsed("name,brand,slug,price,sale_price\nA,B,a,7650,7650\nC,D,c,7650,8000\nE,F,e,,500", TODAY);
    expect(result.products.map((p) => p.salePriceCents)).toEqual([765_000, 800_000, 50_000]);
    expect(result.warnings).toEqual([
      "Row 1: sale_price is not below price (no sale is shown)",
      "Row 2: sale_price is not below price (no sale is shown)",
      "Row 3: sale_price is set but price is empty (no sale is shown)",
    ]);
  });

  it("warns about an end date in the past (yesterday), not about today", () => {
    const result = parsed("name,brand,slug,price,sale_price,sale_ends\nA,B,a,100,90,2026-11-21\nC,D,c,100,90,2026-11-22", TODAY);
    expect(result.products.map((p) => p.saleEndsAt)).toEqual(["2026-11-21", "2026-11-22"]);
    expect(result.warnings).toEqual(["Row 1: sale_ends 2026-11-21 has passed (no sale is shown)"]);
  });

  it("drops an end date that is not a real YYYY-MM-DD date", () => {
    const result = parsed("name,brand,slug,price,sale_price,sale_ends\nA,B,a,100,90,12/31/2026\nC,D,c,100,90,2026-02-30", TODAY);
    expect(result.products.map((p) => p.saleEndsAt)).toEqual([null, null]);
    expect(result.warnings).toEqual([
      'Row 1: sale_ends "12/31/2026" is not a date written YYYY-MM-DD (saved empty)',
      'Row 2: sale_ends "2026-02-30" is not a date written YYYY-MM-DD (saved empty)',
    ]);
  });

  it("warns about an end date without a sale price", () => {
    const result = parsed("name,brand,slug,price,sale_ends\nA,B,a,100,2026-12-31", TODAY);
    expect(result.warnings).toEqual(["Row 1: sale_ends is set but sale_price is empty (no sale is shown)"]);
  });
});

describe("product CSV: chunked reading (the browser's progress bar)", () => {
  it("gives the same result as reading the whole file", async () => {
    const lines = ["name,brand,slug,price,key_features"];
    for (let i = 1; i <= 2000; i++) lines.push(`"Model ${i}, ""deluxe""",Brand ${i % 7},model-${i},${i * 10}.5,"[a, b]"`);
    const text = "\ufeff" + lines.join("\r\n");
    const reader = createProductCsvReader();
    const progress: number[] = [];
    await readCsvRecordsInChunks(text, {
      chunkSize: 4096,
      onRecords: (records) => reader.addRecords(records),
      onProgress: (fraction) => progress.push(fraction),
      pauseBetweenChunks: () => new Promise((resolve) => setTimeout(resolve, 0)),
    });
    expect(reader.finish()).toEqual(parseProductCsv(text));
    expect(progress.length).toBeGreaterThan(10);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it("rejects an unclosed quote with the right data row, across chunks", async () => {
    const lines = ["name,brand,slug"];
    for (let i = 1; i <= 500; i++) lines.push(`Model ${i},B,m-${i}`);
    lines.push('"Broken,B,x', "Z,B,z");
    const reader = createProductCsvReader();
    await expect(
      readCsvRecordsInChunks(lines.join("\n"), { chunkSize: 1000, onRecords: (records) => reader.addRecords(records) }),
    ).rejects.toThrow('Row 501: a quoted value is never closed (check for a missing ")');
  });
});

describe("before saving products", () => {
  const base = parsed("name,brand,slug\nA,B,a").products[0]!;

  it("clamps rating, caps price and weight with 2 decimals, and saves empty as null", () => {
    const prepared = prepareProductForSave({
      ...base,
      rating: 7.34,
      priceCents: 12_345_678_900,
      weightLbs: 12_345_678.456,
      tagline: "  ",
      website: "",
    });
    expect(prepared).toMatchObject({ rating: 5, priceCents: 9_999_999_999, weightLbs: 9_999_999.99, tagline: null, website: null });
    expect(prepareProductForSave({ ...base, rating: 4.449, weightLbs: 10.005 })).toMatchObject({ rating: 4.4, weightLbs: 10.01 });
    expect(prepareProductForSave({ ...base, rating: Number.NaN })).toMatchObject({ rating: null });
  });
});
