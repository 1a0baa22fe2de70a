import { describe, expect, it } from "vitest";
import { readRemovalSelection, removalHref, removalSummary, removedNoticeText } from "./removal-request";

describe("the removal selection", () => {
  it("reads ids from repeated and comma-separated values, once each, ignoring anything else", () => {
    const params = new URLSearchParams("product=3&product=1,3,x&product=-2&collection=7&from=/admin/products");
    expect(readRemovalSelection(params)).toEqual({
      productIds: [3, 1],
      collectionIds: [7],
      articleIds: [],
      samples: false,
      returnTo: "/admin/products",
    });
  });

  it("goes back to the dashboard unless the page it came from is one of ours", () => {
    expect(readRemovalSelection(new URLSearchParams("samples=1&from=https://evil.example")).returnTo).toBe("/admin");
    expect(readRemovalSelection(new URLSearchParams("samples=1")).samples).toBe(true);
  });

  it("reads a posted form the same way", () => {
    const form = new FormData();
    form.append("product", "5");
    form.append("product", "6");
    form.append("samples", "1");
    form.append("from", "/admin/collections");
    expect(readRemovalSelection(form)).toEqual({
      productIds: [5, 6],
      collectionIds: [],
      articleIds: [],
      samples: true,
      returnTo: "/admin/collections",
    });
  });

  it("writes the confirmation page's address that reads back the same", () => {
    const selection = { productIds: [4, 2], collectionIds: [9], articleIds: [], samples: true, returnTo: "/admin/products" as const };
    const href = removalHref(selection);
    expect(href).toBe("/admin/remove?product=4&product=2&collection=9&samples=1&from=%2Fadmin%2Fproducts");
    expect(readRemovalSelection(new URL(href, "http://x").searchParams)).toEqual(selection);
  });

  it("says what goes in words", () => {
    expect(removalSummary({ products: 29, collections: 17 })).toBe("29 products and 17 collections");
    expect(removalSummary({ products: 1, collections: 0 })).toBe("1 product");
    expect(removalSummary({ products: 0, collections: 1 })).toBe("1 collection");
    expect(removalSummary({ products: 0, collections: 0 })).toBe("nothing");
    expect(removalSummary({ products: 29, collections: 17, articles: 5 })).toBe("29 products, 17 collections and 5 articles");
    expect(removalSummary({ products: 0, collections: 0, articles: 1 })).toBe("1 article");
    expect(removalSummary({ products: 29, collections: 17, articles: 5, shops: 3, authors: 1 })).toBe(
      "29 products, 17 collections, 5 articles, 3 shops and 1 author",
    );
  });

  it("tells the page the admin returns to what was deleted", () => {
    expect(removedNoticeText({ products: 1, collections: 0, imagesDeleted: 0 })).toBe(
      "Deleted 1 product. The public pages no longer show it.",
    );
    expect(removedNoticeText({ products: 1, collections: 0, imagesDeleted: 1 })).toBe(
      "Deleted 1 product and 1 uploaded picture. The public pages no longer show it.",
    );
    expect(removedNoticeText({ products: 29, collections: 17, imagesDeleted: 3 })).toBe(
      "Deleted 29 products and 17 collections and 3 uploaded pictures. The public pages no longer show them.",
    );
  });
});
