import { describe, expect, it } from "vitest";
import {
  activeSale,
  brandText,
  capacityText,
  categoryBreadcrumb,
  categoryCollectionSlug,
  categoryLabel,
  featureLines,
  featureSummary,
  parseReviewCountText,
  productHref,
  productTag,
  reviewCountNumber,
  shippingText,
  specText,
  userCountText,
  weightText,
} from "./product-display";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

describe("shippingText", () => {
  it("shows the shipping info as written, and claims nothing (no 'Free Shipping') when missing or blank", () => {
    expect(shippingText("$499 freight")).toBe("$499 freight");
    expect(shippingText(null)).toBeNull();
    expect(shippingText("")).toBeNull();
    expect(shippingText("   ")).toBeNull();
  });
});

describe("brandText", () => {
  it("defaults a blank brand to 'Premium Brand'", () => {
    expect(brandText("Birchline")).toBe("Birchline");
    expect(brandText(" ")).toBe("Premium Brand");
  });
});

describe("review counts (never invented)", () => {
  it("reads a count given as text", () => {
    expect(parseReviewCountText("45+")).toBe(45);
    expect(parseReviewCountText(" 45 + ")).toBe(45);
    expect(parseReviewCountText("1,200+ reviews")).toBe(1200);
    expect(parseReviewCountText("31")).toBe(31);
    expect(parseReviewCountText("many")).toBeNull();
    expect(parseReviewCountText("")).toBeNull();
    expect(parseReviewCountText(null)).toBeNull();
  });

  it("prefers reviews_number, then the text, then nothing", () => {
    expect(reviewCountNumber({ reviewsNumber: 86, reviewCount: "85+" })).toBe(86);
    expect(reviewCountNumber({ reviewsNumber: 0, reviewCount: "85+" })).toBe(0);
    expect(reviewCountNumber({ reviewsNumber: null, reviewCount: "45+" })).toBe(45);
    expect(reviewCountNumber({ reviewsNumber: null, reviewCount: null })).toBeNull();
  });

  it("gives the user count text: exact number, else '45+' from text, else null", () => {
    expect(userCountText({ reviewsNumber: 86, reviewCount: "85+" })).toBe("86");
    expect(userCountText({ reviewsNumber: null, reviewCount: "45+" })).toBe("45+");
    expect(userCountText({ reviewsNumber: null, reviewCount: "45" })).toBe("45+");
    expect(userCountText({ reviewsNumber: null, reviewCount: null })).toBeNull();
  });

  it("is the same for the same product every time (no random count)", () => {
    const product = { reviewsNumber: null, reviewCount: null };
    expect(new Set(Array.from({ length: 20 }, () => reviewCountNumber(product)))).toEqual(new Set([null]));
  });
});

describe("capacityText", () => {
  it.each([
    [4, "4 people"],
    [2, "2 people"],
    [1, "1 person"],
    ["6", "6 people"],
    ["2-4", "2-4"],
    ["Up to 6 adults", "Up to 6 adults"],
    [0, null],
    [null, null],
    ["", null],
  ])("%s → %s", (capacity, text) => {
    expect(capacityText(capacity)).toBe(text);
  });
});

describe("specification texts", () => {
  it("formats weight and says 'N/A' for missing values", () => {
    expect(weightText(1950)).toBe("1,950 lbs");
    expect(weightText(412.5)).toBe("412.5 lbs");
    expect(weightText(null)).toBeNull();
    expect(specText("7' L x 6' W")).toBe("7' L x 6' W");
    expect(specText(null)).toBe("N/A");
    expect(specText(" ")).toBe("N/A");
  });
});

describe("featureLines", () => {
  const specs = { capacity: 4, heaterType: "Electric", dimensions: "7' x 6'" };

  it("lists key features first, then capacity, heater and size, at most 4", () => {
    expect(featureLines({ keyFeatures: ["Cedar", "Glass door"], ...specs })).toEqual([
      "Cedar",
      "Glass door",
      "Capacity: 4 people",
      "Heater: Electric",
    ]);
    expect(featureLines({ keyFeatures: [], ...specs })).toEqual(["Capacity: 4 people", "Heater: Electric", "Size: 7' x 6'"]);
    expect(featureLines({ keyFeatures: ["a", "b", "c", "d", "e"], ...specs })).toEqual(["a", "b", "c", "d"]);
  });

  it("skips blank features and missing specifications", () => {
    expect(featureLines({ keyFeatures: [" ", "Cedar"], capacity: null, heaterType: "", dimensions: "5' x 5'" })).toEqual([
      "Cedar",
      "Size: 5' x 5'",
    ]);
    expect(featureLines({ keyFeatures: [], capacity: null, heaterType: null, dimensions: null })).toEqual([]);
  });
});

