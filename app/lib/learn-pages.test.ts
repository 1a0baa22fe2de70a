import { describe, expect, it } from "vitest";
import { tagPageDescription, tagPageTitle } from "./learn-pages";
import { pageErrorMetaOf } from "./page-errors";

describe("the tag page's words", () => {
  it("titles the page with the tag's own spelling", () => {
    expect(tagPageTitle("Heat & Steam")).toBe("Articles tagged “Heat & Steam”");
  });

  it("counts its articles in words", () => {
    expect(tagPageDescription("Safety", 1)).toBe("One article in the Sauna Knowledge Center tagged “Safety”, newest first.");
    expect(tagPageDescription("Safety", 3)).toBe("3 articles in the Sauna Knowledge Center tagged “Safety”, newest first.");
  });
});

describe("the Knowledge Center's not-found screens", () => {
  it.each([
    ["article", "Article Not Found", "The article you're looking for doesn't exist or has been moved."],
    ["learn-tag", "Tag Not Found", "No article carries this tag. It may have been renamed, or the address may be mistyped."],
  ] as const)("%s: titled, described, noindex and no canonical link", (screen, title, message) => {
    const tags = pageErrorMetaOf({ screen, kind: "not-found" });
    expect(tags).toContainEqual({ title: `${title} - Sauna Knowledge Center` });
    expect(tags).toContainEqual({ name: "description", content: message });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "rel" in tag)).toBe(false);
  });
});
