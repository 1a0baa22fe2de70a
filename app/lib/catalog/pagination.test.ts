import { describe, expect, it } from "vitest";
import {
  isPastLastPage,
  pageCount,
  pagedLinkTags,
  pagedTitle,
  pagedUrls,
  pageHref,
  pageInfo,
  pageLinks,
  pageOffset,
  parsePageParam,
  type PageLink,
} from "./pagination";

describe("parsePageParam", () => {
  it("reads page numbers, page 1 without a parameter being the canonical form", () => {
    expect(parsePageParam(null)).toEqual({ page: 1, canonical: true });
    expect(parsePageParam("2")).toEqual({ page: 2, canonical: true });
    expect(parsePageParam("400")).toEqual({ page: 400, canonical: true });
    expect(parsePageParam("1")).toEqual({ page: 1, canonical: false });
  });

  it("asks for a redirect on anything that is not a plain page number", () => {
    expect(parsePageParam("02")).toEqual({ page: 2, canonical: false });
    for (const raw of ["", "0", "-1", "abc", "2.5", "1e3", " 3", "99999999"]) {
      expect(parsePageParam(raw), raw).toEqual({ page: 1, canonical: false });
    }
  });
});

describe("page math", () => {
  it("counts pages of ten: 0 → 1, 10 → 1, 11 → 2, 20,000 → 2,000", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(20_000, 10)).toBe(2_000);
    expect(pageCount(20_000, 24)).toBe(834);
  });

  it("starts page 2 of a ten-item list at offset 10, so its first item is #11", () => {
    expect(pageOffset(1, 10)).toBe(0);
    expect(pageOffset(2, 10)).toBe(10);
    expect(pageOffset(400, 24)).toBe(9_576);
  });

  it("knows a page past the end", () => {
    expect(isPastLastPage(pageInfo(3, 29, 10))).toBe(false);
    expect(isPastLastPage(pageInfo(4, 29, 10))).toBe(true);
    expect(isPastLastPage(pageInfo(1, 0, 10))).toBe(false);
  });
});

describe("pageHref", () => {
  it("sets the page, keeps the other parameters and drops ?page for page 1", () => {
    expect(pageHref("/reviews", "", 2)).toBe("/reviews?page=2");
    expect(pageHref("/reviews", "?q=cedar+barrel&page=3", 4)).toBe("/reviews?q=cedar+barrel&page=4");
    expect(pageHref("/reviews", "?q=cedar&page=3", 1)).toBe("/reviews?q=cedar");
    expect(pageHref("/reviews/barrel-saunas", "?page=2", 1)).toBe("/reviews/barrel-saunas");
    expect(pageHref("/reviews/barrel-saunas", "?view=compare", 2)).toBe("/reviews/barrel-saunas?view=compare&page=2");
  });

  it("puts the page last whatever order the address came in (a cached page is rendered for its sorted key)", () => {
    expect(pageHref("/reviews", "?page=400&q=saunas", 2)).toBe("/reviews?q=saunas&page=2");
    expect(pageHref("/reviews/barrel-saunas", "?page=9&view=compare", 3)).toBe("/reviews/barrel-saunas?view=compare&page=3");
  });
});

describe("pagedTitle", () => {
  it("names page 2 and later", () => {
    expect(pagedTitle("Sauna Reviews", 1)).toBe("Sauna Reviews");
    expect(pagedTitle("Sauna Reviews", 2)).toBe("Sauna Reviews – Page 2");
  });
});

const render = (links: PageLink[]) =>
  links.map((link) => (link.kind === "gap" ? "…" : link.current ? `[${link.page}]` : String(link.page))).join(" ");

describe("pageLinks", () => {
  it("shows every page of a short list", () => {
    expect(render(pageLinks(1, 1))).toBe("[1]");
    expect(render(pageLinks(2, 3))).toBe("1 [2] 3");
    expect(render(pageLinks(1, 4))).toBe("[1] 2 3 4");
    expect(render(pageLinks(1, 5))).toBe("[1] 2 … 5");
  });

  it("shows first, last and the neighbours of the current page, with gaps between", () => {
    expect(render(pageLinks(400, 834))).toBe("1 … 399 [400] 401 … 834");
    expect(render(pageLinks(834, 834))).toBe("1 … 833 [834]");
  });

  it("shows a single left-out page instead of a gap", () => {
    expect(render(pageLinks(4, 10))).toBe("1 2 3 [4] 5 … 10");
    expect(render(pageLinks(7, 10))).toBe("1 … 6 [7] 8 9 10");
  });
});

describe("pagedUrls", () => {
  const origin = "https://saunas.example";
  it("names page 2's own canonical and its neighbours", () => {
    const urls = pagedUrls(origin, "/reviews", new URLSearchParams("q=cedar"), pageInfo(2, 60, 24));
    expect(urls).toEqual({
      canonical: "https://saunas.example/reviews?q=cedar&page=2",
      prev: "https://saunas.example/reviews?q=cedar",
      next: "https://saunas.example/reviews?q=cedar&page=3",
    });
    expect(pagedLinkTags(urls).map((tag) => tag.rel)).toEqual(["canonical", "prev", "next"]);
  });

  it("gives the first page no prev and the last no next", () => {
    expect(pagedUrls(origin, "/reviews/barrel-saunas", new URLSearchParams(), pageInfo(1, 29, 10))).toEqual({
      canonical: "https://saunas.example/reviews/barrel-saunas",
      prev: null,
      next: "https://saunas.example/reviews/barrel-saunas?page=2",
    });
    const last = pagedUrls(origin, "/reviews/barrel-saunas", new URLSearchParams(), pageInfo(3, 29, 10));
    expect(last.next).toBeNull();
    expect(pagedLinkTags(pagedUrls(origin, "/reviews", new URLSearchParams(), pageInfo(1, 5, 24))).map((t) => t.rel)).toEqual([
      "canonical",
    ]);
  });
});
