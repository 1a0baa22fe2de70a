import { afterEach, describe, expect, it } from "vitest";
import type { CollectionPageContent } from "~/lib/collection/collection-page";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { productFormValues, readProductForm } from "~/lib/admin/product-form";
import { ruleListWarning } from "~/lib/csv/import-plan";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { DB } from "../db/connection.server";
import { seedSampleContent } from "../seed/seed.server";
import { loadCollectionPage } from "../pages/collection.server";
import { findProductForEdit } from "./admin-queries.server";
import { importProductCsv, previewProductCsv } from "./csv-import.server";
import { startImportRunner } from "../../../tests/support/import-runs";
import { saveOneProduct, saveProducts } from "./product-save.server";
import { ImportRowError } from "./save-errors";

/**
 * A product CSV whose collection_ids names a collection that lists its saunas by a rule
 * (barrel-saunas lists every barrel) must not quietly turn it into a list of the file's products:
 * the preview says so and the save needs the owner's choice, add to the rule or replace it (ADR 0070).
 */

function page(db: DB, slug: string): Promise<CollectionPageContent> {
  return loadCollectionPage(db, slug, { pageSize: 100 });
}

async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db.selectFrom("collection_products").selectAll().orderBy("collection_id").orderBy("product_id").execute(),
  };
}

