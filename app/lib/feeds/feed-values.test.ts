import { describe, expect, it } from "vitest";
import { readFeedAvailability, readFeedText, readSaleDates, readShipping } from "./feed-values";

describe("readFeedAvailability", () => {
  it.each([
    ["in stock", "InStock"],
    ["in_stock", "InStock"],
    ["IN STOCK", "InStock"],
    ["available for order", "InStock"],
    ["out of stock", "OutOfStock"],
    ["out_of_stock", "OutOfStock"],
    ["preorder", "PreOrder"],
    ["pre-order", "PreOrder"],
    ["backorder", "BackOrder"],
    ["discontinued", "Discontinued"],
    ["https://schema.org/InStock", "InStock"],
    ["OutOfStock", "OutOfStock"],
    ["", "unknown"],
    ["ask the shop", "unknown"],
    [undefined, "unknown"],
  ] as const)("%s → %s", (raw, expected) => {
    expect(readFeedAvailability(raw)).toBe(expected);
  });
});

describe("readSaleDates", () => {
  it("reads Google's ISO interval as the days the shop wrote", () => {
    expect(readSaleDates("2026-11-01T00:00-0800/2026-11-30T23:59-0800")).toEqual({ startsAt: "2026-11-01", endsAt: "2026-11-30" });
    // 23:59 in California is the next day in UTC; the shop's own last day is the one kept.
    expect(readSaleDates("2026-11-01T00:00:00-08:00/2026-11-30T23:59:59-08:00")).toEqual({
      startsAt: "2026-11-01",
      endsAt: "2026-11-30",
    });
    expect(readSaleDates("2026-11-01/2026-11-30")).toEqual({ startsAt: "2026-11-01", endsAt: "2026-11-30" });
    expect(readSaleDates("2026-11-01T00:00Z/2026-11-30T23:59Z")).toEqual({ startsAt: "2026-11-01", endsAt: "2026-11-30" });
  });

  it("an open end and no dates at all", () => {
    expect(readSaleDates("/2026-11-30")).toEqual({ startsAt: null, endsAt: "2026-11-30" });
    expect(readSaleDates("2026-11-01/")).toEqual({ startsAt: "2026-11-01", endsAt: null });
    expect(readSaleDates("")).toEqual({ startsAt: null, endsAt: null });
    expect(readSaleDates(undefined)).toEqual({ startsAt: null, endsAt: null });
  });

  it("drops an unreadable or backwards interval with a warning", () => {
    for (const raw of ["next week", "2026-11-01", "2026-02-30/2026-03-05", "2026-11-01/2026-11-30/2026-12-01"]) {
      expect(readSaleDates(raw), raw).toMatchObject({ startsAt: null, endsAt: null, warning: expect.stringContaining("not an interval") });
    }
    expect(readSaleDates("2026-11-30/2026-11-01")).toMatchObject({
      startsAt: null,
      endsAt: null,
      warning: expect.stringContaining("end before they start"),
    });
  });
});

describe("readShipping", () => {
  it("reads Google's country:region:service:price entries as a note", () => {
    expect(readShipping("US:::0.00 USD")).toBe("US: $0.00");
    expect(readShipping("US:CA:Overnight:16.00 USD")).toBe("US CA Overnight: $16.00");
    expect(readShipping("US:::0.00 USD, CA:::25.00 CAD")).toBe("US: $0.00; CA: CA$25.00");
    expect(readShipping("DE:::4,95 EUR")).toBe("DE: €4.95");
    expect(readShipping("US:::")).toBe("US: price not given");
  });

  it("keeps any other text as written", () => {
    expect(readShipping("Free shipping over $500")).toBe("Free shipping over $500");
    expect(readShipping("  ")).toBeNull();
    expect(readShipping(undefined)).toBeNull();
  });
});

describe("readFeedText", () => {
  it("trims, folds white space, caps, and empties to null", () => {
    expect(readFeedText("  Barrel \n sauna ")).toBe("Barrel sauna");
    expect(readFeedText("x".repeat(600))).toHaveLength(500);
    expect(readFeedText("")).toBeNull();
  });
});
