import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { bestByType } from "~/lib/home/best-by-type";
import { COMPARISON_ROW_LIMIT } from "~/lib/home/home-page";
import { seedSampleContent } from "../seed/seed.server";
import { catalogCache, invalidateCatalog, onCatalogChange } from "./catalog-cache.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { listProducts } from "../products/products.server";

describe.each(testDialects)("catalog cache on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("serves the cached small results until an admin save invalidates them, then the change shows at once", async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values({ slug: "one", name: "One", brand: "B", rating: 4 }).execute();
    await refreshProductListKeys(test.db);
    const cache = catalogCache(test.db);
    const topSlugs = async () => (await cache.topProducts()).products.map((product) => product.slug);
    expect(await topSlugs()).toEqual(["one"]);
    expect((await cache.topProducts()).total).toBe(1);

    await test.db.insertInto("products").values({ slug: "two", name: "Two", brand: "B", rating: 5 }).execute();
    await refreshProductListKeys(test.db);
    await test.db.insertInto("collections").values({ slug: "c", title: "C" }).execute();
    expect(await topSlugs()).toEqual(["one"]);

    invalidateCatalog(test.db);
    expect(await topSlugs()).toEqual(["two", "one"]);
    expect((await cache.topProducts()).total).toBe(2);
    expect((await cache.collections()).map((collection) => collection.slug)).toEqual(["c"]);
  });

  it("tells every listener of its own database after the catalog caches are dropped, until it unsubscribes", async () => {
    test = await createTestDatabase(dialect);
    const other = test.openAnother();
    await test.db.insertInto("products").values({ slug: "one", name: "One", brand: "B", rating: 4 }).execute();
    await catalogCache(test.db).topProducts();
    await test.db.insertInto("products").values({ slug: "two", name: "Two", brand: "B", rating: 5 }).execute();
    const seen: string[][] = [];
    const heard: string[] = [];
    const stop = onCatalogChange(test.db, () => {
      heard.push("mine");
      // A listener that re-renders reads the new catalog, not the dropped one.
      void catalogCache(test.db)
        .topProducts()
        .then((top) => seen.push(top.products.map((product) => product.slug)));
    });
    onCatalogChange(test.db, () => {
      throw new Error("a broken listener does not stop the others");
    });
    onCatalogChange(test.db, () => heard.push("second"));
    onCatalogChange(other, () => heard.push("other database"));

    invalidateCatalog(test.db);
    expect(heard).toEqual(["mine", "second"]);
    // The listener's read is a query: wait for it to answer, however busy the machine is.
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen).toEqual([["two", "one"]]);

    stop();
    invalidateCatalog(test.db);
    expect(heard).toEqual(["mine", "second", "second"]);
  });

  it("keeps the top list to the comparison's rows, and counts the rest", async () => {
    test = await createTestDatabase(dialect);
    const rows = Array.from({ length: COMPARISON_ROW_LIMIT + 5 }, (_, i) => ({
      slug: `p${i}`,
      name: `P${String(i).padStart(2, "0")}`,
      brand: "B",
      rating: (i % 50) / 10,
    }));
    await test.db.insertInto("products").values(rows).execute();
    await refreshProductListKeys(test.db);
    const top = await catalogCache(test.db).topProducts();
    expect(top.products).toHaveLength(COMPARISON_ROW_LIMIT);
    expect(top.total).toBe(COMPARISON_ROW_LIMIT + 5);
    expect(top.products.map((p) => p.rating)).toEqual([...top.products.map((p) => p.rating)].sort((a, b) => b! - a!));
  });

  it("picks the best of each type for the home page, as bestByType does on the whole list", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    const picks = await catalogCache(test.db).bestByType();
    const expected = bestByType(await listProducts(test.db));
    expect(picks.traditional?.slug).toBe(expected.traditional?.slug);
    expect(picks.infrared?.slug).toBe(expected.infrared?.slug);
    expect(picks.barrel?.slug).toBe(expected.barrel?.slug);
    expect([picks.traditional, picks.infrared, picks.barrel].every((pick) => pick !== null)).toBe(true);
  });

  it("keeps one cache per database handle", async () => {
    test = await createTestDatabase(dialect);
    expect(catalogCache(test.db)).toBe(catalogCache(test.db));
    expect(catalogCache(test.openAnother())).not.toBe(catalogCache(test.db));
  });
});
