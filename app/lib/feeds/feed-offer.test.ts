import { describe, expect, it } from "vitest";
import type { OfferFields } from "../csv/offer-csv";
import { feedOfferFields, type FeedOfferItem } from "./feed-offer";

const item: FeedOfferItem = {
  link: "https://shop.example/p/1",
  priceMinor: 459900,
  currency: "USD",
  salePriceMinor: 399900,
  saleStartsAt: "2026-11-20",
  saleEndsAt: "2026-11-30",
  availability: "InStock",
  shipping: null,
};

const stored: OfferFields = {
  link: "https://shop.example/old",
  priceMinor: 469900,
  currency: "USD",
  salePriceMinor: null,
  saleEndsAt: null,
  availability: "unknown",
  shippingNote: "Free shipping",
  countries: ["US"],
};

describe("feedOfferFields", () => {
  it("takes the feed's price, sale and stock", () => {
    expect(feedOfferFields(item, undefined, "2026-11-26")).toEqual({
      link: "https://shop.example/p/1",
      priceMinor: 459900,
      currency: "USD",
      salePriceMinor: 399900,
      saleEndsAt: "2026-11-30",
      availability: "InStock",
      shippingNote: null,
      countries: [],
    });
  });

  it("leaves out a sale that has not begun or has ended", () => {
    expect(feedOfferFields(item, undefined, "2026-11-19").salePriceMinor).toBeNull();
    expect(feedOfferFields(item, undefined, "2026-12-01")).toMatchObject({ salePriceMinor: null, saleEndsAt: null });
  });

  it("keeps what the feed does not say: the link, the shipping note, the countries", () => {
    const fields = feedOfferFields({ ...item, link: null }, stored, "2026-11-26");
    expect(fields).toMatchObject({ link: "https://shop.example/old", shippingNote: "Free shipping", countries: ["US"] });
  });
});
