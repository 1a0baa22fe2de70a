import { sql, type RawBuilder } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CriteriaType, Product } from "~/lib/catalog/catalog";
import { productMatches, searchPhrase, searchRank, searchWords } from "~/lib/reviews/catalog-search";
import { FIXED_COLLECTION_SLUGS, matchesFixedCollection } from "~/lib/collection/collection-rules";
import { criteriaPredicate, criteriaSelection } from "~/lib/collection/criteria-query";
import { compareByTopRating } from "~/lib/home/home-page";
import { pageCount, pageOffset } from "~/lib/catalog/pagination";
import type { ProductOrder, ProductSelection } from "~/lib/catalog/product-selection";
import { fixedListSelection } from "~/lib/catalog/product-selection";
import { reviewsIndexRequest } from "~/lib/reviews/reviews-index";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { importProductCsv } from "../admin/csv-import.server";
import { createMigrator, migrateToLatest } from "../db/migrate.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import {
  countMembers,
  countProducts,
  listCollectionIdsOfProduct,
  listCollectionIdsWithMembers,
  listMemberPage,
  listProductPage,
  listProductPageAndCount,
} from "./product-lists.server";
import { listProducts } from "../products/products.server";

/**
 * The database's half of every public list: each selection must pick exactly the products the
 * rule in code picks, on SQLite and on PostgreSQL, and pages must tile the list in order.
 * The products below are chosen to sit on the rules' edges (word starts, whole words, tier
 * bounds, LIKE's own wildcards, case, missing values).
 */

const features = (...list: string[]) => JSON.stringify(list);

const rows = [
  {
    slug: "cedar-barrel",
    name: "Cedar Barrel 4",
    brand: "Birchline",
    category_id: "barrel",
    heater_type: "Electric",
    key_features: features("Cedar staves", "Glass door"),
    capacity: 4,
    price_cents: 899_900,
    rating: 4.6,
    reviews_number: 40,
  },
  {
    slug: "barrel-two",
    name: "Barrel Two",
    brand: "birchline ",
    category_id: "Barrel",
    heater_type: "Wood-burning",
    key_features: features("Eco-friendly finish"),
    capacity: 2,
    price_cents: 999_900,
    rating: 4.6,
    reviews_number: 90,
  },
  {
    slug: "infra-pod",
    name: "Infra Pod",
    brand: "Emberfold",
    category_id: "infrared",
    heater_type: "Far Infrared",
    key_features: features("Recover faster", "Low EMF"),
    capacity: 2,
    price_cents: 1_000_000,
    rating: 4.1,
    reviews_number: null,
    review_count: "1,200+ reviews",
  },
  {
    slug: "clt-cube",
    name: "CLT Cube 4",
    brand: "Nordhaus",
    category_id: "cube",
    heater_type: "Electric heater",
    key_features: features("green roof", "100% spruce"),
    capacity: 4,
    price_cents: 1_499_999,
    rating: 4.9,
    reviews_number: 5,
  },
  {
    slug: "aclt",
    name: "ACLTX Cabin",
    brand: "Nordhaus",
    category_id: "cabin",
    heater_type: null,
    key_features: features("evergreen trim", "greenhouse window", "economy heater"),
    capacity: 6,
    price_cents: 1_500_000,
    rating: null,
    reviews_number: null,
  },
  {
    slug: "finnish-lodge",
    name: "Finnish Lodge",
    brand: "Lakeside",
    category_id: "traditional",
    heater_type: "Wood",
    key_features: features("Sustainably harvested", "ecological oil"),
    capacity: 8,
    price_cents: 2_400_000,
    rating: 3.2,
    reviews_number: 12,
  },
  {
    slug: "custom-build",
    name: "Custom Build",
    brand: "Lakeside",
    category_id: "custom",
    heater_type: "Wood / Infrared hybrid",
    key_features: features("recovery room", "a_b test", "second bench"),
    capacity: null,
    price_cents: null,
    rating: 4.6,
    reviews_number: 90,
  },
  {
    slug: "electric-mini",
    name: "Electric Mini",
    brand: "Emberfold",
    category_id: "modern",
    heater_type: "Gas",
    key_features: features("Wi-Fi control", "ECO mode"),
    capacity: 1,
    price_cents: 450_000,
    rating: 2.5,
    reviews_number: 3,
  },
  {
    slug: "outdoor-tent",
    name: "Outdoor Tent",
    brand: "Trail",
    category_id: null,
    heater_type: "wood stove",
    key_features: features(),
    capacity: 3,
    price_cents: 0,
    rating: 0,
    reviews_number: 0,
  },
  {
    slug: "loyly-barrel",
    name: "Löyly Barrel",
    brand: "Härmä",
    category_id: "barrel",
    heater_type: "Electric",
    key_features: features("Cedarwood benches"),
    capacity: 2,
    price_cents: 700_000,
    rating: 3.9,
    reviews_number: 2,
  },
  {
    slug: "greenwood",
    name: "Greenwood Barrel",
    brand: "Trail",
    category_id: "barrel",
    heater_type: "infrared panels",
    key_features: features("Green-certified", "ecofriendly glue", "Finnish-style stones"),
    capacity: 6,
    price_cents: 1_250_000,
    rating: 4.1,
    reviews_number: 7,
  },
];

