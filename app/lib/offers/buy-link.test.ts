import { describe, expect, it } from "vitest";
import { buyDestination, buyLink, isTyyni, safeHttpUrl } from "./buy-link";
import type { ShopOffer } from "./shop-offer";

const survey = "https://forms.example/sauna-survey";

describe("safeHttpUrl", () => {
  it("accepts absolute http and https URLs", () => {
    expect(safeHttpUrl("https://shop.example/a?ref=x")).toBe("https://shop.example/a?ref=x");
    expect(safeHttpUrl(" http://shop.example ")).toBe("http://shop.example");
    expect(safeHttpUrl("HTTPS://shop.example")).toBe("HTTPS://shop.example");
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "ftp://shop.example",
    "//shop.example",
    "/buy",
    "shop.example",
    "https://",
    "",
    null,
    undefined,
  ])("rejects %s", (value) => {
    expect(safeHttpUrl(value)).toBeNull();
  });
});

describe("buyDestination", () => {
  const both = { name: "Barrel 4", website: "https://maker.example/b4", affiliateLink: "https://maker.example/b4?ref=us" };

  // The order changed (docs/decisions/0058): the affiliate link earns the commission, the maker's site does not.
  it("prefers the affiliate link to the website", () => {
    expect(buyDestination(both)).toEqual({ url: "https://maker.example/b4?ref=us", kind: "affiliate" });
  });

  it("uses the website when there is no affiliate link", () => {
    expect(buyDestination({ ...both, affiliateLink: "" })).toEqual({ url: "https://maker.example/b4", kind: "website" });
    expect(buyDestination({ ...both, affiliateLink: null })?.kind).toBe("website");
  });

  it("takes the best offer with a link for the country, with its merchant's affiliate parameters", () => {
    const offer = (merchantSlug: string, fields: Partial<ShopOffer>): ShopOffer => ({
      id: 1,
      productId: 1,
      merchantId: merchantSlug.length,
      merchantSlug,
      merchantName: merchantSlug,
      link: `https://${merchantSlug}.example/b4`,
      priceMinor: 800_000,
      currency: "USD",
      salePriceMinor: null,
      saleEndsAt: null,
      availability: "InStock",
      countries: [],
      merchantCountries: [],
      source: "form",
      confirmedAt: "2026-11-20T00:00:00.000Z",
      priceChangedAt: "2026-11-20T00:00:00.000Z",
      isPrimary: false,
      shippingNote: null,
      merchantAffiliateParams: null,
      ...fields,
    });
    const offers = [
      offer("maker", { isPrimary: true, priceMinor: 900_000 }),
      offer("retail", { priceMinor: 850_000, merchantAffiliateParams: "tag=site-20" }),
      offer("bad-link", { priceMinor: 100_000, link: "javascript:alert(1)" }),
      offer("shop-de", { priceMinor: 700_000, currency: "EUR", countries: ["DE"] }),
    ];
    expect(buyDestination({ ...both, offers })).toMatchObject({ url: "https://retail.example/b4?tag=site-20", kind: "affiliate" });
    expect(buyDestination({ ...both, offers }, null, { country: "DE", siteCountry: "US" })?.url).toBe("https://shop-de.example/b4");
    // Offers without a usable link: the maker's website.
    expect(buyDestination({ ...both, offers: [offers[2]!] })).toEqual({ url: "https://maker.example/b4", kind: "website" });
  });

  it("skips a link that is not http(s)", () => {
    expect(buyDestination({ ...both, affiliateLink: "javascript:alert(1)" })?.url).toBe("https://maker.example/b4");
    expect(buyDestination({ name: "X", website: "javascript:alert(1)", affiliateLink: "data:text/html,x" })).toBeNull();
  });

  it("has no destination with no link at all", () => {
    expect(buyDestination({ name: "X", website: null, affiliateLink: null })).toBeNull();
  });

  it("sends a 'tyyni' sauna to the survey form when the setting is given", () => {
    expect(buyDestination({ ...both, name: "Tyyni 4 Cube Sauna" }, survey)).toEqual({ url: survey, kind: "survey" });
    expect(buyDestination({ ...both, name: "The TYYNI cube" }, survey)?.url).toBe(survey);
  });

  it("keeps the normal link for a 'tyyni' sauna when the setting is unset or unsafe", () => {
    expect(buyDestination({ ...both, name: "Tyyni 4" })?.url).toBe("https://maker.example/b4?ref=us");
    expect(buyDestination({ ...both, name: "Tyyni 4" }, null)?.url).toBe("https://maker.example/b4?ref=us");
    expect(buyDestination({ ...both, name: "Tyyni 4" }, "javascript:alert(1)")?.url).toBe("https://maker.example/b4?ref=us");
  });

  it("never sends other saunas to the survey form", () => {
    expect(buyDestination(both, survey)?.url).toBe("https://maker.example/b4?ref=us");
  });

  it("recognises 'tyyni' in any case", () => {
    expect(isTyyni("Tyyni 4")).toBe(true);
    expect(isTyyni("lumo TYYNI")).toBe(true);
    expect(isTyyni("Valo 2")).toBe(false);
    expect(isTyyni(null)).toBe(false);
  });
});

describe("buyLink", () => {
  const product = { slug: "barrel-4", name: "Barrel 4", website: "https://maker.example/b4", affiliateLink: null };

  it("links a shop through the tracked redirect, as a sponsored link", () => {
    expect(buyLink(product, { source: "collection:barrel-saunas" })).toEqual({
      href: "/go/barrel-4?from=collection:barrel-saunas",
      kind: "website",
      rel: "sponsored nofollow noopener",
      external: true,
    });
    expect(buyLink({ ...product, website: null, affiliateLink: "https://maker.example/b4?ref=us" }, { source: "home" })).toEqual({
      href: "/go/barrel-4?from=home",
      kind: "affiliate",
      rel: "sponsored nofollow noopener",
      external: true,
    });
  });

  it("tracks the survey form too, but not as a paid link", () => {
    expect(buyLink({ ...product, name: "Tyyni 4" }, { surveyFormUrl: survey, source: "product:barrel-4" })).toEqual({
      href: "/go/barrel-4?from=product:barrel-4",
      kind: "survey",
      rel: "noopener",
      external: true,
    });
  });

  it("falls back to '#' when there is nowhere to go", () => {
    expect(buyLink({ ...product, website: "javascript:alert(1)" }, { source: "home" })).toEqual({
      href: "#",
      kind: "none",
      external: false,
    });
  });
});
