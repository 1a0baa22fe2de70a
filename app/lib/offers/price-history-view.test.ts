import { describe, expect, it } from "vitest";
import { makeProduct } from "../../../tests/support/catalog-fixtures";
import type { PriceSettings } from "./display-price";
import { priceChart } from "./price-chart";
import { historyRange, historyRows, historySummary, priceHistoryView, productPriceDrop } from "./price-history-view";
import type { DayPrice, PriceHistoryEntry } from "./price-series";
import type { ShopOffer } from "./shop-offer";

const settings: PriceSettings = {
  country: "US",
  currency: "USD",
  maxAgeMs: 86_400_000,
  today: "2026-11-26",
  now: Date.parse("2026-11-26T12:00:00Z"),
};

const offer: ShopOffer = {
  id: 1,
  productId: 7,
  merchantId: 3,
  merchantSlug: "backyard",
  merchantName: "Backyard Leisure Co",
  link: "https://backyard.example/p",
  priceMinor: 960_000,
  currency: "USD",
  salePriceMinor: 920_000,
  saleEndsAt: "2027-01-10",
  availability: "InStock",
  countries: ["US"],
  merchantCountries: [],
  source: "csv",
  confirmedAt: "2026-11-26T06:00:00Z",
  priceChangedAt: "2026-11-18T06:00:00Z",
  isPrimary: true,
  shippingNote: null,
  merchantAffiliateParams: null,
};

function row(id: number, recordedAt: string, more: Partial<PriceHistoryEntry> = {}): PriceHistoryEntry {
  return {
    id,
    offerId: 1,
    merchantName: "Backyard Leisure Co",
    merchantCountries: [],
    priceMinor: 960_000,
    salePriceMinor: null,
    saleEndsAt: null,
    currency: "USD",
    availability: "InStock",
    recordedAt,
    ...more,
  };
}

const history = [
  row(1, "2026-08-28T06:00:00.000Z", { priceMinor: 1_000_000 }),
  row(2, "2026-10-10T06:00:00.000Z"),
  row(3, "2026-11-18T06:00:00.000Z", { salePriceMinor: 920_000, saleEndsAt: "2027-01-10" }),
];

describe("priceHistoryView", () => {
  it("sends the page the changes of the lowest price and whether today's is the lowest in 90 days", () => {
    const view = priceHistoryView(makeProduct({ offers: [offer], priceHistory: history }), settings);
    expect(view).toEqual({
      today: "2026-11-26",
      currency: "USD",
      steps: [
        { from: "2026-08-28", amountMinor: 1_000_000, merchantName: "Backyard Leisure Co" },
        { from: "2026-10-10", amountMinor: 960_000, merchantName: "Backyard Leisure Co" },
        { from: "2026-11-18", amountMinor: 920_000, merchantName: "Backyard Leisure Co" },
      ],
      lowestIn90: true,
    });
    const days = historyRange(view!, 90);
    expect(days).toHaveLength(90);
    expect(days[0]).toEqual({ day: "2026-08-29", amountMinor: 1_000_000, merchantName: "Backyard Leisure Co" });
    expect(historySummary(days, "USD", "90 days")).toBe("Lowest price over 90 days: from $10,000 to $9,200; lowest $9,200 on Nov 18.");
    expect(historyRows(view!, 90)).toEqual([
      { from: "2026-11-18", price: "$9,200", shop: "Backyard Leisure Co" },
      { from: "2026-10-10", price: "$9,600", shop: "Backyard Leisure Co" },
      { from: "2026-08-29", price: "$10,000", shop: "Backyard Leisure Co" },
    ]);
  });

  it("shows no chart without history read, or with a single day of it", () => {
    expect(priceHistoryView(makeProduct({ offers: [offer] }), settings)).toBeNull();
    expect(priceHistoryView(makeProduct({ offers: [offer], priceHistory: [row(1, "2026-11-26T01:00:00.000Z")] }), settings)).toBeNull();
  });

  it("says when the first price came after the range began", () => {
    const days: DayPrice[] = [
      { day: "2026-11-24", amountMinor: null, merchantName: null },
      { day: "2026-11-25", amountMinor: 960_000, merchantName: "A" },
      { day: "2026-11-26", amountMinor: 920_000, merchantName: "A" },
    ];
    expect(historySummary(days, "USD", "90 days")).toBe(
      "Lowest price over 90 days: from Nov 25 at $9,600 to $9,200; lowest $9,200 on Nov 26.",
    );
  });
});

describe("productPriceDrop", () => {
  it("is the drop under the past month's median, and null where the cards read no history", () => {
    const month = [
      row(1, "2026-10-01T00:00:00.000Z", { priceMinor: 1_000_000 }),
      row(2, "2026-11-25T10:00:00.000Z", { priceMinor: 900_000 }),
    ];
    const plain = { ...offer, salePriceMinor: null, saleEndsAt: null, priceMinor: 900_000 };
    expect(productPriceDrop(makeProduct({ offers: [plain], priceHistory: month }), settings)).toBe(10);
    expect(productPriceDrop(makeProduct({ offers: [plain] }), settings)).toBeNull();
  });
});

describe("priceChart", () => {
  it("draws a step line on a scale that does not start at zero, with round ticks and about four dates", () => {
    const days: DayPrice[] = Array.from({ length: 10 }, (_, index) => ({
      day: `2026-11-${String(17 + index).padStart(2, "0")}`,
      amountMinor: index < 2 ? null : index < 6 ? 960_000 : 920_000,
      merchantName: null,
    }));
    const chart = priceChart(days, { width: 420, height: 220 });
    expect(chart.ticks.map((tick) => tick.value)).toEqual([850_000, 900_000, 950_000, 1_000_000]);
    // 35.6 units a day from x = 56; a gap, then $9,600 for four days, down to $9,200 for four.
    expect(chart.path).toBe("M127.2 59.1H269.6V108.1H412");
    expect(chart.last).toEqual({ x: 412, y: 108.1 });
    expect(chart.labels.map((label) => label.day)).toEqual(["2026-11-17", "2026-11-20", "2026-11-23", "2026-11-26"]);
  });
});
