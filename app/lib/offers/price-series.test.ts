import { describe, expect, it } from "vitest";
import { displayPrice, type OfferForPrice, type PriceSettings } from "./display-price";
import {
  addDays,
  dailyLowestPrices,
  isLowestInDays,
  median,
  priceDropPercent,
  priceSteps,
  seriesFromSteps,
  type DayPrice,
  type ListedOffer,
  type PriceHistoryEntry,
} from "./price-series";

const settings: PriceSettings = {
  country: "US",
  currency: "USD",
  maxAgeMs: 24 * 3_600_000,
  today: "2026-11-26",
  now: Date.parse("2026-11-26T12:00:00Z"),
};

let nextId = 1;
function entry(offerId: number, recordedAt: string, priceMinor: number | null, more: Partial<PriceHistoryEntry> = {}): PriceHistoryEntry {
  return {
    id: nextId++,
    offerId,
    merchantName: `Shop ${offerId}`,
    merchantCountries: [],
    priceMinor,
    salePriceMinor: null,
    saleEndsAt: null,
    currency: "USD",
    availability: "InStock",
    recordedAt,
    ...more,
  };
}

function offer(id: number, priceMinor: number | null, more: Partial<ListedOffer> = {}): ListedOffer {
  return {
    id,
    merchantSlug: `shop-${id}`,
    merchantName: `Shop ${id}`,
    link: null,
    priceMinor,
    currency: "USD",
    salePriceMinor: null,
    saleEndsAt: null,
    availability: "InStock",
    countries: [],
    merchantCountries: [],
    source: "form",
    confirmedAt: "2026-11-26T06:00:00Z",
    priceChangedAt: "2026-11-26T06:00:00Z",
    isPrimary: id === 1,
    ...more,
  };
}

const amounts = (series: DayPrice[]) => series.map((point) => point.amountMinor);

/** A series ending today with these values, oldest first. */
function seriesOf(values: Array<number | null>): DayPrice[] {
  return values.map((amountMinor, index) => ({ day: addDays(settings.today, index - values.length + 1), amountMinor, merchantName: null }));
}

