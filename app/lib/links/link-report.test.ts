import { describe, expect, it } from "vitest";
import { linkTargetsOf, parseStateFilter, productEditHref } from "./link-report";

describe("the link health report", () => {
  it("takes each non-empty link of a product, trimmed, affiliate link first", () => {
    expect(linkTargetsOf({ id: 3, name: "Cube", affiliateLink: " https://a.example.org/x ", website: "https://b.example.org" })).toEqual([
      { productId: 3, productName: "Cube", link: "affiliate", url: "https://a.example.org/x" },
      { productId: 3, productName: "Cube", link: "website", url: "https://b.example.org" },
    ]);
    expect(linkTargetsOf({ id: 4, name: "None", affiliateLink: "  ", website: null })).toEqual([]);
  });

  it("reads the page's filter and builds the edit address", () => {
    expect(parseStateFilter("broken")).toBe("broken");
    expect(parseStateFilter("all")).toBeNull();
    expect(parseStateFilter(null)).toBeNull();
    expect(productEditHref(42)).toBe("/admin/products?edit=42");
  });
});
