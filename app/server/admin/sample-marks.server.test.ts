import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { toProductRow, type ProductFields } from "../products/product-row-mapping";
import { insertProduct, updateProduct, upsertProductsOnSlug } from "../products/products.server";
import { dashboardCounts } from "./admin-queries.server";
import { keepSampleAsOwn, planRemoval } from "./catalog-removal.server";

/**
 * Sample rows stay samples through an edit and an import, and the removal says which were
 * edited; "Keep this one as mine" takes one off the removal; the dashboard counts what is left.
 */
const NOW = "2026-11-29T09:00:00.000Z";
function productFields(slug: string, overrides: Partial<ProductFields> = {}): ProductFields {
  return {
    slug,
    name: `Sauna ${slug}`,
    brand: "North",
    categoryId: "barrel",
    tagline: null,
    description: null,
    fullDescription: null,
    priceCents: 765000,
    salePriceCents: null,
    saleEndsAt: null,
    images: ["/images/a.webp", "b.webp"],
    capacity: 4,
    dimensions: null,
    weightLbs: 512.5,
    heaterType: "Wood",
    heaterSpec: null,
    keyFeatures: ["Cedar", "Glass door, tinted"],
    website: null,
    affiliateLink: "https://example.com/buy",
    rating: 4.5,
    reviewsNumber: 12,
    reviewCount: "12+",
    shippingInfo: null,
    bestSeller: false,
    gtin: null,
    mpn: null,
    verdict: null,
    pros: [],
    cons: [],
    scoreBuildQuality: null,
    scoreHeatEfficiency: null,
    scoreInstallation: null,
    scoreWarranty: null,
    scoreValue: null,
    bestFor: null,
    skipIf: null,
    alternatives: [],
    reviewer: null,
    testedOn: null,
    customerRating: null,
    customerReviewSource: null,
    ...overrides,
  };
}
const fields = (slug: string, name: string) => toProductRow(productFields(slug, { name }), { isSample: false, now: NOW });

describe.each(testDialects)("sample marks (%s)", (dialect) => {
  let test: TestDatabase;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    for (const slug of ["edited", "imported", "untouched", "kept"]) {
      ids[slug] = await insertProduct(test.db, { ...fields(slug, slug), is_sample: true });
    }
  });
  afterAll(async () => test?.drop());

  it("keeps the mark through an edit and an import, lists edited samples, and keeps one as the owner's", async () => {
    await updateProduct(test.db, ids.edited!, { ...fields("edited", "Edited by hand"), is_sample: false });
    await upsertProductsOnSlug(
      test.db,
      [{ ...fields("imported", "Imported over"), is_sample: false }],
      ["name", "is_sample", "updated_at"],
    );
    expect(await keepSampleAsOwn(test.db, "product", ids.kept!)).toBe("kept");
    expect(await keepSampleAsOwn(test.db, "product", ids.kept!)).toBeNull();

    const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    expect(plan.products.map((product) => [product.slug, Boolean(product.edited)])).toEqual([
      ["edited", true],
      ["imported", true],
      ["untouched", false],
    ]);
    expect(await dashboardCounts(test.db)).toMatchObject({ sampleProducts: 3, sampleEdited: 2 });
  });
});
