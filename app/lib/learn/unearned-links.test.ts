import { describe, expect, it } from "vitest";
import { unearnedLinkPage } from "./unearned-links";

describe("links that earn nothing", () => {
  const articles = [
    {
      id: 1,
      slug: "a",
      title: "A",
      links: [
        { url: "https://wiki.example/x", kind: "none" as const, shopLike: false },
        { url: "https://nordic.example/", kind: "merchant" as const, merchantName: "Nordic Bath" },
      ],
    },
    { id: 2, slug: "b", title: "B", links: [{ url: "https://shop.test/p/1", kind: "none" as const, shopLike: true }] },
  ];

  it("lists the untracked links with their article, shop-like ones first, and counts the tracked ones", () => {
    const page = unearnedLinkPage(articles, 1);
    expect(page).toMatchObject({ total: 2, shopLike: 1, tracked: 1, page: 1, pages: 1 });
    expect(page.rows.map((row) => [row.url, row.articleSlug, row.articleId])).toEqual([
      ["https://shop.test/p/1", "b", 2],
      ["https://wiki.example/x", "a", 1],
    ]);
  });

  it("pages them, and a page out of range is the nearest one", () => {
    expect(unearnedLinkPage(articles, 2, 1).rows.map((row) => row.url)).toEqual(["https://wiki.example/x"]);
    expect(unearnedLinkPage(articles, 99, 1)).toMatchObject({ page: 2, pages: 2 });
    expect(unearnedLinkPage(articles, Number.NaN, 1)).toMatchObject({ page: 1 });
  });
});
