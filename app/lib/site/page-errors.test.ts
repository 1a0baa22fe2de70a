import { describe, expect, it } from "vitest";
import { isWordedPageError, PAGE_NOT_FOUND, pageErrorMetaOf, pageErrorOf, SITE_UNAVAILABLE } from "./page-errors";

const worded = {
  screen: "article",
  kind: "not-found",
  texts: { metaTitle: "Article Not Found - X", metaDescription: null, title: "Article Not Found", message: "Gone." },
};

describe("pageErrorOf", () => {
  it("takes a worded page error as it came", () => {
    expect(pageErrorOf(404, worded)).toBe(worded);
  });

  it("words a 404 or 503 that came without one as the site-wide screens", () => {
    expect(pageErrorOf(404, null)).toBe(PAGE_NOT_FOUND);
    expect(pageErrorOf(503, "The site is temporarily unavailable. Please try again in a moment.")).toBe(SITE_UNAVAILABLE);
    expect(pageErrorOf(404, { screen: "article", kind: "not-found" })).toBe(PAGE_NOT_FOUND);
  });

  it("leaves any other failure to the unexpected-error screen", () => {
    expect(pageErrorOf(500, null)).toBeUndefined();
    expect(pageErrorOf(410, { screen: "product", kind: "gone" })).toBeUndefined();
  });
});

describe("isWordedPageError", () => {
  it("wants a known screen and kind with its panel words and meta words (or nulls)", () => {
    expect(isWordedPageError(worded)).toBe(true);
    expect(isWordedPageError({ ...worded, screen: "basket" })).toBe(false);
    expect(isWordedPageError({ ...worded, texts: { ...worded.texts, title: 4 } })).toBe(false);
    expect(isWordedPageError({ ...worded, texts: { title: "T", message: "M" } })).toBe(false);
    expect(isWordedPageError({ screen: "article", kind: "not-found" })).toBe(false);
  });
});

describe("pageErrorMetaOf", () => {
  it("titles the page, describes it when it has words for it, and keeps it out of search results", () => {
    expect(pageErrorMetaOf(PAGE_NOT_FOUND)).toEqual([
      { title: "Page not found - Sauna Reviews" },
      { name: "description", content: "This page does not exist. Browse our outdoor sauna reviews and buying guides instead." },
      { name: "robots", content: "noindex" },
    ]);
    expect(pageErrorMetaOf(worded as never)).toEqual([{ title: "Article Not Found - X" }, { name: "robots", content: "noindex" }]);
  });

  it("gives the site-wide 503 no tags, as it has never had any", () => {
    expect(pageErrorMetaOf(SITE_UNAVAILABLE)).toEqual([]);
  });
});