const criteria: [CriteriaType, string | null][] = [
  ["category", "barrel"],
  ["category", " BARREL "],
  ["category", "cube"],
  ["brand", "Birchline"],
  ["brand", "nordhaus"],
  ["brand", "No Such"],
  ["price", "budget"],
  ["price", "Premium"],
  ["price", "luxury"],
  ["price", "cheap"],
  ["size", "2"],
  ["size", "6 people"],
  ["size", "four"],
  ["heater_type", "electric"],
  ["heater_type", "infrared"],
  ["heater_type", "Wood"],
  ["heater_type", "%"],
  ["features", "eco"],
  ["features", "eco-fr"],
  ["features", "green"],
  ["features", "recover"],
  ["features", "glass door"],
  ["features", "100%"],
  ["features", "a_b"],
  ["features", "_b"],
  ["features", "b test"],
  ["features", "-style"],
  ["use_case", "recovery"],
  ["use_case", "commercial"],
  ["use_case", "gaming"],
  ["custom", "x"],
];

const searches = [
  "barrel",
  "barrels",
  "cedar barrel",
  "Cedar Barrel 4",
  "ced",
  "edar",
  "BIRCHLINE",
  "infrared",
  "saunas",
  "eco",
  "100%",
  "a_b",
  "_",
  "traditional wood",
  "wi-fi",
  "loyly",
  "LÖYLY barrel",
  "harma",
  "zzz",
];

/** What /reviews?q= asks the database for. */
const searchFor = (query: string) => reviewsIndexRequest(query).selection;

/** Every product a selection holds, read page by page. */
async function allPages(db: TestDatabase["db"], selection: ProductSelection, order: ProductOrder, size: number) {
  const total = await countProducts(db, selection);
  const pages: Product[][] = [];
  for (let page = 1; page <= pageCount(total, size); page++) {
    pages.push(await listProductPage(db, selection, order, { limit: size, offset: pageOffset(page, size) }));
  }
  return { total, pages, products: pages.flat() };
}

