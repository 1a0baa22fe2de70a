import { describe, expect, it } from "vitest";
import {
  buildShopLinkIndex,
  coversLink,
  httpAddressesIn,
  linkHostKey,
  matchShopLink,
  shopLinkIndexBuilder,
  trackedArticleLink,
  type LinkMerchant,
  type LinkOffer,
} from "./article-shop-links";

const nordic: LinkMerchant = {
  slug: "nordic",
  name: "Nordic Bath",
  domain: "nordic.example",
  affiliateParams: "tag=site-20",
  subIdTemplate: "clickref={id}",
};
const fern: LinkMerchant = { slug: "fern", name: "Fernhollow", domain: null, affiliateParams: null, subIdTemplate: null };
const offers: LinkOffer[] = [
  {
    productSlug: "barrel-6",
    productName: "Barrel 6",
    merchantSlug: "nordic",
    link: "https://www.nordic.example/saunas/barrel-6/?tag=site-20",
  },
  { productSlug: "cube-4", productName: "Cube 4", merchantSlug: "fern", link: "https://fernhollow.example/p?id=4" },
  { productSlug: "cube-5", productName: "Cube 5", merchantSlug: "fern", link: "https://fernhollow.example/p?id=5" },
];
const index = buildShopLinkIndex([nordic, fern], offers);
const SOURCE = "article:my-guide";

describe("an article's shop link", () => {
  it("on a merchant's exact domain goes through the merchant's own /go form, keeping the page it names", () => {
    const match = matchShopLink(index, "https://nordic.example/guides/heaters");
    expect(match).toEqual({ kind: "merchant", merchant: nordic });
    expect(trackedArticleLink(match, "https://nordic.example/guides/heaters", SOURCE)).toEqual({
      href: "/go/-/nordic?from=article:my-guide&to=https%3A%2F%2Fnordic.example%2Fguides%2Fheaters",
      rel: "sponsored nofollow noopener",
    });
  });

  it("with www. or another subdomain of the merchant's domain is the same merchant; a look-alike domain is not", () => {
    expect(matchShopLink(index, "http://www.nordic.example/")).toMatchObject({ kind: "merchant" });
    expect(matchShopLink(index, "https://eu.nordic.example/x")).toMatchObject({ kind: "merchant", merchant: { slug: "nordic" } });
    expect(matchShopLink(index, "https://notnordic.example/x")).toMatchObject({ kind: "none" });
    expect(matchShopLink(index, "https://nordic.example.evil.test/x")).toMatchObject({ kind: "none" });
  });

  it("to an offer's page goes through that offer's /go, whatever its www., trailing slash, fragment or affiliate parameter", () => {
    for (const href of [
      "https://nordic.example/saunas/barrel-6",
      "https://www.nordic.example/saunas/barrel-6/#specs",
      "https://nordic.example/saunas/barrel-6?utm_source=x",
    ]) {
      const match = matchShopLink(index, href);
      expect(match).toMatchObject({ kind: "offer", offer: { productSlug: "barrel-6" }, merchant: { slug: "nordic" } });
      expect(trackedArticleLink(match, href, SOURCE)).toEqual({
        href: "/go/barrel-6/nordic?from=article:my-guide",
        rel: "sponsored nofollow noopener",
      });
    }
  });

  it("tells offers apart by the query that names the product, and a merchant without a domain is known by its offers' links", () => {
    expect(matchShopLink(index, "https://fernhollow.example/p?id=5")).toMatchObject({ kind: "offer", offer: { productSlug: "cube-5" } });
    // Two offers share the page without its query: neither is guessed, the merchant's form is used.
    expect(matchShopLink(index, "https://fernhollow.example/p?id=9")).toMatchObject({ kind: "merchant", merchant: { slug: "fern" } });
  });

  it("to any other site stays as written, and one that looks like a shop says so", () => {
    expect(matchShopLink(index, "https://en.wikipedia.org/wiki/Sauna")).toEqual({ kind: "none", shopLike: false });
    expect(matchShopLink(index, "https://www.amazon.com/dp/B000")).toEqual({ kind: "none", shopLike: true });
    expect(
      trackedArticleLink(matchShopLink(index, "https://en.wikipedia.org/wiki/Sauna"), "https://en.wikipedia.org/wiki/Sauna", SOURCE),
    ).toBeNull();
  });

  it("is never anything but an http(s) address", () => {
    for (const href of ["javascript:alert(1)", "data:text/html,x", "mailto:a@nordic.example", "//nordic.example/x", "/learn"]) {
      expect(matchShopLink(index, href)).toBeNull();
      expect(trackedArticleLink(matchShopLink(index, href), href, SOURCE)).toBeNull();
    }
  });

  it("an affiliate network's domain shared by two merchants' offers names neither merchant", () => {
    const shared = buildShopLinkIndex(
      [fern, { ...fern, slug: "pine", name: "Pine" }],
      [
        { productSlug: "a", productName: "A", merchantSlug: "fern", link: "https://network.example/c?m=1&u=a" },
        { productSlug: "b", productName: "B", merchantSlug: "pine", link: "https://network.example/c?m=2&u=b" },
      ],
    );
    expect(matchShopLink(shared, "https://network.example/c?m=2&u=b")).toMatchObject({ kind: "offer", offer: { productSlug: "b" } });
    expect(matchShopLink(shared, "https://network.example/other")).toMatchObject({ kind: "none" });
    // One merchant's offer on a network's domain: only its exact address names it, not the network's path.
    const single = buildShopLinkIndex(
      [nordic],
      [{ productSlug: "a", productName: "A", merchantSlug: "nordic", link: "https://network.example/c?m=1&u=a" }],
    );
    expect(matchShopLink(single, "https://network.example/c?m=1&u=a")).toMatchObject({ kind: "offer", offer: { productSlug: "a" } });
    expect(matchShopLink(single, "https://network.example/c?m=9&u=other")).toMatchObject({ kind: "none" });
  });
});

