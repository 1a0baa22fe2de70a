import { describe, expect, it } from "vitest";
import { PRODUCT_EXPORT_HEADER } from "./catalog-export";
import { csvLine } from "./csv-writer";
import { measureCell, measureExportCells, measureExportHeader, measureHeaderSlug, readMeasureCell } from "./measure-csv";
import { parseProductCsv } from "./product-csv";

const heatUp = { id: 1, slug: "heat-up-time" };
const noise = { id: 2, slug: "noise" };
const energy = { id: 3, slug: "energy-per-session" };

describe("measure:<slug> cells", () => {
  it("reads value; date; version, the date and version optional", () => {
    expect(readMeasureCell("noise", "42.5; 2026-10-03; v2")).toEqual({
      entry: { slug: "noise", value: 42.5, measuredOn: "2026-10-03", methodVersion: 2 },
    });
    expect(readMeasureCell("noise", "42")).toEqual({ entry: { slug: "noise", value: 42, measuredOn: null, methodVersion: null } });
    expect(readMeasureCell("noise", "42;;3")).toEqual({ entry: { slug: "noise", value: 42, measuredOn: null, methodVersion: 3 } });
  });

  it("reads an empty cell as: remove the value", () => {
    expect(readMeasureCell("noise", "  ")).toEqual({ entry: { slug: "noise", value: null, measuredOn: null, methodVersion: null } });
  });

  it("leaves a value it cannot read as it was, saying why", () => {
    expect(readMeasureCell("noise", "loud")).toEqual({ entry: null, note: 'measure:noise "loud" is not a number (left as it was)' });
    expect(readMeasureCell("noise", "12,5").note).toContain("write the number with a point");
    expect(readMeasureCell("noise", "42; 2026-02-30").note).toBe(
      'measure:noise date "2026-02-30" is not a date written as YYYY-MM-DD (left as it was)',
    );
    expect(readMeasureCell("noise", "42; 2026-02-03; v0").note).toContain("is not a method version");
    expect(readMeasureCell("noise", "; 2026-02-03").note).toContain("has a date or version but no value");
  });

  it("names the slug of a measure header only", () => {
    expect(measureHeaderSlug(" Measure:Heat-Up-Time ")).toBe("heat-up-time");
    expect(measureHeaderSlug("measure:")).toBeNull();
    expect(measureHeaderSlug("measure:not a slug")).toBeNull();
    expect(measureHeaderSlug("price")).toBeNull();
  });

  it("writes all three parts", () => {
    expect(measureCell({ value: 24.5, measuredOn: "2026-10-03", methodVersion: 2 })).toBe("24.5; 2026-10-03; v2");
    expect(measureCell({ value: 3, measuredOn: null, methodVersion: 1 })).toBe("3; ; v1");
    expect(measureCell(undefined)).toBe("");
  });
});

describe("product CSV round trip of measurements", () => {
  const header = [...PRODUCT_EXPORT_HEADER, ...measureExportHeader([heatUp, noise, energy])];
  const row = (slug: string, cells: string[]) => {
    const record = Object.fromEntries(PRODUCT_EXPORT_HEADER.map((column) => [column, ""])) as Record<string, string>;
    Object.assign(record, { name: slug.toUpperCase(), brand: "North", slug });
    return [...PRODUCT_EXPORT_HEADER.map((column) => record[column]!), ...cells];
  };

  it("reads back what was exported, an older method's value included", () => {
    const values = [
      { measurementId: 1, value: 24.5, measuredOn: "2026-10-03", methodVersion: 2 },
      // Taken under method 1 of the noise test: kept, and still marked as method 1 after the trip.
      { measurementId: 2, value: 41, measuredOn: "2025-06-01", methodVersion: 1 },
    ];
    const text =
      csvLine(header) +
      csvLine(row("valo", measureExportCells([heatUp, noise, energy], values))) +
      csvLine(row("kota", measureExportCells([heatUp, noise, energy], [])));
    const parsed = parseProductCsv(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.measureSlugs).toEqual(["heat-up-time", "noise", "energy-per-session"]);
    expect(parsed.products[0]!.measurements).toEqual([
      { slug: "heat-up-time", value: 24.5, measuredOn: "2026-10-03", methodVersion: 2 },
      { slug: "noise", value: 41, measuredOn: "2025-06-01", methodVersion: 1 },
      { slug: "energy-per-session", value: null, measuredOn: null, methodVersion: null },
    ]);
    // Every cell of a product without values reads as "none": the import clears nothing it should keep.
    expect(parsed.products[1]!.measurements!.every((entry) => entry.value === null)).toBe(true);
  });

  it("keeps a negative value through the spreadsheet guard", () => {
    const text = csvLine(header) + csvLine(row("valo", ["-3.5; 2026-01-02; v1", "", ""]));
    const parsed = parseProductCsv(text);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.products[0]!.measurements![0]).toEqual({ slug: "heat-up-time", value: -3.5, measuredOn: "2026-01-02", methodVersion: 1 });
  });

  it("has no measurements at all for a file without measure columns, and warns per row for a bad cell", () => {
    const plain = parseProductCsv("name,brand,slug\r\nValo,North,valo\r\n");
    if (!plain.ok) throw new Error(plain.error);
    expect(plain.products[0]!.measurements).toBeUndefined();
    const bad = parseProductCsv("name,brand,slug,measure:noise\r\nValo,North,valo,quiet\r\n");
    if (!bad.ok) throw new Error(bad.error);
    expect(bad.warnings).toEqual(['Row 1: measure:noise "quiet" is not a number (left as it was)']);
    expect(bad.products[0]!.measurements).toEqual([]);
  });
});