describe.each(testDialects)("paged product lists on %s", (dialect) => {
  let test: TestDatabase;
  let byRating: Product[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values(rows).execute();
    await refreshProductListKeys(test.db);
    byRating = await listProducts(test.db);
  });
  afterAll(() => test?.drop());

  const ids = (products: readonly Product[]) => products.map((product) => product.slug);

  it("selects exactly the products of every fixed page's rule, in rating order", async () => {
    for (const slug of FIXED_COLLECTION_SLUGS) {
      const selected = await allPages(test.db, fixedListSelection(slug), "rating", 3);
      const expected = byRating.filter((product) => matchesFixedCollection(slug, product));
      expect(ids(selected.products), slug).toEqual(ids(expected));
      expect(selected.total, slug).toBe(expected.length);
    }
  });

  it("selects exactly what each collection criterion selects in code", async () => {
    for (const [type, value] of criteria) {
      const selection = criteriaSelection(type, value);
      const predicate = criteriaPredicate(type, value);
      expect(selection === null, `${type} ${value}`).toBe(predicate === null);
      if (!selection || !predicate) continue;
      const selected = await allPages(test.db, selection, "rating", 4);
      expect(ids(selected.products), `${type} ${value}`).toEqual(ids(byRating.filter((p) => predicate(p))));
    }
  });

  it("finds through the full-text index what the search finds in code, ranked as the rule in code ranks", async () => {
    for (const query of searches) {
      const words = searchWords(query);
      const phrase = searchPhrase(query);
      const selected = await allPages(test.db, searchFor(query), "top-rating", 4);
      const expected = [...byRating]
        .sort(compareByTopRating)
        .filter((p) => productMatches(p, words))
        .sort((a, b) => (words.length === 0 ? 0 : searchRank(a, words, phrase) - searchRank(b, words, phrase)));
      expect(ids(selected.products), query).toEqual(ids(expected));
      expect(selected.total, query).toBe(expected.length);
      // The reviews index reads a page and its count together, each match counted once.
      const second = await listProductPageAndCount(test.db, searchFor(query), "top-rating", { limit: 4, offset: 4 });
      expect(second.total, query).toBe(expected.length);
      expect(ids(second.products), query).toEqual(ids(expected.slice(4, 8)));
    }
  });

  it("ranks a product whose name is the query first, then names holding the words, then the rest", async () => {
    // 'barrels': Barrel Two, Cedar Barrel 4 (both 4.6, Barrel Two with more reviews), Greenwood
    // Barrel (4.1) and Löyly Barrel (3.9) name it; the rest, CLT Cube 4 (4.9) too, only say it in
    // their category. 'barrel two' is one product's whole name.
    const barrel = ids(await listProductPage(test.db, searchFor("barrels"), "top-rating", { limit: 4, offset: 0 }));
    expect(barrel).toEqual(["barrel-two", "cedar-barrel", "greenwood", "loyly-barrel"]);
    expect(ids(await listProductPage(test.db, searchFor("Barrel two"), "top-rating", { limit: 1, offset: 0 }))).toEqual(["barrel-two"]);
    // A word inside another is not a word start: 'edar' finds nothing, 'ced' finds cedar and cedarwood.
    expect(await countProducts(test.db, searchFor("edar"))).toBe(0);
    expect(ids(await listProductPage(test.db, searchFor("ced"), "top-rating", { limit: 9, offset: 0 }))).toEqual([
      "cedar-barrel",
      "loyly-barrel",
    ]);
  });

  it("orders by rating with unrated last, and the top-rating order breaks ties by review count", async () => {
    const rating = await allPages(test.db, { kind: "all" }, "rating", 4);
    // 4.6 three times: by name. Unrated last.
    expect(ids(rating.products).slice(0, 4)).toEqual(["clt-cube", "barrel-two", "cedar-barrel", "custom-build"]);
    expect(ids(rating.products).at(-1)).toBe("aclt");
    const top = await allPages(test.db, { kind: "all" }, "top-rating", 4);
    // 4.6: 90 reviews (Barrel Two, Custom Build by name), then 40; the '1,200+' text counts for Infra Pod.
    expect(ids(top.products).slice(0, 5)).toEqual(["clt-cube", "barrel-two", "custom-build", "cedar-barrel", "infra-pod"]);
    expect(ids(top.products)).toEqual(ids([...byRating].sort(compareByTopRating)));
  });

  it("tiles the list with pages: no product twice, none left out, the last page short", async () => {
    const { total, pages } = await allPages(test.db, { kind: "all" }, "top-rating", 3);
    expect(total).toBe(rows.length);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 2]);
    expect(new Set(ids(pages.flat())).size).toBe(rows.length);
    expect(await listProductPage(test.db, { kind: "all" }, "top-rating", { limit: 3, offset: 33 })).toEqual([]);
  });
});

