import { describe, expect, it } from "vitest";
import { isWordedPageError, PAGE_NOT_FOUND, pageErrorMetaOf, SITE_UNAVAILABLE } from "~/lib/site/page-errors";
import { wordPageError } from "./page-error-texts.server";

describe("the Knowledge Center's not-found screens", () => {
  it.each([
    ["article", "Article Not Found", "The article you're looking for doesn't exist or has been moved."],
    ["learn-tag", "Tag Not Found", "No article carries this tag. It may have been renamed, or the address may be mistyped."],
  ] as const)("%s: titled, described, noindex and no canonical link", (screen, title, message) => {
    const tags = pageErrorMetaOf(wordPageError({ screen, kind: "not-found" }));
    expect(tags).toContainEqual({ title: `${title} - Sauna Knowledge Center` });
    expect(tags).toContainEqual({ name: "description", content: message });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.some((tag) => "rel" in tag)).toBe(false);
  });
});

describe("wordPageError", () => {
  it("keeps the error's own fields beside its words", () => {
    const worded = wordPageError({ screen: "collection", kind: "not-found", listId: "x" });
    expect(worded).toMatchObject({ screen: "collection", kind: "not-found", listId: "x" });
    expect(worded.texts.message).toBe('The "x" sauna collection could not be found or has no products available.');
    expect(isWordedPageError(worded)).toBe(true);
  });

  it("words the site-wide screens as the browser does when a 404 or 503 comes without them", () => {
    expect(wordPageError({ screen: "page", kind: "not-found" })).toEqual(PAGE_NOT_FOUND);
    expect(wordPageError({ screen: "site", kind: "unavailable" })).toEqual(SITE_UNAVAILABLE);
  });
});
