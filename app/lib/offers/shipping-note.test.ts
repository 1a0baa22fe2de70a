import { describe, expect, it } from "vitest";
import { shippingForCountry } from "./shipping-note";

describe("shippingForCountry", () => {
  const note = "US: $0.00; CA: $450.00";

  it("shows a reader only their country's line, and a price of nothing as Free shipping", () => {
    expect(shippingForCountry(note, "US")).toBe("Free shipping");
    expect(shippingForCountry(note, "ca")).toBe("$450.00");
  });

  it("claims nothing for a country the feed has no line for", () => {
    expect(shippingForCountry(note, "DE")).toBeNull();
    expect(shippingForCountry("US: price not given", "US")).toBeNull();
  });

  it("keeps a line's region and service, and every line of the country", () => {
    expect(shippingForCountry("US CA Overnight: $16.00; US Ground: $0.00; DE: €9.90", "US")).toBe(
      "$16.00 (CA Overnight); Free shipping (Ground)",
    );
    expect(shippingForCountry("DE: €0.00", "DE")).toBe("Free shipping");
  });

  it("shows a note in any other form as written", () => {
    expect(shippingForCountry("Free curbside delivery in the lower 48", "US")).toBe("Free curbside delivery in the lower 48");
    expect(shippingForCountry("  ", "US")).toBeNull();
    expect(shippingForCountry(null, "US")).toBeNull();
  });
});
