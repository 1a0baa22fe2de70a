import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { countCatalog, findCollectionBySlug, listCollectionProducts, listCollections, listCollectionsOfProduct } from "./queries.server";

describe.each(testDialects)("catalog queries on %s", (dialect) => {
  let test: TestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const products = [
      { slug: "alpha", name: "Alpha Barrel", brand: "North", rating: 4.2, reviews_number: 10 },
      { slug: "bravo", name: "Bravo Cube", brand: "North", rating: 4.9, reviews_number: 3 },
      { slug: "charlie", name: "Charlie Cabin", brand: "South", rating: null, reviews_number: null },
      { slug: "delta", name: "Delta Pod", brand: "South", rating: 4.2, reviews_number: 50 },
      { slug: "echo", name: "Echo Infrared", brand: "East", rating: 3.1, reviews_number: 7 },
      { slug: "foxtrot", name: "Foxtrot Tent", brand: "East", rating: 4.5, reviews_number: 1 },
    ];
    for (const product of products) {
      const { id } = await test.db.insertInto("products").values(product).returning("id").executeTakeFirstOrThrow();
      ids[product.slug] = id;
    }
    const collections = [
      { slug: "zeta-saunas", title: "Zeta Saunas" },
      { slug: "barrel-saunas", title: "Best Barrel Saunas" },
      { slug: "empty-saunas", title: "Empty Saunas" },
    ];
    for (const collection of collections) {
      const { id } = await test.db.insertInto("collections").values(collection).returning("id").executeTakeFirstOrThrow();
      ids[collection.slug] = id;
    }
    // Editors' order, deliberately not the rating order.
    await test.db
      .insertInto("collection_products")
      .values([
        { collection_id: ids["barrel-saunas"]!, product_id: ids.echo!, position: 1 },
        { collection_id: ids["barrel-saunas"]!, product_id: ids.alpha!, position: 2 },
        { collection_id: ids["barrel-saunas"]!, product_id: ids.bravo!, position: 3 },
        { collection_id: ids["zeta-saunas"]!, product_id: ids.alpha!, position: 1 },
      ])
      .execute();
  });
  afterAll(() => test?.drop());

  it("lists collections by title, and finds one by slug", async () => {
    const collections = await listCollections(test.db);
    expect(collections.map((collection) => collection.title)).toEqual(["Best Barrel Saunas", "Empty Saunas", "Zeta Saunas"]);
    expect((await findCollectionBySlug(test.db, "zeta-saunas"))?.criteriaType).toBe("custom");
    expect(await findCollectionBySlug(test.db, "nope")).toBeUndefined();
  });

  it("lists a collection's products in the editors' order", async () => {
    const members = await listCollectionProducts(test.db, ids["barrel-saunas"]!);
    expect(members.map((product) => product.slug)).toEqual(["echo", "alpha", "bravo"]);
    expect(await listCollectionProducts(test.db, ids["empty-saunas"]!)).toEqual([]);
  });

  it("lists the collections a product appears in", async () => {
    const collections = await listCollectionsOfProduct(test.db, ids.alpha!);
    expect(collections.map((collection) => collection.slug)).toEqual(["barrel-saunas", "zeta-saunas"]);
  });

  it("counts the catalog as numbers", async () => {
    expect(await countCatalog(test.db)).toEqual({ products: 6, collections: 3 });
  });
});