describe("the shop link index built a slice at a time", () => {
  it("is the index built at once, however the offers are sliced", () => {
    for (const size of [1, 2, 3]) {
      const builder = shopLinkIndexBuilder([nordic, fern]);
      for (let start = 0; start < offers.length; start += size) builder.add(offers.slice(start, start + size));
      expect(builder.finish()).toEqual(index);
    }
  });
});

describe("the hosts an index is read for", () => {
  it.each([
    ["https://www.Nordic.example/saunas/barrel-6", "nordic.example"],
    ["https://eu.shop.nordic.example/x", "nordic.example"],
    ["http://nordic.example.", "nordic.example"],
    ["http://127.0.0.7:8080/p/1", "127.0.0.7"],
    ["https://[::1]/p", "[::1]"],
    ["mailto:someone@nordic.example", null],
    ["/reviews", null],
  ])("%s → %s", (href, key) => {
    expect(linkHostKey(href)).toBe(key);
  });

  it("finds every http(s) address in a text, in links or not", () => {
    const text = "See [a](https://a.example/p?x=1) and <HTTP://B.example/q>, or https://c.example/(paren) and mailto:x@d.example";
    expect(httpAddressesIn(text)).toEqual(["https://a.example/p?x=1", "HTTP://B.example/q", "https://c.example/"]);
  });

  it("an index for some hosts covers links to them and no others; one for every offer covers all", () => {
    const builder = shopLinkIndexBuilder([nordic, fern], new Set(["nordic.example"]));
    const some = builder.finish();
    expect(coversLink(some, "https://shop.nordic.example/x")).toBe(true);
    expect(coversLink(some, "https://fern.example/x")).toBe(false);
    expect(coversLink(some, "mailto:x@fern.example")).toBe(true);
    expect(coversLink(index, "https://fern.example/x")).toBe(true);
  });
});
