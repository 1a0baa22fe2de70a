import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { catalogCache } from "../catalog/catalog-cache.server";
import { seedSampleContent } from "../seed/seed.server";
import { sampleCollections } from "../seed/sample-collections";
import { sampleProducts } from "../seed/sample-products";
import { LocalDiskStorage } from "../storage/storage.server";
import { findRemovedProduct } from "../products/removed-products.server";
import { keepSampleAsOwn, planRemoval, removeFromCatalog } from "./catalog-removal.server";
import { saveProducts } from "./product-save.server";

const PICTURE = new Uint8Array([1, 2, 3]);

describe.each(testDialects)("removing catalog content on %s", (dialect) => {
  let test: TestDatabase;
  let storageRoot: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    storageRoot = mkdtempSync(path.join(tmpdir(), "sauna-removal-"));
    storage = new LocalDiskStorage(storageRoot);
    const csv = parseProductCsv(
      [
        "name,brand,slug,images,collection_ids",
        'Real One,North,real-one,"[only-mine.jpg, shared.jpg, https://example.com/x.jpg]",[barrel-saunas]',
        'Real Two,North,real-two,"[shared.jpg, /storage/product-images/also-mine.jpg]",',
        "Keeper,North,keeper,[shared.jpg],[barrel-saunas]",
      ].join("\n"),
    );
    if (!csv.ok) throw new Error(csv.error);
    await saveProducts(test.db, csv.products, csv.columns, { collectionChoice: "replace" });
    for (const name of ["only-mine.jpg", "shared.jpg", "also-mine.jpg", "unrelated.jpg"]) await storage.put(name, PICTURE);
  });
  afterAll(async () => {
    await test?.drop();
    if (storageRoot) rmSync(storageRoot, { recursive: true, force: true });
  });

  const idsOf = async (slugs: string[]) =>
    (await test.db.selectFrom("products").select("id").where("slug", "in", slugs).execute()).map((row) => Number(row.id));

  it("names what goes: the chosen rows, and the uploaded pictures only they use", async () => {
    const plan = await planRemoval(test.db, { productIds: await idsOf(["real-one", "real-two"]), collectionIds: [], samples: false });
    expect(plan.products.map((product) => product.slug)).toEqual(["real-one", "real-two"]);
    expect(plan.collections).toEqual([]);
    // shared.jpg is still used by 'Keeper'; the https link is not ours to delete.
    expect(plan.uploadedImages).toEqual(["also-mine.jpg", "only-mine.jpg"]);
  });

  it("'all sample content' is every sample product and sample collection, and nothing else", async () => {
    const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    expect(plan.products).toHaveLength(sampleProducts.length);
    expect(plan.collections).toHaveLength(sampleCollections.length);
    expect(plan.products.map((product) => product.slug)).not.toContain("keeper");
  });

  it("removes products with their memberships, keeps pictures unless asked, and the cache sees it at once", async () => {
    const [realOne] = await idsOf(["real-one"]);
    const before = (await catalogCache(test.db).topProducts()).total;

    const plan = await planRemoval(test.db, { productIds: [realOne!], collectionIds: [], samples: false });
    expect(await removeFromCatalog(test.db, plan, { deleteImages: false, storage })).toMatchObject({
      products: 1,
      collections: 0,
      articles: 0,
      imagesDeleted: 0,
    });

    expect(await test.db.selectFrom("products").select("id").where("slug", "=", "real-one").execute()).toEqual([]);
    expect(await test.db.selectFrom("collection_products").select("product_id").where("product_id", "=", realOne!).execute()).toEqual([]);
    expect((await catalogCache(test.db).topProducts()).total).toBe(before - 1);
    expect(await storage.open("only-mine.jpg")).not.toBeNull();

    // The old address, by slug or by id, finds the record of what was there.
    expect(await findRemovedProduct(test.db, "real-one")).toEqual({ slug: "real-one", name: "Real One", categoryId: null });
    expect(await findRemovedProduct(test.db, String(realOne))).toMatchObject({ slug: "real-one" });
    expect(await findRemovedProduct(test.db, "keeper")).toBeUndefined();
  });

  it("deletes the pictures only the removed products use, when asked", async () => {
    const plan = await planRemoval(test.db, { productIds: await idsOf(["real-two"]), collectionIds: [], samples: false });
    const result = await removeFromCatalog(test.db, plan, { deleteImages: true, storage });
    expect(result).toMatchObject({ products: 1, collections: 0, articles: 0, imagesDeleted: 1 });
    expect(await storage.open("also-mine.jpg")).toBeNull();
    // Kept when its product was removed without asking: only this removal's pictures go.
    expect(await storage.open("only-mine.jpg")).not.toBeNull();
    expect(await storage.open("shared.jpg")).not.toBeNull();
    expect(await storage.open("unrelated.jpg")).not.toBeNull();
  });

  it("names the sample shops and authors that go, and keeps one that a real product needs or the owner keeps", async () => {
    const keeper = (await idsOf(["keeper"]))[0]!;
    const shops = await test.db.selectFrom("merchants").select(["id", "slug"]).where("is_sample", "=", true).orderBy("id").execute();
    const author = await test.db
      .selectFrom("authors")
      .select(["id", "name", "slug"])
      .where("is_sample", "=", true)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const before = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    expect(before.shops.map((shop) => shop.slug).sort()).toEqual(shops.map((shop) => shop.slug).sort());
    expect(before.authors.map((row) => row.slug)).toContain(author.slug);

    // The owner's own product sold by the first sample shop and reviewed by the sample author.
    await test.db
      .insertInto("offers")
      .values({
        product_id: keeper,
        merchant_id: shops[0]!.id,
        link: "https://shop.example/keeper",
        price_minor: 100_000,
        currency: "USD",
        countries: "[]",
        availability: "InStock",
        source: "form",
        is_primary: false,
      })
      .execute();
    await test.db.updateTable("products").set({ reviewer: author.name }).where("id", "=", keeper).execute();
    // And the second shop kept as the owner's.
    expect(await keepSampleAsOwn(test.db, "shop", Number(shops[1]!.id))).toBe(shops[1]!.slug);
    try {
      const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
      expect(plan.shops.map((shop) => shop.slug)).not.toContain(shops[0]!.slug);
      expect(plan.shops.map((shop) => shop.slug)).not.toContain(shops[1]!.slug);
      expect(plan.shops).toHaveLength(shops.length - 2);
      expect(plan.authors.map((row) => row.slug)).not.toContain(author.slug);
    } finally {
      await test.db.deleteFrom("offers").where("product_id", "=", keeper).execute();
      await test.db.updateTable("products").set({ reviewer: null }).where("id", "=", keeper).execute();
      await test.db.updateTable("merchants").set({ is_sample: true }).where("id", "=", shops[1]!.id).execute();
    }
  });

  it("removes all sample content in one go, leaving the admin's own products", async () => {
    const plan = await planRemoval(test.db, { productIds: [], collectionIds: [], samples: true });
    expect(plan.articles.map((article) => article.slug).sort()).toEqual([
      "best-barrel-saunas",
      "diy-sauna-bench",
      "health-benefits-of-sauna",
      "infrared-vs-traditional",
      "sauna-maintenance",
    ]);
    const result = await removeFromCatalog(test.db, plan, { deleteImages: false, storage });
    // Every sample shop sold only sample products; the sample authors wrote only the sample articles.
    expect(plan.shops).toHaveLength(11);
    expect(await test.db.selectFrom("merchants").select("id").where("is_sample", "=", true).execute()).toEqual([]);
    expect(plan.authors.length).toBeGreaterThan(0);
    expect(result).toEqual({
      products: sampleProducts.length,
      collections: sampleCollections.length,
      articles: 5,
      shops: 11,
      authors: plan.authors.length,
      imagesDeleted: 0,
    });
    // The sample articles and the sample authors who wrote only them.
    expect(await test.db.selectFrom("articles").select("id").execute()).toEqual([]);
    expect(await test.db.selectFrom("authors").select("id").execute()).toEqual([]);
    const left = await test.db.selectFrom("products").select("slug").execute();
    expect(left.map((row) => row.slug)).toEqual(["keeper"]);
    expect(await test.db.selectFrom("collections").select("id").execute()).toEqual([]);
    expect(await test.db.selectFrom("collection_products").select("product_id").execute()).toEqual([]);
    expect(await findRemovedProduct(test.db, sampleProducts[0]!.slug)).toMatchObject({ name: sampleProducts[0]!.name });
  });

  it("a product saved again under a removed slug is served again, and a second removal updates the record", async () => {
    const csv = parseProductCsv("name,brand,slug\nReal One Again,North,real-one");
    if (!csv.ok) throw new Error(csv.error);
    await saveProducts(test.db, csv.products, csv.columns);
    const plan = await planRemoval(test.db, { productIds: await idsOf(["real-one"]), collectionIds: [], samples: false });
    await removeFromCatalog(test.db, plan, { deleteImages: false, storage });
    expect(await findRemovedProduct(test.db, "real-one")).toMatchObject({ name: "Real One Again" });
  });
});
