import { describe, expect, it } from "vitest";
import { sampleGtin } from "../../../scripts/feeds/sample-feed";
import { gtinCheckDigit, readGtin } from "./gtin";

describe("GTINs", () => {
  it("computes GS1 check digits for every length", () => {
    expect(gtinCheckDigit("400638133393")).toBe(1); // EAN-13 4006381333931
    expect(gtinCheckDigit("03600029145")).toBe(2); // UPC-A 036000291452
    expect(gtinCheckDigit("9638507")).toBe(4); // EAN-8 96385074
    expect(gtinCheckDigit("1001234512345")).toBe(7); // GTIN-14 10012345123457
  });

  it.each(["4006381333931", "036000291452", "96385074", "10012345123457", "4006 3813 3393 1", "400-6381-33393-1"])("accepts %s", (raw) => {
    expect(readGtin(raw).gtin).toBe(raw.replace(/[\s-]/g, ""));
    expect(readGtin(raw).warning).toBeUndefined();
  });

  it("leaves out a wrong check digit, length or character with a warning", () => {
    expect(readGtin("4006381333932")).toEqual({
      gtin: null,
      warning: 'GTIN "4006381333932" has a wrong check digit (a typo?); it was left out.',
    });
    expect(readGtin("12345")).toEqual({ gtin: null, warning: 'GTIN "12345" is not 8, 12, 13 or 14 digits; it was left out.' });
    expect(readGtin("ABC4006381333")).toMatchObject({ gtin: null });
    expect(readGtin("")).toEqual({ gtin: null });
    expect(readGtin(undefined)).toEqual({ gtin: null });
  });

  it("the sample feed's GTINs are valid GTIN-13s, one per item", () => {
    const gtins = [1, 2, 9999, 20_000].map((i) => sampleGtin(i));
    expect(gtins[0]).toMatch(/^20000000000\d{2}$/);
    for (const gtin of gtins) expect(readGtin(gtin)).toEqual({ gtin });
    expect(new Set(gtins).size).toBe(gtins.length);
    expect(sampleGtin(7, "299")).toMatch(/^2990000000074?\d$/);
    expect(readGtin(sampleGtin(7, "299")).gtin).toBe(sampleGtin(7, "299"));
  });
});
