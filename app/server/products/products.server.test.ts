import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { toProductRow, type ProductFields } from "./product-row-mapping";
import {
  findProductById,
  findProductByIdOrSlug,
  findProductIdBySlug,
  findProductsBySlugs,
  hasAnyProduct,
  insertProduct,
  insertProducts,
  listProductFieldsAfterId,
  listProductFieldsBySlugs,
  listProductRefsByIds,
  listProductRefsBySlugs,
  listProducts,
  listProductsPage,
  updateProduct,
  upsertProductsOnSlug,
} from "./products.server";

const NOW = "2026-01-02T03:04:05.000Z";

function fields(slug: string, overrides: Partial<ProductFields> = {}): ProductFields {
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

describe.each(testDialects)("products repository on %s", (dialect) => {
  let test: TestDatabase;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    // Written through the repository itself; names and ratings chosen for the list order.
    const products: [string, string, number | null][] = [
      ["alpha", "Alpha Barrel", 4.2],
      ["bravo", "Bravo Cube", 4.9],
      ["charlie", "Charlie Cabin", null],
      ["delta", "Delta Pod", 4.2],
      ["echo", "Echo Infrared", 3.1],
      ["foxtrot", "Foxtrot Tent", 4.5],
    ];
    for (const [slug, name, rating] of products) {
      ids[slug] = await insertProduct(test.db, toProductRow(fields(slug, { name, rating }), { isSample: false, now: NOW }));
    }
  });
  afterAll(() => test?.drop());

  it("lists all products best rated first, unrated last, ties by name", async () => {
    const products = await listProducts(test.db);
    expect(products.map((product) => product.slug)).toEqual(["bravo", "foxtrot", "alpha", "delta", "echo", "charlie"]);
  });

  it("finds one product by id or by slug, and nothing for an unknown one", async () => {
    expect((await findProductByIdOrSlug(test.db, String(ids.delta)))?.slug).toBe("delta");
    expect((await findProductByIdOrSlug(test.db, "delta"))?.id).toBe(ids.delta);
    expect(await findProductByIdOrSlug(test.db, "no-such-sauna")).toBeUndefined();
    expect(await findProductByIdOrSlug(test.db, "999999")).toBeUndefined();
  });

  it("finds products by slugs in any case, and ids and slugs by each other", async () => {
    const found = await findProductsBySlugs(test.db, ["ALPHA", "echo", "nope"]);
    expect(found.map((product) => product.slug).sort()).toEqual(["alpha", "echo"]);
    expect(await findProductsBySlugs(test.db, [])).toEqual([]);
    expect(await listProductRefsByIds(test.db, [ids.bravo!, ids.bravo!, 999999])).toEqual([{ id: ids.bravo, slug: "bravo" }]);
    expect(await listProductRefsBySlugs(test.db, ["charlie", "Charlie"])).toEqual([{ id: ids.charlie, slug: "charlie" }]);
    expect(await findProductIdBySlug(test.db, "delta")).toBe(ids.delta);
    expect(await findProductIdBySlug(test.db, "nope")).toBeUndefined();
    expect(await hasAnyProduct(test.db)).toBe(true);
  });

  it("writes a product's fields and reads back the same fields", async () => {
    const written = fields("round-trip", {
      bestSeller: true,
      verdict: "Warm fast.",
      pros: ["Heats fast", "Cedar, knotty"],
      cons: ["Door sticks"],
      scoreBuildQuality: 8.5,
      scoreHeatEfficiency: 9,
      scoreInstallation: 7,
      scoreWarranty: 8,
      scoreValue: 8.5,
      bestFor: "Two people",
      skipIf: "You want wood",
      alternatives: ["alpha", "bravo"],
      reviewer: "Aino Virtanen",
      tester: "Tom Gallagher",
      testedOn: "2026-10-14",
      customerRating: 4.6,
      customerReviewSource: "The maker's store",
    });
    const id = await insertProduct(test.db, toProductRow(written, { isSample: true, now: NOW }));
    const product = await findProductById(test.db, id);
    expect(product).toMatchObject({ ...written, id, isSample: true, updatedAt: NOW });
    const [stored] = await listProductFieldsBySlugs(test.db, ["round-trip"]);
    expect(stored).toEqual({ ...written, id });
  });

  it("updates a product by id, and says when the id names none", async () => {
    const id = await insertProduct(test.db, toProductRow(fields("to-update"), { isSample: true, now: NOW }));
    const changed = fields("to-update", { name: "Renamed", images: [], rating: null });
    expect(await updateProduct(test.db, id, toProductRow(changed, { isSample: false, now: NOW }))).toBe(true);
    // A sample stays a sample when edited, marked edited (the removal lists it as such).
    expect(await findProductById(test.db, id)).toMatchObject({ name: "Renamed", images: [], rating: null, isSample: true });
    expect(await test.db.selectFrom("products").select("sample_edited").where("id", "=", id).executeTakeFirstOrThrow()).toMatchObject({
      sample_edited: expect.toSatisfy(Boolean),
    });
    expect(await updateProduct(test.db, 999999, toProductRow(changed, { isSample: false, now: NOW }))).toBe(false);
  });

  it("upserts on slug, overwriting only the given columns", async () => {
    await insertProducts(test.db, [toProductRow(fields("upsert-a", { tagline: "Kept" }), { isSample: true, now: NOW })]);
    const rows = [
      toProductRow(fields("upsert-a", { name: "New name", tagline: "Not written" }), { isSample: false, now: NOW }),
      toProductRow(fields("upsert-b"), { isSample: false, now: NOW }),
    ];
    const saved = await upsertProductsOnSlug(test.db, rows, ["name", "is_sample", "updated_at"]);
    expect(saved.map((row) => row.slug).sort()).toEqual(["upsert-a", "upsert-b"]);
    const [a] = await findProductsBySlugs(test.db, ["upsert-a"]);
    // An import over a sample keeps its sample mark.
    expect(a).toMatchObject({ name: "New name", tagline: "Kept", isSample: true });
    expect(await upsertProductsOnSlug(test.db, [], ["name"])).toEqual([]);
  });

  it("lists the admin's page of products by category, feature or text, and counts them", async () => {
    await insertProducts(test.db, [
      toProductRow(fields("filter-one", { categoryId: "cube", keyFeatures: ["100% cedar"], name: "Filter One" }), {
        isSample: false,
        now: NOW,
      }),
      toProductRow(fields("filter-two", { categoryId: "cube", keyFeatures: ["Glass"], brand: "Odd_Brand" }), { isSample: false, now: NOW }),
    ]);
    const byCategory = await listProductsPage(test.db, { category: "cube" }, 1);
    expect(byCategory.products.map((product) => product.slug).sort()).toEqual(["filter-one", "filter-two"]);
    expect(byCategory).toMatchObject({ total: 2, page: 1, pages: 1 });
    const byFeature = await listProductsPage(test.db, { feature: "100% cedar" }, 1);
    expect(byFeature.products.map((product) => product.slug)).toEqual(["filter-one"]);
    // LIKE's wildcards in the text are taken literally.
    expect((await listProductsPage(test.db, { search: "odd_b" }, 1)).products.map((product) => product.slug)).toEqual(["filter-two"]);
    expect((await listProductsPage(test.db, { search: "odd%" }, 1)).total).toBe(0);
    expect(await listProductsPage(test.db, { category: "none" }, 3)).toMatchObject({ products: [], total: 0, page: 1, pages: 1 });
  });

  it("gives the admin's pages and searches in the order of the whole table, newest change first, ties by id", async () => {
    // Three update times, many products sharing each: the id decides within one.
    const times = ["2026-03-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z", "2026-04-01T00:00:00.000Z"];
    await insertProducts(
      test.db,
      Array.from({ length: 130 }, (_, i) =>
        toProductRow(fields(`order-${i}`, { name: i % 7 === 0 ? `Seventh ${i}` : `Order ${i}`, categoryId: i % 2 ? "odd" : "even" }), {
          isSample: false,
          now: times[i % 3]!,
        }),
      ),
    );
    const all = await test.db.selectFrom("products").select(["id", "slug", "updated_at", "name", "category_id"]).execute();
    const when = (value: unknown) => new Date(value as string).getTime();
    const expected = all.sort((a, b) => when(b.updated_at) - when(a.updated_at) || Number(b.id) - Number(a.id));
    const pageOf = (rows: typeof expected, page: number) => rows.slice((page - 1) * 50, page * 50).map((row) => row.slug);
    const slugsOf = async (filter: Parameters<typeof listProductsPage>[1], page: number) =>
      (await listProductsPage(test.db, filter, page)).products.map((product) => product.slug);
    const pages = Math.ceil(expected.length / 50);
    for (let page = 1; page <= pages; page++) expect(await slugsOf({}, page)).toEqual(pageOf(expected, page));
    const seventh = expected.filter((row) => row.name.toLowerCase().includes("seventh"));
    expect(await listProductsPage(test.db, { search: "SEVENTH" }, 1)).toMatchObject({ total: seventh.length, pages: 1 });
    expect(await slugsOf({ search: "SEVENTH" }, 1)).toEqual(pageOf(seventh, 1));
    const odd = expected.filter((row) => row.category_id === "odd");
    expect(await slugsOf({ category: "odd" }, 2)).toEqual(pageOf(odd, 2));
    // Past the last page: the last page.
    expect(await slugsOf({ search: "order-" }, 99)).toEqual(
      pageOf(
        expected.filter((row) => row.slug.includes("order-")),
        Math.ceil(expected.filter((row) => row.slug.includes("order-")).length / 50),
      ),
    );
  });

  it("pages through the products by id without repeating or skipping one", async () => {
    const seen: number[] = [];
    let afterId = 0;
    for (;;) {
      const page = await listProductFieldsAfterId(test.db, afterId, 3);
      if (page.length === 0) break;
      seen.push(...page.map((product) => product.id));
      afterId = page.at(-1)!.id;
    }
    const all = await listProducts(test.db);
    expect(seen).toEqual(all.map((product) => product.id).sort((a, b) => a - b));
  });
});
