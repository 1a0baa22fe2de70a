import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { feedReading } from "./feed-reading";

// The German shop's CSV (tests/fixtures/feeds): ";"-separated, "14.990,00", a Waehrung column.
const german = readFileSync(path.join(__dirname, "../../../tests/fixtures/feeds/german-shop.csv"), "utf8")
  .trim()
  .split("\n")
  .map((line) => line.split(";"));
const [columns, ...sample] = german as [string[], ...string[][]];

describe("feedReading", () => {
  it("shows how the German shop's rows read: a decimal comma decided from the rows, euros kept as euros", () => {
    const reading = feedReading(
      columns,
      sample,
      { id: "Artikelnummer", price: "Preis", currency: "Waehrung", availability: "Lieferstatus" },
      {
        currency: null,
        decimalMark: null,
      },
    );
    expect(reading).toMatchObject({ ok: true, note: "Prices are read with a decimal comma (14.990,00), as these rows write them." });
    expect(reading!.rows.map((row) => [row.line, row.written, row.read])).toEqual([
      [2, "14.990,00 EUR", "€14,990.00 (EUR) · In stock"],
      [3, "4.599,50 EUR", "€4,599.50 (EUR) · Out of stock"],
      [4, "1.499 EUR", "€1,499.00 (EUR) · Pre-order"],
    ]);
  });

  it("says why a row would be refused, and asks for what the rows cannot tell", () => {
    const reading = feedReading(
      ["sku", "cost"],
      [
        ["A-1", "1499.00 USD"],
        ["", "10.00 USD"],
      ],
      { id: "sku", price: "cost" },
      { currency: null, decimalMark: null },
    );
    expect(reading!.rows[1]).toMatchObject({ ok: false, read: expect.stringContaining("has no id") });
    const unsure = feedReading(["sku", "cost"], [["A-1", "1.499"]], { id: "sku", price: "cost" }, { currency: "EUR", decimalMark: null });
    expect(unsure).toMatchObject({ ok: false, note: expect.stringContaining("Choose the feed's decimal separator") });
    // The owner's choice on the feed settles it.
    const settled = feedReading(["sku", "cost"], [["A-1", "1.499"]], { id: "sku", price: "cost" }, { currency: "EUR", decimalMark: "," });
    expect(settled!.rows[0]!.read).toBe("€1,499.00 (EUR) · Ask the shop about stock");
  });

  it("has nothing to show until id and price are mapped to columns the file has", () => {
    expect(feedReading(["sku"], [["A-1"]], { id: "sku" }, { currency: null, decimalMark: null })).toBeNull();
  });
});
