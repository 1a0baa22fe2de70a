import { describe, expect, it } from "vitest";
import { sampleProducts } from "../../server/seed/sample-products";
import type { SampleProduct } from "../../server/seed/sample-types";
import type { Product } from "../catalog/catalog";
import {
  FIXED_COLLECTION_SLUGS,
  isFixedCollectionSlug,
  matchesFixedCollection,
  productsForFixedCollection,
  type FixedCollectionSlug,
} from "./collection-rules";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

const names = (products: readonly Product[]) => products.map((p) => p.name);

/** Runs a slug over hand-made products and returns the names it lists (rule matches only). */
function listed(slug: FixedCollectionSlug, products: Product[]): string[] {
  return names(products.filter((p) => matchesFixedCollection(slug, p)));
}

describe("fixed collection slugs", () => {
  it("are the 16 fixed routes plus the general outdoor-saunas list", () => {
    expect(FIXED_COLLECTION_SLUGS).toHaveLength(17);
    expect(isFixedCollectionSlug("barrel-saunas")).toBe(true);
    expect(isFixedCollectionSlug("barrel")).toBe(false);
    expect(isFixedCollectionSlug("my-list")).toBe(false);
  });
});

describe("price pages", () => {
  const products = [
    makeProduct({ name: "$9,999", priceCents: 999_900 }),
    makeProduct({ name: "$9,999.99", priceCents: 999_999 }),
    makeProduct({ name: "$10,000", priceCents: 1_000_000 }),
    makeProduct({ name: "$14,999", priceCents: 1_499_900 }),
    makeProduct({ name: "$15,000", priceCents: 1_500_000 }),
    makeProduct({ name: "no price", priceCents: null }),
  ];

  it("budget is under $10,000", () => {
    expect(listed("budget-saunas", products)).toEqual(["$9,999", "$9,999.99"]);
  });

  it("premium is $10,000 up to under $15,000", () => {
    expect(listed("premium-saunas", products)).toEqual(["$10,000", "$14,999"]);
  });

  it("luxury is $15,000 and up", () => {
    expect(listed("luxury-saunas", products)).toEqual(["$15,000"]);
  });

  it("reads the list price, not a sale price", () => {
    const onSale = makeProduct({ name: "on sale", priceCents: 1_050_000, salePriceCents: 950_000 });
    expect(listed("budget-saunas", [onSale])).toEqual([]);
    expect(listed("premium-saunas", [onSale])).toEqual(["on sale"]);
  });
});

describe("size pages", () => {
  const products = [2, 3, 4, 5, 6, 7].map((capacity) => makeProduct({ name: `${capacity}p`, capacity }));
  products.push(makeProduct({ name: "unknown", capacity: null }));

  it.each([
    ["two-person-saunas", ["2p"]],
    ["four-person-saunas", ["4p"]],
    ["six-person-saunas", ["6p"]],
  ] as const)("%s lists exactly that capacity", (slug, expected) => {
    expect(listed(slug, products)).toEqual(expected);
  });
});

