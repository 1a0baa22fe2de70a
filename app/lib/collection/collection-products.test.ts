import { describe, expect, it } from "vitest";
import type { CriteriaType, Product } from "../catalog/catalog";
import { productsForCollectionPage, type CollectionPageInputs } from "./collection-products";
import { makeProduct } from "../../../tests/support/catalog-fixtures";

const all = [
  makeProduct({ name: "p1", rating: 4.9, categoryId: "cube" }),
  makeProduct({ name: "p2", rating: 4.8, categoryId: "barrel" }),
  makeProduct({ name: "p3", rating: 4.7, categoryId: "cabin" }),
  makeProduct({ name: "p4", rating: 4.6, categoryId: "barrel" }),
  makeProduct({ name: "p5", rating: 4.5, categoryId: "cabin" }),
  makeProduct({ name: "p6", rating: 4.4, categoryId: "cabin" }),
];
const [p1, p2, p3, p4, p5] = all as [Product, Product, Product, Product, Product];

function inputs(
  fields: Partial<CollectionPageInputs<Product>> & { criteria?: [CriteriaType, string | null] },
): CollectionPageInputs<Product> {
  const [criteriaType, criteriaValue] = fields.criteria ?? ["category", "barrel"];
  return {
    collection: { criteriaType, criteriaValue },
    memberProducts: fields.memberProducts ?? [],
    productsListingCollection: fields.productsListingCollection ?? [],
    allProducts: fields.allProducts ?? all,
  };
}

const names = (products: readonly Product[]) => products.map((p) => p.name);

describe("productsForCollectionPage: the fallback chain", () => {
  it("1. stored membership (the collection's product_ids) first, in position order", () => {
    const result = productsForCollectionPage(inputs({ memberProducts: [p5, p1], productsListingCollection: [p3] }));
    expect(result.source).toBe("membership");
    expect(names(result.products)).toEqual(["p5", "p1"]);
  });

  it("2. then the products whose collection ids list it, when there is no membership", () => {
    const result = productsForCollectionPage(inputs({ productsListingCollection: [p3, p5] }));
    expect(result.source).toBe("product-collection-ids");
    expect(names(result.products)).toEqual(["p3", "p5"]);
  });

  it("3. then the criteria query, when neither step found anything", () => {
    const result = productsForCollectionPage(inputs({ criteria: ["category", "barrel"] }));
    expect(result.source).toBe("criteria");
    expect(names(result.products)).toEqual(["p2", "p4"]);
  });

  it("skips the criteria query for a custom collection", () => {
    const result = productsForCollectionPage(inputs({ criteria: ["custom", "barrel"] }));
    expect(result.source).toBe("top-rated");
    expect(names(result.products)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
  });

  it("4. then the first 5 products when the criteria match nothing", () => {
    const result = productsForCollectionPage(inputs({ criteria: ["category", "infrared"] }));
    expect(result).toEqual({ products: [p1, p2, p3, p4, p5], source: "top-rated" });
  });

  it("gives an empty list only when there are no products at all", () => {
    expect(productsForCollectionPage(inputs({ allProducts: [] }))).toEqual({ products: [], source: "top-rated" });
  });

  it("does not change its inputs", () => {
    const members = [p2];
    const result = productsForCollectionPage(inputs({ memberProducts: members }));
    result.products.push(p3);
    expect(members).toEqual([p2]);
  });
});
