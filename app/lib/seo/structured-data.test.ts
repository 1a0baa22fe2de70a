import { describe, expect, it } from "vitest";
import { toProductPageView } from "../product/product-page";
import { socialCardMeta, socialImageUrl } from "./social-card";
import {
  articleStructuredData,
  breadcrumbList,
  collectionPageStructuredData,
  HOME_STEP,
  itemList,
  productStructuredData,
  REVIEWS_STEP,
  structuredDataMeta,
  websiteStructuredData,
} from "./structured-data";
import type { ShopOffer } from "../offers/shop-offer";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

const ORIGIN = "https://saunas.example";
const TODAY = "2026-11-22";

describe("productStructuredData", () => {
  const real = makeProduct({
    slug: "real-one",
    name: "Real One",
    priceCents: 1_250_000,
    rating: 4.6,
    reviewsNumber: 12,
    customerRating: 4.3,
    customerReviewSource: "The maker's store",
    images: ["/images/x.webp"],
    isSample: false,
  });
  const ld = (product: typeof real) => productStructuredData(product, toProductPageView(product, { today: TODAY }), ORIGIN);

  it("publishes an offer in USD and the customers' rating of a real product with their review count and its source", () => {
    const product = ld(real)!;
    expect(product.offers).toEqual({
      "@type": "Offer",
      price: "12500.00",
      priceCurrency: "USD",
      url: `${ORIGIN}/reviews/product/real-one`,
    });
    // The customers' 4.3, never the editor's 4.6.
    expect(product.aggregateRating).toMatchObject({ "@type": "AggregateRating", ratingValue: "4.3", reviewCount: 12 });
    expect(product.image).toEqual([`${ORIGIN}/images/x.webp`]);
  });

  it("publishes no AggregateRating for a sample, without the customers' rating, their count or its source, nor from the editor's score", () => {
    for (const product of [
      { ...real, isSample: true },
      { ...real, customerRating: null },
      { ...real, customerReviewSource: " " },
      { ...real, reviewsNumber: null, reviewCount: null },
      // A full review with scores: its rating is the editor's, published as a Review only.
      { ...real, customerRating: null, verdict: "Good.", scoreBuildQuality: 9, scoreValue: 8, pros: ["Warm"], cons: ["Dear"] },
    ]) {
      expect(ld(product)).not.toHaveProperty("aggregateRating");
      expect(ld(product)).toHaveProperty("offers");
    }
  });

  it("publishes the editorial review as a Review with its author, date, rating out of 5, and pros and cons as ItemLists", () => {
    const reviewed = {
      ...real,
      verdict: "Warm in half an hour.",
      pros: ["Heats fast", "Thick staves"],
      cons: ["Door sticks"],
      reviewer: "Aino Virtanen",
      testedOn: "2026-10-14",
    };
    expect(ld(reviewed)!.review).toEqual({
      "@type": "Review",
      author: { "@type": "Person", name: "Aino Virtanen" },
      datePublished: "2026-10-14",
      reviewRating: { "@type": "Rating", ratingValue: "4.6", bestRating: "5", worstRating: "0" },
      reviewBody: "Warm in half an hour.",
      positiveNotes: {
        "@type": "ItemList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Heats fast" },
          { "@type": "ListItem", position: 2, name: "Thick staves" },
        ],
      },
      negativeNotes: { "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Door sticks" }] },
      publisher: { "@type": "Organization", name: expect.any(String) },
    });
    // Without a reviewer the site signs it; a sample's invented review is never published.
    expect(ld({ ...reviewed, reviewer: null })!.review).toMatchObject({ author: { "@type": "Organization" } });
    expect(ld({ ...reviewed, isSample: true })).not.toHaveProperty("review");
    // No review at all: nothing but the rating is not a review.
    expect(ld(real)).not.toHaveProperty("review");
  });

  it("offers the sale price while a sale runs, and no offer without a price", () => {
    expect(ld({ ...real, salePriceCents: 1_100_000, saleEndsAt: "2026-12-31" })!.offers).toMatchObject({
      price: "11000.00",
      priceValidUntil: "2026-12-31",
    });
    expect(ld({ ...real, priceCents: null })).not.toHaveProperty("offers");
  });

  const shopOffer = (merchantSlug: string, fields: Partial<ShopOffer>): ShopOffer => ({
    id: 1,
    productId: real.id,
    merchantId: 1,
    merchantSlug,
    merchantName: merchantSlug,
    link: `https://${merchantSlug}.example/real-one`,
    priceMinor: 1_250_000,
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

  it("publishes an AggregateOffer over the prices the page shows when several shops sell it", () => {
    const offers = [
      shopOffer("maker", { isPrimary: true, priceMinor: 1_250_000, salePriceMinor: 1_150_000, saleEndsAt: "2026-12-31" }),
      shopOffer("retail", { priceMinor: 1_320_000, availability: "unknown" }),
      // Not shown as a price the reader can pay: out of stock, another country, a stale feed.
      shopOffer("gone", { priceMinor: 900_000, availability: "OutOfStock" }),
      shopOffer("germany", { priceMinor: 1_000_000, currency: "EUR", countries: ["DE"] }),
      shopOffer("feed", { priceMinor: 950_000, source: "feed", confirmedAt: "2026-11-01T00:00:00.000Z" }),
    ];
    expect(ld({ ...real, offers })!.offers).toEqual({
      "@type": "AggregateOffer",
      lowPrice: "11500.00",
      highPrice: "13200.00",
      offerCount: 2,
      priceCurrency: "USD",
    });
  });

  it("publishes one shop's Offer with the availability it stated and the sale's last day", () => {
    const offers = [shopOffer("maker", { priceMinor: 1_250_000, salePriceMinor: 1_150_000, saleEndsAt: "2026-12-31" })];
    expect(ld({ ...real, offers })!.offers).toEqual({
      "@type": "Offer",
      price: "11500.00",
      priceCurrency: "USD",
      url: `${ORIGIN}/reviews/product/real-one`,
      availability: "https://schema.org/InStock",
      priceValidUntil: "2026-12-31",
    });
  });

  it("publishes no offer when the page says 'Check price'", () => {
    const offers = [shopOffer("feed", { source: "feed", confirmedAt: "2026-11-01T00:00:00.000Z" })];
    expect(ld({ ...real, offers })).not.toHaveProperty("offers");
  });

  it("publishes no Product at all when it would have neither an offer nor a real rating", () => {
    expect(ld({ ...real, priceCents: null, isSample: true })).toBeNull();
  });
});

