import { describe, expect, it } from "vitest";
import { articleListSearch, readArticleListFilters } from "./article-list";

describe("the article list's filters", () => {
  it("read what is valid and drop the rest", () => {
    expect(readArticleListFilters(new URLSearchParams("q=+bench+&status=draft&category=diy&author=3&page=2"))).toEqual({
      q: "bench",
      status: "draft",
      category: "diy",
      author: 3,
      page: 2,
    });
    expect(readArticleListFilters(new URLSearchParams("status=gone&category=recipes&author=x&page=-1"))).toEqual({
      q: "",
      status: "",
      category: "",
      author: null,
      page: 1,
    });
  });

  it("write back the same query, without what is unset", () => {
    const filters = readArticleListFilters(new URLSearchParams("q=sauna&status=scheduled&page=3"));
    expect(articleListSearch(filters)).toBe("?q=sauna&status=scheduled&page=3");
    expect(articleListSearch({ page: 1 })).toBe("");
  });
});
