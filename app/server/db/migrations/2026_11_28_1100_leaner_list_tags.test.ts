import { afterEach, describe, expect, it } from "vitest";
import { importProductCsv } from "../../admin/csv-import.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import type { DB } from "../connection.server";
import { createMigrator } from "../migrate.server";

/**
 * The list every product is on keeps no tag rows, and a product's rows are found by its tags: an
 * update and a delete must still leave exactly the rows list_tags names, and the way down must
 * give back the tag on every product.
 */

const CSV = [
  "name,brand,slug,category_id,price,capacity,affiliate_link",
  "Alpha Barrel,Maker,alpha-barrel,barrel,1000,2,https://shop.example/alpha",
  "Beta Barrel,Maker,beta-barrel,barrel,20000,6,https://shop.example/beta",
  "Gamma Cube,Maker,gamma-cube,cube,3000,4,https://shop.example/gamma",
].join("\n");

/** Every (tag, slug) stored, and every one the products' list_tags name. */
async function tagRows(db: DB) {
  const stored = await db
    .selectFrom("product_list_tags")
    .innerJoin("products", "products.id", "product_list_tags.product_id")
    .select(["product_list_tags.tag", "products.slug"])
    .execute();
  const products = await db.selectFrom("products").select(["slug", "list_tags"]).execute();
  const named = products.flatMap((row) => row.list_tags.split("|").flatMap((tag) => (tag === "" ? [] : [`${tag} ${row.slug}`])));
  return { stored: stored.map((row) => `${row.tag} ${row.slug}`).sort(), named: named.sort() };
}

describe.each(testDialects)("leaner list tags on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(async () => test?.drop());

  it("stores no row for the list every product is on, and keeps the rows in step through an update and a delete", async () => {
    test = await createTestDatabase(dialect);
    expect(await importProductCsv(test.db, CSV)).toMatchObject({ ok: true, saved: 3 });
    const before = await tagRows(test.db);
    expect(before.stored).toEqual(before.named);
    expect(before.stored.some((row) => row.startsWith("outdoor-saunas "))).toBe(false);
    expect(before.stored).toContain("barrel-saunas alpha-barrel");

    // A barrel becomes a cube: its barrel row goes, found by the tag its old list named.
    await test.db.updateTable("products").set({ list_tags: "|modern-outdoor-saunas|" }).where("slug", "=", "alpha-barrel").execute();
    await test.db.deleteFrom("products").where("slug", "=", "gamma-cube").execute();
    const after = await tagRows(test.db);
    expect(after.stored).toEqual(after.named);
    expect(after.stored).toContain("modern-outdoor-saunas alpha-barrel");
    expect(after.stored.some((row) => row.endsWith(" gamma-cube"))).toBe(false);
  });

  it("goes down to a tag on every product, and up again to none", async () => {
    test = await createTestDatabase(dialect);
    expect(await importProductCsv(test.db, CSV)).toMatchObject({ ok: true, saved: 3 });
    const migrator = createMigrator(test.db);
    expect((await migrator.migrateTo("2026_11_28_1000_search_name_index")).error).toBeUndefined();
    const down = await tagRows(test.db);
    expect(down.stored).toEqual(down.named);
    expect(down.stored.filter((row) => row.startsWith("outdoor-saunas "))).toHaveLength(3);
    const lists = await test.db.selectFrom("products").select("list_tags").execute();
    expect(lists.every((row) => row.list_tags.startsWith("|outdoor-saunas|"))).toBe(true);
    // The old update trigger deletes by product: a change after the way down stays in step too.
    await test.db.updateTable("products").set({ list_tags: "|outdoor-saunas|" }).where("slug", "=", "beta-barrel").execute();
    const changed = await tagRows(test.db);
    expect(changed.stored).toEqual(changed.named);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const up = await tagRows(test.db);
    expect(up.stored).toEqual(up.named);
    expect(up.stored.some((row) => row.startsWith("outdoor-saunas "))).toBe(false);
  });
});
