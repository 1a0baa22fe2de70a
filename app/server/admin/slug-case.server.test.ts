import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { findCollectionBySlug } from "../catalog/queries.server";
import { createMigrator, migrateToLatest } from "../db/migrate.server";
import type { DB } from "../db/connection.server";
import { collectionPage } from "../pages/collection.server";
import { findProductBySlug } from "../products/products.server";
import { importCollectionCsv, importProductCsv, previewCollectionCsv, previewProductCsv } from "./csv-import.server";
import { saveOneProduct } from "./product-save.server";
import { parseProductCsv } from "~/lib/csv/product-csv";

/** Every catalog row: "nothing saved" is this, unchanged. */
async function snapshot(db: DB) {
  return {
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("id").execute(),
    memberships: await db.selectFrom("collection_products").selectAll().orderBy("collection_id").orderBy("position").execute(),
  };
}

const REPEATED = /^Rows 1 and 3 both use the slug dup-1\. /;

describe.each(testDialects)("slugs compare case-insensitively on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await test?.drop();
  });
  beforeEach(async () => {
    await test.db.deleteFrom("collection_products").execute();
    await test.db.deleteFrom("collections").execute();
    await test.db.deleteFrom("products").execute();
  });

  it("a product CSV with dup-1 and DUP-1 is refused in the preview and on save, naming both rows; nothing is saved", async () => {
    await importProductCsv(test.db, "name,brand,slug\nKept,B,kept\n");
    const before = await snapshot(test.db);
    const csv = "name,brand,slug\nFirst,B,dup-1\nOther,B,other\nSecond,B,DUP-1\n";
    const preview = await previewProductCsv(test.db, csv);
    expect(preview).toMatchObject({ ok: false, status: 422, toast: { description: expect.stringMatching(REPEATED) } });
    const saved = await importProductCsv(test.db, csv);
    expect(saved).toMatchObject({ ok: false, status: 422, toast: { description: expect.stringMatching(REPEATED) } });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("a collection CSV with dup-1 and DUP-1 is refused in the preview and on save, naming both rows; nothing is saved", async () => {
    await importCollectionCsv(test.db, "slug,title\nkept,Kept\n");
    const before = await snapshot(test.db);
    const csv = "slug,title\ndup-1,First\nother,Other\nDUP-1,Second\n";
    expect(await previewCollectionCsv(test.db, csv)).toMatchObject({
      ok: false,
      status: 422,
      toast: { description: expect.stringMatching(REPEATED) },
    });
    expect(await importCollectionCsv(test.db, csv)).toMatchObject({
      ok: false,
      status: 422,
      toast: { description: expect.stringMatching(REPEATED) },
    });
    expect(await snapshot(test.db)).toEqual(before);
  });

  it("a slug in capitals updates the product of that slug in lower case, and the collection lists it", async () => {
    await importProductCsv(test.db, "name,brand,slug\nTyyni Four,B,tyyni-4\n");
    const updated = await importProductCsv(test.db, "name,brand,slug\nTyyni Four Mk2,B,Tyyni-4\n");
    expect(updated).toMatchObject({ ok: true, saved: 1 });
    const products = await test.db.selectFrom("products").select(["slug", "name"]).execute();
    expect(products).toEqual([{ slug: "tyyni-4", name: "Tyyni Four Mk2" }]);

    expect(await importCollectionCsv(test.db, "slug,title,product_ids\nBest-Cedar,Best Cedar,TYYNI-4\n")).toMatchObject({
      ok: true,
      notes: [],
    });
    expect((await test.db.selectFrom("collections").select("slug").execute()).map((row) => row.slug)).toEqual(["best-cedar"]);
    expect(await test.db.selectFrom("collection_products").select("product_id").execute()).toHaveLength(1);
  });

  it("the product form saves its slug in lower case, and every lookup finds it in any case", async () => {
    const parsed = parseProductCsv("name,brand,slug\nForm Sauna,B,Form-Sauna\n");
    if (!parsed.ok) throw new Error(parsed.error);
    await saveOneProduct(test.db, parsed.products[0]!, null);
    expect((await findProductBySlug(test.db, "FORM-SAUNA"))?.slug).toBe("form-sauna");
    await importCollectionCsv(test.db, "slug,title\nbest-cedar,Best Cedar\n");
    const thrown = await collectionPage(test.db, {
      listId: "Best-Cedar",
      url: new URL("http://x/reviews/Best-Cedar"),
      baseUrl: "http://x",
    }).then(
      () => null,
      (answer: Response) => answer,
    );
    expect([thrown?.status, thrown?.headers.get("location")]).toEqual([301, "/reviews/best-cedar"]);
    expect((await findCollectionBySlug(test.db, "best-cedar"))?.slug).toBe("best-cedar");
  });
});

describe.each(testDialects)("the migration to lower-case slugs on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect, { migrate: false });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it("lowers slugs whose lower case is free, and leaves the ones that would collide", async () => {
    const { error } = await createMigrator(test.db).migrateTo("2026_11_25_2320_click_readers");
    expect(error).toBeUndefined();
    await test.db
      .insertInto("products")
      .values(["Upper-Case", "taken", "TAKEN", "plain"].map((slug) => ({ slug, name: slug, brand: "B" })))
      .execute();
    await test.db.insertInto("collections").values({ slug: "My-List", title: "My List" }).execute();
    await migrateToLatest(test.db);
    expect((await test.db.selectFrom("products").select("slug").orderBy("id").execute()).map((row) => row.slug)).toEqual([
      "upper-case",
      "taken",
      "TAKEN",
      "plain",
    ]);
    expect((await test.db.selectFrom("collections").select("slug").execute()).map((row) => row.slug)).toEqual(["my-list"]);
    // The one left in capitals is still reachable at its own spelling.
    expect((await findProductBySlug(test.db, "TAKEN"))?.name).toBe("TAKEN");
    expect((await findProductBySlug(test.db, "Taken"))?.name).toBe("taken");
  });
});
