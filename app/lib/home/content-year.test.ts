import { describe, expect, it } from "vitest";
import { bestPicksTitle, contentYear, heroKicker } from "./content-year";

describe("a year in a title", () => {
  it("is the year of the newest change among the products it speaks for", () => {
    const products = [{ updatedAt: "2025-12-31T23:59:59.000Z" }, null, { updatedAt: "2027-01-01T00:00:00.000Z" }];
    expect(contentYear(products)).toBe(2027);
    expect(contentYear([{ updatedAt: "2025-05-20T00:00:00.000Z" }])).toBe(2025);
  });

  it("is absent when nothing dates the content", () => {
    expect(contentYear([])).toBeNull();
    expect(contentYear([null, null])).toBeNull();
    expect(bestPicksTitle(null)).toBe("Best Outdoor Saunas");
    expect(heroKicker(null)).toBe("Outdoor sauna reviews");
  });

  it("words the home page's titles", () => {
    expect(bestPicksTitle(2026)).toBe("Best Outdoor Saunas of 2026");
    expect(heroKicker(2026)).toBe("Outdoor sauna reviews for 2026");
  });
});
