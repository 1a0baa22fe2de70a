import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCommissionReport, type CommissionRow } from "./commission-report";
import { presetForHeaders, presetForReport, REPORT_PRESETS } from "./report-presets";

// Each network's report as it exports it (tests/fixtures/revenue/networks), recognised by its
// header and read with its preset: the sums below are worked out by hand from the fixture lines.

const fixture = (name: string) => readFileSync(path.join(__dirname, "../../../tests/fixtures/revenue/networks", name), "utf8");

function read(name: string) {
  const text = fixture(name);
  // The header is the first line that is a preset's: the title line above Amazon's is not.
  const header = text
    .split("\n")
    .map((line) => line.split(","))
    .find((cells) => presetForHeaders(cells) !== null);
  const preset = header ? presetForHeaders(header) : null;
  if (!preset) throw new Error(`${name}: no preset recognised`);
  const reading = readCommissionReport(text, preset.map);
  if (!reading.ok) throw new Error(reading.error);
  return { preset: preset.id, errors: reading.errors, rows: reading.rows };
}

const byStatus = (rows: readonly CommissionRow[]) => {
  const sums = { pending: 0, approved: 0, reversed: 0 };
  for (const row of rows) sums[row.status] += row.commissionHundredths;
  return sums;
};

describe("network presets", () => {
  it("recognises Awin's transactions and skips its totals line", () => {
    const { preset, errors, rows } = read("awin-transactions.csv");
    expect(preset).toBe("awin");
    expect(errors).toEqual([]);
    // AW-2001 pending 64.95; AW-2002 approved 22.50; AW-2003 declined: 0. "Totals" is not an order.
    expect(rows.map((row) => row.orderId)).toEqual(["AW-2001", "AW-2002", "AW-2003"]);
    expect(byStatus(rows)).toEqual({ pending: 6_495, approved: 2_250, reversed: 0 });
    expect(rows[0]).toMatchObject({ orderedAt: Date.parse("2026-11-02T14:05:00Z"), subId: "k3j9x2m7qp", currency: "EUR" });
  });

  it("nets CJ's correction lines into their orders; LOCKED and CLOSED are final", () => {
    const { preset, errors, rows } = read("cj-commission-detail.csv");
    expect(preset).toBe("cj");
    expect(errors).toEqual([]);
    // CJ-100 LOCKED 1200.00/48.00, returned in full (-1200.00/-48.00): 0, reversed.
    // CJ-101 CLOSED 800.00/32.00, one item back (-200.00/-8.00): 600.00/24.00, approved.
    // CJ-102 NEW 20.00 and CJ-103 EXTENDED 12.00: pending 32.00.
    expect(rows.map((row) => [row.orderId, row.status, row.saleHundredths, row.commissionHundredths])).toEqual([
      ["CJ-100", "reversed", 0, 0],
      ["CJ-101", "approved", 60_000, 2_400],
      ["CJ-102", "pending", 50_000, 2_000],
      ["CJ-103", "pending", 30_000, 1_200],
    ]);
    expect(byStatus(rows)).toEqual({ pending: 3_200, approved: 2_400, reversed: 0 });
  });

  it("reads Impact's actions: LOCKED and APPROVED final, REVERSED at nothing", () => {
    const { preset, rows } = read("impact-actions.csv");
    expect(preset).toBe("impact");
    // Approved 122.50 + 49.95 = 172.45; pending 75.00; IM-9004 reversed: 0.
    expect(byStatus(rows)).toEqual({ pending: 7_500, approved: 17_245, reversed: 0 });
    // 14:22:31 at UTC-8 is 22:22:31 UTC.
    expect(rows[0]).toMatchObject({ orderId: "IM-9001", orderedAt: Date.parse("2026-11-06T22:22:31Z"), subId: "k3j9x2m7qp" });
  });

  it("reads Amazon's earnings under its title line, one row per item shipped with a stable key", () => {
    const { preset, errors, rows } = read("amazon-fee-earnings.csv");
    expect(preset).toBe("amazon");
    expect(errors).toEqual([]);
    // Two identical thermometer lines (0.75 each) are two items, told apart by their place; the
    // bucket 1.17. Shipped items are final: 0.75 + 0.75 + 1.17 = 2.67 approved, sales 88.98.
    expect(rows.map((row) => row.orderId)).toEqual([
      "2026-11-03|B0SAUNA001|saunareview-20|2499#1",
      "2026-11-03|B0SAUNA001|saunareview-20|2499#2",
      "2026-11-04|B0SAUNA002|saunareview-guides-20|3900#1",
    ]);
    expect(byStatus(rows)).toEqual({ pending: 0, approved: 267, reversed: 0 });
    expect(rows.reduce((sum, row) => sum + row.saleHundredths, 0)).toBe(8_898);
    expect(rows[2]).toMatchObject({ line: 5, subId: "saunareview-guides-20", currency: "USD" });
    // Read again, the same keys: a re-import updates these lines.
    expect(read("amazon-fee-earnings.csv").rows.map((row) => row.orderId)).toEqual(rows.map((row) => row.orderId));
  });

  it("reads ShareASale's activity: Locked and Paid final, Voided at nothing", () => {
    const { preset, rows } = read("shareasale-activity.csv");
    expect(preset).toBe("shareasale");
    // Approved 32.45 (Locked) + 50.00 (Paid) = 82.45; pending 10.50; voided 4.95 → 0.
    expect(byStatus(rows)).toEqual({ pending: 1_050, approved: 8_245, reversed: 0 });
    expect(rows[3]).toMatchObject({ saleHundredths: 100_000, orderedAt: Date.parse("2026-11-10T11:11:00Z") });
  });

  it("reads Rakuten's signature orders: a return line nets its order to nothing, the Total line is skipped", () => {
    const { preset, errors, rows } = read("rakuten-signature-orders.csv");
    expect(preset).toBe("rakuten");
    expect(errors).toEqual([]);
    // RK-5001 94.95 then -94.95: reversed at 0. RK-5002 22.50 pending (no status column).
    expect(rows.map((row) => [row.orderId, row.status, row.commissionHundredths])).toEqual([
      ["RK-5001", "reversed", 0],
      ["RK-5002", "pending", 2_250],
    ]);
  });

  it("gives every preset a network, a report name and the columns a report needs", () => {
    for (const preset of REPORT_PRESETS) {
      expect(preset.map.columns.date).not.toBe("");
      expect(preset.map.columns.orderId !== "" || preset.map.columns.item !== "").toBe(true);
      expect(presetForHeaders(Object.values(preset.map.columns).filter(Boolean))?.id).toBe(preset.id);
    }
    expect(presetForHeaders(["Order", "Amount"])).toBeNull();
  });

  it("fills a report in from the network the owner named when its header is not the whole layout", () => {
    const headers = ["Transaction ID", "Transaction Date", "Click Ref", "Commission Amount", "Order Total"];
    expect(presetForReport("Awin", [...headers, "Sale Amount", "Currency", "Commission Status"])).toMatchObject({
      preset: { id: "awin" },
      whole: true,
    });
    const partial = presetForReport(" awin ", headers);
    expect(partial).toMatchObject({ preset: { id: "awin" }, whole: false });
    expect(partial!.preset.map.columns).toMatchObject({ orderId: "Transaction ID", subId: "Click Ref", sale: "", status: "" });
    expect(presetForReport("My own network", headers)).toBeNull();
  });
});
