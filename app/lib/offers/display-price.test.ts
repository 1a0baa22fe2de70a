import { describe, expect, it } from "vitest";
import { bestOfferForClick, displayPrice, offersForCountry, type OfferForPrice, type PriceSettings } from "./display-price";

const NOW = Date.parse("2026-11-26T12:00:00.000Z");
const settings: PriceSettings = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000, today: "2026-11-26", now: NOW };

function offer(fields: Partial<OfferForPrice> & Pick<OfferForPrice, "merchantSlug">): OfferForPrice {
  return {
    merchantName: fields.merchantSlug,
    link: `https://${fields.merchantSlug}.example/p?ref=site`,
    priceMinor: 840_000,
    currency: "USD",
    salePriceMinor: null,
    saleEndsAt: null,
    availability: "InStock",
    countries: [],
    merchantCountries: [],
    source: "form",
    confirmedAt: "2026-11-20T09:00:00.000Z",
    priceChangedAt: "2026-11-01T09:00:00.000Z",
    isPrimary: false,
    ...fields,
  };
}

describe("displayPrice", () => {
  it("is the lowest price among the offers that serve the site", () => {
    const offers = [offer({ merchantSlug: "a", priceMinor: 840_000 }), offer({ merchantSlug: "b", priceMinor: 799_900 })];
    expect(displayPrice(offers, settings)).toEqual({
      kind: "price",
      amountMinor: 799_900,
      currency: "USD",
      listMinor: null,
      saleEndsAt: null,
      asOf: "2026-11-20T09:00:00.000Z",
      merchantSlug: "b",
    });
  });

  it("applies a sale while it runs, through its last day, with the list price beside it", () => {
    const sale = offer({ merchantSlug: "a", priceMinor: 840_000, salePriceMinor: 765_000, saleEndsAt: "2026-11-26" });
    expect(displayPrice([sale, offer({ merchantSlug: "b", priceMinor: 800_000 })], settings)).toMatchObject({
      kind: "price",
      amountMinor: 765_000,
      listMinor: 840_000,
      saleEndsAt: "2026-11-26",
      merchantSlug: "a",
    });
  });

  it("drops an ended sale: the next cheapest offer wins", () => {
    const ended = offer({ merchantSlug: "a", priceMinor: 840_000, salePriceMinor: 765_000, saleEndsAt: "2026-11-25" });
    expect(displayPrice([ended, offer({ merchantSlug: "b", priceMinor: 800_000 })], settings)).toMatchObject({
      amountMinor: 800_000,
      listMinor: null,
      saleEndsAt: null,
      merchantSlug: "b",
    });
  });

  it("ignores a sale price that is not below the price", () => {
    expect(displayPrice([offer({ merchantSlug: "a", priceMinor: 500_000, salePriceMinor: 500_000 })], settings)).toMatchObject({
      amountMinor: 500_000,
      listMinor: null,
    });
  });

  it("skips out of stock and discontinued offers, however cheap", () => {
    const offers = [
      offer({ merchantSlug: "a", priceMinor: 100_000, availability: "OutOfStock" }),
      offer({ merchantSlug: "b", priceMinor: 200_000, availability: "Discontinued" }),
      offer({ merchantSlug: "c", priceMinor: 900_000, availability: "BackOrder" }),
    ];
    expect(displayPrice(offers, settings)).toMatchObject({ amountMinor: 900_000, merchantSlug: "c" });
    expect(displayPrice(offers.slice(0, 2), settings)).toEqual({ kind: "none" });
  });

  it("skips offers for other countries, by the offer's countries, else the merchant's", () => {
    const offers = [
      offer({ merchantSlug: "de-shop", priceMinor: 100_000, countries: ["DE"] }),
      offer({ merchantSlug: "eu-merchant", priceMinor: 200_000, merchantCountries: ["DE", "AT"] }),
      offer({ merchantSlug: "us-offer-at-eu-merchant", priceMinor: 300_000, countries: ["US"], merchantCountries: ["DE"] }),
      offer({ merchantSlug: "everywhere", priceMinor: 400_000 }),
    ];
    expect(displayPrice(offers, settings)).toMatchObject({ amountMinor: 300_000, merchantSlug: "us-offer-at-eu-merchant" });
    expect(displayPrice(offers, { ...settings, country: "de" })).toMatchObject({ amountMinor: 100_000, merchantSlug: "de-shop" });
  });

  it("skips offers in another currency", () => {
    const offers = [
      offer({ merchantSlug: "euro", priceMinor: 100_000, currency: "EUR" }),
      offer({ merchantSlug: "dollar", priceMinor: 700_000 }),
    ];
    expect(displayPrice(offers, settings)).toMatchObject({ amountMinor: 700_000, currency: "USD" });
    expect(displayPrice(offers, { ...settings, currency: "EUR" })).toMatchObject({ amountMinor: 100_000, currency: "EUR" });
  });

  it("believes a feed price for PRICE_MAX_AGE after its last confirmation, a form or CSV price always", () => {
    const fromFeed = (confirmedAt: string) => offer({ merchantSlug: "feed", source: "feed", priceMinor: 500_000, confirmedAt });
    expect(displayPrice([fromFeed("2026-11-25T12:00:00.000Z")], settings)).toMatchObject({ kind: "price", amountMinor: 500_000 });
    expect(displayPrice([offer({ merchantSlug: "form", confirmedAt: "2020-01-01T00:00:00.000Z" })], settings)).toMatchObject({
      kind: "price",
      amountMinor: 840_000,
    });
    expect(displayPrice([offer({ merchantSlug: "csv", source: "csv", confirmedAt: "2020-01-01T00:00:00.000Z" })], settings)).toMatchObject({
      kind: "price",
    });
  });

  it("says 'check' when only stale feed prices remain, as of the latest confirmation", () => {
    const stale = [
      offer({ merchantSlug: "a", source: "feed", priceMinor: 500_000, confirmedAt: "2026-11-25T11:59:59.000Z" }),
      offer({ merchantSlug: "b", source: "feed", priceMinor: 600_000, confirmedAt: "2026-11-24T08:00:00.000Z" }),
    ];
    expect(displayPrice(stale, settings)).toEqual({ kind: "check", asOf: "2026-11-25T11:59:59.000Z" });
  });

  it("prefers a fresh price to a cheaper stale one", () => {
    const offers = [
      offer({ merchantSlug: "stale", source: "feed", priceMinor: 100_000, confirmedAt: "2026-11-01T00:00:00.000Z" }),
      offer({ merchantSlug: "fresh", priceMinor: 900_000 }),
    ];
    expect(displayPrice(offers, settings)).toMatchObject({ kind: "price", amountMinor: 900_000, merchantSlug: "fresh" });
  });

  it("is 'none' with no offers, or none with a price", () => {
    expect(displayPrice([], settings)).toEqual({ kind: "none" });
    expect(displayPrice([offer({ merchantSlug: "a", priceMinor: null })], settings)).toEqual({ kind: "none" });
    expect(displayPrice([offer({ merchantSlug: "a", priceMinor: 0 })], settings)).toEqual({ kind: "none" });
  });

  it("breaks a tie by stock, then the primary offer, then the merchant, never by read order", () => {
    const a = offer({ merchantSlug: "a", availability: "unknown" });
    const b = offer({ merchantSlug: "b", isPrimary: true, availability: "unknown" });
    const c = offer({ merchantSlug: "c" });
    expect(displayPrice([a, b, c], settings)).toMatchObject({ merchantSlug: "c" });
    expect(displayPrice([a, b], settings)).toMatchObject({ merchantSlug: "b" });
    expect(displayPrice([b, a], settings)).toMatchObject({ merchantSlug: "b" });
  });
});

