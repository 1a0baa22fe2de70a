import { describe, expect, it } from "vitest";
import { canonicalCompareHref, canonicalCompareParam, compareHref, compareView, leftSomethingOut, parseCompareSlugs } from "./compare";
import { makeProduct } from "../../tests/support/catalog-fixtures";

const a = makeProduct({
  slug: "alpha",
  name: "Alpha",
  priceCents: 1_000_000,
  categoryId: "barrel",
  capacity: 4,
  keyFeatures: ["Cedar", "Glass door"],
  rating: 4.5,
  isSample: false,
  website: "https://shop.example/alpha",
});
const b = makeProduct({
  slug: "bravo",
  name: "Bravo",
  priceCents: null,
  categoryId: "cube",
  capacity: null,
  keyFeatures: ["cedar", "Panoramic window"],
  rating: 4.1,
  isSample: true,
});
const catalog = new Map([a, b].map((p) => [p.slug, p]));
const find = (slug: string) => catalog.get(slug);

describe("compare URLs", () => {
  it("reads up to four distinct slugs, trimmed and lower-cased", () => {
    expect(parseCompareSlugs(" Alpha,bravo,,alpha, c ,d,e")).toEqual(["alpha", "bravo", "c", "d"]);
    expect(parseCompareSlugs(null)).toEqual([]);
  });

  it("spells a ?products= value one way among those that make the same page", () => {
    expect(canonicalCompareParam(" Alpha,bravo,,alpha ")).toBe("alpha,bravo");
    expect(canonicalCompareParam(" , ,")).toBeUndefined();
    // Five distinct names: the page says it compared the first four, so the value stays as sent.
    expect(canonicalCompareParam("a,b,c,d,E")).toBe("a,b,c,d,E");
    expect(canonicalCompareParam("a,A,b,c,d")).toBe("a,b,c,d");
    for (const value of [" Alpha,bravo,,alpha ", "a,b,c,d,E", "a,A,b,c,d", "x,nope"]) {
      const named = compareView(value, find);
      const canonical = compareView(canonicalCompareParam(value), find);
      expect(canonical, value).toEqual(named);
    }
  });

  it("keeps the reader's order in links and sorts the canonical set", () => {
    expect(compareHref(["b", "a"])).toBe("/compare?products=b,a");
    expect(canonicalCompareHref(["b", "a"])).toBe("/compare?products=a,b");
    expect(compareHref([])).toBe("/compare");
  });
});

describe("compareView", () => {
  const view = compareView("bravo,nope,alpha", find);

  it("says when it left out a product the URL named", () => {
    expect(leftSomethingOut(view)).toBe(true);
    expect(leftSomethingOut(compareView("bravo,alpha", find))).toBe(false);
    expect(leftSomethingOut(compareView("", find))).toBe(false);
  });

  it("compares the known products in the order named and names the unknown ones", () => {
    expect(view.products.map((p) => p.slug)).toEqual(["bravo", "alpha"]);
    expect(view.unknownSlugs).toEqual(["nope"]);
    expect(view.products[0]!.removeHref).toBe("/compare?products=alpha");
  });

  it("fills every row, with a dash for what a record does not say and no invented rating", () => {
    const row = (label: string) => view.rows.find((r) => r.label === label)!.values;
    expect(row("Price")).toEqual(["Contact for Price", "$10,000"]);
    expect(row("Type")).toEqual(["Cube", "Barrel"]);
    expect(row("Capacity")).toEqual(["—", "4 people"]);
    expect(row("Rating")).toEqual(["4.1 (sample)", "4.5 / 5"]);
  });

  it("marks features every product lists, ignoring case, and lists them first", () => {
    expect(view.features[0]).toEqual({ feature: "cedar", has: [true, true], shared: true });
    expect(view.features.slice(1).every((f) => !f.shared)).toBe(true);
  });

  it("keeps the buy link of each product (sponsored, new tab)", () => {
    expect(view.products[1]!.buyLink).toEqual({
      href: "/go/alpha?from=compare",
      kind: "website",
      rel: "sponsored nofollow noopener",
      external: true,
    });
  });

  it("says when more than four were named", () => {
    expect(compareView("a,b,c,d,e", find).truncated).toBe(true);
    expect(compareView("alpha,bravo", find).truncated).toBe(false);
  });
});