describe("type pages", () => {
  it("barrel: category contains barrel", () => {
    const products = [
      makeProduct({ name: "barrel", categoryId: "barrel" }),
      makeProduct({ name: "Cedar Barrel", categoryId: "Cedar Barrel" }),
      makeProduct({ name: "Barrel-shaped cabin", categoryId: "cabin" }),
    ];
    expect(listed("barrel-saunas", products)).toEqual(["barrel", "Cedar Barrel"]);
  });

  it("electric: heater type contains electric, or the name does", () => {
    const products = [
      makeProduct({ name: "by heater", heaterType: "Electric (WiFi)" }),
      makeProduct({ name: "Electric Cabin", heaterType: null }),
      makeProduct({ name: "hybrid", heaterType: "Infrared and electric" }),
      makeProduct({ name: "wood", heaterType: "Wood-burning", categoryId: "electric" }),
    ];
    expect(listed("electric-saunas", products)).toEqual(["by heater", "Electric Cabin", "hybrid"]);
  });

  it("infrared: heater type contains infrared", () => {
    const products = [
      makeProduct({ name: "ir", heaterType: "Infrared (full-spectrum)" }),
      makeProduct({ name: "Infrared in name only", categoryId: "infrared", heaterType: "Electric" }),
    ];
    expect(listed("infrared-saunas", products)).toEqual(["ir"]);
  });

  it("wood-fired: heater type contains wood", () => {
    const products = [
      makeProduct({ name: "stove", heaterType: "Wood-burning" }),
      makeProduct({ name: "Wood Cabin", heaterType: "Electric" }),
    ];
    expect(listed("wood-fired-saunas", products)).toEqual(["stove"]);
  });

  it("traditional-finnish: wood and not infrared, traditional category, or 'finnish' in name or features", () => {
    const products = [
      makeProduct({ name: "wood cabin", heaterType: "Wood-burning", categoryId: "cabin" }),
      makeProduct({ name: "wood + infrared", heaterType: "Wood and infrared", categoryId: "cabin" }),
      makeProduct({ name: "wood in infrared category", heaterType: "Wood-burning", categoryId: "infrared" }),
      makeProduct({ name: "electric traditional", heaterType: "Electric", categoryId: "traditional" }),
      makeProduct({ name: "Finnish Classic", heaterType: "Electric", categoryId: "cube" }),
      makeProduct({ name: "finnish feature", heaterType: "Electric", keyFeatures: ["Finnish-style heater with stones"] }),
      makeProduct({ name: "electric cube", heaterType: "Electric", categoryId: "cube" }),
    ];
    expect(listed("traditional-finnish-saunas", products)).toEqual([
      "wood cabin",
      "electric traditional",
      "Finnish Classic",
      "finnish feature",
    ]);
  });

  it("clt: category clt or 'CLT' as a word of the name", () => {
    const products = [
      makeProduct({ name: "Studio 6", categoryId: "CLT" }),
      makeProduct({ name: "CLT Cube 4", categoryId: "cube" }),
      makeProduct({ name: "Clt-built pod", categoryId: null }),
      makeProduct({ name: "Barrel", categoryId: "clt-style barrel" }),
    ];
    expect(listed("clt-saunas", products)).toEqual(["Studio 6", "CLT Cube 4", "Clt-built pod"]);
  });

  it("custom: category custom or 'custom' in the name", () => {
    const products = [
      makeProduct({ name: "Lakeside", categoryId: "Custom" }),
      makeProduct({ name: "Custom Barrel Sauna", categoryId: "barrel" }),
      makeProduct({ name: "Cabin", categoryId: "cabin", keyFeatures: ["Custom sizes"] }),
    ];
    expect(listed("custom-saunas", products)).toEqual(["Lakeside", "Custom Barrel Sauna"]);
  });

  it("modern-outdoor: category modern or cube", () => {
    const products = [
      makeProduct({ name: "modern", categoryId: "modern" }),
      makeProduct({ name: "cube", categoryId: "Cube" }),
      makeProduct({ name: "Modern Barrel", categoryId: "barrel" }),
    ];
    expect(listed("modern-outdoor-saunas", products)).toEqual(["modern", "cube"]);
  });

  it("outdoor-saunas: every product", () => {
    const products = [makeProduct({ name: "a" }), makeProduct({ name: "b" })];
    expect(listed("outdoor-saunas", products)).toEqual(["a", "b"]);
  });
});

describe("feature pages", () => {
  it("eco-friendly: eco, sustainable or green as words, not inside 'recovery' or 'second'", () => {
    const products = [
      makeProduct({ name: "eco", keyFeatures: ["Eco-friendly natural oil finishes"] }),
      makeProduct({ name: "sustainable", keyFeatures: ["Sustainably harvested spruce"] }),
      makeProduct({ name: "green", keyFeatures: ["Green roof option"] }),
      makeProduct({ name: "recovery", keyFeatures: ["Post-workout recovery presets"] }),
      makeProduct({ name: "second", keyFeatures: ["A second bench"] }),
      makeProduct({ name: "economy", keyFeatures: ["Economical to run"] }),
      makeProduct({ name: "Eco in the name only", keyFeatures: ["Cedar"] }),
    ];
    expect(listed("eco-friendly-saunas", products)).toEqual(["eco", "sustainable", "green"]);
  });

  it("recovery: a key feature mentions recovery", () => {
    const products = [
      makeProduct({ name: "presets", keyFeatures: ["Post-workout recovery presets"] }),
      makeProduct({ name: "Recovery Suite", keyFeatures: ["Large benches"] }),
      makeProduct({ name: "Recover", keyFeatures: ["Cedar", "Helps muscles recover"] }),
    ];
    expect(listed("recovery-saunas", products)).toEqual(["presets", "Recover"]);
  });
});

