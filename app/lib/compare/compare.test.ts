import { describe, expect, it } from "vitest";
import {
  canonicalCompareHref,
  canonicalCompareParam,
  compareAnnouncement,
  compareHref,
  compareTrayShown,
  compareView,
  groupFeatures,
  leftSomethingOut,
  parseCompareSlugs,
} from "./compare";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

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

  it("gives a feature both list a row, ignoring case, and puts each one's own features in one row", () => {
    expect(view.features).toEqual([{ feature: "cedar", has: [true, true], shared: true }]);
    expect(view.ownFeatures).toEqual({ label: "Other features", lists: [["Panoramic window"], ["Glass door"]] });
  });

  it("keeps the buy link of each product (sponsored, new tab)", () => {
    expect(view.products[1]!.buyLink).toEqual({
      href: "/go/alpha?from=compare:table",
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

// The key features of sample saunas, as the seeded catalog lists them.
const TYYNI_4 = [
  "Thermally modified spruce cladding",
  "Full-height tempered glass front",
  "WiFi heater control with scheduling",
  "Two-tier benches for four",
  "Integrated LED bench lighting",
  "Ships as a pre-assembled module",
];
const CLT_RECOVERY_SUITE_8 = [
  "Hot room, shower corner and plunge deck",
  "Built for team and group recovery sessions",
  "Solid cross-laminated timber walls",
  "WiFi heater control with scheduling",
  "Three-tier benches",
];
const CLT_COMPACT_2 = ["Solid cross-laminated timber walls", "Thermowood exterior", "One long bench for two", "Delivered fully assembled"];
const EMBER_6 = [
  "Wood stove needs no electrical hookup",
  "Covered porch under the eave",
  "Two long benches",
  "Clear cedar staves",
  "Stove guard and heat shield included",
  "Traditional Finnish loyly from loose stones",
];
const CUSTOM_CABIN = [
  "Built to your drawings and site",
  "Choice of cedar, spruce or thermowood",
  "Reclaimed and FSC-certified timber available",
  "Eco-friendly natural oil finishes",
  "Separate changing room",
];
const LODGE_6 = [
  "Stove fed from the changing room",
  "Separate changing room",
  "Covered front porch",
  "Spruce walls, 2.75 in tongue-and-groove",
  "Sustainable Nordic spruce from managed forests",
  "Double-pane door window",
];

describe("groupFeatures", () => {
  it("turns 15 features of three saunas into 2 shared rows and one row of each sauna's own", () => {
    const { features, ownFeatures } = groupFeatures([TYYNI_4, CLT_RECOVERY_SUITE_8, CLT_COMPACT_2]);
    expect(features).toEqual([
      { feature: "WiFi heater control with scheduling", has: [true, true, false], shared: false },
      { feature: "Solid cross-laminated timber walls", has: [false, true, true], shared: false },
    ]);
    expect(ownFeatures?.label).toBe("Other features");
    expect(ownFeatures?.lists.map((list) => list.length)).toEqual([5, 3, 3]);
    expect(ownFeatures?.lists[2]).toEqual(["Thermowood exterior", "One long bench for two", "Delivered fully assembled"]);
  });

  it("puts a feature every sauna lists first, marked shared, before one only some list", () => {
    const { features } = groupFeatures(
      [TYYNI_4, CUSTOM_CABIN, LODGE_6, CLT_RECOVERY_SUITE_8].map((list, index) =>
        index === 3 ? [...list, "separate changing room"] : list,
      ),
    );
    expect(features.map((row) => [row.feature, row.has.filter(Boolean).length, row.shared])).toEqual([
      ["Separate changing room", 3, false],
      ["WiFi heater control with scheduling", 2, false],
    ]);
    expect(groupFeatures([CUSTOM_CABIN, LODGE_6]).features).toEqual([
      { feature: "Separate changing room", has: [true, true], shared: true },
    ]);
  });

  it("with nothing shared, lists 17 features as one 'Key features' row instead of 17 rows of dashes", () => {
    const { features, ownFeatures } = groupFeatures([TYYNI_4, EMBER_6, CUSTOM_CABIN]);
    expect(features).toEqual([]);
    expect(ownFeatures).toEqual({ label: "Key features", lists: [TYYNI_4, EMBER_6, CUSTOM_CABIN] });
  });

  it("has no row of own features when every feature is shared or none is listed", () => {
    expect(groupFeatures([["Cedar"], ["cedar"]]).ownFeatures).toBeNull();
    expect(groupFeatures([[], []])).toEqual({ features: [], ownFeatures: null });
  });

  it("leaves an empty list for a sauna whose features are all shared", () => {
    expect(groupFeatures([["Cedar"], ["Cedar", "Porch"]]).ownFeatures).toEqual({ label: "Other features", lists: [[], ["Porch"]] });
  });
});

describe("compareTrayShown", () => {
  const picks = [
    { slug: "alpha", name: "Alpha" },
    { slug: "bravo", name: "Bravo" },
  ];
  const at = (path: string) => {
    const url = new URL(path, "https://saunas.example");
    return compareTrayShown({ pathname: url.pathname, search: url.search }, picks);
  };

  it("shows on the pages with 'Add to compare'", () => {
    for (const path of ["/", "/reviews", "/reviews?q=barrel", "/reviews/outdoor-saunas", "/reviews/product/alpha", "/product/alpha"]) {
      expect(at(path), path).toBe(true);
    }
  });

  it("never shows on the admin area, sign-in, the Knowledge Center, newsletter or alert pages", () => {
    for (const path of [
      "/admin",
      "/admin/products",
      "/auth",
      "/auth/forgot",
      "/learn",
      "/learn/best-barrel-saunas",
      "/newsletter",
      "/alerts/confirm",
      "/no-such-page",
      "/reviewsx",
    ]) {
      expect(at(path), path).toBe(false);
    }
  });

  it("shows on /compare unless the page shows exactly the picks, in any order", () => {
    expect(at("/compare?products=bravo,alpha")).toBe(false);
    expect(at("/compare?products=Alpha,bravo")).toBe(false);
    expect(at("/compare?products=alpha")).toBe(true);
    expect(at("/compare?products=alpha,bravo,charlie")).toBe(true);
    expect(at("/compare")).toBe(true);
  });

  it("is hidden while nothing is picked", () => {
    expect(compareTrayShown({ pathname: "/", search: "" }, [])).toBe(false);
  });
});

describe("compareAnnouncement", () => {
  const alpha = { slug: "alpha", name: "Alpha" };
  const bravo = { slug: "bravo", name: "Bravo" };

  it("says what was added, with how many of four are picked", () => {
    expect(compareAnnouncement([alpha], [alpha, bravo])).toBe("Added Bravo to compare (2 of 4)");
  });

  it("says what was removed", () => {
    expect(compareAnnouncement([alpha, bravo], [bravo])).toBe("Removed Alpha from compare");
  });

  it("says nothing when nothing changed", () => {
    expect(compareAnnouncement([alpha], [alpha])).toBeNull();
  });
});

describe("the comparison's score rows", () => {
  it("adds a row per criterion at least one sauna is scored on, with its bar, '—' where unscored", () => {
    const scored = new Map([
      ["alpha", { ...a, scoreBuildQuality: 9, scoreValue: 7.5 }],
      ["bravo", { ...b, scoreBuildQuality: 6 }],
    ]);
    const rows = compareView("alpha,bravo", (slug) => scored.get(slug)).rows.filter((row) => row.bars);
    expect(rows).toEqual([
      { label: "Build quality", values: ["9.0 / 10", "6.0 / 10"], bars: [90, 60] },
      { label: "Value", values: ["7.5 / 10", "—"], bars: [75, null] },
    ]);
    expect(compareView("alpha,bravo", find).rows.some((row) => row.bars)).toBe(false);
  });
});
