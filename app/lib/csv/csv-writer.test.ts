import { describe, expect, it } from "vitest";
import { readCsvRecords } from "./csv-table";
import { csvLine, formulaSafeCsvCell, restoreFormulaCell } from "./csv-writer";

describe("the CSV writer", () => {
  it("quotes every cell, doubles quotes inside, ends records with CRLF", () => {
    expect(csvLine(["a", 'The "Lakeside"', "b,c", "line\nbreak"])).toBe('"a","The ""Lakeside""","b,c","line\nbreak"\r\n');
    expect(csvLine([])).toBe("\r\n");
  });

  it("neutralises cells a spreadsheet would run as a formula", () => {
    expect(formulaSafeCsvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(formulaSafeCsvCell(`${start}1`)).toBe(`"'${start}1"`);
    expect(formulaSafeCsvCell("ann@example.com")).toBe('"ann@example.com"');
    expect(formulaSafeCsvCell("4-person")).toBe('"4-person"');
  });

  it("adds one more apostrophe to a cell that already looks neutralised, so reading it back is exact", () => {
    expect(formulaSafeCsvCell("'=1")).toBe(`"''=1"`);
    expect(formulaSafeCsvCell("'plain")).toBe(`"'plain"`);
  });

  it("the importer removes exactly the apostrophe the writer added", () => {
    expect(restoreFormulaCell("'=1")).toBe("=1");
    expect(restoreFormulaCell("''=1")).toBe("'=1");
    expect(restoreFormulaCell("'plain")).toBe("'plain");
    expect(restoreFormulaCell("'")).toBe("'");
    expect(restoreFormulaCell("=1")).toBe("=1");
  });

  it("round-trips any text through a written and re-read record", () => {
    const cells = [
      "=SUM(A1)",
      "+1",
      "-20% off",
      "@home",
      "\tTabbed",
      "'=quoted",
      "''-twice",
      "'",
      "it's",
      'say "hi"',
      "a,b",
      "multi\nline",
      "",
    ];
    const [record] = readCsvRecords(csvLine(cells));
    expect(record).toEqual(cells);
  });
});
