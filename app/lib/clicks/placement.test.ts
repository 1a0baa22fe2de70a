import { describe, expect, it } from "vitest";
import { describePlacement, OTHER_PLACEMENT, placementOf, placementViewKind, PLACEMENTS } from "./placement";
import { linkFrom, linkSource, normaliseLinkFrom, normaliseLinkSource, trackedLinkHref, trackedOfferHref } from "./tracked-link";

describe("placementOf", () => {
  it.each([
    ["product:tyyni-4:where-to-buy", "product:where-to-buy"],
    ["product:tyyni-4:sticky-bar", "product:sticky-bar"],
    ["product:tyyni-4:box", "product:box"],
    ["article:diy-sauna-bench:box", "article:box"],
    ["article:diy-sauna-bench:shop-link", "article:shop-link"],
    ["collection:barrel-saunas:row", "collection:row"],
    ["compare:table", "compare:table"],
    ["home:top-rated", "home:top-rated"],
    ["search:card", "search:card"],
    ["price-alert:email", "price-alert:email"],
    [" PRODUCT:Tyyni-4:Sticky-Bar ", "product:sticky-bar"],
    // A slugged page's placement does not depend on its slug being well formed.
    ["product:<b>:box", "product:box"],
  ])("%s → %s", (raw, expected) => {
    expect(placementOf(raw)).toBe(expected);
  });

  it.each([
    // Links made before placements, and pages without a spot.
    ["product:tyyni-4"],
    ["compare"],
    ["home"],
    // A spot another kind has, or none has.
    ["compare:box"],
    ["product:tyyni-4:row"],
    ["product:tyyni-4:sticky-bar:extra"],
    ["home:hero"],
    // Not a page kind at all, or not a from.
    ["evil:box"],
    ["other"],
    [""],
    [null],
    [undefined],
    [`product:${"a".repeat(200)}:box`],
  ])("%s → other", (raw) => {
    expect(placementOf(raw)).toBe(OTHER_PLACEMENT);
  });

  it("lists every placement once, other last", () => {
    expect(new Set(PLACEMENTS).size).toBe(PLACEMENTS.length);
    expect(PLACEMENTS.at(-1)).toBe(OTHER_PLACEMENT);
    expect(PLACEMENTS).toContain("product:where-to-buy");
  });
});

describe("the page of a from with a spot", () => {
  it.each([
    ["product:tyyni-4:where-to-buy", "product:tyyni-4"],
    ["collection:barrel-saunas:row", "collection:barrel-saunas"],
    ["compare:table", "compare"],
    ["home:picks", "home"],
    // A plain page with a spot it does not have is not a from this site makes.
    ["compare:junk", "unknown"],
    ["product:bad slug:box", "product"],
  ])("%s is the page %s", (raw, page) => {
    expect(normaliseLinkSource(raw)).toBe(page);
  });

  it("builds a link's from with its spot, and drops a spot it cannot place", () => {
    expect(linkFrom(linkSource.product("tyyni-4"), "where-to-buy")).toBe("product:tyyni-4:where-to-buy");
    expect(linkFrom(linkSource.compare, "table")).toBe("compare:table");
    expect(normaliseLinkFrom("compare:row")).toBe("unknown");
    // Without its slug the spot would read back as a slug: `product:box`.
    expect(linkFrom(linkSource.product("Not A Slug!"), "box")).toBe("product");
    expect(trackedLinkHref("tyyni-4", linkFrom(linkSource.product("tyyni-4"), "sticky-bar"))).toBe(
      "/go/tyyni-4?from=product:tyyni-4:sticky-bar",
    );
    expect(trackedOfferHref("tyyni-4", "nordic", linkFrom(linkSource.product("tyyni-4"), "where-to-buy"))).toBe(
      "/go/tyyni-4/nordic?from=product:tyyni-4:where-to-buy",
    );
  });
});

describe("placementViewKind", () => {
  it("divides by the views of the page kind the link is on", () => {
    expect(placementViewKind("product:sticky-bar")).toBe("product");
    expect(placementViewKind("search:card")).toBe("reviews");
    expect(placementViewKind("article:box")).toBe("article");
    expect(placementViewKind("price-alert:email")).toBeNull();
    expect(placementViewKind("other")).toBeNull();
  });
});

describe("describePlacement", () => {
  it("names a placement in words", () => {
    expect(describePlacement("product:sticky-bar")).toBe("Product page · sticky buy bar");
    expect(describePlacement("article:box")).toBe("Article · product box");
    expect(describePlacement("collection:row")).toBe("Collection · product row");
    expect(describePlacement("other")).toBe("Other (no placement named)");
    expect(describePlacement("junk:x")).toBe("Other (no placement named)");
  });
});
