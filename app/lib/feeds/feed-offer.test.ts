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
  availableFrom: null,
  shipping: null,
};

const stored: OfferFields = {
  link: "https://shop.example/old",
  priceMinor: 469900,
  currency: "USD",
  salePriceMinor: null,
  saleEndsAt: null,
  availability: "unknown",
  availableFrom: null,
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
      availableFrom: null,
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

  it("dates a pre-order or back-order by the feed's day, else the day it had; an item in stock has none", () => {
    const preorder = { ...item, availability: "PreOrder" as const };
    expect(feedOfferFields({ ...preorder, availableFrom: "2027-01-15" }, stored, "2026-11-26").availableFrom).toBe("2027-01-15");
    const dated = { ...stored, availability: "PreOrder" as const, availableFrom: "2027-02-01" };
    expect(feedOfferFields(preorder, dated, "2026-11-26").availableFrom).toBe("2027-02-01");
    expect(feedOfferFields(item, dated, "2026-11-26").availableFrom).toBeNull();
  });
});
