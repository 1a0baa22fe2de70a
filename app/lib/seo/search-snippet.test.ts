import { describe, expect, it } from "vitest";
import { SEARCH_DESCRIPTION_MAX, SEARCH_TITLE_MAX, searchTitle, shortenText } from "./search-snippet";

describe("shortenText", () => {
  it("keeps text that fits, flattening its white space", () => {
    expect(shortenText("A  short\nline", 20)).toBe("A short line");
  });

  it("cuts at a word boundary with an ellipsis, within the limit", () => {
    const text =
      "Barrel saunas look simple, but stave thickness, wood species, roofing and the base you put them on decide whether yours lasts. Here's what to compare before you order.";
    const short = shortenText(text);
    expect(text.length).toBe(167);
    expect(short.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_MAX);
    expect(short).toBe(
      "Barrel saunas look simple, but stave thickness, wood species, roofing and the base you put them on decide whether yours lasts. Here's what to compare before…",
    );
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(shortenText("one two, three four", 10)).toBe("one two…");
  });
});

describe("searchTitle", () => {
  it("adds the section's name when both fit in 60 characters", () => {
    expect(searchTitle("How to Build a Sauna Bench", "Sauna Knowledge Center")).toBe("How to Build a Sauna Bench - Sauna Knowledge Center");
  });

  it("keeps the title alone when the name would push it past 60", () => {
    const title = "Infrared vs Traditional Saunas: Which Is Right for You?";
    expect(searchTitle(title, "Sauna Knowledge Center")).toBe(title);
  });

  it("shortens a title longer than 60 characters at a word boundary", () => {
    const title = "Sauna Health Benefits: What We Know, What We Don't, and How to Bathe Safely";
    const result = searchTitle(title, "Sauna Knowledge Center");
    expect(result.length).toBeLessThanOrEqual(SEARCH_TITLE_MAX);
    expect(result).toBe("Sauna Health Benefits: What We Know, What We Don't, and…");
  });
});
