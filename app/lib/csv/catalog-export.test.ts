import { describe, expect, it } from "vitest";
import { parseCollectionCsv } from "./collection-csv";
import { collectionCsvRecord, COLLECTION_EXPORT_HEADER, PRODUCT_EXPORT_HEADER, productCsvRecord } from "./catalog-export";
import { csvLine } from "./csv-writer";
import type { StoredProduct } from "./import-plan";
import { parseProductCsv, prepareProductForSave } from "./product-csv";

const product: StoredProduct = {
  slug: "valo",
  name: '=Valo "Cube"',
  brand: "North",
  categoryId: "barrel",
  tagline: "-20% this week",
  description: "Line one\nline two, with a comma",
  fullDescription: null,
  priceCents: 765_050,
  salePriceCents: 9_999_999_999,
  saleEndsAt: "2099-12-31",
  images: ["https://example.com/a.jpg", "b.jpg"],
  capacity: 4,
  dimensions: "6' x 7'",
  weightLbs: 980.55,
  heaterType: "Electric",
  heaterSpec: null,
  keyFeatures: ["Cedar, thermo-treated", 'Glass "panorama" door'],
  website: "https://example.com/valo",
  affiliateLink: null,
  // Derived from the scores below by the default (equal) weights: 8.2 of 10.
  rating: 4.1,
  reviewsNumber: 1250,
  reviewCount: "+45",
  shippingInfo: null,
  collectionIds: ["barrel-saunas"],
  gtin: "4006381333931",
  mpn: "NC-VALO",
  bestSeller: true,
  verdict: 'Warm in 30 minutes, built to last; the "cube" costs more than a barrel.',
  pros: ["Heats fast", "Cedar, with a knot or two"],
  cons: ["Door sticks in winter"],
  scoreBuildQuality: 8.5,
  scoreHeatEfficiency: 9,
  scoreInstallation: 7,
  scoreWarranty: 8,
  scoreValue: 8.5,
  bestFor: "Two people who want heat fast",
  skipIf: "You want a wood stove",
  alternatives: ["birch-6", "ember"],
  reviewer: "Aino Virtanen",
  tester: "Marcus Lind",
  testedOn: "2026-10-14",
  customerRating: 4.6,
  customerReviewSource: "The maker's store",
};

describe("the catalog export", () => {
  it("writes a product in the import format, which the importer reads back as the same product", () => {
    const csv = csvLine(PRODUCT_EXPORT_HEADER) + csvLine(productCsvRecord(product));
    const parsed = parseProductCsv(csv, { today: "2026-01-01" });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.columns).toEqual(PRODUCT_EXPORT_HEADER);
    const { rowNumber, ...read } = prepareProductForSave(parsed.products[0]!);
    expect(rowNumber).toBe(1);
    expect(read).toEqual(product);
  });

  it("money as dollars with cents, lists as JSON lists, empty as empty", () => {
    const cells = Object.fromEntries(
      PRODUCT_EXPORT_HEADER.map((column, index) => [
        column,
        productCsvRecord({ ...product, fullDescription: null, collectionIds: [] })[index],
      ]),
    );
    expect(cells).toMatchObject({
      price: "7650.50",
      sale_price: "99999999.99",
      images: '["https://example.com/a.jpg","b.jpg"]',
      full_description: "",
      collection_ids: "",
      best_seller: "yes",
    });
    expect(productCsvRecord({ ...product, bestSeller: false })[PRODUCT_EXPORT_HEADER.indexOf("best_seller")]).toBe("no");
  });

  it("writes a collection's products in list order, as slugs, or as the id for an all-digit slug", () => {
    const record = collectionCsvRecord({
      slug: "picks",
      title: "Picks",
      description: null,
      imageUrl: "/images/picks.webp",
      featured: true,
      members: [
        { id: 7, slug: "valo" },
        { id: 9, slug: "2024" },
        { id: 3, slug: "kettu" },
      ],
    });
    // No picks stored: the picks cell is empty.
    expect(record).toEqual(["picks", "Picks", "", "/images/picks.webp", "true", "valo, 9, kettu", ""]);
    const parsed = parseCollectionCsv(csvLine(COLLECTION_EXPORT_HEADER) + csvLine(record));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.collections[0]).toMatchObject({
      slug: "picks",
      title: "Picks",
      description: null,
      featured: true,
      productRefs: ["valo", "9", "kettu"],
    });
  });
});
