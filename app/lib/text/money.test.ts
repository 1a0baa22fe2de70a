import { describe, expect, it } from "vitest";
import { CONTACT_FOR_PRICE, centsToDollarsText, dollarsToCents, formatPrice, formatMoney, minorToDecimalText } from "./money";

describe("formatPrice", () => {
  it("groups thousands and drops zero cents", () => {
    expect(formatPrice(1_249_900)).toBe("$12,499");
    expect(formatPrice(1_000_000)).toBe("$10,000");
    expect(formatPrice(3_800_000)).toBe("$38,000");
    expect(formatPrice(9_999_999_999)).toBe("$99,999,999.99");
    expect(formatPrice(50_000)).toBe("$500");
  });

  it("keeps cents when they are not zero", () => {
    expect(formatPrice(999_999)).toBe("$9,999.99");
    expect(formatPrice(1_000_050)).toBe("$10,000.50");
    expect(formatPrice(1)).toBe("$0.01");
  });

  it("says 'Contact for Price' when there is no price", () => {
    expect(formatPrice(null)).toBe("Contact for Price");
    expect(formatPrice(undefined)).toBe(CONTACT_FOR_PRICE);
  });

  it("treats zero, negative and non-finite amounts as no price", () => {
    expect(formatPrice(0)).toBe(CONTACT_FOR_PRICE);
    expect(formatPrice(-500)).toBe(CONTACT_FOR_PRICE);
    expect(formatPrice(Number.NaN)).toBe(CONTACT_FOR_PRICE);
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe(CONTACT_FOR_PRICE);
  });

  it("rounds a fractional cent value to whole cents", () => {
    expect(formatPrice(999_999.6)).toBe("$10,000");
  });
});

describe("dollarsToCents", () => {
  it("converts whole and fractional dollars", () => {
    expect(dollarsToCents(9999)).toBe(999_900);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
});

describe("centsToDollarsText", () => {
  it("writes the plain amount the importer reads back, and nothing for no price", () => {
    expect(centsToDollarsText(765_000)).toBe("7650.00");
    expect(centsToDollarsText(999_999)).toBe("9999.99");
    expect(centsToDollarsText(5)).toBe("0.05");
    expect(centsToDollarsText(null)).toBe("");
  });
});

describe("formatMoney", () => {
  it("writes dollars exactly as formatPrice, and other currencies with their sign", () => {
    expect(formatMoney(765_000, "USD")).toBe("$7,650");
    expect(formatMoney(999_999, "usd")).toBe("$9,999.99");
    expect(formatMoney(790_000, "EUR")).toBe("€7,900");
    expect(formatMoney(12_345, "GBP")).toBe("£123.45");
    expect(formatMoney(129_900, "JPY")).toBe("¥129,900");
    expect(formatMoney(8_990_000, "SEK")).toBe("SEK 89,900");
    expect(formatMoney(null, "EUR")).toBe("Contact for Price");
  });

  it("gives schema.org its plain decimal", () => {
    expect(minorToDecimalText(765_000, "USD")).toBe("7650.00");
    expect(minorToDecimalText(129_900, "JPY")).toBe("129900");
  });
});
