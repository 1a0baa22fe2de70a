import { describe, expect, it } from "vitest";
import {
  capacityPersonsText,
  collectionsListingProduct,
  withFixedCollectionPages,
  mainImageUrls,
  overviewParagraphs,
  reviewCountLabel,
  specificationRows,
  thumbnailImageUrl,
  toProductPageView,
} from "./product-page";
import { withRefreshToken } from "../images/image-url";
import { shortenText } from "../seo/search-snippet";
import { makeCollection, makeProduct } from "../../../tests/support/catalog-fixtures";

const TODAY = "2026-11-22";

describe("specificationRows", () => {
  it("lists Capacity, Dimensions, Weight, Heater Type and Heater Specifications in that order", () => {
    const rows = specificationRows(
      makeProduct({ capacity: 4, dimensions: "7' L x 7' W", weightLbs: 1950, heaterType: "Electric", heaterSpec: "8 kW" }),
    );
    expect(rows).toEqual([
      { label: "Capacity", value: "4 Person", missing: false },
      { label: "Dimensions", value: "7' L x 7' W", missing: false },
      { label: "Weight", value: "1,950 lbs", missing: false },
      { label: "Heater Type", value: "Electric", missing: false },
      { label: "Heater Specifications", value: "8 kW", missing: false },
    ]);
  });

  it("shows 'N/A' for every missing value (null, blank text, no or zero capacity and weight)", () => {
    const rows = specificationRows(makeProduct({ capacity: null, dimensions: "  ", weightLbs: 0, heaterType: null, heaterSpec: "" }));
    expect(rows.map((row) => [row.label, row.value, row.missing])).toEqual([
      ["Capacity", "N/A", true],
      ["Dimensions", "N/A", true],
      ["Weight", "N/A", true],
      ["Heater Type", "N/A", true],
      ["Heater Specifications", "N/A", true],
    ]);
    expect(specificationRows(makeProduct({ capacity: 0 }))[0]?.value).toBe("N/A");
  });

  it("writes capacity as 'N Person'", () => {
    expect(capacityPersonsText(1)).toBe("1 Person");
    expect(capacityPersonsText(6)).toBe("6 Person");
    expect(capacityPersonsText(-2)).toBeNull();
    expect(capacityPersonsText(2.5)).toBeNull();
  });
});

describe("overviewParagraphs", () => {
  it("uses the full description, split on blank lines", () => {
    expect(overviewParagraphs({ fullDescription: "One.\n\nTwo\nlines.\r\n\r\n  \n\nThree.", description: "Short." })).toEqual([
      "One.",
      "Two lines.",
      "Three.",
    ]);
  });

  it("falls back to the description, and to nothing", () => {
    expect(overviewParagraphs({ fullDescription: "  ", description: "Short." })).toEqual(["Short."]);
    expect(overviewParagraphs({ fullDescription: null, description: null })).toEqual([]);
  });
});

describe("reviewCountLabel", () => {
  it("shows the stored count, a '45+' count text, or nothing (never an invented count)", () => {
    expect(reviewCountLabel({ reviewsNumber: 86, reviewCount: "85+" })).toBe("86 reviews");
    expect(reviewCountLabel({ reviewsNumber: 1, reviewCount: null })).toBe("1 review");
    expect(reviewCountLabel({ reviewsNumber: null, reviewCount: "45+" })).toBe("45+ reviews");
    expect(reviewCountLabel({ reviewsNumber: null, reviewCount: null })).toBeNull();
    expect(reviewCountLabel({ reviewsNumber: null, reviewCount: "many" })).toBeNull();
  });
});

