import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCollectionCsv, splitProductRefs, type CollectionCsvResult } from "./collection-csv";
import { IMPORT_MESSAGES } from "./import-messages";

const fixture = readFileSync(path.resolve(__dirname, "../../../tests/fixtures/admin-collections.csv"), "utf8");

function parsed(text: string): CollectionCsvResult {
  const outcome = parseCollectionCsv(text);
  if (!outcome.ok) throw new Error(`expected a parse, got: ${outcome.error}`);
  return outcome;
}

describe("collections CSV", () => {
  it("parses the e2e fixture", () => {
    const result = parsed(fixture);
    expect(result.collections).toEqual([
      {
        rowNumber: 1,
        slug: "e2e-frostline-picks",
        title: "Frostline Picks",
        description: "Hand-picked, in our order",
        imageUrl: "https://example.com/images/picks.jpg",
        featured: true,
        productRefs: ["kettu-cube-2", "aurora-lakeside-barrel-4", "short-row-sauna"],
      },
    ]);
    expect(result.missingFieldWarnings).toEqual(["Row 1: Missing slug"]);
  });

  it("lowercases headers and takes the title from 'name' when there is no 'title'", () => {
    const result = parsed("SLUG,Name,Description\nbest,Best Ones,Top");
    expect(result.collections[0]).toMatchObject({ slug: "best", title: "Best Ones", description: "Top" });
    expect(result.columns).toEqual(["description"]);
  });

  it("prefers 'title' over 'name', and 'image_url' over 'image'", () => {
    const result = parsed("slug,name,title,image,image_url\na,Name,Title,https://x.example/i.jpg,https://x.example/u.jpg");
    expect(result.collections[0]).toMatchObject({ title: "Title", imageUrl: "https://x.example/u.jpg" });
    expect(parsed("slug,title,image\na,T,pic.jpg").collections[0]!.imageUrl).toBe("pic.jpg");
  });

  it("drops rows without slug or title and numbers the warnings among the offending rows only", () => {
    const text = ["slug,title", "a,A", ",No slug", "b,B", "c,", ",", "d,D", ",Again no slug"].join("\n");
    const result = parsed(text);
    expect(result.collections.map((c) => c.slug)).toEqual(["a", "b", "d"]);
    // Offending rows are file rows 2, 4, 7; blank row 5 is not offending.
    expect(result.missingFieldWarnings).toEqual(["Row 1: Missing slug", "Row 2: Missing title", "Row 3: Missing slug"]);
    expect(IMPORT_MESSAGES.collectionsWarningHeader).toBe("The following rows have missing required fields that may cause issues:");
  });

  it("lists both names when both are missing", () => {
    const result = parsed("slug,title,description\n,,only a description\nok,OK,");
    expect(result.missingFieldWarnings).toEqual(["Row 1: Missing title, slug"]);
  });

  it("splits product_ids on commas, trimmed, without empties or repeats", () => {
    expect(splitProductRefs(" 12, tyyni-6 ,,12, cube ")).toEqual(["12", "tyyni-6", "cube"]);
    expect(parsed('slug,title,product_ids\na,A,"3,1,2"').collections[0]!.productRefs).toEqual(["3", "1", "2"]);
  });

  it("reads featured as true for 'true' or '1'", () => {
    const result = parsed("slug,title,featured\na,A,true\nb,B,1\nc,C,yes\nd,D,");
    expect(result.collections.map((c) => c.featured)).toEqual([true, true, false, false]);
  });

  it("drops a non-http(s) image and says so", () => {
    const result = parsed("slug,title,image_url\na,A,javascript:alert(1)");
    expect(result.collections[0]!.imageUrl).toBeNull();
    expect(result.otherWarnings).toEqual(['Row 1: image_url "javascript:alert(1)" is not an http(s) link or a file name (dropped)']);
  });

  it("refuses a file that uses one slug on two rows, in any letter case, naming both rows", () => {
    expect(parseCollectionCsv("slug,title\ndup-1,First\nb,B\n\nDUP-1,Second")).toEqual({
      ok: false,
      error:
        "Rows 1 and 4 both use the slug dup-1. Each slug may appear once in a file (letter case does not count); nothing is saved until it does.",
    });
  });

  it("keeps slugs and the product slugs it lists in lower case", () => {
    const result = parsed('slug,title,product_ids\n Best-Cedar ,A,"Tyyni-4, 12"');
    expect(result.collections[0]!.slug).toBe("best-cedar");
    expect(result.collections[0]!.productRefs).toEqual(["tyyni-4", "12"]);
  });

  it("refuses empty files and files without a valid row", () => {
    expect(parseCollectionCsv("")).toEqual({ ok: false, error: "CSV file is empty" });
    expect(parseCollectionCsv("slug,title\n")).toEqual({
      ok: false,
      error: "No valid collections found in CSV. Please check the format and try again.",
    });
    expect(parseCollectionCsv("name,description\nA,B")).toEqual({
      ok: false,
      error: "No valid collections found in CSV. Please check the format and try again.",
    });
  });

  it("handles a BOM and CRLF", () => {
    expect(parsed("\ufeffslug,title\r\na,A\r\n").collections[0]).toMatchObject({ slug: "a", title: "A" });
  });
});
