import { sql, type RawBuilder } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { FIXED_COLLECTION_SLUGS } from "~/lib/collection/collection-rules";
import { TRADITIONAL_PICK_TAG, type ListTag } from "~/lib/catalog/product-list-keys";
import { EVERY_PRODUCT_LIST } from "~/lib/catalog/product-selection";
import { parseProductCsv } from "~/lib/csv/product-csv";
import { toIsoString } from "../db/timestamps";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { planRemoval, removeFromCatalog } from "../admin/catalog-removal.server";
import { importProductCsv } from "../admin/csv-import.server";
import { saveOneProduct } from "../admin/product-save.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { LocalDiskStorage } from "../storage/storage.server";
import { countProducts, listProductPage, summariseProducts } from "./product-lists.server";

/**
 * product_list_tags (migration 2026_11_28_0700_product_list_tags) is derived from products by
 * triggers: whatever writes products, its rows must be exactly list_tags split into tags, with
 * the product's updated_at, and a tag's lists must be what LIKE '%|tag|%' on list_tags selected.
 */

const TAGS: readonly ListTag[] = [...FIXED_COLLECTION_SLUGS.filter((slug) => slug !== EVERY_PRODUCT_LIST), TRADITIONAL_PICK_TAG];

type Db = TestDatabase["db"];

/** Every (tag, product, updated_at) the products' own columns say, and every one stored. */
async function expectInStep(db: Db) {
  const products = await db.selectFrom("products").select(["id", "list_tags", "updated_at"]).execute();
  const expected = products
    .flatMap((row) =>
      row.list_tags
        .split("|")
        .filter((tag) => tag !== "")
        .map((tag) => `${tag} ${Number(row.id)} ${toIsoString(row.updated_at)}`),
    )
    .sort();
  const stored = (await db.selectFrom("product_list_tags").selectAll().execute())
    .map((row) => `${row.tag} ${Number(row.product_id)} ${toIsoString(row.updated_at)}`)
    .sort();
  expect(stored).toEqual(expected);
}

const slugsOf = (products: readonly { slug: string }[]) => products.map((product) => product.slug);

const storage = new LocalDiskStorage("/nonexistent-list-tags-removal");

/**
 * `count` huts, ties in rating and name across the page marks, dates spread over `count`
 * minutes; `category` and `twoPerson` pick each one's category and capacity. Their list keys are
 * computed, so their tag rows exist.
 */
async function insertHuts(db: Db, count: number, category: (i: number) => string, twoPerson: (i: number) => boolean): Promise<void> {
  const huts = Array.from({ length: count }, (_, i) => ({
    slug: `p-${i}`,
    name: `Hut ${i % 7}`,
    brand: "Brand",
    category_id: category(i),
    capacity: twoPerson(i) ? 2 : 4,
    rating: i % 11 === 0 ? null : (i % 5) + 1,
    updated_at: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % count) * 60_000).toISOString(),
  }));
  for (let start = 0; start < huts.length; start += 500) {
    await db
      .insertInto("products")
      .values(huts.slice(start, start + 500))
      .execute();
  }
  await refreshProductListKeys(db);
}