describe("featureSummary", () => {
  it("shows the first N and '+N more'", () => {
    expect(featureSummary(["a", "b", "c", "d", "e"], 3)).toEqual({
      visible: ["a", "b", "c"],
      moreText: "+2 more",
      emptyText: null,
    });
    expect(featureSummary(["a", "b", "c"], 3)).toEqual({ visible: ["a", "b", "c"], moreText: null, emptyText: null });
    expect(featureSummary(["a", "b", "c"], 2).moreText).toBe("+1 more");
  });

  it("counts the features left out of a shortened list", () => {
    expect(featureSummary(["a", "b", "c"], 3, 6)).toEqual({ visible: ["a", "b", "c"], moreText: "+3 more", emptyText: null });
    expect(featureSummary(["a", "b", "c"], 2, 6)).toEqual({ visible: ["a", "b"], moreText: "+4 more", emptyText: null });
  });

  it("says 'No features listed' when there are none", () => {
    expect(featureSummary([], 3)).toEqual({ visible: [], moreText: null, emptyText: "No features listed" });
    expect(featureSummary(["  "], 3).emptyText).toBe("No features listed");
  });
});

describe("a card's badge (productTag)", () => {
  it("says 'Top rated' at 4.7 or higher, a rating claim the stars beside it show", () => {
    expect(productTag({ rating: 4.7 })).toBe("Top rated");
    expect(productTag({ rating: 5 })).toBe("Top rated");
    expect(productTag({ rating: 4.69 })).toBeNull();
    expect(productTag({ rating: null })).toBeNull();
  });

  it("never says 'Best seller' from a rating or a name: sales are not measured", () => {
    for (const rating of [4.7, 5, null]) expect(productTag({ rating })).not.toBe("Best seller");
    expect(productTag({ rating: 3, bestSeller: false })).toBeNull();
  });

  it("says 'Best seller' only where the owner marked it, and that one badge when both apply", () => {
    expect(productTag({ rating: 3.9, bestSeller: true })).toBe("Best seller");
    expect(productTag({ rating: null, bestSeller: true })).toBe("Best seller");
    expect(productTag({ rating: 4.9, bestSeller: true })).toBe("Best seller");
  });
});

describe("category words and links", () => {
  it("labels the category", () => {
    expect(categoryLabel("barrel")).toBe("Barrel");
    expect(categoryLabel("clt")).toBe("CLT");
    expect(categoryLabel("modern-cube")).toBe("Modern Cube");
    expect(categoryLabel(null)).toBe("Outdoor");
  });

  it("builds the breadcrumb step to the category's collection page when there is one", () => {
    const pages = new Set(["barrel-saunas", "infrared-saunas", "outdoor-saunas", "cabin-kits"]);
    const exists = (slug: string) => pages.has(slug);
    expect(categoryBreadcrumb("barrel", exists)).toEqual({ label: "Barrel Saunas", href: "/reviews/barrel-saunas" });
    expect(categoryBreadcrumb("Infrared", exists)).toEqual({ label: "Infrared Saunas", href: "/reviews/infrared-saunas" });
    expect(categoryBreadcrumb(null, exists)).toEqual({ label: "Outdoor Saunas", href: "/reviews/outdoor-saunas" });
    expect(categoryBreadcrumb("cabin-kits", exists)).toEqual({ label: "Cabin Kits Saunas", href: "/reviews/cabin-kits" });
  });

  it("links the breadcrumb step to the reviews index when the category has no collection page", () => {
    expect(categoryBreadcrumb("cabin", () => false)).toEqual({ label: "Cabin Saunas", href: "/reviews" });
  });

  it("names the collection slug of a category", () => {
    expect(categoryCollectionSlug("barrel")).toBe("barrel-saunas");
    expect(categoryCollectionSlug(" Cabin ")).toBe("cabin");
    expect(categoryCollectionSlug("")).toBe("outdoor-saunas");
  });

  it("links a product by its slug (the canonical URL)", () => {
    expect(productHref({ slug: "birchline-classic-2-barrel-sauna" })).toBe("/reviews/product/birchline-classic-2-barrel-sauna");
  });
});

describe("activeSale", () => {
  const product = makeProduct({ priceCents: 1_690_000, salePriceCents: 1_540_000, saleEndsAt: "2026-12-31" });

  it("shows a sale below the list price until its end date", () => {
    expect(activeSale(product, "2026-12-31")).toEqual({ priceText: "$16,900", salePriceText: "$15,400", endsOn: "2026-12-31" });
    expect(activeSale(product, "2025-01-01")).not.toBeNull();
    expect(activeSale(product, "2027-01-01")).toBeNull();
  });

  it("ignores a sale price that is not lower, and a sale without a price", () => {
    expect(activeSale({ ...product, salePriceCents: 1_690_000 }, "2025-01-01")).toBeNull();
    expect(activeSale({ ...product, salePriceCents: null }, "2025-01-01")).toBeNull();
    expect(activeSale({ ...product, priceCents: null }, "2025-01-01")).toBeNull();
    expect(activeSale({ ...product, saleEndsAt: null }, "2030-01-01")?.endsOn).toBeNull();
  });
});
