import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "../offers/price-view";
import { bestByType } from "./best-by-type";
import { BUILT_IN_SAMPLE_CARDS } from "./built-in-sample-cards";
import {
  bestPickCards,
  categoryCarouselCards,
  COMPARISON_ROW_LIMIT,
  comparisonSection,
  topRatedProducts,
  topRatedSection,
  TOP_RATED_COUNT,
} from "./home-page";
import { makeCollection, makeProduct } from "../../../tests/support/catalog-fixtures";

const context = {
  origin: "",
  surveyFormUrl: null,
  linkSource: "home",
  prices: priceSettingsAt(DEFAULT_SITE_PRICES, Date.parse("2026-11-26T12:00:00Z")),
};

describe("topRatedProducts", () => {
  it("orders by rating, then by review count, then by name; unrated last", () => {
    const unrated = makeProduct({ name: "Unrated", rating: null, reviewsNumber: 500 });
    const lowRated = makeProduct({ name: "Low", rating: 3.9 });
    const fewReviews = makeProduct({ name: "Few", rating: 4.7, reviewsNumber: 9 });
    const manyReviews = makeProduct({ name: "Many", rating: 4.7, reviewsNumber: 86 });
    const countAsText = makeProduct({ name: "Text count", rating: 4.7, reviewsNumber: null, reviewCount: "45+" });
    const noCount = makeProduct({ name: "A no count", rating: 4.7 });
    const best = makeProduct({ name: "Best", rating: 4.9 });
    const tieB = makeProduct({ name: "Tie B", rating: 4.0, reviewsNumber: 10 });
    const tieA = makeProduct({ name: "Tie A", rating: 4.0, reviewsNumber: 10 });
    const input = [unrated, lowRated, fewReviews, manyReviews, countAsText, noCount, best, tieB, tieA];
    expect(topRatedProducts(input, 99).map((p) => p.name)).toEqual([
      "Best",
      "Many",
      "Text count",
      "Few",
      "A no count",
      "Tie A",
      "Tie B",
      "Low",
      "Unrated",
    ]);
  });

  it("takes at most the limit and leaves the input alone", () => {
    const input = [makeProduct({ rating: 3 }), makeProduct({ rating: 5 }), makeProduct({ rating: 4 })];
    const before = [...input];
    expect(topRatedProducts(input, 2).map((p) => p.rating)).toEqual([5, 4]);
    expect(input).toEqual(before);
    expect(topRatedProducts(input, 0)).toEqual([]);
  });
});

describe("topRatedSection", () => {
  it("shows the four built-in sample cards when there are no products at all", () => {
    const section = topRatedSection([], context);
    expect(section.source).toBe("built-in");
    expect(section.cards).toBe(BUILT_IN_SAMPLE_CARDS);
  });

  it("the built-in cards are a barrel, a traditional Finnish, an infrared and a DIY cedar kit, clearly examples", () => {
    expect(BUILT_IN_SAMPLE_CARDS.map((card) => card.id)).toEqual(["barrel", "traditional-finnish", "infrared", "diy-cedar-kit"]);
    for (const card of BUILT_IN_SAMPLE_CARDS) {
      expect(card.image).toBe(`/images/builtin/${card.id}.webp`);
      expect(card.name).toMatch(/^Example: /);
      expect(card.href).toMatch(/^\/reviews\/[a-z-]+-saunas$/);
    }
  });

  it("shows the 4 best-rated products as cards otherwise", () => {
    const products = [3.1, 4.9, 4.2, 4.7, 4.5, 2.0].map((rating, i) => makeProduct({ name: `P${i}`, rating, isSample: i === 1 }));
    const section = topRatedSection(products, context);
    expect(section.source).toBe("catalog");
    if (section.source !== "catalog") return;
    expect(TOP_RATED_COUNT).toBe(4);
    expect(section.cards.map((c) => c.rating)).toEqual([4.9, 4.7, 4.5, 4.2]);
    expect(section.cards[0]!.isSample).toBe(true);
    expect(section.cards[1]!.isSample).toBe(false);
  });

  it("shows a single product rather than examples, and never invents a rating or count", () => {
    const section = topRatedSection([makeProduct({ name: "Only", slug: "only", rating: null, reviewsNumber: null })], context);
    expect(section).toMatchObject({
      source: "catalog",
      cards: [{ name: "Only", slug: "only", rating: null, reviewCount: null }],
    });
  });

  it("tags 'Top rated' from 4.7, and 'Best seller' only where the owner marked it", () => {
    const cards = topRatedSection(
      [
        makeProduct({ name: "Tyyni 4 Cube", rating: 3.0 }),
        makeProduct({ name: "A", rating: 4.7 }),
        makeProduct({ name: "B", rating: 4.69 }),
        makeProduct({ name: "C", rating: 4.2, bestSeller: true }),
      ],
      context,
    ).cards;
    expect(cards.map((c) => [c.name, "tag" in c ? c.tag : undefined])).toEqual([
      ["A", "Top rated"],
      ["B", null],
      ["C", "Best seller"],
      ["Tyyni 4 Cube", null],
    ]);
  });
});

