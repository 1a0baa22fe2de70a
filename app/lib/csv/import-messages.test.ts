import { describe, expect, it } from "vitest";
import { COLLECTION_CSV_TEMPLATE, csvDataUrl, PRODUCT_CSV_TEMPLATE } from "./csv-guidelines";
import { parseCollectionCsv } from "./collection-csv";
import { MAX_CSV_BYTES } from "../admin/upload-limits";
import { checkCsvFile, IMPORT_MESSAGES } from "./import-messages";
import { parseProductCsv } from "./product-csv";

describe("CSV file checks (file type)", () => {
  it("accepts text/csv or a .csv name", () => {
    expect(checkCsvFile({ name: "products.CSV", type: "", size: 10 }, "products")).toBeNull();
    expect(checkCsvFile({ name: "export", type: "text/csv", size: 10 }, "products")).toBeNull();
  });

  it("refuses other files with the spec's words, per kind", () => {
    expect(checkCsvFile({ name: "products.xlsx", type: "application/vnd.ms-excel", size: 10 }, "products")).toEqual({
      title: "Invalid file type",
      description: "Please upload a CSV file for products",
    });
    expect(checkCsvFile({ name: "c.txt", type: "text/plain", size: 10 }, "collections")).toEqual({
      title: "Invalid file type",
      description: "Please upload a CSV file for collections",
    });
  });

  it("refuses an empty file", () => {
    expect(checkCsvFile({ name: "a.csv", type: "text/csv", size: 0 }, "products")).toEqual({
      title: "Error parsing CSV",
      description: "CSV file is empty",
    });
  });

  it("refuses a file over 20 MB with a clear message, and takes exactly 20 MB", () => {
    expect(MAX_CSV_BYTES).toBe(20 * 1024 * 1024);
    expect(checkCsvFile({ name: "a.csv", type: "text/csv", size: MAX_CSV_BYTES }, "products")).toBeNull();
    expect(checkCsvFile({ name: "a.csv", type: "text/csv", size: 24_536_678 }, "products")).toEqual({
      title: "File too large",
      description: "This file is 23.4 MB; the limit is 20 MB. Split it into smaller files and import them one after another.",
    });
  });
});

describe("the toast words", () => {
  it("products", () => {
    expect(IMPORT_MESSAGES.csvUploadedTitle).toBe("CSV Uploaded Successfully");
    expect(IMPORT_MESSAGES.csvUploaded(3)).toBe("Parsed 3 products from CSV");
    expect(`${IMPORT_MESSAGES.noProductsTitle} - ${IMPORT_MESSAGES.noProducts}`).toBe(
      "No products to save - Please upload a CSV file first",
    );
    expect(IMPORT_MESSAGES.productsSavedTitle).toBe("Products Saved Successfully");
    expect(IMPORT_MESSAGES.productsSaved(20000)).toBe("Saved 20000 products to the database");
    // One is one: "Saved 1 products" read as a mistake.
    expect(IMPORT_MESSAGES.productsSaved(1)).toBe("Saved 1 product to the database");
    expect(IMPORT_MESSAGES.csvUploaded(1)).toBe("Parsed 1 product from CSV");
    expect(IMPORT_MESSAGES.productsSaveErrorTitle).toBe("Error saving products");
    expect(IMPORT_MESSAGES.parseErrorTitle).toBe("Error parsing CSV");
    expect(IMPORT_MESSAGES.parseErrorFallback).toBe("Failed to parse the CSV file");
  });

  it("collections", () => {
    expect(IMPORT_MESSAGES.collectionsSavedTitle).toBe("Collections Saved Successfully");
    expect(IMPORT_MESSAGES.collectionsSaved(2)).toBe(
      "Saved 2 collections to the database. Existing collections with the same slugs were overwritten.",
    );
    expect(IMPORT_MESSAGES.collectionsSaved(1)).toMatch(/^Saved 1 collection to the database\./);
    expect(IMPORT_MESSAGES.noCollectionsTitle).toBe("No collections to save");
    expect(IMPORT_MESSAGES.noCollections).toBe("Please upload a CSV file first");
    expect(IMPORT_MESSAGES.collectionsSaveErrorTitle).toBe("Error saving collections");
    expect(IMPORT_MESSAGES.collectionsSaveErrorFallback).toBe("Failed to save collections to the database");
    expect(IMPORT_MESSAGES.collectionsInsertFailed("boom")).toBe("Error saving collections: Failed to insert collections: boom");
    expect(IMPORT_MESSAGES.collectionsLoadErrorTitle).toBe("Error loading collections");
  });
});

describe("templates", () => {
  it("the product template parses without warnings", () => {
    const outcome = parseProductCsv(PRODUCT_CSV_TEMPLATE);
    expect(outcome.ok && outcome.warnings).toEqual([]);
    expect(outcome.ok && outcome.products[0]).toMatchObject({
      slug: "tyyni-barrel-6",
      priceCents: 849_900,
      images: ["tyyni-front.jpg", "https://example.com/images/tyyni-side.jpg"],
      collectionIds: ["barrel-saunas", "six-person-saunas"],
    });
  });

  it("the collections template parses without warnings", () => {
    const outcome = parseCollectionCsv(COLLECTION_CSV_TEMPLATE);
    expect(outcome.ok && [outcome.missingFieldWarnings, outcome.otherWarnings]).toEqual([[], []]);
    expect(outcome.ok && outcome.collections[0]!.productRefs).toEqual(["tyyni-barrel-6", "cube-4"]);
  });

  it("downloads as a data URL", () => {
    expect(decodeURIComponent(csvDataUrl("a,b\r\n1,2").split(",").slice(1).join(","))).toBe("a,b\r\n1,2");
  });
});