describe("toProductPageView", () => {
  const tyyni = makeProduct({
    id: 7,
    slug: "lumo-tyyni-4",
    name: "Tyyni 4 Cube Sauna",
    brand: "Lumo Works",
    categoryId: "cube",
    tagline: "A calm glass-fronted cube.",
    priceCents: 1_690_000,
    salePriceCents: 1_540_000,
    saleEndsAt: "2026-12-31",
    rating: 4.7,
    reviewsNumber: 86,
    images: ["/images/samples/a-1.webp", "null", "", "/images/samples/a-3.webp"],
    website: "https://lumoworks.example/tyyni-4",
    updatedAt: "2025-05-20T10:00:00.000Z",
    isSample: true,
  });

  it("builds the header, breadcrumb and canonical link from the record", () => {
    const view = toProductPageView(tyyni, { today: TODAY });
    expect(view.canonicalPath).toBe("/reviews/product/lumo-tyyni-4");
    expect(view.category).toEqual({ label: "Cube Saunas", href: "/reviews/modern-outdoor-saunas" });
    expect(view.ratingText).toBe("4.7");
    expect(view.reviewCountText).toBe("86 reviews");
    // Ratings and dates are shown as stored: the record's own date, not today.
    expect(view.lastUpdatedText).toBe("Last updated May 20, 2025");
    expect(view.images).toEqual(["/images/samples/a-1.webp", "/images/samples/a-3.webp"]);
    expect(view.fallbackImage).toBe("/images/fallbacks/generic.webp");
    expect(view.isSample).toBe(true);
  });

  it("claims no shipping (no 'Free Shipping') when the record has no shipping data, and shows the owner's words when it has", () => {
    const view = toProductPageView({ ...tyyni, shippingInfo: null }, { today: TODAY });
    expect(view.shipping).toBeNull();
    expect(JSON.stringify(view)).not.toMatch(/free shipping/i);
    expect(toProductPageView({ ...tyyni, shippingInfo: "  " }, { today: TODAY }).shipping).toBeNull();
    expect(toProductPageView({ ...tyyni, shippingInfo: "$499 freight" }, { today: TODAY }).shipping).toBe("$499 freight");
  });

  it("strikes the price through only while the sale runs", () => {
    // The displayed price is what a reader pays today: the sale price while it runs (docs/decisions/0058).
    const running = toProductPageView(tyyni, { today: "2026-12-31" });
    expect(running.priceText).toBe("$15,400");
    expect(running.sale).toEqual({ priceText: "$16,900", salePriceText: "$15,400", endsOn: "2026-12-31" });
    expect(running.saleEndsText).toBe("Sale ends December 31, 2026");
    expect(running.priceAsOf).toBe("Price as of May 20, 2025");
    const over = toProductPageView(tyyni, { today: "2027-01-01" });
    expect(over.priceText).toBe("$16,900");
    expect(over.sale).toBeNull();
    expect(over.saleEndsText).toBeNull();
  });

  it("says 'Not yet rated' and shows no count when the record has none", () => {
    const view = toProductPageView(makeProduct({ rating: null }), { today: TODAY });
    expect(view.ratingText).toBe("Not yet rated");
    expect(view.rating).toBeNull();
    expect(view.reviewCountText).toBeNull();
  });

  it("uses the category fallback when there are no usable images", () => {
    const view = toProductPageView(makeProduct({ categoryId: "barrel", images: ["null", " ", "undefined"] }), { today: TODAY });
    expect(view.images).toEqual(["/images/fallbacks/barrel.webp"]);
    expect(view.fallbackImage).toBe("/images/fallbacks/barrel.webp");
  });

  it("links Buy Now by the buy-link chain, and to the survey form for 'tyyni' when one is set", () => {
    // The page links to the tracked redirect; the chain decides where it leads (and its rel).
    expect(toProductPageView(tyyni, { today: TODAY }).buyLink).toEqual({
      href: "/go/lumo-tyyni-4?from=product:lumo-tyyni-4:box",
      kind: "website",
      rel: "sponsored nofollow noopener",
      external: true,
    });
    expect(toProductPageView(tyyni, { today: TODAY, surveyFormUrl: "https://forms.example/s" }).buyLink).toEqual({
      href: "/go/lumo-tyyni-4?from=product:lumo-tyyni-4:box",
      kind: "survey",
      rel: "noopener",
      external: true,
    });
  });

  it("names each shop link's spot: the buy box, the sticky bar and the where-to-buy rows", () => {
    const view = toProductPageView(tyyni, { today: TODAY });
    expect(view.stickyBuyLink.href).toBe("/go/lumo-tyyni-4?from=product:lumo-tyyni-4:sticky-bar");
    expect(view.stickyBuyLink.kind).toBe(view.buyLink.kind);
    for (const row of view.whereToBuy.rows) if (row.href) expect(row.href).toMatch(/\?from=product:lumo-tyyni-4:where-to-buy$/);
  });

  it("summarises with the tagline, shortened for meta descriptions", () => {
    expect(toProductPageView(tyyni, { today: TODAY }).summary).toBe("A calm glass-fronted cube.");
    const long = shortenText("word ".repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("collectionsListingProduct", () => {
  const barrel = makeProduct({ id: 1, categoryId: "barrel", rating: 4.8, capacity: 4, priceCents: 900_000 });
  const infrared = makeProduct({ id: 2, categoryId: "infrared", heaterType: "Infrared", rating: 4.5, capacity: 2 });
  const noMembers = { memberOf: new Set<number>(), collectionsWithMembers: new Set<number>() };

  it("lists the fixed collections whose rule selects the product", () => {
    const collections = [
      makeCollection({ slug: "barrel-saunas", title: "Barrel Saunas" }),
      makeCollection({ slug: "budget-saunas", title: "Budget" }),
      makeCollection({ slug: "infrared-saunas", title: "Infrared Saunas" }),
      makeCollection({ slug: "four-person-saunas", title: "Four" }),
    ];
    expect(collectionsListingProduct(barrel, collections, noMembers).map((c) => c.slug)).toEqual([
      "barrel-saunas",
      "budget-saunas",
      "four-person-saunas",
    ]);
    expect(collectionsListingProduct(infrared, collections, noMembers)[0]).toEqual({
      slug: "infrared-saunas",
      title: "Infrared Saunas",
      href: "/reviews/infrared-saunas",
      image: null,
    });
  });

  it("does not count a page that shows the product only as its top-rated stand-in", () => {
    // No CLT sauna exists: the CLT page falls back to the first 3, which include the barrel.
    const collections = [makeCollection({ slug: "clt-saunas" })];
    expect(collectionsListingProduct(barrel, collections, noMembers)).toEqual([]);
  });

  it("uses stored membership, then criteria, for other collections", () => {
    const picks = makeCollection({ id: 50, slug: "editors-picks", title: "Editor's Picks" });
    const byCategory = makeCollection({ id: 51, slug: "test-brand", criteriaType: "category", criteriaValue: "infrared" });
    const empty = makeCollection({ id: 52, slug: "empty-custom", title: "Empty" });
    const collections = [picks, byCategory, empty];
    const infraredFacts = { memberOf: new Set([50]), collectionsWithMembers: new Set([50]) };
    expect(collectionsListingProduct(infrared, collections, infraredFacts).map((c) => c.slug)).toEqual(["editors-picks", "test-brand"]);
    // The barrel is not a member of the editors' list, matches no criterion, and a custom list
    // without members shows it only as a stand-in.
    const barrelFacts = { memberOf: new Set<number>(), collectionsWithMembers: new Set([50]) };
    expect(collectionsListingProduct(barrel, collections, barrelFacts)).toEqual([]);
  });

  it("follows the stored members of a curated fixed page instead of its rule", () => {
    const infraredPage = makeCollection({ id: 60, slug: "infrared-saunas", title: "Infrared Saunas" });
    // The admin curated the infrared page with the barrel only.
    const curated = { memberOf: new Set([60]), collectionsWithMembers: new Set([60]) };
    expect(collectionsListingProduct(barrel, [infraredPage], curated).map((c) => c.slug)).toEqual(["infrared-saunas"]);
    const notPicked = { memberOf: new Set<number>(), collectionsWithMembers: new Set([60]) };
    expect(collectionsListingProduct(infrared, [infraredPage], notPicked)).toEqual([]);
  });

  it("lists both the rule's products and the stored extras of a collection that keeps its rule", () => {
    const barrelPage = makeCollection({ id: 70, slug: "barrel-saunas", title: "Barrel Saunas", keepsRule: true });
    const byCategory = makeCollection({
      id: 71,
      slug: "infrared-picks",
      criteriaType: "category",
      criteriaValue: "infrared",
      keepsRule: true,
    });
    // The infrared sauna was added to the barrel page; the barrel to the infrared list.
    const infraredFacts = { memberOf: new Set([70]), collectionsWithMembers: new Set([70, 71]) };
    expect(collectionsListingProduct(infrared, [barrelPage, byCategory], infraredFacts).map((c) => c.slug)).toEqual([
      "barrel-saunas",
      "infrared-picks",
    ]);
    const barrelFacts = { memberOf: new Set([71]), collectionsWithMembers: new Set([70, 71]) };
    expect(collectionsListingProduct(barrel, [barrelPage, byCategory], barrelFacts).map((c) => c.slug)).toEqual([
      "barrel-saunas",
      "infrared-picks",
    ]);
  });

  it("ignores a criterion when the collection has stored members", () => {
    const byCategory = makeCollection({ id: 51, slug: "infrared-picks", criteriaType: "category", criteriaValue: "infrared" });
    const facts = { memberOf: new Set<number>(), collectionsWithMembers: new Set([51]) };
    expect(collectionsListingProduct(infrared, [byCategory], facts)).toEqual([]);
  });
});

describe("withFixedCollectionPages", () => {
  it("adds every fixed page without a stored record, titled as its page is, so 'As Seen In' can name it", () => {
    const stored = [makeCollection({ id: 7, slug: "barrel-saunas", title: "Barrel Saunas" })];
    const all = withFixedCollectionPages(stored);
    expect(all).toHaveLength(17);
    expect(all.filter((collection) => collection.slug === "barrel-saunas")).toEqual(stored);
    const infrared = all.find((collection) => collection.slug === "infrared-saunas")!;
    expect(infrared.id).toBe(0);
    const barrel = makeProduct({ id: 1, categoryId: "barrel", rating: 4.8, capacity: 4, priceCents: 900_000 });
    const noMembers = { memberOf: new Set<number>(), collectionsWithMembers: new Set<number>() };
    expect(collectionsListingProduct(barrel, withFixedCollectionPages([]), noMembers).map((c) => c.slug)).toEqual(
      expect.arrayContaining(["barrel-saunas", "budget-saunas", "four-person-saunas", "outdoor-saunas"]),
    );
  });

  it("keeps a complete stored list as it is", () => {
    const stored = withFixedCollectionPages([]).map((collection, index) => ({ ...collection, id: index + 1 }));
    expect(withFixedCollectionPages(stored)).toEqual(stored);
  });
});

describe("gallery URLs", () => {
  it("resizes the site's own pictures through /img and adds the cache-busting parameter on refresh", () => {
    expect(mainImageUrls("/images/samples/a-1.webp")).toEqual({
      src: "/img/1280/images/samples/a-1.webp",
      srcSet: [480, 640, 800, 960, 1280, 1600].map((w) => `/img/${w}/images/samples/a-1.webp ${w}w`).join(", "),
    });
    const refreshed = mainImageUrls("/images/samples/a-1.webp", 123);
    expect(refreshed.src).toBe("/img/1280/images/samples/a-1.webp?refresh=123");
    expect(refreshed.srcSet?.split(", ").every((entry) => /\?refresh=123 \d+w$/.test(entry))).toBe(true);
    expect(thumbnailImageUrl("/images/samples/a-3.webp")).toBe("/img/320/images/samples/a-3.webp");
  });

  it("keeps pictures of other hosts as given", () => {
    expect(mainImageUrls("https://cdn.example/a.jpg")).toEqual({ src: "https://cdn.example/a.jpg" });
    expect(withRefreshToken("https://cdn.example/a.jpg", 5)).toBe("https://cdn.example/a.jpg?refresh=5");
    expect(withRefreshToken("https://cdn.example/a.jpg?x=1", 5)).toBe("https://cdn.example/a.jpg?x=1&refresh=5");
  });
});
