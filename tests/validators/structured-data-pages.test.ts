import { describe, expect, it } from "vitest";
import { toProductPageView } from "../../app/lib/product/product-page";
import {
  articleStructuredData,
  breadcrumbList,
  collectionItemList,
  collectionPageStructuredData,
  HOME_STEP,
  itemList,
  LEARN_STEP,
  organizationStructuredData,
  productStructuredData,
  REVIEWS_STEP,
  websiteStructuredData,
  type JsonLd,
} from "../../app/lib/seo/structured-data";
import type { Product } from "../../app/lib/catalog/catalog";
import { makeProduct } from "../support/catalog-fixtures";
import { googleRequiredFindings, publishesAggregateRating } from "./google-structured-data";
import { jsonLdVocabularyFindings } from "./schema-org-vocabulary";

/**
 * Every public page kind's JSON-LD, as its builder makes it, against schema.org's vocabulary (types
 * and properties exist) and Google's required properties; and the rule that no page publishes an
 * AggregateRating without a stored count of customer reviews from a named source. The served pages
 * go through the same checks in tests/e2e/validators.spec.ts.
 */

const ORIGIN = "https://saunas.example";
const TODAY = "2026-11-22";

const REVIEWED = makeProduct({
  slug: "reviewed",
  name: "Reviewed Barrel",
  priceCents: 765_000,
  rating: 4.3,
  reviewsNumber: 120,
  isSample: false,
  verdict: "Warm in half an hour; the staves are thick and the stove is honest.",
  pros: ["Heats fast", "Thick staves"],
  cons: ["Door sticks in winter"],
  scoreBuildQuality: 9,
  scoreHeatEfficiency: 9,
  scoreInstallation: 7,
  scoreWarranty: 8,
  scoreValue: 10,
  bestFor: "Families",
  skipIf: "You need it up in a day",
  reviewer: "Aino Virtanen",
  testedOn: "2026-10-14",
});

function productLd(product: Product): JsonLd | null {
  return productStructuredData(product, toProductPageView(product, { today: TODAY }), ORIGIN);
}

const PAGE_KINDS: [kind: string, blocks: (JsonLd | null)[]][] = [
  ["home", [websiteStructuredData(ORIGIN), organizationStructuredData(ORIGIN)]],
  ["reviews index", [itemList([{ href: "/reviews/barrel-saunas" }, { href: "/reviews/outdoor-saunas" }], ORIGIN)]],
  [
    "collection",
    [
      collectionPageStructuredData(
        { title: "Barrel Saunas", description: "Ranked.", path: "/reviews/barrel-saunas", lastUpdated: TODAY },
        ORIGIN,
      ),
      itemList([{ href: "/reviews/product/reviewed" }], ORIGIN, 1),
      breadcrumbList([HOME_STEP, REVIEWS_STEP, { name: "Barrel Saunas", path: "/reviews/barrel-saunas" }], ORIGIN),
    ],
  ],
  [
    "collection with the owner's picks",
    [
      collectionItemList(
        [
          { id: 1, href: "/reviews/product/reviewed", name: "Reviewed Barrel", rank: 1 },
          { id: 2, href: "/reviews/product/plain", name: "Plain Barrel", rank: 2 },
        ],
        { 1: { role: "Best overall", reason: "Warm in half an hour, with thick staves." } },
        ORIGIN,
      ),
    ],
  ],
  ["product with a full review", [productLd(REVIEWED)]],
  [
    "product with a review updated since (an update note)",
    [productStructuredData(REVIEWED, toProductPageView(REVIEWED, { today: TODAY }), ORIGIN, "2026-11-20")],
  ],
  [
    "product with the customers' rating from a named source",
    [productLd({ ...REVIEWED, customerRating: 4.6, customerReviewSource: "The maker's store" })],
  ],
  ["product with a price only", [productLd(makeProduct({ slug: "plain", priceCents: 500_000, isSample: false }))]],
  ["sample product", [productLd({ ...REVIEWED, isSample: true })]],
  [
    "article",
    [
      articleStructuredData(
        {
          title: "Best Barrel Saunas",
          slug: "best-barrel-saunas",
          excerpt: "How to choose.",
          image: "/images/articles/a.webp",
          author: { name: "Aino Virtanen", title: "Editor" },
          publishDate: "2026-10-01",
          lastUpdated: "2026-11-01",
        },
        ORIGIN,
      ),
      breadcrumbList([HOME_STEP, LEARN_STEP, { name: "Best Barrel Saunas", path: "/learn/best-barrel-saunas" }], ORIGIN),
    ],
  ],
];

describe("the JSON-LD of every public page kind", () => {
  for (const [kind, blocks] of PAGE_KINDS) {
    it(`${kind}: known types and properties, Google's required ones present`, () => {
      const published = blocks.filter((block) => block !== null);
      expect(published.flatMap((block) => [...jsonLdVocabularyFindings(block), ...googleRequiredFindings(block)])).toEqual([]);
    });
  }

  it("publishes an AggregateRating only where the customers' rating, its count and its source are stored", () => {
    const withAggregate = PAGE_KINDS.filter(([, blocks]) => blocks.some(publishesAggregateRating)).map(([kind]) => kind);
    expect(withAggregate).toEqual(["product with the customers' rating from a named source"]);
  });

  it("publishes the full review's pros and cons as Google's pros-and-cons lists", () => {
    expect(productLd(REVIEWED)).toMatchObject({
      review: { positiveNotes: { "@type": "ItemList" }, negativeNotes: { "@type": "ItemList" }, reviewRating: { bestRating: "5" } },
    });
  });

  it("the checker names what Google requires when it is missing", () => {
    expect(
      googleRequiredFindings({
        "@type": "Product",
        name: "X",
        review: { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: "4" } },
        aggregateRating: { "@type": "AggregateRating", ratingValue: "4" },
      }),
    ).toEqual([
      "$.review: Review needs an author with a name",
      "$.review.reviewRating: Rating needs bestRating (the scale is not 5 by assumption)",
      "$.aggregateRating: AggregateRating needs ratingCount or reviewCount",
    ]);
  });
});