describe.each(testDialects)("adding products to a rule-listed collection on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  /** The sample catalog, and one sauna that is not a barrel, with a one-row CSV putting it in barrel-saunas. */
  async function setUp() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    const barrels = (await page(test.db, "barrel-saunas")).saunas;
    const cube = (await page(test.db, "modern-outdoor-saunas")).saunas.find((sauna) => !barrels.some((b) => b.slug === sauna.slug))!;
    const csv = `name,brand,slug,collection_ids\n${cube.name},${cube.brand},${cube.slug},[barrel-saunas]\n`;
    return { db: test.db, barrels, cube, csv };
  }

  it("the preview says loudly that barrel-saunas would show 1 instead of its rule's saunas", async () => {
    const { db, barrels, cube, csv } = await setUp();
    const preview = await previewProductCsv(db, csv);
    if (!preview.ok) throw new Error(preview.toast.description);
    expect(preview.preview.ruleLists).toEqual([
      { slug: "barrel-saunas", title: expect.any(String), ruleCount: barrels.length, listedCount: 1, listed: [cube.slug] },
    ]);
    expect(ruleListWarning(preview.preview.ruleLists![0]!)).toBe(
      `barrel-saunas will show only the products you list: 1 instead of ${barrels.length}.`,
    );
  });

  it("saves nothing without the owner's choice, and sends the plan back with the question", async () => {
    const { db, csv } = await setUp();
    const before = await snapshot(db);
    const result = await importProductCsv(db, csv);
    expect(result).toMatchObject({ ok: false, status: 409, toast: { title: "Choose what the collections show" } });
    expect(result.ok ? null : result.preview?.ruleLists?.map((change) => change.slug)).toEqual(["barrel-saunas"]);
    expect(result.ok ? null : result.preview?.collectionChoice).toBeNull();
    expect(await snapshot(db)).toEqual(before);
  });

  it("'add' keeps the rule and adds the product: the page lists its barrels and the cube, best rated first", async () => {
    const { db, barrels, cube, csv } = await setUp();
    const preview = await previewProductCsv(db, csv);
    if (!preview.ok) throw new Error(preview.toast.description);
    const result = await importProductCsv(db, csv, { collectionChoice: "add", expectedFingerprint: preview.preview.fingerprint });
    expect(result).toMatchObject({ ok: true, saved: 1, preview: { collectionChoice: "add" } });

    const after = await page(db, "barrel-saunas");
    expect(after.source).toBe("rule");
    expect(after.saunas.map((sauna) => sauna.slug).sort()).toEqual([...barrels.map((b) => b.slug), cube.slug].sort());
    const ratings = after.saunas.map((sauna) => sauna.rating ?? -1);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const stored = await db.selectFrom("collections").select("keeps_rule").where("slug", "=", "barrel-saunas").executeTakeFirstOrThrow();
    expect(Boolean(stored.keeps_rule)).toBe(true);

    // The collection now keeps its rule: a later file adding another sauna asks nothing.
    const another = (await page(db, "infrared-saunas")).saunas.find((sauna) => !after.saunas.some((s) => s.slug === sauna.slug))!;
    const next = await importProductCsv(
      db,
      `name,brand,slug,collection_ids\n${another.name},${another.brand},${another.slug},[barrel-saunas]\n`,
    );
    expect(next).toMatchObject({ ok: true, saved: 1 });
    expect((await page(db, "barrel-saunas")).pagination.totalItems).toBe(barrels.length + 2);
    // And a new barrel still joins by the rule.
    await importProductCsv(db, "name,brand,slug,category_id\nNew Barrel,North,new-barrel,barrel\n");
    expect((await page(db, "barrel-saunas")).saunas.map((sauna) => sauna.slug)).toContain("new-barrel");
  });

  it("'replace' makes the page the hand-picked list the owner asked for", async () => {
    const { db, cube, csv } = await setUp();
    const result = await importProductCsv(db, csv, { collectionChoice: "replace" });
    expect(result).toMatchObject({ ok: true, preview: { collectionChoice: "replace" } });
    const after = await page(db, "barrel-saunas");
    expect(after.source).toBe("membership");
    expect(after.saunas.map((sauna) => sauna.slug)).toEqual([cube.slug]);
  });

  it("is all or nothing: a row that fails leaves the rule, the list and every product as they were", async () => {
    const { db, cube } = await setUp();
    const before = await snapshot(db);
    const parsed = parseProductCsv(
      `name,brand,slug,collection_ids\n${cube.name},${cube.brand},${cube.slug},[barrel-saunas]\nBroken,North,broken-one,[barrel-saunas]\n`,
    );
    if (!parsed.ok) throw new Error(parsed.error);
    // A value the parser never produces, so the database's own check fails on the last row.
    const products = parsed.products.map((product) => (product.slug === "broken-one" ? { ...product, reviewsNumber: -1 } : product));
    await expect(saveProducts(db, products, parsed.columns, { collectionChoice: "add" })).rejects.toBeInstanceOf(ImportRowError);
    expect(await snapshot(db)).toEqual(before);
  });

  it("re-checks the plan: when the rule's count moves after the preview, nothing is saved", async () => {
    const { db, csv } = await setUp();
    const preview = await previewProductCsv(db, csv);
    if (!preview.ok) throw new Error(preview.toast.description);
    await importProductCsv(db, "name,brand,slug,category_id\nLate Barrel,North,late-barrel,barrel\n");
    const result = await importProductCsv(db, csv, { collectionChoice: "add", expectedFingerprint: preview.preview.fingerprint });
    expect(result).toMatchObject({ ok: false, status: 409, toast: { title: "The catalog changed since the preview" } });
    expect(result.ok ? null : result.preview?.ruleLists?.[0]?.ruleCount).toBe(preview.preview.ruleLists![0]!.ruleCount + 1);
  });

  it("as a run of the worker: a save without the choice is refused with the question; Save from that run with the answer goes through", async () => {
    const { db, barrels, csv } = await setUp();
    const runner = startImportRunner(test);
    try {
      const refused = await runner.run("products", "save", csv);
      expect(refused.outcome).toMatchObject({ ok: false, status: 409, toast: { title: "Choose what the collections show" } });
      expect(refused.outcome!.preview?.ruleLists?.map((change) => change.slug)).toEqual(["barrel-saunas"]);
      const saved = await runner.saveFrom("products", refused.job.id, "add");
      expect(saved.outcome).toMatchObject({ ok: true, status: 200 });
      expect(saved.outcome!.preview?.collectionChoice).toBe("add");
      invalidateCatalog(db);
      expect((await page(db, "barrel-saunas")).pagination.totalItems).toBe(barrels.length + 1);
    } finally {
      await runner.stop();
    }
  });

  it("the product form never replaces a rule: the product joins the rule's saunas", async () => {
    const { db, barrels, cube } = await setUp();
    const editing = (await findProductForEdit(db, cube.id))!;
    const outcome = readProductForm({ ...productFormValues(editing.product, editing.collectionSlugs), collection_ids: "barrel-saunas" });
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.errors));
    await saveOneProduct(db, outcome.product, cube.id);
    // As the products page does after a save.
    invalidateCatalog(db);
    const after = await page(db, "barrel-saunas");
    expect(after.source).toBe("rule");
    expect(after.pagination.totalItems).toBe(barrels.length + 1);
  });
});