describe("breadcrumbList", () => {
  it("numbers the steps from 1 with absolute URLs", () => {
    expect(breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: "B", path: "/reviews/product/b" }], ORIGIN).itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Reviews", item: `${ORIGIN}/reviews` },
      { "@type": "ListItem", position: 3, name: "B", item: `${ORIGIN}/reviews/product/b` },
    ]);
  });
});

describe("itemList", () => {
  it("continues positions from the first item the page shows", () => {
    const list = itemList([{ href: "/reviews/product/a" }, { href: "/reviews/product/b" }], ORIGIN, 25);
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 25, url: `${ORIGIN}/reviews/product/a` },
      { "@type": "ListItem", position: 26, url: `${ORIGIN}/reviews/product/b` },
    ]);
  });
});

describe("collectionPageStructuredData", () => {
  it("dates the page by its 'Last updated', and claims no date when it has none", () => {
    const page = { title: "Best Barrel Saunas", description: "D", path: "/reviews/barrel-saunas", lastUpdated: "2026-11-27T01:02:03.000Z" };
    expect(collectionPageStructuredData(page, ORIGIN)).toEqual({
      "@context": "https://schema.org",
      "@type": "CollectionPage",
      name: "Best Barrel Saunas",
      description: "D",
      url: `${ORIGIN}/reviews/barrel-saunas`,
      dateModified: "2026-11-27T01:02:03.000Z",
    });
    expect(collectionPageStructuredData({ ...page, lastUpdated: null }, ORIGIN)).not.toHaveProperty("dateModified");
  });
});

describe("articleStructuredData", () => {
  it("uses the publication date as dateModified when the article was never revised", () => {
    const article = {
      title: "T",
      slug: "t",
      excerpt: "E",
      image: "/images/articles/t.webp",
      author: { name: "A", title: "Editor" },
      publishDate: "2026-01-02",
    };
    expect(articleStructuredData(article, ORIGIN)).toMatchObject({
      headline: "T",
      datePublished: "2026-01-02",
      dateModified: "2026-01-02",
      image: [`${ORIGIN}/images/articles/t.webp`],
    });
    expect(articleStructuredData({ ...article, lastUpdated: "2026-03-04" }, ORIGIN).dateModified).toBe("2026-03-04");
  });

  it("names the author with the address of their page, when they have one", () => {
    const article = { title: "T", slug: "t", excerpt: "E", image: "/i.webp", publishDate: "2026-01-02" };
    expect(articleStructuredData({ ...article, author: { name: "A", title: "Editor", slug: "a-b" } }, ORIGIN).author).toEqual([
      { "@type": "Person", name: "A", jobTitle: "Editor", url: `${ORIGIN}/learn/author/a-b` },
    ]);
    expect(articleStructuredData({ ...article, author: { name: "A", title: "Editor" } }, ORIGIN).author).toEqual([
      { "@type": "Person", name: "A", jobTitle: "Editor" },
    ]);
  });
});

describe("websiteStructuredData", () => {
  it("points the search action at the reviews search", () => {
    expect(websiteStructuredData(ORIGIN).potentialAction).toMatchObject({
      target: { urlTemplate: `${ORIGIN}/reviews?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    });
  });
});

describe("structuredDataMeta", () => {
  it("drops missing blocks", () => {
    expect(structuredDataMeta([null, websiteStructuredData(ORIGIN)])).toHaveLength(1);
  });
});

describe("social cards", () => {
  it("crops the picture to 1200x630 through the image route, as an absolute URL", () => {
    expect(socialImageUrl("/images/samples/a-1.webp", ORIGIN)).toBe(`${ORIGIN}/img/1200x630/images/samples/a-1.webp`);
    expect(socialImageUrl(`${ORIGIN}/images/samples/a-1.webp`, ORIGIN)).toBe(`${ORIGIN}/img/1200x630/images/samples/a-1.webp`);
    expect(socialImageUrl("https://cdn.example/a.jpg", ORIGIN)).toBe("https://cdn.example/a.jpg");
  });

  it("falls back to the default picture and fills Open Graph and Twitter tags", () => {
    const tags = socialCardMeta({ title: "T", description: "D", url: `${ORIGIN}/x` }, ORIGIN);
    expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}/img/1200x630/images/og-default.jpg` });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ property: "og:url", content: `${ORIGIN}/x` });
  });
});
