import { describe, expect, it } from "vitest";
import {
  describeLinkSource,
  MERCHANT_LINK_SEGMENT,
  linkSource,
  linkSourcePath,
  normaliseLinkSource,
  trackedLinkHref,
  trackedLinkSlug,
  trackedLinkTarget,
  trackedMerchantHref,
  trackedOfferHref,
  UNKNOWN_SOURCE,
} from "./tracked-link";

describe("trackedLinkHref", () => {
  it("points at /go/{slug} with the page kind it came from", () => {
    expect(trackedLinkHref("barrel-4", linkSource.collection("barrel-saunas"))).toBe("/go/barrel-4?from=collection:barrel-saunas");
    expect(trackedLinkHref("barrel-4", linkSource.home)).toBe("/go/barrel-4?from=home");
    expect(trackedLinkHref("tyyni-4", linkSource.product("tyyni-4"))).toBe("/go/tyyni-4?from=product:tyyni-4");
    expect(trackedLinkHref("x", linkSource.compare)).toBe("/go/x?from=compare");
  });

  it("escapes a slug that is not URL-safe and never lets a bad source through", () => {
    expect(trackedLinkHref("a b/c", "home")).toBe("/go/a%20b%2Fc?from=home");
    expect(trackedLinkHref("x", "evil&from=home")).toBe("/go/x?from=unknown");
  });

  it("reads the slug back from the path", () => {
    expect(trackedLinkSlug("/go/barrel-4")).toBe("barrel-4");
    expect(trackedLinkSlug("/go/a%20b%2Fc")).toBe("a b/c");
    expect(trackedLinkSlug("/go/")).toBeNull();
    expect(trackedLinkSlug("/go/a/b")).toBeNull();
    expect(trackedLinkSlug("/go/%E0%A4%A")).toBeNull();
    expect(trackedLinkSlug("/reviews/x")).toBeNull();
  });
});

describe("normaliseLinkSource", () => {
  it.each([
    ["home", "home"],
    ["reviews", "reviews"],
    ["search", "search"],
    ["compare", "compare"],
    ["price-alert", "price-alert"],
    [" Home ", "home"],
    ["collection:barrel-saunas", "collection:barrel-saunas"],
    ["COLLECTION:Barrel-Saunas", "collection:barrel-saunas"],
    ["product:tyyni-4", "product:tyyni-4"],
    // A known kind with a malformed slug keeps its kind: the page kind is still worth counting.
    ["collection:", "collection"],
    ["collection:<script>", "collection"],
    ["product:-bad-", "product"],
    [`product:${"a".repeat(101)}`, "product"],
    ["collection", "collection"],
  ])("%s → %s", (raw, expected) => {
    expect(normaliseLinkSource(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    "",
    "   ",
    "email",
    "home:x",
    "https://elsewhere.example",
    "x".repeat(500),
    "admin:users",
    "=cmd|' /C calc'!A0",
  ])("%s is unknown", (raw) => {
    expect(normaliseLinkSource(raw)).toBe(UNKNOWN_SOURCE);
  });

  it("keeps a recorded source at a bounded length", () => {
    expect(normaliseLinkSource(`collection:${"a".repeat(100)}`).length).toBeLessThanOrEqual(111);
  });
});

describe("source labels and pages", () => {
  it("names each kind for the admin", () => {
    expect(describeLinkSource("home")).toBe("Home page");
    expect(describeLinkSource("collection:barrel-saunas")).toBe("Collection: barrel-saunas");
    expect(describeLinkSource("product:tyyni-4")).toBe("Product page: tyyni-4");
    expect(describeLinkSource("unknown")).toBe("Unknown page");
    expect(describeLinkSource("collection")).toBe("Collection");
  });

  it("links a source to the page it names", () => {
    expect(linkSourcePath("home")).toBe("/");
    expect(linkSourcePath("collection:barrel-saunas")).toBe("/reviews/barrel-saunas");
    expect(linkSourcePath("product:tyyni-4")).toBe("/reviews/product/tyyni-4");
    expect(linkSourcePath("compare")).toBe("/compare");
    expect(linkSourcePath("unknown")).toBeNull();
    expect(linkSourcePath("collection")).toBeNull();
  });
});

describe("a shop's own tracked link", () => {
  it("names the product and the merchant: /go/{product}/{merchant}?from=…", () => {
    expect(trackedOfferHref("barrel-4", "nordic-bath", "product:barrel-4")).toBe("/go/barrel-4/nordic-bath?from=product:barrel-4");
    expect(trackedOfferHref("a b", "x/y", "nonsense")).toBe("/go/a%20b/x%2Fy?from=unknown");
  });

  it("is read back as product and merchant; a product link has no merchant; deeper paths are not links", () => {
    expect(trackedLinkTarget("/go/barrel-4/nordic-bath")).toEqual({ slug: "barrel-4", merchant: "nordic-bath" });
    expect(trackedLinkTarget("/go/barrel-4")).toEqual({ slug: "barrel-4", merchant: null });
    expect(trackedLinkTarget("/go/a%20b/x%2Fy")).toEqual({ slug: "a b", merchant: "x/y" });
    for (const path of ["/go/barrel-4/", "/go//shop", "/go/a/b/c", "/go/a/%E0%A4%A", "/reviews/a/b"])
      expect(trackedLinkTarget(path)).toBeNull();
  });
});

describe("a merchant's own link from an article", () => {
  it("names the merchant after '-', keeps the page written in `to`, and reads back as the merchant's target", () => {
    const href = trackedMerchantHref("nordic-bath", "https://nordic.example/heaters?a=1&b=2", "article:My-Guide");
    expect(href).toBe("/go/-/nordic-bath?from=article:my-guide&to=https%3A%2F%2Fnordic.example%2Fheaters%3Fa%3D1%26b%3D2");
    expect(trackedLinkTarget(href.slice(0, href.indexOf("?")))).toEqual({ slug: MERCHANT_LINK_SEGMENT, merchant: "nordic-bath" });
    expect(new URLSearchParams(href.slice(href.indexOf("?") + 1)).get("to")).toBe("https://nordic.example/heaters?a=1&b=2");
  });
});