describe("comparisonSection", () => {
  it("lists the 6 best-rated products and the catalog size", () => {
    expect(COMPARISON_ROW_LIMIT).toBe(6);
    const products = Array.from({ length: 12 }, (_, i) => makeProduct({ name: `P${i}`, rating: i / 3 }));
    const section = comparisonSection(products, context);
    expect(section.rows).toHaveLength(6);
    expect(section.totalProducts).toBe(12);
    expect(section.rows[0]!.name).toBe("P11");
    expect(section.rows.at(-1)!.name).toBe("P6");
  });

  it("lists every product of a small catalog, and nothing for an empty one", () => {
    expect(comparisonSection([makeProduct(), makeProduct()], context).rows).toHaveLength(2);
    expect(comparisonSection([], context)).toEqual({ rows: [], totalProducts: 0 });
  });

  it("sends the features a cell can show and how many there are, and marks samples", () => {
    const row = comparisonSection([makeProduct({ keyFeatures: ["a", " ", "b", "c", "d"], isSample: true })], context).rows[0]!;
    expect(row.features).toEqual(["a", "b", "c"]);
    expect(row.featureCount).toBe(4);
    expect(row.isSample).toBe(true);
  });

  it("shapes a row with what the table draws: no link that follows from the slug, no link kind", () => {
    const product = makeProduct({
      id: 7,
      slug: "birchline-panorama-4",
      name: "Panorama 4 Barrel Sauna",
      brand: "Birchline",
      categoryId: "barrel",
      rating: 4.7,
      priceCents: 840_000,
      images: ["/images/samples/birchline-panorama-4-1.webp"],
      keyFeatures: ["Panoramic window", "Cedar staves"],
      website: "https://shop.example/p4",
      isSample: false,
    });
    expect(comparisonSection([product], context).rows[0]).toEqual({
      id: 7,
      slug: "birchline-panorama-4",
      name: "Panorama 4 Barrel Sauna",
      brand: "Birchline",
      type: "Barrel",
      rating: 4.7,
      priceText: "$8,400",
      priceAsOf: "Price as of May 20, 2025",
      priceDrop: null,
      image: "/images/samples/birchline-panorama-4-1.webp",
      features: ["Panoramic window", "Cedar staves"],
      featureCount: 2,
      buyLink: { href: "/go/birchline-panorama-4?from=home", rel: "sponsored nofollow noopener", external: true },
      isSample: false,
    });
  });

  it("gives a product with no safe shop link the '#' link, which the cell shows as unavailable", () => {
    const row = comparisonSection([makeProduct({ website: null, affiliateLink: "javascript:alert(1)" })], context).rows[0]!;
    expect(row.buyLink).toEqual({ href: "#", external: false });
  });
});

describe("bestPickCards", () => {
  it("gives Traditional Finnish, Infrared and Barrel cards with the picked products", () => {
    const products = [
      makeProduct({
        name: "Cabin",
        slug: "cabin",
        rating: 4.8,
        categoryId: "cabin",
        heaterType: "Wood-burning",
        images: ["/images/samples/cabin-1.webp"],
      }),
      makeProduct({ name: "Pod", slug: "pod", rating: 4.4, categoryId: "infrared", heaterType: "Infrared" }),
      makeProduct({
        name: "Barrel",
        slug: "barrel",
        rating: 4.2,
        categoryId: "barrel",
        heaterType: "Electric",
        website: "https://shop.example/b",
      }),
    ];
    const cards = bestPickCards(bestByType(products), context);
    expect(cards.map((c) => [c.heading, c.title, c.collectionHref])).toEqual([
      ["Best Traditional Finnish Sauna", "Cabin", "/reviews/traditional-finnish-saunas"],
      ["Best Infrared Sauna", "Pod", "/reviews/infrared-saunas"],
      ["Best Barrel Sauna", "Barrel", "/reviews/barrel-saunas"],
    ]);
    expect(cards[0]!.product).toMatchObject({ slug: "cabin", image: "/images/samples/cabin-1.webp" });
    expect(cards[1]!.product!.image).toBe("/images/fallbacks/infrared.webp");
    expect(cards[2]!.product!.buyLink).toEqual({ href: "/go/barrel?from=home", rel: "sponsored nofollow noopener", external: true });
    // A card with its product needs no fallback picture.
    expect(cards.map((c) => c.fallbackImage)).toEqual([undefined, undefined, undefined]);
  });

  it("titles an empty type 'No {type} sauna found' with the type's fallback picture", () => {
    const cards = bestPickCards(bestByType([]), context);
    expect(cards.map((c) => c.title)).toEqual(["No Traditional Finnish sauna found", "No Infrared sauna found", "No Barrel sauna found"]);
    expect(cards.map((c) => c.product)).toEqual([null, null, null]);
    expect(cards.map((c) => c.fallbackImage)).toEqual([
      "/images/fallbacks/traditional.webp",
      "/images/fallbacks/infrared.webp",
      "/images/fallbacks/barrel.webp",
    ]);
  });
});

describe("categoryCarouselCards", () => {
  it("applies the carousel rules and shapes the cards", () => {
    const collections = [
      makeCollection({
        slug: "barrel-saunas",
        title: "Barrel",
        description: " Round ",
        imageUrl: "/images/collections/barrel-saunas.webp",
      }),
      makeCollection({ slug: "electric-saunas", title: "Electric", imageUrl: "/images/collections/electric-saunas.webp" }),
      makeCollection({ slug: "no-picture", title: "None", imageUrl: null }),
      makeCollection({ slug: "stock", title: "Stock", imageUrl: "https://images.unsplash.com/photo-1" }),
      makeCollection({ slug: "traditional-finnish-saunas", title: "Finnish", imageUrl: "/images/collections/tf.webp" }),
    ];
    expect(categoryCarouselCards(collections, "")).toEqual([
      {
        slug: "traditional-finnish-saunas",
        name: "Finnish",
        description: "",
        image: "/images/collections/tf.webp",
      },
      {
        slug: "barrel-saunas",
        name: "Barrel",
        description: "Round",
        image: "/images/collections/barrel-saunas.webp",
      },
    ]);
  });
});
