import { describe, expect, it } from "vitest";
import { readFeedRow } from "./feed-row";

const full = {
  id: " SKU-1 ",
  title: "Barrel  sauna",
  link: "https://shop.example.com/p/1",
  price: "4,999.00 USD",
  sale_price: "4499.00 USD",
  sale_price_effective_date: "2026-11-01T00:00-0800/2026-11-30T23:59-0800",
  availability: "in stock",
  brand: "Harvia",
  gtin: "4006381333931",
  mpn: "HV-1",
  shipping: "US:::0.00 USD",
};

describe("readFeedRow", () => {
  it("reads a whole Google item", () => {
    expect(readFeedRow(full, 7)).toEqual({
      ok: true,
      line: 7,
      item: {
        id: "SKU-1",
        title: "Barrel sauna",
        link: "https://shop.example.com/p/1",
        priceMinor: 499_900,
        currency: "USD",
        salePriceMinor: 449_900,
        saleStartsAt: "2026-11-01",
        saleEndsAt: "2026-11-30",
        availability: "InStock",
        availableFrom: null,
        brand: "Harvia",
        gtin: "4006381333931",
        mpn: "HV-1",
        shipping: "US: $0.00",
      },
    });
  });

  it("reads a bare item with the site's currency", () => {
    const row = readFeedRow({ id: "9", price: "1299" }, 2, { defaultCurrency: "EUR" });
    expect(row).toMatchObject({ ok: true, item: { id: "9", priceMinor: 129_900, currency: "EUR", link: null, availability: "unknown" } });
  });

  it("rejects the row, in plain words, for what would show a wrong price or place", () => {
    expect(readFeedRow({ ...full, price: "free" }, 3)).toEqual({
      ok: false,
      line: 3,
      itemId: "SKU-1",
      reason: 'Price "free" is not an amount: write it like 1299.00 USD.',
    });
    expect(readFeedRow({ ...full, id: "" }, 4)).toMatchObject({ ok: false, itemId: null, reason: expect.stringContaining("no id") });
    expect(readFeedRow({ ...full, link: "javascript:alert(1)" }, 5)).toMatchObject({
      ok: false,
      reason: 'Link "javascript:alert(1)" is not an http(s) address.',
    });
    expect(readFeedRow({ ...full, sale_price: "half price" }, 6)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Sale price "half price" is not an amount/),
    });
    expect(readFeedRow({ ...full, sale_price: "4000.00 EUR" }, 6)).toMatchObject({
      ok: false,
      reason: 'Sale price "4000.00 EUR" is in EUR but the price is in USD.',
    });
  });

  it("keeps the item and warns about a bad GTIN, dates, or a sale price that is no sale", () => {
    const row = readFeedRow({ ...full, gtin: "4006381333932", sale_price: "5999.00 USD", sale_price_effective_date: "soon" }, 8);
    expect(row.ok).toBe(true);
    if (!row.ok) return;
    expect(row.item).toMatchObject({ gtin: null, salePriceMinor: 599_900, saleStartsAt: null, saleEndsAt: null });
    expect(row.warnings).toHaveLength(3);
  });

  it("a sale starting later keeps its price and first day", () => {
    const row = readFeedRow({ ...full, sale_price_effective_date: "2099-01-01/2099-01-31" }, 9);
    expect(row).toMatchObject({ ok: true, item: { salePriceMinor: 449_900, saleStartsAt: "2099-01-01", saleEndsAt: "2099-01-31" } });
  });

  it("reads the day a pre-order or back-order ships, in Google's date-time or as a date, and ignores it for an item in stock", () => {
    const preorder = readFeedRow({ ...full, availability: "preorder", availability_date: "2027-01-15T13:00-0800" }, 10);
    expect(preorder).toMatchObject({ ok: true, item: { availability: "PreOrder", availableFrom: "2027-01-15" } });
    const backorder = readFeedRow({ ...full, availability: "backorder", availability_date: "2027-02-01" }, 11);
    expect(backorder).toMatchObject({ ok: true, item: { availability: "BackOrder", availableFrom: "2027-02-01" } });
    expect(readFeedRow({ ...full, availability_date: "2027-01-15" }, 12)).toMatchObject({ ok: true, item: { availableFrom: null } });
    const unreadable = readFeedRow({ ...full, availability: "preorder", availability_date: "mid January" }, 13);
    expect(unreadable).toMatchObject({ ok: true, item: { availableFrom: null } });
    expect(unreadable.ok && unreadable.warnings).toEqual([expect.stringContaining('Availability date "mid January"')]);
  });
});
