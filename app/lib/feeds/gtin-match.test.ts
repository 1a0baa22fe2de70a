import { describe, expect, it } from "vitest";
import { gtin14, gtinForms } from "./gtin-match";

describe("gtinForms", () => {
  it("finds a UPC-A stored for an EAN-13 with a leading zero, and back", () => {
    expect(gtinForms("0012345678905")).toEqual(["012345678905", "0012345678905", "00012345678905"]);
    expect(gtinForms("012345678905")).toContain("0012345678905");
  });

  it("keeps an EAN-13 without leading zeros as itself and its GTIN-14", () => {
    expect(gtinForms("4006381333931")).toEqual(["4006381333931", "04006381333931"]);
  });

  it("pads to 14 digits for comparison", () => {
    expect(gtin14("96385074")).toBe("00000096385074");
  });
});
