import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCollectionCsv } from "./collection-csv";
import { parseProductCsv, PRODUCT_CSV_COLUMNS } from "./product-csv";

/**
 * Whatever an admin uploads, the parsers answer with rows (and row-level warnings) or one
 * file-level message: never an exception, which would be a 500 and a lost import.
 * The byte strings are decoded the way the upload route decodes them (UTF-8, invalid bytes
 * replaced). Random bytes rarely look like CSV, so a second generator builds files out of the
 * columns, quoting and separators the parsers care about.
 */

const RUNS = 1500;

const fragments = [
  ...PRODUCT_CSV_COLUMNS,
  "slug",
  "title",
  "name",
  "product_ids",
  "featured",
  "image_url",
  "description",
  '"',
  '""',
  ",",
  "\n",
  "\r\n",
  "\r",
  "\t",
  ";",
  "[",
  "]",
  "[a, b]",
  "[]",
  " ",
  "\ufeff",
  "\u0000",
  "0",
  "-1",
  "1e309",
  "NaN",
  "12.5",
  "$1,299.99",
  "4.9",
  "99999999999999999999",
  "true",
  "false",
  "yes",
  "https://example.com/a.jpg",
  "javascript:alert(1)",
  "../../etc/passwd",
  "<script>x</script>",
  "model-1",
  "Model 1",
  "é",
  "🔥",
  "\ud800",
  "a".repeat(300),
];
const csvLikeText = fc
  .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 8 })), { maxLength: 120 })
  .map((parts) => parts.join(""));
const headerThenRows = fc
  .tuple(
    fc.shuffledSubarray([...PRODUCT_CSV_COLUMNS, "slug", "title", "product_ids", "featured"], { minLength: 1 }),
    fc.array(fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 12 })), { maxLength: 14 }), { maxLength: 25 }),
  )
  .map(([header, rows]) =>
    [header.join(","), ...rows.map((cells) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(","))].join("\n"),
  );
const uploadedBytes = fc.uint8Array({ maxLength: 4096 }).map((bytes) => new TextDecoder("utf-8").decode(bytes));
const anyUpload = fc.oneof(uploadedBytes, csvLikeText, headerThenRows);

function expectRowsOrOneMessage(outcome: { ok: true; warnings?: unknown } | { ok: false; error: string }) {
  if (outcome.ok) return;
  expect(typeof outcome.error).toBe("string");
  expect(outcome.error.trim()).not.toBe("");
}

describe("CSV parsers under arbitrary input", () => {
  it(`the product parser never throws (${RUNS * 2} files)`, () => {
    fc.assert(
      fc.property(anyUpload, (text) => {
        const outcome = parseProductCsv(text, { knownCollectionSlugs: new Set(["a", "six-person-saunas"]) });
        expectRowsOrOneMessage(outcome);
        if (outcome.ok) {
          for (const product of outcome.products) {
            // A kept row is one the save can take: it has the required fields.
            expect(product.slug.trim()).not.toBe("");
            expect(product.name.trim()).not.toBe("");
          }
          expect(outcome.warnings.every((warning) => typeof warning === "string")).toBe(true);
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it(`the collection parser never throws (${RUNS * 2} files)`, () => {
    fc.assert(
      fc.property(anyUpload, (text) => {
        const outcome = parseCollectionCsv(text);
        expectRowsOrOneMessage(outcome);
        if (outcome.ok) {
          for (const collection of outcome.collections) expect(collection.slug.trim()).not.toBe("");
        }
      }),
      { numRuns: RUNS * 2 },
    );
  });
});
