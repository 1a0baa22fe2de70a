import { describe, expect, it } from "vitest";
import { tagPageDescription, tagPageTitle } from "./learn-pages";

describe("the tag page's words", () => {
  it("titles the page with the tag's own spelling", () => {
    expect(tagPageTitle("Heat & Steam")).toBe("Articles tagged “Heat & Steam”");
  });

  it("counts its articles in words", () => {
    expect(tagPageDescription("Safety", 1)).toBe("One article in the Sauna Knowledge Center tagged “Safety”, newest first.");
    expect(tagPageDescription("Safety", 3)).toBe("3 articles in the Sauna Knowledge Center tagged “Safety”, newest first.");
  });
});
