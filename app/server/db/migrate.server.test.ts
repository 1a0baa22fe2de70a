import { Migrator, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { toProduct } from "../products/product-row-mapping";
import { migrateDownAll, migrateToLatest, migrationsFrom } from "./migrate.server";

const ourTables = [
  "products",
  "collections",
  "collection_products",
  "site_state",
  "user",
  "session",
  "account",
  "verification",
  "auth_attempt",
  "subscribers",
  "removed_products",
  "clicks",
  "click_days",
  "click_product_days",
  "click_source_days",
  "merchants",
  "offers",
];

async function tableNames(test: TestDatabase): Promise<string[]> {
  const tables = await test.db.introspection.getTables();
  return tables
    .map((table) => table.name)
    .filter((name) => ourTables.includes(name))
    .sort();
}

describe("the migrations folder", () => {
  const step = { up: async () => {}, down: async () => {} };

  it("runs every file by its time, whatever order the folder lists them in", () => {
    const names = Object.keys(
      migrationsFrom({
        "./migrations/2026_11_24_0400_scale_out.ts": step,
        "./migrations/2026_11_24_0100_clicks.ts": step,
        "./migrations/2026_11_22_0300_catalog.ts": step,
      }),
    );
    expect(names).toEqual(["2026_11_22_0300_catalog", "2026_11_24_0100_clicks", "2026_11_24_0400_scale_out"]);
  });

  it.each([
    ["without a time", "./migrations/add_reviews.ts"],
    ["with a time that cannot be", "./migrations/2026_13_01_0100_reviews.ts"],
    ["with an hour past 23", "./migrations/2026_11_28_2460_reviews.ts"],
    ["in capitals", "./migrations/2026_11_28_0100_Reviews.ts"],
    ["with a dash", "./migrations/2026-11-28_0100_reviews.ts"],
  ])("refuses a file named %s, by its name", (_, file) => {
    expect(() => migrationsFrom({ [file]: step })).toThrow(`Migration ${file} is misnamed`);
  });

  it("refuses a file without both up and down", () => {
    expect(() => migrationsFrom({ "./migrations/2026_11_28_0100_reviews.ts": { up: step.up } })).toThrow("must export both up and down");
  });
});

describe.each(testDialects)("migrations on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("creates every table, and down removes them all again", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const names = await migrateToLatest(test.db);
    expect(names.slice(0, 2)).toEqual(["2026_11_22_0300_catalog", "2026_11_22_0310_auth"]);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(
      expect.arrayContaining([
        "2026_11_22_2330_product_list_keys",
        "2026_11_22_2340_auth_attempts",
        "2026_11_22_2350_subscribers",
        "2026_11_22_2355_removed_products",
        "2026_11_24_0100_clicks",
        "2026_11_24_0200_link_checks",
      ]),
    );
    expect(await tableNames(test)).toEqual([...ourTables].sort());
    expect(await migrateToLatest(test.db)).toEqual([]);

    expect(await migrateDownAll(test.db)).toEqual([...names].reverse());
    expect(await tableNames(test)).toEqual([]);
    expect(await migrateToLatest(test.db)).toEqual(names);
  });

  it("refuses, by name, a file dated before a migration this database already ran", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const ran: string[] = [];
    const step = (name: string) => ({ up: async () => void ran.push(name), down: async () => {} });
    const migrator = (files: string[]) =>
      new Migrator({
        db: test.db,
        provider: {
          getMigrations: async () => migrationsFrom(Object.fromEntries(files.map((file) => [`./migrations/${file}.ts`, step(file)]))),
        },
      });
    await migrator(["2026_11_28_0100_first", "2026_11_28_0300_third"]).migrateToLatest();
    const late = await migrator(["2026_11_28_0100_first", "2026_11_28_0200_late", "2026_11_28_0300_third"]).migrateToLatest();
    expect(String(late.error)).toMatch(/2026_11_28_0200_late|2026_11_28_0300_third/);
    expect(ran).toEqual(["2026_11_28_0100_first", "2026_11_28_0300_third"]);
  });

  it("stores the largest allowed price in cents and reads every column back the same on both dialects", async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values({
        slug: "big",
        name: "Big Sauna",
        brand: "Acme",
        price_cents: 9_999_999_999, // $99,999,999.99: beyond a 32-bit integer
        weight_lbs: 9_999_999.99,
        rating: 4.7,
        images: JSON.stringify(["/a.webp", "/b.webp"]),
        key_features: JSON.stringify(["Cedar", "Glass door"]),
        is_sample: true,
        sale_ends_at: "2027-01-31",
      })
      .execute();
    const row = await test.db.selectFrom("products").selectAll().executeTakeFirstOrThrow();
    const product = toProduct(row);
    expect(product).toMatchObject({
      priceCents: 9_999_999_999,
      weightLbs: 9_999_999.99,
      rating: 4.7,
      images: ["/a.webp", "/b.webp"],
      keyFeatures: ["Cedar", "Glass door"],
      isSample: true,
      saleEndsAt: "2027-01-31",
    });
    expect(typeof product.priceCents).toBe("number");
    expect(product.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  });

  it("refuses a rating outside 0 to 5 and a duplicate slug", async () => {
    test = await createTestDatabase(dialect);
    const product = { slug: "a", name: "A", brand: "B" };
    await expect(
      test.db
        .insertInto("products")
        .values({ ...product, rating: 5.1 })
        .execute(),
    ).rejects.toThrow();
    await test.db.insertInto("products").values(product).execute();
    await expect(test.db.insertInto("products").values(product).execute()).rejects.toThrow();
  });

  it("removes a product's memberships with the product (foreign keys are on)", async () => {
    test = await createTestDatabase(dialect);
    const { id: productId } = await test.db
      .insertInto("products")
      .values({ slug: "p", name: "P", brand: "B" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { id: collectionId } = await test.db
      .insertInto("collections")
      .values({ slug: "c", title: "C" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await test.db.insertInto("collection_products").values({ collection_id: collectionId, product_id: productId, position: 1 }).execute();
    await test.db.deleteFrom("products").where("id", "=", productId).execute();
    const left = await sql<{ n: number | string }>`select count(*) as n from collection_products`.execute(test.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
