import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCollectionCsv } from "~/lib/csv/collection-csv";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import type { DB } from "../db/connection.server";
import { saveCollections } from "./collection-save.server";
import { saveProducts } from "./product-save.server";
import { ImportRowError } from "./save-errors";

/**
 * A save is all or nothing: for random batches (new slugs and slugs that already exist, with and
 * without memberships) holding one row the database refuses at a random place, the save fails
 * naming that row and every catalog table is exactly as before.
 */

const RUNS = 25;

async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db.selectFrom("collection_products").selectAll().orderBy("collection_id").orderBy("position").execute(),
  };
}

const productRow = fc.record({
  slug: fc.oneof(fc.constantFrom("existing-1", "existing-2", "existing-3"), fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/)),
  name: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}$/),
  price: fc.option(fc.integer({ min: 0, max: 99999 }), { nil: undefined }),
  rating: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
  inCollection: fc.boolean(),
});
const productBatch = fc
  .tuple(fc.uniqueArray(productRow, { selector: (row) => row.slug, minLength: 1, maxLength: 40 }), fc.nat())
  .map(([rows, at]) => ({ rows, badIndex: at % rows.length }));

function productCsv(rows: { slug: string; name: string; price?: number; rating?: number; inCollection: boolean }[]) {
  return [
    "name,brand,slug,price,rating,collection_ids",
    ...rows.map(
      (row) =>
        `${row.name},Brand,${row.slug},${row.price ?? ""},${row.rating === undefined ? "" : row.rating / 10},${row.inCollection ? "[best-picks]" : ""}`,
    ),
  ].join("\n");
}

describe.each(testDialects)("a batch with one invalid row changes nothing (%s)", (dialect) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const seed = parseProductCsv(
      productCsv(
        [1, 2, 3].map((n) => ({ slug: `existing-${n}`, name: `Existing ${n}`, price: n * 1000, rating: 40, inCollection: n !== 2 })),
      ),
      {},
    );
    await test.db.insertInto("collections").values({ slug: "best-picks", title: "Best Picks" }).execute();
    if (!seed.ok) throw new Error(seed.error);
    await saveProducts(test.db, seed.products, seed.columns);
  });
  afterAll(() => test?.drop());

  it(`products: ${RUNS} random batches`, async () => {
    await fc.assert(
      fc.asyncProperty(productBatch, async ({ rows, badIndex }) => {
        const before = await snapshot(test.db);
        const parsed = parseProductCsv(productCsv(rows), { knownCollectionSlugs: new Set(["best-picks"]) });
        if (!parsed.ok) throw new Error(parsed.error);
        expect(parsed.products).toHaveLength(rows.length);
        // A value the parser never produces, so the database's own check refuses the row.
        const products = parsed.products.map((product, index) => (index === badIndex ? { ...product, reviewsNumber: -1 } : product));
        const failure = await saveProducts(test.db, products, parsed.columns).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ImportRowError);
        expect((failure as ImportRowError).rowNumber).toBe(badIndex + 1);
        expect(await snapshot(test.db)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });

  it(`collections: ${RUNS} random batches`, async () => {
    const collectionBatch = fc
      .tuple(
        fc.uniqueArray(fc.oneof(fc.constant("best-picks"), fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/)), { minLength: 1, maxLength: 30 }),
        fc.nat(),
      )
      .map(([slugs, at]) => ({ slugs, badIndex: at % slugs.length }));
    await fc.assert(
      fc.asyncProperty(collectionBatch, async ({ slugs, badIndex }) => {
        const before = await snapshot(test.db);
        const parsed = parseCollectionCsv(
          ["slug,title,product_ids", ...slugs.map((slug, i) => `${slug},Title ${i},"existing-${(i % 3) + 1}"`)].join("\n"),
        );
        if (!parsed.ok) throw new Error(parsed.error);
        const collections = parsed.collections.map((collection, index) =>
          index === badIndex ? { ...collection, title: null as unknown as string } : collection,
        );
        const failure = await saveCollections(test.db, collections, parsed.columns).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(ImportRowError);
        expect(await snapshot(test.db)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
  });
});
