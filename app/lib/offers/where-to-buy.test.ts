import { describe, expect, it } from "vitest";
import { makeProduct } from "../../../tests/support/catalog-fixtures";
import type { PriceSettings } from "./display-price";
import { productPriceRange, productPriceView } from "./price-view";
import type { ShopOffer } from "./shop-offer";
import { shipsFromText, whereToBuyView } from "./where-to-buy";

const settings: PriceSettings = {
  country: "US",
  currency: "USD",
  maxAgeMs: 24 * 3_600_000,
  today: "2026-11-26",
  now: Date.parse("2026-11-26T12:00:00.000Z"),
};

let nextId = 1;
function offer(merchantSlug: string, fields: Partial<ShopOffer> = {}): ShopOffer {
  return {
    id: nextId++,
    productId: 7,
    merchantId: nextId,
    merchantSlug,
    merchantName: merchantSlug.replace(/-/g, " "),
    link: `https://${merchantSlug}.example/panorama-4`,
    priceMinor: 840_000,
    currency: "USD",
    salePriceMinor: null,
    saleEndsAt: null,
    availability: "InStock",
    countries: [],
    merchantCountries: [],
    source: "form",
    confirmedAt: "2026-11-24T08:00:00.000Z",
    priceChangedAt: "2026-11-01T08:00:00.000Z",
    isPrimary: false,
    shippingNote: null,
    merchantAffiliateParams: null,
    ...fields,
  };
}

const panorama = makeProduct({
  slug: "birchline-panorama-4-barrel-sauna",
  name: "Panorama 4",
  offers: [
    offer("birchline", {
      isPrimary: true,
      priceMinor: 840_000,
      salePriceMinor: 765_000,
      saleEndsAt: "2027-01-15",
      shippingNote: "Free curbside delivery",
    }),
    offer("nordic-bath", { priceMinor: 799_900, availability: "BackOrder", merchantCountries: ["US", "CA"] }),
    offer("backyard", { priceMinor: 700_000, availability: "OutOfStock" }),
    offer("no-link-shop", { priceMinor: 820_000, link: null, availability: "unknown" }),
    offer("saunaversand", { priceMinor: 720_000, currency: "EUR", countries: ["DE"] }),
  ],
});

describe("whereToBuyView", () => {
  const view = whereToBuyView(panorama, settings, { source: "product:birchline-panorama-4-barrel-sauna" });

  it("lists the site's country's offers cheapest first, out of stock last, other countries left out", () => {
    expect(view.rows.map((row) => row.merchantSlug)).toEqual(["birchline", "nordic-bath", "no-link-shop", "backyard"]);
  });

  it("shows the sale beside the struck list price, 'Lowest price' on the offer that set the displayed price", () => {
    expect(view.rows[0]).toMatchObject({
      priceText: "$7,650",
      listText: "$8,400",
      saleEndsText: "Sale ends January 15, 2027",
      asOfText: "Price as of November 24, 2026",
      availabilityText: "In stock",
      shippingText: "Free curbside delivery",
      lowest: true,
    });
    expect(view.rows.filter((row) => row.lowest)).toHaveLength(1);
    expect(productPriceView(panorama, settings).text).toBe(view.rows[0]!.priceText);
  });

  it("says what the availability is, in words", () => {
    expect(view.rows.map((row) => [row.availabilityText, row.buyable])).toEqual([
      ["In stock", true],
      ["Back order: ships later", true],
      ["Ask the shop about stock", true],
      ["Out of stock", false],
    ]);
  });

  it("says when a pre-order or back-order ships while that day is ahead, and nothing for one in stock or a day gone by", () => {
    expect(shipsFromText({ availability: "PreOrder", availableFrom: "2027-01-15" }, settings.today)).toBe("Ships from January 15, 2027");
    expect(shipsFromText({ availability: "BackOrder", availableFrom: "2026-12-01" }, settings.today)).toBe("Ships from December 1, 2026");
    expect(shipsFromText({ availability: "BackOrder", availableFrom: settings.today }, settings.today)).toBeNull();
    expect(shipsFromText({ availability: "InStock", availableFrom: "2027-01-15" }, settings.today)).toBeNull();
    expect(shipsFromText({ availability: "PreOrder", availableFrom: null }, settings.today)).toBeNull();
    const preorder = whereToBuyView(
      makeProduct({ slug: "clt-4", offers: [offer("nordic-bath", { availability: "PreOrder", availableFrom: "2027-03-02" })] }),
      settings,
      { source: "product:clt-4" },
    );
    expect(preorder.rows[0]).toMatchObject({ availabilityText: "Pre-order", shipsFromText: "Ships from March 2, 2027" });
    const backorder = whereToBuyView(
      makeProduct({ slug: "trad-2", offers: [offer("nordic-bath", { availability: "BackOrder", availableFrom: "2027-01-15" })] }),
      settings,
      { source: "product:trad-2" },
    );
    // The day says when: not "ships later" as well.
    expect(backorder.rows[0]).toMatchObject({ availabilityText: "Back order", shipsFromText: "Ships from January 15, 2027" });
  });

  it("links each shop through /go/{product}/{merchant} as a sponsored link, and none without a usable link", () => {
    expect(view.rows[1]).toMatchObject({
      href: "/go/birchline-panorama-4-barrel-sauna/nordic-bath?from=product:birchline-panorama-4-barrel-sauna",
      rel: "sponsored nofollow noopener",
    });
    expect(view.rows[2]!.href).toBeNull();
  });

  it("sends every row of a Tyyni to the survey form while it is set, as an unpaid link", () => {
    const tyyni = { ...panorama, slug: "tyyni-4", name: "Tyyni 4" };
    const rows = whereToBuyView(tyyni, settings, { source: "product:tyyni-4", surveyFormUrl: "https://forms.example/s" }).rows;
    expect(rows.every((row) => row.href !== null && row.rel === "noopener")).toBe(true);
  });

  it("says 'Check price' for a feed price past PRICE_MAX_AGE and marks no lowest price when only those remain", () => {
    const stale = makeProduct({
      offers: [offer("feedshop", { source: "feed", confirmedAt: "2026-11-25T11:00:00.000Z", priceMinor: 500_000 })],
    });
    const rows = whereToBuyView(stale, settings, { source: "home" }).rows;
    expect(rows[0]).toMatchObject({ priceText: "Check price", listText: null, lowest: false, asOfText: "Price as of November 25, 2026" });
    expect(productPriceView(stale, settings)).toMatchObject({ kind: "check", text: "Check price" });
  });
});

describe("productPriceRange", () => {
  it("spans the prices a reader can pay now in the site's currency and country", () => {
    expect(productPriceRange(panorama, settings)).toEqual({
      offerCount: 3,
      lowMinor: 765_000,
      highMinor: 820_000,
      currency: "USD",
      availability: "InStock",
    });
  });

  it("is null with no shown price", () => {
    expect(productPriceRange(makeProduct({ offers: [] }), settings)).toBeNull();
  });

  it("prices a product read without its offers from its row's copy, dated by its last save", () => {
    const row = makeProduct({
      priceCents: 840_000,
      salePriceCents: 765_000,
      saleEndsAt: "2027-01-15",
      updatedAt: "2026-11-20T10:00:00.000Z",
    });
    expect(productPriceView(row, settings)).toMatchObject({
      text: "$7,650",
      listText: "$8,400",
      asOfText: "Price as of November 20, 2026",
    });
  });
});
