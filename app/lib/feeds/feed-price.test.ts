import { describe, expect, it } from "vitest";
import { parseFeedPrice } from "./feed-price";

const read = (raw: string, defaultCurrency: string | null = null) => parseFeedPrice(raw, defaultCurrency);

describe("parseFeedPrice", () => {
  it.each([
    ["1299.00 USD", 129_900, "USD"],
    ["USD 1299.00", 129_900, "USD"],
    ["1,299.00 USD", 129_900, "USD"],
    ["1.299,00 EUR", 129_900, "EUR"],
    ["1 299,00 EUR", 129_900, "EUR"],
    ["1299,5 EUR", 129_950, "EUR"],
    ["12,99 eur", 1299, "EUR"],
    ["1,299 USD", 129_900, "USD"],
    ["1,299,000.50 USD", 129_900_050, "USD"],
    ["1299 USD", 129_900, "USD"],
    [" 0.99 GBP ", 99, "GBP"],
    ["150000 JPY", 150_000, "JPY"],
    ["12.345 KWD", 12_345, "KWD"],
    ["1299.000 USD", 129_900, "USD"],
  ])("%s → %i %s", (raw, minor, currency) => {
    expect(read(raw)).toEqual({ ok: true, minor, currency });
  });

  it("reads the currency symbols that say which currency they are", () => {
    expect(read("$1,299.00")).toEqual({ ok: true, minor: 129_900, currency: "USD" });
    expect(read("$1,299.00", "CAD")).toEqual({ ok: true, minor: 129_900, currency: "CAD" });
    expect(read("$1,299.00", "EUR")).toEqual({ ok: true, minor: 129_900, currency: "USD" });
    expect(read("1.299,00 €")).toEqual({ ok: true, minor: 129_900, currency: "EUR" });
    expect(read("£ 49.99")).toEqual({ ok: true, minor: 4999, currency: "GBP" });
  });

  it("uses the default currency when the text has none", () => {
    expect(read("1299.00", "EUR")).toEqual({ ok: true, minor: 129_900, currency: "EUR" });
    expect(read("1299.00")).toEqual({ ok: false, reason: 'Price "1299.00" has no currency: write it like 1299.00 USD.' });
  });

  it("refuses what is not an amount, in words the owner can act on", () => {
    expect(read("free")).toEqual({ ok: false, reason: 'Price "free" is not an amount: write it like 1299.00 USD.' });
    expect(read("free", "EUR")).toEqual({ ok: false, reason: 'Price "free" is not an amount: write it like 1299.00 EUR.' });
    expect(read("call us USD")).toMatchObject({ ok: false, reason: expect.stringContaining("is not an amount") });
    expect(read("-10.00 USD")).toEqual({ ok: false, reason: 'Price "-10.00 USD" is negative: write it like 1299.00 USD.' });
    expect(read("0.00 USD")).toEqual({ ok: false, reason: 'Price "0.00 USD" is zero; an item for sale needs a price above 0.' });
    expect(read("")).toMatchObject({ ok: false, reason: expect.stringMatching(/^Price is empty/) });
    expect(read("10.00 EURO")).toMatchObject({ ok: false });
    expect(read("10.00 XYZ")).toEqual({
      ok: false,
      reason: 'Price "10.00 XYZ" has "XYZ", which is not an ISO 4217 currency code (such as USD, EUR or GBP).',
    });
    expect(read("1,29.00 USD")).toMatchObject({ ok: false });
    expect(read("1e5 USD")).toMatchObject({ ok: false });
    expect(read("99999999999.00 USD")).toMatchObject({ ok: false, reason: expect.stringContaining("above the largest price") });
  });

  it("refuses more decimals than the currency has rather than guess (1.299 EUR is likely a thousand euros)", () => {
    expect(read("1.299 EUR")).toEqual({
      ok: false,
      reason: 'Price "1.299 EUR" has more decimals than EUR has (2): write it like 1299.00 EUR.',
    });
    expect(read("1500.5 JPY")).toMatchObject({ ok: false, reason: expect.stringContaining("write it like 1299 JPY") });
  });

  it("names the field and may allow zero (free shipping)", () => {
    expect(parseFeedPrice("gratis", "USD", "Sale price")).toMatchObject({ reason: expect.stringMatching(/^Sale price "gratis"/) });
    expect(parseFeedPrice("0.00 USD", null, "Shipping", { allowZero: true })).toEqual({ ok: true, minor: 0, currency: "USD" });
  });
});
