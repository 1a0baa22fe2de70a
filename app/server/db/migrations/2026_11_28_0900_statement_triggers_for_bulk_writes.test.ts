import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { importProductCsv } from "../../admin/csv-import.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../../tests/support/test-databases";
import type { DB } from "../connection.server";
import { createMigrator } from "../migrate.server";

/**
 * The triggers that write per statement must leave exactly what the row triggers and the foreign
 * key left: one first price-history row per new offer, and no list-tag row of a deleted product.
 */

const CSV = [
  "name,brand,slug,category,price,affiliate_link",
  "Alpha Barrel,Maker,alpha-barrel,barrel,1000,https://shop.example/alpha",
  "Beta Barrel,Maker,beta-barrel,barrel,2000,https://shop.example/beta",
  "Gamma Cube,Maker,gamma-cube,outdoor,3000,https://shop.example/gamma",
].join("\n");

async function ids(db: DB): Promise<Map<string, number>> {
  const rows = await db.selectFrom("products").select(["id", "slug"]).execute();
  return new Map(rows.map((row) => [row.slug, Number(row.id)]));
}

async function tagOwners(db: DB): Promise<number[]> {
  const rows = await db.selectFrom("product_list_tags").select("product_id").distinct().orderBy("product_id").execute();
  return rows.map((row) => Number(row.product_id));
}

describe.each(testDialects)("statement triggers for bulk writes on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(async () => test?.drop());

  async function importedSite() {
    test = await createTestDatabase(dialect);
    expect(await importProductCsv(test.db, CSV)).toMatchObject({ ok: true, saved: 3 });
    return ids(test.db);
  }

  it("writes one first price-history row for each offer of a many-row insert", async () => {
    const bySlug = await importedSite();
    const history = await test.db.selectFrom("offer_price_history").select(["product_id", "price_minor"]).orderBy("product_id").execute();
    expect(history.map((row) => [Number(row.product_id), Number(row.price_minor)])).toEqual([
      [bySlug.get("alpha-barrel"), 100_000],
      [bySlug.get("beta-barrel"), 200_000],
      [bySlug.get("gamma-cube"), 300_000],
    ]);
  });

  it("removes the list-tag rows of the products one DELETE removes, and only theirs", async () => {
    const bySlug = await importedSite();
    const owners = await tagOwners(test.db);
    expect(owners).toEqual([...bySlug.values()].sort((a, b) => a - b));
    await test.db.deleteFrom("products").where("slug", "in", ["alpha-barrel", "gamma-cube"]).execute();
    expect(await tagOwners(test.db)).toEqual([bySlug.get("beta-barrel")]);
  });

  it.runIf(dialect === "postgres")("down gives the tag rows their foreign key back, and up takes it away again", async () => {
    await importedSite();
    const keys = async () => {
      const { rows } = await sql<{ name: string }>`
        select conname as name from pg_constraint where conrelid = 'product_list_tags'::regclass and contype = 'f'
      `.execute(test.db);
      return rows.map((row) => row.name);
    };
    expect(await keys()).toEqual([]);
    const migrator = createMigrator(test.db);
    // Down to the migration before this one, whatever came after it.
    expect((await migrator.migrateTo("2026_11_28_0800_admin_product_order")).error).toBeUndefined();
    expect(await keys()).toEqual(["product_list_tags_product_id_fkey"]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await keys()).toEqual([]);
  });
});