describe.each(testDialects)("product_list_tags on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("stays in step with the import, the form, key refreshes, plain writes and removal", async () => {
    test = await createTestDatabase(dialect);
    const db = test.db;
    const csv = [
      "name,brand,slug,category_id,heater_type,capacity,key_features,price,rating",
      'Cedar Barrel,Birchline,cedar-barrel,barrel,Electric,4,"[Cedar staves]",9000,4.5',
      'Pod,Emberfold,pod,infrared,Infrared,2,"[Recover faster]",3000,4',
      'Lodge,Kota,lodge,traditional,Wood-burning,6,"[Eco-friendly finish]",16000,3.5',
    ].join("\n");
    expect(await importProductCsv(db, csv)).toMatchObject({ ok: true });
    await expectInStep(db);
    expect(await db.selectFrom("product_list_tags").select("tag").where("tag", "=", "barrel-saunas").execute()).toHaveLength(1);

    // An import that updates some rows in part and adds one: the barrel is one no more.
    expect(
      await importProductCsv(
        db,
        "name,brand,slug,category_id,price\nCedar Cube,Birchline,cedar-barrel,cube,20000\nTub,Acme,tub,barrel,5000",
      ),
    ).toMatchObject({ ok: true });
    await expectInStep(db);

    // The admin form, new and edited.
    const parsed = parseProductCsv("name,brand,slug,category_id,capacity\nForm Sauna,B,form-sauna,barrel,2\n");
    if (!parsed.ok) throw new Error(parsed.error);
    const { id } = await saveOneProduct(db, parsed.products[0]!, null);
    await expectInStep(db);
    await saveOneProduct(db, { ...parsed.products[0]!, categoryId: "infrared", capacity: 6 }, id);
    await expectInStep(db);

    // Writes that bypass the app: a plain update and its key refresh, a date alone, a delete.
    await db.updateTable("products").set({ category_id: "barrel" }).where("slug", "=", "pod").execute();
    await refreshProductListKeys(db);
    await expectInStep(db);
    await db.updateTable("products").set({ updated_at: "2030-01-01T00:00:00.000Z" }).where("slug", "=", "lodge").execute();
    await expectInStep(db);
    await db.updateTable("products").set({ list_tags: "" }).where("slug", "=", "tub").execute();
    await expectInStep(db);
    await db.deleteFrom("products").where("slug", "=", "lodge").execute();
    await expectInStep(db);

    const plan = await planRemoval(db, {
      productIds: [Number((await db.selectFrom("products").select("id").where("slug", "=", "pod").executeTakeFirstOrThrow()).id)],
      collectionIds: [],
      samples: false,
    });
    await removeFromCatalog(db, plan, { deleteImages: false, storage });
    await expectInStep(db);
    expect(await db.selectFrom("product_list_tags").select("product_id").where("product_id", "=", plan.products[0]!.id).execute()).toEqual(
      [],
    );
  });

  it("selects, counts, dates and pages each tag exactly as LIKE on list_tags did, long tags and short", async () => {
    test = await createTestDatabase(dialect);
    const db = test.db;
    // 2,400 barrels (a long tag, which SQLite reads by walking the order index), a few dozen
    // two-person saunas (a short one), ties in rating and name across the page marks.
    await insertHuts(
      db,
      2600,
      (i) => (i % 13 === 0 ? "cabin" : "barrel"),
      (i) => i % 50 === 0,
    );
    await expectInStep(db);

    const desc = dialect === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
    const like = (tag: ListTag): RawBuilder<unknown> => sql`list_tags like ${`%|${tag}|%`}`;
    for (const tag of TAGS) {
      const { rows } = await sql<{ n: number | string; newest: Date | string | null }>`
        select count(*) as n, max(updated_at) as newest from products where ${like(tag)}
      `.execute(db);
      const summary = await summariseProducts(db, { kind: "tag", tag });
      expect(summary, tag).toEqual({
        count: Number(rows[0]!.n),
        newestChange: rows[0]!.newest === null ? null : toIsoString(rows[0]!.newest),
      });
      expect(await countProducts(db, { kind: "tag", tag }), tag).toBe(Number(rows[0]!.n));
    }
    expect((await summariseProducts(db, { kind: "tag", tag: "barrel-saunas" })).count).toBe(2400);
    expect((await summariseProducts(db, { kind: "tag", tag: "two-person-saunas" })).count).toBe(52);

    for (const tag of ["barrel-saunas", "two-person-saunas", "clt-saunas"] as const) {
      for (const offset of [0, 24, 240, 250, 499, 1000, 2376, 2390]) {
        const { rows } = await sql<{ slug: string }>`
          select slug from products where ${like(tag)} order by rating ${desc}, name, id limit 24 offset ${offset}
        `.execute(db);
        const page = await listProductPage(db, { kind: "tag", tag }, "rating", { limit: 24, offset });
        expect(slugsOf(page), `${tag} at ${offset}`).toEqual(rows.map((row) => row.slug));
      }
    }
  });

  it("a tag with stored members beside it selects, counts, dates and pages what 'the tag or a member' does", async () => {
    test = await createTestDatabase(dialect);
    const db = test.db;
    // 1,500 barrels and 1,500 cabins, every third cabin a stored member of a barrel page: 2,000
    // together (the long path on SQLite); a two-person page with the same members (the short one).
    await insertHuts(
      db,
      3000,
      (i) => (i % 2 === 0 ? "barrel" : "cabin"),
      (i) => i % 40 === 0,
    );
    const { id: collectionId } = await db
      .insertInto("collections")
      .values({ slug: "picked", title: "Picked" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const cabins = await db.selectFrom("products").select("id").where("category_id", "=", "cabin").orderBy("id").execute();
    const members = cabins.filter((_, i) => i % 3 === 0);
    await db
      .insertInto("collection_products")
      .values(members.map(({ id }, position) => ({ collection_id: collectionId, product_id: id, position })))
      .execute();

    const desc = dialect === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
    const tagOrMember = (tag: ListTag): RawBuilder<unknown> =>
      sql`(list_tags like ${`%|${tag}|%`} or id in (select product_id from collection_products where collection_id = ${collectionId}))`;
    for (const tag of ["barrel-saunas", "two-person-saunas"] as const) {
      const selection = { kind: "rule-and-members", rule: { kind: "tag", tag }, collectionId } as const;
      const { rows } = await sql<{ n: number | string; newest: Date | string | null }>`
        select count(*) as n, max(updated_at) as newest from products where ${tagOrMember(tag)}
      `.execute(db);
      expect(await summariseProducts(db, selection), tag).toEqual({
        count: Number(rows[0]!.n),
        newestChange: rows[0]!.newest === null ? null : toIsoString(rows[0]!.newest),
      });
      expect(await countProducts(db, selection), tag).toBe(Number(rows[0]!.n));
      for (const offset of [0, 24, 250, 500, 1000, 1990]) {
        const { rows: expected } = await sql<{ slug: string }>`
          select slug from products where ${tagOrMember(tag)} order by rating ${desc}, name, id limit 24 offset ${offset}
        `.execute(db);
        const page = await listProductPage(db, selection, "rating", { limit: 24, offset });
        expect(slugsOf(page), `${tag} at ${offset}`).toEqual(expected.map((row) => row.slug));
      }
    }
    expect(await countProducts(db, { kind: "rule-and-members", rule: { kind: "tag", tag: "barrel-saunas" }, collectionId })).toBe(2000);
  });
});