describe("addDays", () => {
  it("names the same day as the calendar does, across leap days and centuries (1900–2200)", () => {
    const viaDate = (n: number) => new Date(Date.UTC(1900, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    for (let n = 0; n < 110_000; n++) expect(addDays("1900-01-01", n), viaDate(n)).toBe(viaDate(n));
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2100-03-01", -1)).toBe("2100-02-28");
    expect(addDays("2000-03-01", -1)).toBe("2000-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});

describe("dailyLowestPrices", () => {
  it("gives each day the price that held at its end, with no value before the first record", () => {
    const history = [
      entry(1, "2026-11-21T09:00:00.000Z", 960_000),
      // Cut and put back within a day: the day ends at the later price.
      entry(1, "2026-11-23T08:00:00.000Z", 900_000),
      entry(1, "2026-11-23T20:00:00.000Z", 920_000),
    ];
    const series = dailyLowestPrices(history, [offer(1, 920_000)], settings, 8);
    expect(series.map((point) => point.day)).toEqual([
      "2026-11-19",
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(amounts(series)).toEqual([null, null, 960_000, 960_000, 920_000, 920_000, 920_000, 920_000]);
    expect(series.at(-1)?.merchantName).toBe("Shop 1");
  });

  it("takes the lowest of the shops that could sell, skipping out of stock, other countries and other currencies", () => {
    const history = [
      entry(1, "2026-11-01T00:00:00.000Z", 1_000_000),
      // Cheaper, but out of stock until the 24th.
      entry(2, "2026-11-01T00:00:00.000Z", 950_000, { availability: "OutOfStock" }),
      entry(2, "2026-11-24T10:00:00.000Z", 950_000),
      // Cheaper still, but for Germany only (its countries are the listed offer's).
      entry(3, "2026-11-01T00:00:00.000Z", 800_000),
      // A euro price is never compared with dollars.
      entry(4, "2026-11-01T00:00:00.000Z", 700_000, { currency: "EUR" }),
      // A removed offer sells where its shop does: Germany.
      entry(5, "2026-11-01T00:00:00.000Z", 600_000, { merchantCountries: ["DE"] }),
    ];
    const listed = [
      offer(1, 1_000_000),
      offer(2, 950_000),
      offer(3, 800_000, { countries: ["DE"] }),
      offer(4, 700_000, { currency: "EUR" }),
    ];
    const series = dailyLowestPrices(history, listed, settings, 4);
    expect(amounts(series)).toEqual([1_000_000, 950_000, 950_000, 950_000]);
    expect(series.map((point) => point.merchantName)).toEqual(["Shop 1", "Shop 2", "Shop 2", "Shop 2"]);
  });

  it("applies a sale on the days it runs, its last day included", () => {
    const history = [entry(1, "2026-11-01T00:00:00.000Z", 1_000_000, { salePriceMinor: 900_000, saleEndsAt: "2026-11-23" })];
    const listed = [offer(1, 1_000_000, { salePriceMinor: 900_000, saleEndsAt: "2026-11-23" })];
    expect(amounts(dailyLowestPrices(history, listed, settings, 5))).toEqual([900_000, 900_000, 1_000_000, 1_000_000, 1_000_000]);
  });

  it("stops counting a removed offer from the row its removal wrote", () => {
    const history = [
      entry(1, "2026-11-01T00:00:00.000Z", 1_000_000),
      entry(2, "2026-11-01T00:00:00.000Z", 900_000),
      entry(2, "2026-11-24T15:00:00.000Z", null, { availability: "Discontinued" }),
    ];
    expect(amounts(dailyLowestPrices(history, [offer(1, 1_000_000)], settings, 4))).toEqual([900_000, 1_000_000, 1_000_000, 1_000_000]);
  });

  it("ends on the displayed price itself, whatever the history says", () => {
    // The feed's price was recorded, but its last run is older than a day: the page shows the form price.
    const history = [entry(1, "2026-11-01T00:00:00.000Z", 1_000_000), entry(2, "2026-11-01T00:00:00.000Z", 800_000)];
    const listed = [offer(1, 1_000_000), offer(2, 800_000, { source: "feed", confirmedAt: "2026-11-20T00:00:00Z" })];
    const series = dailyLowestPrices(history, listed, settings, 3);
    const shown = displayPrice(listed as OfferForPrice[], settings);
    expect(shown).toMatchObject({ kind: "price", amountMinor: 1_000_000, currency: "USD" });
    expect(series.at(-1)).toEqual({ day: "2026-11-26", amountMinor: 1_000_000, merchantName: "Shop 1" });
    expect(amounts(series)).toEqual([800_000, 800_000, 1_000_000]);

    // Only the stale feed price: "Check price" on the page, no value in the chart.
    const stale = [offer(2, 800_000, { source: "feed", confirmedAt: "2026-11-20T00:00:00Z" })];
    expect(displayPrice(stale, settings).kind).toBe("check");
    expect(dailyLowestPrices(history, stale, settings, 2).at(-1)?.amountMinor).toBeNull();
  });

  it("agrees with the displayed price on a sale that runs today", () => {
    const listed = [offer(1, 960_000), offer(2, 960_000, { salePriceMinor: 920_000, saleEndsAt: "2027-01-10" })];
    const history = [
      entry(1, "2026-10-01T00:00:00.000Z", 960_000),
      entry(2, "2026-10-01T00:00:00.000Z", 960_000, { salePriceMinor: 920_000, saleEndsAt: "2027-01-10" }),
    ];
    const today = dailyLowestPrices(history, listed, settings, 1)[0];
    const shown = displayPrice(listed, settings);
    expect(shown.kind === "price" && shown.amountMinor).toBe(today?.amountMinor);
    expect(today?.amountMinor).toBe(920_000);
  });
});

describe("median", () => {
  it("is the middle value, or the rounded mean of the middle two", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 4])).toBe(3);
    expect(median([900_000, 1_000_000])).toBe(950_000);
    expect(median([])).toBeNull();
  });
});

describe("priceDropPercent", () => {
  const month = (today: number | null, past = 1_000_000) => seriesOf([...Array<number>(30).fill(past), today]);

  it("claims a drop of 5% or more under the past 30 days' median, rounded", () => {
    expect(priceDropPercent(month(940_000))).toBe(6);
    expect(priceDropPercent(month(950_000))).toBe(5);
    expect(priceDropPercent(month(800_000))).toBe(20);
  });

  it("claims nothing for a smaller move, a rise, or no price today", () => {
    expect(priceDropPercent(month(960_000))).toBeNull();
    expect(priceDropPercent(month(1_100_000))).toBeNull();
    expect(priceDropPercent(month(null))).toBeNull();
  });

  it("reads the median, so one cheap day in the month does not hide a drop and one dear day does not invent one", () => {
    const spike = [...Array<number>(29).fill(900_000), 2_000_000, 900_000];
    expect(priceDropPercent(seriesOf(spike))).toBeNull();
    const dip = [...Array<number>(29).fill(1_000_000), 500_000, 900_000];
    expect(priceDropPercent(seriesOf(dip))).toBe(10);
  });

  it("needs 20 priced days in the month: gaps are left out, not counted as zero", () => {
    expect(priceDropPercent(seriesOf([...Array<null>(11).fill(null), ...Array<number>(19).fill(1_000_000), 900_000]))).toBeNull();
    expect(priceDropPercent(seriesOf([...Array<null>(10).fill(null), ...Array<number>(20).fill(1_000_000), 900_000]))).toBe(10);
  });
});

describe("isLowestInDays", () => {
  it("is true when today is at or under every priced day of the past 90 and under at least one", () => {
    expect(isLowestInDays(seriesOf([...Array<number>(90).fill(1_000_000), 950_000]))).toBe(true);
    expect(isLowestInDays(seriesOf([...Array<number>(60).fill(1_000_000), ...Array<number>(30).fill(950_000), 950_000]))).toBe(true);
  });

  it("is false for a price that never moved, a lower day in the window, or too little history", () => {
    expect(isLowestInDays(seriesOf(Array<number>(91).fill(1_000_000)))).toBe(false);
    expect(isLowestInDays(seriesOf([...Array<number>(45).fill(1_000_000), 940_000, ...Array<number>(44).fill(1_000_000), 950_000]))).toBe(
      false,
    );
    expect(isLowestInDays(seriesOf([...Array<null>(61).fill(null), ...Array<number>(29).fill(1_000_000), 950_000]))).toBe(false);
  });

  it("does not look past 90 days", () => {
    expect(isLowestInDays(seriesOf([800_000, ...Array<number>(90).fill(1_000_000), 950_000]))).toBe(true);
  });
});

describe("priceSteps", () => {
  it("keeps only the changes, and gives the series back", () => {
    const series = seriesOf([null, 960_000, 960_000, 920_000, null, 920_000]);
    const steps = priceSteps(series);
    expect(steps).toEqual([
      { from: "2026-11-22", amountMinor: 960_000, merchantName: null },
      { from: "2026-11-24", amountMinor: 920_000, merchantName: null },
      { from: "2026-11-25", amountMinor: null, merchantName: null },
      { from: "2026-11-26", amountMinor: 920_000, merchantName: null },
    ]);
    expect(seriesFromSteps(steps, "2026-11-21", "2026-11-26")).toEqual(series);
  });
});
