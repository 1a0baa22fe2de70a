import type { Collection, Product } from "~/lib/catalog/catalog";

/**
 * Hand-made catalog records for the unit tests of app/lib. Only the fields a test names differ
 * from these neutral defaults (which match no collection rule: no category, heater, features,
 * capacity or price).
 */

let nextId = 1000;

export function makeProduct(fields: Partial<Product> = {}): Product {
  const id = fields.id ?? nextId++;
  return {
    id,
    slug: `product-${id}`,
    name: `Model ${id}`,
    brand: "Test Brand",
    categoryId: null,
    tagline: null,
    description: null,
    fullDescription: null,
    priceCents: null,
    salePriceCents: null,
    saleEndsAt: null,
    images: [],
    capacity: null,
    dimensions: null,
    weightLbs: null,
    heaterType: null,
    heaterSpec: null,
    keyFeatures: [],
    website: null,
    affiliateLink: null,
    rating: null,
    reviewsNumber: null,
    reviewCount: null,
    shippingInfo: null,
    bestSeller: false,
    isSample: false,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-05-20T00:00:00.000Z",
    ...fields,
  };
}

export function makeCollection(fields: Partial<Collection> = {}): Collection {
  const id = fields.id ?? nextId++;
  return {
    id,
    slug: `collection-${id}`,
    title: `Collection ${id}`,
    description: null,
    intro: null,
    imageUrl: null,
    criteriaType: "custom",
    criteriaValue: null,
    featured: false,
    keepsRule: false,
    isSample: false,
    updatedAt: "2025-05-20T00:00:00.000Z",
    ...fields,
  };
}
