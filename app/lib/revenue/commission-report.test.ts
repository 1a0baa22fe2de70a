import { describe, expect, it } from "vitest";
import { commissionReportText, REPORT_HEADER } from "../../../tests/support/commission-report-file";
import { guessColumnMap, readAmount, readCommissionReport, readReportDate, readStatus, type ColumnMap } from "./commission-report";

const AWIN = [
  "Transaction ID,Transaction Date,Click Ref,Sale Amount,Commission Amount,Currency,Commission Status",
  'AW-1,20/11/2026 14:05,k3j9x2m7qp,"1,299.00",64.95,EUR,pending',
  "AW-2,21/11/2026,,450.00,22.50,GBP,approved",
  "AW-2,21/11/2026,,450.00,22.50,GBP,declined",
].join("\n");

describe("readCommissionReport", () => {
  const map = guessColumnMap(AWIN.split("\n")[0]!.split(","));

  it("guesses an Awin-like report's mapping, dates day first", () => {
    expect(map).toEqual({
      columns: {
        date: "Transaction Date",
        orderId: "Transaction ID",
        subId: "Click Ref",
        sale: "Sale Amount",
        commission: "Commission Amount",
        currency: "Currency",
        status: "Commission Status",
      },
      defaultCurrency: "USD",
      dayFirst: true,
    });
  });

  it("reads each order once, the later line of a repeated order winning, amounts in their own currency", () => {
    const reading = readCommissionReport(AWIN, map);
    expect(reading).toEqual({
      ok: true,
      errors: [],
      rows: [
        {
          line: 2,
          orderId: "AW-1",
          subId: "k3j9x2m7qp",
          orderedAt: Date.parse("2026-11-20T14:05:00Z"),
          saleHundredths: 129_900,
          commissionHundredths: 6_495,
          currency: "EUR",
          status: "pending",
        },
        {
          line: 4,
          orderId: "AW-2",
          subId: null,
          orderedAt: Date.parse("2026-11-21T00:00:00Z"),
          saleHundredths: 45_000,
          commissionHundredths: 2_250,
          currency: "GBP",
          status: "reversed",
        },
      ],
    });
  });

  it("says what is wrong with each bad row, by line", () => {
    const text = ["Order ID,Date,Sub,Sale,Commission,Status", ",2026-11-20,a,1,1,pending", "B,yesterday,a,x,1,lost"].join("\n");
    const columns: ColumnMap = {
      columns: { date: "Date", orderId: "Order ID", subId: "Sub", sale: "Sale", commission: "Commission", currency: "", status: "Status" },
      defaultCurrency: "USD",
      dayFirst: false,
    };
    const reading = readCommissionReport(text, columns);
    expect(reading.ok && reading.errors).toEqual([
      "Line 2: the order ID is empty.",
      'Line 3: "yesterday" is not a date (write 2026-11-20, or as the mapping says); the sale amount "x" is not a number; the status "lost" is not one we know (pending, approved or reversed, or the network\'s word for one).',
    ]);
  });

  it("refuses a mapping naming a column the report does not have", () => {
    expect(readCommissionReport(AWIN, { ...map, columns: { ...map.columns, subId: "SubID" } })).toEqual({
      ok: false,
      error: 'This report has no column "SubID".',
    });
  });
});

describe("values", () => {
  it("reads amounts written the usual ways", () => {
    expect(readAmount("$89.99")).toBe(8_999);
    expect(readAmount("1,299.00")).toBe(129_900);
    expect(readAmount("1.299,50")).toBe(129_950);
    expect(readAmount("12,5")).toBe(1_250);
    expect(readAmount("1,299")).toBe(129_900);
    expect(readAmount("-3.6")).toBe(-360);
    expect(readAmount("(4.00)")).toBe(-400);
    expect(readAmount("€ 7")).toBe(700);
    expect(readAmount("")).toBeNull();
    expect(readAmount("n/a")).toBeNull();
  });

  it("reads dates and the networks' status words", () => {
    expect(readReportDate("2026-11-22", false)).toBe(Date.parse("2026-11-22T00:00:00Z"));
    expect(readReportDate("11/22/2026", false)).toBe(Date.parse("2026-11-22T00:00:00Z"));
    expect(readReportDate("22/11/2026 9:05", true)).toBe(Date.parse("2026-11-22T09:05:00Z"));
    expect(readReportDate("2026-02-30", false)).toBeNull();
    expect(readStatus("Declined")).toBe("reversed");
    expect(readStatus("Shipped")).toBe("approved");
    expect(readStatus("Locked")).toBe("pending");
  });
});

describe("reading a large report", () => {
  const map = guessColumnMap(REPORT_HEADER.split(","));

  function timed(lines: number) {
    const text = commissionReportText(lines);
    const started = performance.now();
    const reading = readCommissionReport(text, map);
    const ms = performance.now() - started;
    if (!reading.ok) throw new Error(reading.error);
    return { ms, reading };
  }

  it("finds repeated orders in a Map: twice the rows take about twice the time, not four times", () => {
    timed(5_000); // warm up the JIT
    const small = timed(20_000);
    const large = timed(40_000);
    // Every 10th line repeats an order five lines up: 18,000 and 36,000 orders.
    expect(small.reading.ok && small.reading.rows.length).toBe(18_000);
    expect(large.reading.ok && large.reading.rows.length).toBe(36_000);
    // The quadratic reader took 3.3 s for 20,000 rows and four times that for 40,000.
    expect(small.ms).toBeLessThan(1_500);
    expect(large.ms).toBeLessThan(Math.max(4 * small.ms, 600));
    console.info(`commission report read: 20,000 rows ${small.ms.toFixed(0)} ms, 40,000 rows ${large.ms.toFixed(0)} ms`);
  });

  it("keeps a repeated order once, at its latest line, in the order of those lines", () => {
    const { reading } = timed(20);
    const order5 = reading.rows.filter((row) => row.orderId === "AW-5");
    expect(order5).toEqual([expect.objectContaining({ line: 11, status: "approved" })]);
    expect(reading.rows.map((row) => row.line)).toEqual([...reading.rows.map((row) => row.line)].sort((a, b) => a - b));
  });
});