describe.each(testDialects)("deep pages on %s", (dialect) => {
  let test: TestDatabase;
  afterAll(() => test?.drop());

  /** The page as a plain ORDER BY … LIMIT … OFFSET gives it, written out here on its own. */
  async function plainPage(where: RawBuilder<unknown>, order: ProductOrder, limit: number, offset: number) {
    const last = dialect === "postgres" ? sql.raw("desc nulls last") : sql.raw("desc");
    const orderBy = order === "top-rating" ? sql`rating ${last}, review_total ${last}, name, id` : sql`rating ${last}, name, id`;
    const { rows } = await sql<{
      slug: string;
    }>`select slug from products where ${where} order by ${orderBy} limit ${limit} offset ${offset}`.execute(test.db);
    return rows.map((row) => row.slug);
  }

  const lists: Array<{ selection: ProductSelection; where: RawBuilder<unknown> }> = [
    { selection: { kind: "all" }, where: sql`1 = 1` },
    { selection: { kind: "category", key: "barrel" }, where: sql`category_key = 'barrel'` },
  ];

  async function expectPlainPages(size: number) {
    for (const { selection, where } of lists) {
      for (const order of ["rating", "top-rating"] as const) {
        const total = await countProducts(test.db, selection);
        const last = pageOffset(pageCount(total, size), size);
        const offsets = [
          0,
          size,
          240,
          248,
          249,
          250,
          251,
          480,
          499,
          500,
          501,
          999,
          1000,
          1250,
          last - size,
          last,
          last + size,
          total + 1000,
        ];
        for (const offset of offsets.filter((n) => n >= 0)) {
          const got = await listProductPage(test.db, selection, order, { limit: size, offset });
          expect(ids(got), `${selection.kind} ${order} at ${offset}`).toEqual(await plainPage(where, order, size, offset));
        }
      }
    }
  }

  it("gives every page exactly as OFFSET does, ties in every order column included, before and after writes", async () => {
    // Few ratings, review counts and names, unrated and unreviewed ones among them: long runs of
    // products equal in every column but the id, across the page marks.
    test = await createTestDatabase(dialect);
    const many = Array.from({ length: 1400 }, (_, i) => ({
      slug: `d-${i}`,
      name: `Hut ${i % 9}`,
      brand: "Brand",
      category_id: i % 3 === 0 ? "barrel" : "cabin",
      rating: i % 7 === 0 ? null : (i % 4) + 2,
      reviews_number: i % 5 === 0 ? null : i % 3,
    }));
    for (let start = 0; start < many.length; start += 500) {
      await test.db
        .insertInto("products")
        .values(many.slice(start, start + 500))
        .execute();
    }
    await refreshProductListKeys(test.db);
    await expectPlainPages(24);
    const version = async () =>
      Number((await sql<{ version: string | number }>`select version from product_list_version`.execute(test.db)).rows[0]!.version);
    const before = await version();
    // A product at the top, one moved to the unrated end, one removed: every page moves with them.
    await test.db
      .insertInto("products")
      .values({ slug: "top", name: "Aa", brand: "B", category_id: "barrel", rating: 5, reviews_number: 9 })
      .execute();
    await test.db.updateTable("products").set({ rating: null }).where("slug", "=", "d-1").execute();
    await test.db.deleteFrom("products").where("slug", "=", "d-2").execute();
    await refreshProductListKeys(test.db);
    expect(await version()).toBeGreaterThan(before);
    await expectPlainPages(24);
    await expectPlainPages(10);
  });

  it("follows a collection's stored members into its deep pages", async () => {
    await test.db.insertInto("collections").values({ slug: "huts", title: "Huts" }).execute();
    const huts = Number((await test.db.selectFrom("collections").select("id").where("slug", "=", "huts").executeTakeFirstOrThrow()).id);
    const selection: ProductSelection = { kind: "rule-and-members", rule: { kind: "category", key: "barrel" }, collectionId: huts };
    const where = sql`(category_key = 'barrel' or id in (select product_id from collection_products where collection_id = ${huts}))`;
    const deep = { limit: 24, offset: 400 };
    expect(ids(await listProductPage(test.db, selection, "rating", deep))).toEqual(await plainPage(where, "rating", 24, 400));
    const cabins = await test.db.selectFrom("products").select("id").where("category_id", "=", "cabin").limit(300).execute();
    await test.db
      .insertInto("collection_products")
      .values(cabins.map((row, position) => ({ collection_id: huts, product_id: Number(row.id), position })))
      .execute();
    expect(ids(await listProductPage(test.db, selection, "rating", deep))).toEqual(await plainPage(where, "rating", 24, 400));
  });

  it("gives a collection's stored members' deep pages exactly as OFFSET does, ties in position included", async () => {
    await test.db.insertInto("collections").values({ slug: "many", title: "Many" }).execute();
    const many = Number((await test.db.selectFrom("collections").select("id").where("slug", "=", "many").executeTakeFirstOrThrow()).id);
    const products = await test.db.selectFrom("products").select("id").orderBy("id", "desc").limit(700).execute();
    await test.db
      .insertInto("collection_products")
      .values(products.map((row, i) => ({ collection_id: many, product_id: Number(row.id), position: i % 300 })))
      .execute();
    const plainMembers = async (offset: number) => {
      const { rows } = await sql<{ slug: string }>`
        select products.slug from collection_products join products on products.id = collection_products.product_id
        where collection_id = ${many} order by collection_products.position, products.id limit 24 offset ${offset}
      `.execute(test.db);
      return rows.map((row) => row.slug);
    };
    const expectPlainMembers = async () => {
      for (const offset of [0, 240, 249, 250, 251, 499, 500, 676, 690, 700, 1000]) {
        expect(ids(await listMemberPage(test.db, many, { limit: 24, offset })), `members at ${offset}`).toEqual(await plainMembers(offset));
      }
    };
    await expectPlainMembers();
    // Members moved, removed and added: the pages follow.
    await test.db
      .updateTable("collection_products")
      .set({ position: 0 })
      .where("collection_id", "=", many)
      .where("position", "=", 150)
      .execute();
    await test.db.deleteFrom("collection_products").where("collection_id", "=", many).where("position", "=", 10).execute();
    await test.db.deleteFrom("products").where("id", "=", Number(products[5]!.id)).execute();
    await expectPlainMembers();
  });
});