describe("offersForCountry", () => {
  it("lists the site's offers cheapest first (sales applied), out of stock last, other countries left out", () => {
    const offers = [
      offer({ merchantSlug: "gone", priceMinor: 100_000, availability: "OutOfStock" }),
      offer({ merchantSlug: "dear", priceMinor: 900_000 }),
      offer({ merchantSlug: "sale", priceMinor: 950_000, salePriceMinor: 700_000, saleEndsAt: "2026-12-31" }),
      offer({ merchantSlug: "no-price", priceMinor: null }),
      offer({ merchantSlug: "german", priceMinor: 50_000, currency: "EUR", countries: ["DE"] }),
    ];
    expect(offersForCountry(offers, settings).map((o) => o.merchantSlug)).toEqual(["sale", "dear", "no-price", "gone"]);
  });
});

describe("bestOfferForClick", () => {
  const offers = [
    offer({ merchantSlug: "maker", priceMinor: 900_000, isPrimary: true }),
    offer({ merchantSlug: "retailer", priceMinor: 850_000, merchantCountries: ["US", "CA"] }),
    offer({ merchantSlug: "no-link", priceMinor: 100_000, link: null }),
    offer({ merchantSlug: "sauna-de", priceMinor: 820_000, currency: "EUR", countries: ["DE"] }),
  ];

  it("sends a German reader to the German offer", () => {
    expect(bestOfferForClick(offers, "DE", "US")?.merchantSlug).toBe("sauna-de");
  });

  it("sends a reader of the site's country to its cheapest offer with a link", () => {
    expect(bestOfferForClick(offers, "US", "US")?.merchantSlug).toBe("retailer");
  });

  it("falls back to the site's country when no offer serves the reader's", () => {
    const usOnly = offers.map((o) => ({ ...o, countries: o.countries.length ? o.countries : ["US"] }));
    expect(bestOfferForClick(usOnly, "JP", "US")?.merchantSlug).toBe("retailer");
  });

  it("prefers an offer that can be ordered, and counts a running sale as cheaper", () => {
    const choice = [
      offer({ merchantSlug: "cheap-but-gone", priceMinor: 500_000, availability: "OutOfStock" }),
      offer({ merchantSlug: "list", priceMinor: 800_000 }),
      offer({ merchantSlug: "on-sale", priceMinor: 900_000, salePriceMinor: 700_000, saleEndsAt: "2026-12-01" }),
    ];
    expect(bestOfferForClick(choice, "US", "US", "2026-11-26")?.merchantSlug).toBe("on-sale");
    expect(bestOfferForClick(choice, "US", "US", "2026-12-02")?.merchantSlug).toBe("list");
  });

  it("is null when no offer has a link", () => {
    expect(bestOfferForClick([offer({ merchantSlug: "a", link: null }), offer({ merchantSlug: "b", link: "  " })], "US", "US")).toBeNull();
  });
});
