import { readFileSync } from "node:fs";
import path from "node:path";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { cellDecimalMark, decimalMarkOf, splitAmountWith } from "./feed-amounts";
import { parseFeedPrice } from "./feed-price";
import { readFeedRow } from "./feed-row";

describe("cellDecimalMark", () => {
  it.each([
    ["14.990,00", ","],
    ["14,990.00", "."],
    ["14 990,00 €", ","],
    ["14\u00a0990,00 EUR", ","],
    ["1.499.000", ","],
    ["1,499,000", "."],
    ["12,99", ","],
    ["1299.00 USD", "."],
    ["1.499", null],
    ["14,990", null],
    ["1499", undefined],
    ["EUR 1499", undefined],
  ] as const)("%s → %s", (cell, mark) => {
    expect(cellDecimalMark(cell)).toBe(mark);
  });
});

describe("decimalMarkOf", () => {
  it("decides for the whole feed from the cells that tell, so a lone 1.499 reads as the others do", () => {
    expect(decimalMarkOf(["1.499", "", "14.990,00", "4.599,50"])).toEqual({ ok: true, mark: ",", evidence: 2 });
    expect(decimalMarkOf(["1,499", "14,990.00"])).toEqual({ ok: true, mark: ".", evidence: 1 });
  });

  it("asks when no cell tells, naming both readings", () => {
    const reading = decimalMarkOf(["1.499", "2.999"]);
    expect(reading).toMatchObject({ ok: false, problem: "ambiguous" });
    expect(!reading.ok && reading.message).toMatch(/"1\.499" is 1499 with a decimal comma and 1\.499 with a decimal point/);
  });

  it("asks when the cells disagree rather than reading each its own way", () => {
    expect(decimalMarkOf(["14.990,00", "14,990.00"])).toMatchObject({ ok: false, problem: "conflict" });
  });

  it("reads whole amounts as a point, and looks only at the first cells", () => {
    expect(decimalMarkOf(["1499", "2999"])).toEqual({ ok: true, mark: ".", evidence: 0 });
    expect(decimalMarkOf(["12,99", "12.99"], 1)).toEqual({ ok: true, mark: ",", evidence: 1 });
  });
});

describe("splitAmountWith", () => {
  it("reads every cell the feed's way", () => {
    expect(splitAmountWith("14.990,00", ",")).toEqual({ whole: "14990", fraction: "00" });
    expect(splitAmountWith("1.499", ",")).toEqual({ whole: "1499", fraction: "" });
    expect(splitAmountWith("1.499", ".")).toEqual({ whole: "1", fraction: "499" });
    expect(splitAmountWith("14 990,00", ",")).toEqual({ whole: "14990", fraction: "00" });
    expect(splitAmountWith("14,990.00", ".")).toEqual({ whole: "14990", fraction: "00" });
  });

  it("refuses an amount written the other way", () => {
    expect(splitAmountWith("14,990.00", ",")).toBeNull();
    expect(splitAmountWith("14.99,0", ",")).toBeNull();
    expect(splitAmountWith("", ",")).toBeNull();
  });

  it("keeps the currency's own digits: 1.499 EUR under a point is refused, not rounded", () => {
    expect(parseFeedPrice("1.499 EUR", null, "Price", { decimalMark: "," })).toEqual({ ok: true, minor: 149900, currency: "EUR" });
    expect(parseFeedPrice("1.499 EUR", null, "Price", { decimalMark: "." })).toMatchObject({ ok: false });
    expect(parseFeedPrice("14,990.00 EUR", null, "Price", { decimalMark: "," })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/with a decimal comma/),
    });
  });
});

describe("a German shop's semicolon CSV", () => {
  const text = readFileSync(path.join(__dirname, "../../../tests/fixtures/feeds/german-shop.csv"), "utf8");
  const [header, ...rows] = Papa.parse<string[]>(text.trim(), { delimiter: ";" }).data;
  const column = (name: string) => header!.indexOf(name);
  const fields = (row: string[]) => ({
    id: row[column("Artikelnummer")],
    price: row[column("Preis")],
    currency: row[column("Waehrung")],
    availability: row[column("Lieferstatus")],
  });

  it("reads Preis as euros with a decimal comma and the German availability words", () => {
    const reading = decimalMarkOf(rows.map((row) => row[column("Preis")]!));
    expect(reading).toMatchObject({ ok: true, mark: "," });
    const mark = reading.ok ? reading.mark : undefined;
    const items = rows.map((row, index) => readFeedRow(fields(row), index + 2, { decimalMark: mark }));
    expect(items.map((item) => (item.ok ? [item.item.priceMinor, item.item.currency, item.item.availability] : item.reason))).toEqual([
      [1_499_000, "EUR", "InStock"],
      [459_950, "EUR", "OutOfStock"],
      [149_900, "EUR", "PreOrder"],
    ]);
  });

  it("never relabels: a price naming another currency than the row's currency column is refused", () => {
    const row = readFeedRow({ id: "1", price: "14.990,00 USD", currency: "EUR" }, 2, { decimalMark: "," });
    expect(row).toMatchObject({ ok: false, reason: expect.stringMatching(/in USD but the row's currency column says EUR/) });
    expect(readFeedRow({ id: "1", price: "14.990,00", currency: "Euro" }, 2, { decimalMark: "," })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an ISO 4217/),
    });
  });
});
