import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "../offers/price-view";
import { toProductCard, toSaunaViewModel } from "./product-view-models";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

const context = {
  origin: "https://saunas.example",
  surveyFormUrl: "https://forms.example/survey",
  linkSource: "collection:barrel-saunas",
  prices: priceSettingsAt(DEFAULT_SITE_PRICES, Date.parse("2026-11-26T12:00:00Z")),
};

const rated = makeProduct({
  id: 7,
  slug: "birchline-panorama-4",
  name: "Panorama 4 Barrel Sauna",
  brand: "Birchline",
  categoryId: "barrel",
  tagline: "A barrel with a view.",
  description: "Cedar barrel with a panoramic back window.",
  priceCents: 840_000,
  images: ["/images/samples/birchline-panorama-4-1.webp", "/images/samples/birchline-panorama-4-2.webp"],
  capacity: 4,
  dimensions: "7' L x 6' W",
  weightLbs: 1250,
  heaterType: "Electric",
  heaterSpec: "6 kW",
  keyFeatures: ["Panoramic window", "Cedar staves", "Canopy", "Bench backrests", "LED lights"],
  website: "https://birchline.example/panorama-4",
  affiliateLink: "https://birchline.example/panorama-4?ref=x",
  rating: 4.7,
  reviewsNumber: 214,
  reviewCount: "200+",
  shippingInfo: null,
});

const unrated = makeProduct({
  id: 8,
  name: "Tyyni 2",
  brand: "",
  categoryId: "infrared",
  images: [],
  rating: null,
  reviewsNumber: null,
  reviewCount: null,
  website: "javascript:alert(1)",
  affiliateLink: null,
});

describe("toProductCard", () => {
  it("derives the home card", () => {
    expect(toProductCard(rated, context)).toEqual({
      id: 7,
      slug: "birchline-panorama-4",
      href: "/reviews/product/birchline-panorama-4",
      name: "Panorama 4 Barrel Sauna",
      brand: "Birchline",
      type: "Barrel",
      rating: 4.7,
      image: "https://saunas.example/images/samples/birchline-panorama-4-1.webp",
      priceText: "$8,400",
      priceAsOf: "Price as of May 20, 2025",
      priceDrop: null,
      tag: "Top rated",
      category: "barrel",
      productType: "Electric",
      description: "Cedar barrel with a panoramic back window.",
      features: ["Panoramic window", "Cedar staves", "Canopy", "Bench backrests", "LED lights"],
      buyLink: {
        href: "/go/birchline-panorama-4?from=collection:barrel-saunas",
        // The affiliate link before the website (docs/decisions/0058).
        kind: "affiliate",
        rel: "sponsored nofollow noopener",
        external: true,
      },
      reviewCount: 214,
      userCount: "214",
    });
  });

  it("keeps an unrated product unrated and uncounted (no 4.5, no random count)", () => {
    const card = toProductCard(unrated, context);
    expect(card.rating).toBeNull();
    expect(card.reviewCount).toBeNull();
    expect(card.userCount).toBeNull();
    expect(card.brand).toBe("Premium Brand");
    expect(card.priceText).toBe("Contact for Price");
    expect(card.image).toBe("https://saunas.example/images/fallbacks/infrared.webp");
    expect(JSON.stringify(card)).not.toContain("javascript:");
    // A name says nothing about sales: no badge for an unrated 'Tyyni' sauna.
    expect(card.tag).toBeNull();
    expect(card.buyLink).toEqual({
      href: `/go/${unrated.slug}?from=collection:barrel-saunas`,
      kind: "survey",
      rel: "noopener",
      external: true,
    });
  });

  it("falls back to the tagline for the description", () => {
    expect(toProductCard({ ...rated, description: null }, context).description).toBe("A barrel with a view.");
  });
});

describe("toSaunaViewModel", () => {
  it("builds the collection page's sauna", () => {
    const sauna = toSaunaViewModel(rated, context);
    expect(sauna.rating).toBe(4.7);
    expect(sauna.priceText).toBe("$8,400");
    expect(sauna.userCount).toBe("214");
    expect(sauna.reviewsNumber).toBe(214);
    // No shipping data: nothing is claimed.
    expect(sauna.shipping).toBeNull();
    expect(sauna.featureLines).toEqual(["Panoramic window", "Cedar staves", "Canopy", "Bench backrests"]);
    expect(sauna.pros).toEqual(["Panoramic window", "Cedar staves", "Canopy", "Bench backrests"]);
    expect(sauna.cons).toEqual([]);
    expect(sauna.specification).toEqual({
      capacity: "4 people",
      dimensions: "7' L x 6' W",
      weight: "1,250 lbs",
      heaterType: "Electric",
      heaterSpec: "6 kW",
    });
    expect(sauna.tagline).toBe("A barrel with a view.");
  });

  it("shows no rating and no count rather than 0 for an unrated product", () => {
    const sauna = toSaunaViewModel(unrated, context);
    expect(sauna.rating).toBeNull();
    expect(sauna.userCount).toBeNull();
    expect(sauna.reviewsNumber).toBeNull();
    expect(sauna.specification).toEqual({ capacity: null, dimensions: null, weight: null, heaterType: null, heaterSpec: null });
  });

  it("carries the tracked shop link only, never the raw shop URLs (they would reach the page's hydration data)", () => {
    const serialized = JSON.stringify(toSaunaViewModel(rated, context));
    expect(serialized).not.toContain("birchline.example");
    expect(toSaunaViewModel(rated, context).buyLink.href).toBe("/go/birchline-panorama-4?from=collection:barrel-saunas");
  });

  it("reads '45+' as 45 when reviews_number is absent", () => {
    const sauna = toSaunaViewModel({ ...rated, reviewsNumber: null, reviewCount: "45+" }, context);
    expect(sauna.reviewsNumber).toBe(45);
    expect(sauna.userCount).toBe("45+");
  });
});
