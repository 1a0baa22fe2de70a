import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { countCatalog } from "../catalog/queries.server";
import { sampleCollections } from "./sample-collections";
import { sampleProducts } from "./sample-products";
import { seedSampleContent } from "./seed.server";

describe.each(testDialects)("sample content seed on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("fills an empty database once, and never again", async () => {
    test = await createTestDatabase(dialect);
    expect(await seedSampleContent(test.db)).toEqual({
      seeded: true,
      products: sampleProducts.length,
      collections: sampleCollections.length,
    });
    expect(await countCatalog(test.db)).toEqual({ products: sampleProducts.length, collections: sampleCollections.length });

    expect(await seedSampleContent(test.db)).toEqual({ seeded: false, reason: "already-seeded" });
    expect(await countCatalog(test.db)).toEqual({ products: sampleProducts.length, collections: sampleCollections.length });
  });

  it("does not bring the samples back after an admin deleted them all", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    await test.db.deleteFrom("collections").execute();
    await test.db.deleteFrom("products").execute();
    expect(await seedSampleContent(test.db)).toEqual({ seeded: false, reason: "already-seeded" });
    expect(await countCatalog(test.db)).toEqual({ products: 0, collections: 0 });
  });

  it("leaves a database that already has content alone", async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values({ slug: "mine", name: "Mine", brand: "Me" }).execute();
    expect(await seedSampleContent(test.db)).toEqual({ seeded: false, reason: "not-empty" });
    expect(await countCatalog(test.db)).toEqual({ products: 1, collections: 0 });
  });

  it("seeds once when two instances start at the same moment", async () => {
    test = await createTestDatabase(dialect);
    // Two PostgreSQL connections race for real. better-sqlite3 is synchronous, so two
    // connections in one process would block each other; there the handle's own queue decides.
    const second = dialect === "postgres" ? test.openAnother() : test.db;
    const outcomes = await Promise.all([seedSampleContent(test.db), seedSampleContent(second)]);
    expect(outcomes.filter((outcome) => outcome.seeded)).toHaveLength(1);
    expect(await countCatalog(test.db)).toEqual({ products: sampleProducts.length, collections: sampleCollections.length });
  });

  it("stores the sample images, prices in cents and the sample mark", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    const first = sampleProducts[0]!;
    const row = await test.db.selectFrom("products").selectAll().where("slug", "=", first.slug).executeTakeFirstOrThrow();
    expect(Number(row.price_cents)).toBe(first.price * 100);
    expect(JSON.parse(row.images)).toEqual([1, 2, 3].map((n) => `/images/samples/${first.slug}-${n}.webp`));
    expect(Boolean(row.is_sample)).toBe(true);
  });
});