describe.each(testDialects)("stored list keys and membership lookups on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("keeps the keys of a product a CSV updates only in part, and pages members by position", async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("collections").values({ slug: "picks", title: "Picks" }).execute();
    const full =
      'name,brand,slug,category_id,key_features,price,rating\nPod,Emberfold,pod,infrared,"[Recover faster]",9000,4\nTub,Acme,tub,barrel,[Cedar],16000,3';
    expect(await importProductCsv(test.db, full)).toMatchObject({ ok: true });
    const recovery = { kind: "tag", tag: "recovery-saunas" } as const;
    expect(ids(await listProductPage(test.db, recovery, "rating", { limit: 10, offset: 0 }))).toEqual(["pod"]);

    // A file of names and prices only: the features stay, and so does the recovery key; the tier moves.
    expect(await importProductCsv(test.db, "name,brand,slug,price\nPod Two,Emberfold,pod,15000")).toMatchObject({ ok: true });
    expect(ids(await listProductPage(test.db, recovery, "rating", { limit: 10, offset: 0 }))).toEqual(["pod"]);
    expect(await countProducts(test.db, { kind: "tag", tag: "luxury-saunas" })).toBe(2);
    expect(await countProducts(test.db, reviewsIndexRequest("pod two").selection)).toBe(1);

    expect(
      await importProductCsv(test.db, "name,brand,slug,collection_ids\nTub,Acme,tub,[picks]\nPod Two,Emberfold,pod,[picks]"),
    ).toMatchObject({ ok: true });
    const picks = Number((await test.db.selectFrom("collections").select("id").where("slug", "=", "picks").executeTakeFirstOrThrow()).id);
    expect(await countMembers(test.db, picks)).toBe(2);
    expect(ids(await listMemberPage(test.db, picks, { limit: 1, offset: 1 }))).toEqual(["pod"]);
    expect(await listCollectionIdsWithMembers(test.db)).toEqual(new Set([picks]));
    const pod = Number((await test.db.selectFrom("products").select("id").where("slug", "=", "pod").executeTakeFirstOrThrow()).id);
    expect(await listCollectionIdsOfProduct(test.db, pod)).toEqual(new Set([picks]));
  });

  it("fills the keys of existing products when the migration runs, and goes down and up again", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    await createMigrator(test.db).migrateTo("2026_11_22_0310_auth");
    await test.db
      .insertInto("products")
      .values({ slug: "old", name: "Old Barrel", brand: "B", category_id: "barrel", key_features: features("Eco"), rating: 4 })
      .execute();
    await migrateToLatest(test.db);
    expect(await countProducts(test.db, { kind: "tag", tag: "eco-friendly-saunas" })).toBe(1);
    expect(await countProducts(test.db, reviewsIndexRequest("old barrel").selection)).toBe(1);

    await createMigrator(test.db).migrateTo("2026_11_22_0310_auth");
    const columns = (await test.db.introspection.getTables()).find((table) => table.name === "products")!.columns;
    expect(columns.map((column) => column.name)).not.toContain("list_tags");
    await migrateToLatest(test.db);
    expect(await countProducts(test.db, { kind: "brand", key: "b" })).toBe(1);
  });
});

function ids(products: readonly Product[]) {
  return products.map((product) => product.slug);
}
