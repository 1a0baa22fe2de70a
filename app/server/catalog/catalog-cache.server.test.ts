import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { catalogCache, invalidateCatalog, onCatalogChange } from "./catalog-cache.server";

describe.each(testDialects)("catalog cache on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("serves the cached catalog until an admin save invalidates it, then the change shows at once", async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values({ slug: "one", name: "One", brand: "B", rating: 4 }).execute();
    const cache = catalogCache(test.db);
    expect((await cache.products()).map((product) => product.slug)).toEqual(["one"]);

    await test.db.insertInto("products").values({ slug: "two", name: "Two", brand: "B", rating: 5 }).execute();
    await test.db.insertInto("collections").values({ slug: "c", title: "C" }).execute();
    expect((await cache.products()).map((product) => product.slug)).toEqual(["one"]);

    invalidateCatalog(test.db);
    expect((await cache.products()).map((product) => product.slug)).toEqual(["two", "one"]);
    expect((await cache.collections()).map((collection) => collection.slug)).toEqual(["c"]);
  });

  it("tells every listener of its own database after the catalog caches are dropped, until it unsubscribes", async () => {
    test = await createTestDatabase(dialect);
    const other = test.openAnother();
    await test.db.insertInto("products").values({ slug: "one", name: "One", brand: "B", rating: 4 }).execute();
    await catalogCache(test.db).products();
    await test.db.insertInto("products").values({ slug: "two", name: "Two", brand: "B", rating: 5 }).execute();
    const seen: string[][] = [];
    const heard: string[] = [];
    const stop = onCatalogChange(test.db, () => {
      heard.push("mine");
      // A listener that re-renders reads the new catalog, not the dropped one.
      void catalogCache(test.db).products().then((products) => seen.push(products.map((product) => product.slug)));
    });
    onCatalogChange(test.db, () => {
      throw new Error("a broken listener does not stop the others");
    });
    onCatalogChange(test.db, () => heard.push("second"));
    onCatalogChange(other, () => heard.push("other database"));

    invalidateCatalog(test.db);
    expect(heard).toEqual(["mine", "second"]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([["two", "one"]]);

    stop();
    invalidateCatalog(test.db);
    expect(heard).toEqual(["mine", "second", "second"]);
  });

  it("keeps one cache per database handle", async () => {
    test = await createTestDatabase(dialect);
    expect(catalogCache(test.db)).toBe(catalogCache(test.db));
    expect(catalogCache(test.openAnother())).not.toBe(catalogCache(test.db));
  });
});