describe("productsForFixedCollection", () => {
  const byRating = [
    makeProduct({ name: "best", rating: 4.9, categoryId: "cube", priceCents: 2_000_000, capacity: 4 }),
    makeProduct({ name: "second", rating: 4.8, categoryId: "barrel", priceCents: 800_000, capacity: 2 }),
    makeProduct({ name: "third", rating: 4.5, categoryId: "cabin", priceCents: 1_200_000, capacity: 6 }),
    makeProduct({ name: "fourth", rating: 4.1, categoryId: "barrel", priceCents: 500_000, capacity: 2 }),
  ];

  it("keeps the rating order of the input", () => {
    expect(productsForFixedCollection("barrel-saunas", byRating)).toEqual({
      products: [byRating[1], byRating[3]],
      source: "rule",
    });
  });

  it("falls back to the first 3 products on a type or feature page with no match", () => {
    for (const slug of ["infrared-saunas", "eco-friendly-saunas", "recovery-saunas", "clt-saunas"] as const) {
      const result = productsForFixedCollection(slug, byRating);
      expect(result.source, slug).toBe("top-rated");
      expect(names(result.products), slug).toEqual(["best", "second", "third"]);
    }
  });

  it("falls back to fewer when there are fewer than 3 products", () => {
    expect(productsForFixedCollection("infrared-saunas", byRating.slice(0, 2)).products).toHaveLength(2);
    expect(productsForFixedCollection("infrared-saunas", []).products).toEqual([]);
  });

  it("falls back to the first 3 on size and price pages too: 2, 4 and 6 persons, under $10,000, $15,000 and up", () => {
    // A 3-person sauna at $12,000: no size page matches it, and only the premium tier does.
    const noMatch = [
      makeProduct({ name: "3p at $12,000", capacity: 3, priceCents: 1_200_000, rating: 4.9 }),
      makeProduct({ name: "5p at $14,999", capacity: 5, priceCents: 1_499_900, rating: 4.1 }),
      makeProduct({ name: "3p at $10,000", capacity: 3, priceCents: 1_000_000, rating: 3.0 }),
      makeProduct({ name: "1p at $11,000", capacity: 1, priceCents: 1_100_000, rating: 2.0 }),
    ];
    for (const slug of ["two-person-saunas", "four-person-saunas", "six-person-saunas", "budget-saunas", "luxury-saunas"] as const) {
      const result = productsForFixedCollection(slug, noMatch);
      expect(result.source, slug).toBe("top-rated");
      expect(names(result.products), slug).toEqual(["3p at $12,000", "5p at $14,999", "3p at $10,000"]);
    }
    expect(productsForFixedCollection("premium-saunas", noMatch)).toMatchObject({ source: "rule" });
    expect(productsForFixedCollection("premium-saunas", noMatch).products).toHaveLength(4);
  });

  it("lets every fixed page fall back when its rule matches nothing", () => {
    const catalog = sampleProducts.map(toProduct).sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1));
    for (const slug of FIXED_COLLECTION_SLUGS) {
      const others = catalog.filter((product) => !matchesFixedCollection(slug, product));
      if (others.length === 0) continue; // outdoor-saunas matches every product
      const result = productsForFixedCollection(slug, others);
      expect(result.source, slug).toBe("top-rated");
      expect(result.products, slug).toEqual(others.slice(0, 3));
    }
  });
});

/** The seed's conversion: whole dollars to cents, pictures under /images/samples/. */
function toProduct(sample: SampleProduct, index: number): Product {
  return makeProduct({
    id: index + 1,
    slug: sample.slug,
    name: sample.name,
    brand: sample.brand,
    categoryId: sample.category_id,
    tagline: sample.tagline,
    description: sample.description,
    fullDescription: sample.full_description,
    priceCents: sample.price * 100,
    salePriceCents: sample.sale_price === undefined ? null : sample.sale_price * 100,
    saleEndsAt: sample.sale_ends_at ?? null,
    images: [1, 2, 3].map((n) => `/images/samples/${sample.slug}-${n}.webp`),
    capacity: sample.capacity,
    dimensions: sample.dimensions,
    weightLbs: sample.weight_lbs,
    heaterType: sample.heater_type,
    heaterSpec: sample.heater_spec,
    keyFeatures: sample.key_features,
    website: sample.website || null,
    affiliateLink: sample.affiliate_link || null,
    rating: sample.rating,
    reviewsNumber: sample.reviews_number,
    reviewCount: sample.review_count,
    shippingInfo: sample.shipping_info,
    isSample: true,
  });
}

describe("the sample catalog", () => {
  const byRating = sampleProducts.map(toProduct).sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || a.name.localeCompare(b.name));

  it.each([...FIXED_COLLECTION_SLUGS])("%s lists at least 3 products, each satisfying its rule, best rated first", (slug) => {
    const { products, source } = productsForFixedCollection(slug, byRating);
    expect(source).toBe("rule");
    expect(products.length).toBeGreaterThanOrEqual(3);
    for (const product of products) expect(matchesFixedCollection(slug, product), product.name).toBe(true);
    const ratings = products.map((p) => p.rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it("puts the $10,000 Valo 2 on the premium page, not the budget page", () => {
    expect(names(productsForFixedCollection("premium-saunas", byRating).products)).toContain("Valo 2 Cube Sauna");
    expect(names(productsForFixedCollection("budget-saunas", byRating).products)).not.toContain("Valo 2 Cube Sauna");
  });

  it("lists only real eco features on the eco-friendly page (no 'recovery' matches)", () => {
    expect(names(productsForFixedCollection("eco-friendly-saunas", byRating).products).sort()).toEqual(
      [
        "CLT Cube 4",
        "CLT Studio 6",
        "Cabin 4 Outdoor Sauna",
        "Custom Cabin Sauna",
        "Duo Outdoor Infrared Sauna",
        "Hetki 3 Modern Sauna",
        "Lodge 6 Sauna Cabin",
      ].sort(),
    );
  });

  it("lists the saunas whose features mention recovery on the recovery page", () => {
    expect(names(productsForFixedCollection("recovery-saunas", byRating).products).sort()).toEqual(
      ["CLT Recovery Suite 8", "Hybrid 3 Sauna", "Quad Outdoor Infrared Sauna", "Solo Infrared Pod", "Trail Tent Sauna"].sort(),
    );
  });
});
