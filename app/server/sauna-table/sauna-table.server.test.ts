import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_PRICES, priceSettingsAt, productPriceView } from "~/lib/offers/price-view";
import { heaterFamilyOf } from "~/lib/sauna-table/heater-families";
import { tableColumnsWith } from "~/lib/sauna-table/table-columns";
import { parseTableQuery, TABLE_PAGE_SIZE, withKnownMeasurements } from "~/lib/sauna-table/table-query";
import { tableView } from "~/lib/sauna-table/table-view";
import {
  createMeasurementDefinition,
  emptyWeights,
  listMeasurementDefinitions,
  writeProductMeasurements,
} from "../measurements/measurements.server";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { refreshProductPrices } from "../offers/maintained-price.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import type { ProductGroup } from "~/lib/sauna-table/facet-sums";
import { pageIds, productGroups, readTable } from "./sauna-table.server";
import { builtTableIndex, indexedGroups, indexedPageIds, readyTableIndex } from "./table-index.server";
import { columnSortSql } from "./table-sql.server";

/**
 * The table's SQL against the rules in code, on SQLite and PostgreSQL: every filter picks what
 * its rule picks, a count is the number of rows its choice gives, every order puts the products
 * that do not say last, and pages tile the list. Prices go through real offers and the row copy
 * refreshProductPrices keeps, so the price a row prints is the one its filter and order used.
 */

const NOW = Date.UTC(2026, 10, 29, 12);
const prices = priceSettingsAt(DEFAULT_SITE_PRICES, NOW);
const options = { today: prices.today, currency: prices.currency };

interface Sample {
  slug: string;
  heater: string | null;
  category: string | null;
  capacity: number | null;
  rating: number | null;
  /** Dollars; null: no offer. */
  price: number | null;
  sale?: { price: number; ends: string | null };
  availability?: string;
  weight?: number | null;
}

const samples: Sample[] = [
  { slug: "wood-barrel-4", heater: "Wood-burning", category: "barrel", capacity: 4, rating: 4.8, price: 9000 },
  { slug: "hybrid-cube-6", heater: "Wood or electric", category: "cube", capacity: 6, rating: 4.5, price: 12000, weight: 2000 },
  {
    slug: "electric-barrel-2",
    heater: "Electric (WiFi)",
    category: "barrel",
    capacity: 2,
    rating: 4.1,
    price: 4500,
    availability: "OutOfStock",
  },
  // The sale has ended: today's price is the list price.
  {
    slug: "ended-sale-4",
    heater: "Electric",
    category: "barrel",
    capacity: 4,
    rating: 3.9,
    price: 7000,
    sale: { price: 5000, ends: "2026-11-28" },
  },
  // The sale runs through today: today's price is the sale price.
  {
    slug: "running-sale-6",
    heater: "Infrared panels",
    category: "infrared",
    capacity: 6,
    rating: null,
    price: 8000,
    sale: { price: 6000, ends: "2026-11-29" },
  },
  { slug: "no-price-3", heater: null, category: null, capacity: 3, rating: 4.2, price: null },
  { slug: "gas-unknown-size", heater: "Propane gas", category: "cube", capacity: null, rating: 4.0, price: 15000, weight: 900 },
];

const features = "[]";

describe.each(testDialects)("the sauna table's SQL (%s)", (dialect) => {
  let test: TestDatabase;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    const { db } = test;
    const merchant = await db
      .insertInto("merchants")
      .values({ slug: "shop", name: "Shop", domain: "shop.example", countries: "[]" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Enough rows besides the samples for three pages.
    const filler = Array.from({ length: 2 * TABLE_PAGE_SIZE + 5 }, (_, i) => ({
      slug: `filler-${String(i).padStart(3, "0")}`,
      name: `Filler ${String(i).padStart(3, "0")}`,
      brand: "Filler",
      category_id: "traditional",
      heater_type: "Electric",
      capacity: 1,
      rating: 1 + (i % 3),
      images: "[]",
      key_features: features,
    }));
    const rows = [
      ...samples.map((sample) => ({
        slug: sample.slug,
        name: sample.slug.replace(/-/g, " "),
        brand: "Maker",
        category_id: sample.category,
        heater_type: sample.heater,
        capacity: sample.capacity,
        rating: sample.rating,
        weight_lbs: sample.weight ?? null,
        images: "[]",
        key_features: features,
      })),
      ...filler,
    ];
    for (const row of rows) {
      const { id } = await db.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
      ids.set(row.slug, Number(id));
    }
    for (const sample of samples) {
      if (sample.price === null) continue;
      await db
        .insertInto("offers")
        .values({
          product_id: ids.get(sample.slug)!,
          merchant_id: Number(merchant.id),
          is_primary: true,
          link: `https://shop.example/${sample.slug}`,
          price_minor: sample.price * 100,
          sale_price_minor: sample.sale ? sample.sale.price * 100 : null,
          sale_ends_at: sample.sale?.ends ?? null,
          currency: "USD",
          availability: sample.availability ?? "InStock",
          source: "csv",
        })
        .execute();
    }
    await refreshProductListKeys(db);
    await refreshProductPrices(db, [...ids.values()], prices);
  });
  afterAll(() => test?.drop());

  const read = (search: string) => readTable(test.db, parseTableQuery(new URLSearchParams(search)), options, tableColumnsWith([]));
  const slugs = async (search: string) => (await read(search)).products.map((product) => product.slug);
  const onlySamples = (list: string[]) => list.filter((slug) => !slug.startsWith("filler-"));

  it("filters by seats, heater family, type, today's price and stock as the rules in code do", async () => {
    expect(onlySamples(await slugs("seats=4"))).toEqual(["wood-barrel-4", "hybrid-cube-6", "ended-sale-4", "running-sale-6"]);
    // A hybrid that burns wood is a wood heater (heater-families.ts), in SQL as in code.
    expect(await slugs("heater=wood")).toEqual(["wood-barrel-4", "hybrid-cube-6"]);
    expect(heaterFamilyOf("Wood or electric")?.key).toBe("wood");
    expect(await slugs("heater=gas")).toEqual(["gas-unknown-size"]);
    expect(await slugs("heater=infrared")).toEqual(["running-sale-6"]);
    expect(await slugs("type=cube")).toEqual(["hybrid-cube-6", "gas-unknown-size"]);
    // The ended sale costs its list price (7,000), the running one its sale price (6,000).
    expect(await slugs("min=5000&max=7000&sort=price")).toEqual(["running-sale-6", "ended-sale-4"]);
    // The product page shows no price from a shop that is out of stock, so no range holds it.
    expect(await slugs("max=5999")).toEqual([]);
    expect(await slugs("max=6000")).toEqual(["running-sale-6"]);
    expect(onlySamples(await slugs("stock=1&sort=price"))).toEqual([
      "running-sale-6",
      "ended-sale-4",
      "wood-barrel-4",
      "hybrid-cube-6",
      "gas-unknown-size",
    ]);
    expect((await read("heater=wood&seats=5&type=cube&max=20000&stock=1")).products.map((p) => p.slug)).toEqual(["hybrid-cube-6"]);
  });

  it("prints for each row the price its filter and order used: the product page's price", async () => {
    const { products } = await read("min=1&sort=price");
    const shown = products.map((product) => productPriceView(product, prices).amountMinor);
    expect(shown).toEqual([600_000, 700_000, 900_000, 1_200_000, 1_500_000]);
    expect(productPriceView(products[0]!, prices).listText).toBe("$8,000");
  });

  it("sorts either way with the products that do not say last, then by rating and name", async () => {
    const byPrice = onlySamples(await slugs("sort=price"));
    // Without a price shown (none at all, or only an out-of-stock shop's): last, the better rated first.
    const unpriced = ["no-price-3", "electric-barrel-2"];
    expect(byPrice).toEqual(["running-sale-6", "ended-sale-4", "wood-barrel-4", "hybrid-cube-6", "gas-unknown-size", ...unpriced]);
    const dearest = onlySamples(await slugs("sort=-price"));
    expect(dearest).toEqual(["gas-unknown-size", "hybrid-cube-6", "wood-barrel-4", "ended-sale-4", "running-sale-6", ...unpriced]);
    expect((await slugs("sort=-weight")).slice(0, 2)).toEqual(["hybrid-cube-6", "gas-unknown-size"]);
    expect((await slugs("sort=weight")).slice(0, 2)).toEqual(["gas-unknown-size", "hybrid-cube-6"]);
    // Equal seats: the better rated first; unknown seats last.
    expect(onlySamples(await slugs("sort=-seats&type=cube"))).toEqual(["hybrid-cube-6", "gas-unknown-size"]);
    expect((await slugs("sort=-seats")).slice(0, 4)).toEqual(["hybrid-cube-6", "running-sale-6", "wood-barrel-4", "ended-sale-4"]);
    // Unrated: after every rated product.
    expect((await read("page=3")).products.at(-1)?.slug).toBe("running-sale-6");
  });

  it("tiles the list with its pages and counts every row on each", async () => {
    const total = samples.length + 2 * TABLE_PAGE_SIZE + 5;
    const pages = await Promise.all([1, 2, 3].map((page) => read(`sort=-seats&page=${page}`)));
    expect(pages.map((page) => page.total)).toEqual([total, total, total]);
    expect(pages.map((page) => page.products.length)).toEqual([TABLE_PAGE_SIZE, TABLE_PAGE_SIZE, total - 2 * TABLE_PAGE_SIZE]);
    const all = pages.flatMap((page) => page.products.map((product) => product.slug));
    expect(new Set(all).size).toBe(total);
    expect((await read("page=9")).products).toEqual([]);
  });

  it("counts each filter's choices with the other filters kept and its own left out", async () => {
    const { facets, total } = await read("heater=wood&type=barrel");
    expect(total).toBe(1);
    // Heater counts keep type=barrel: wood 1, electric 2 (one on sale), no infrared or gas barrel.
    expect(facets.heater.sort((a, b) => a.value.localeCompare(b.value))).toEqual([
      { value: "electric", count: 2 },
      { value: "wood", count: 1 },
    ]);
    // Type counts keep heater=wood.
    expect(facets.type).toEqual([
      { value: "barrel", count: 1 },
      { value: "cube", count: 1 },
    ]);
    // Seat counts keep both: the one wood barrel seats 4.
    expect(facets.seats).toEqual([{ value: "4", count: 1 }]);
    // And each count is what choosing it gives.
    expect((await read("heater=electric&type=barrel")).total).toBe(2);

    const everything = (await read("")).facets;
    expect(everything.type[0]).toEqual({ value: "traditional", count: 2 * TABLE_PAGE_SIZE + 5 });
    expect(everything.seats.find((facet) => facet.value === "1")?.count).toBe(2 * TABLE_PAGE_SIZE + 5);
    expect(everything.heater.find((facet) => facet.value === "gas")?.count).toBe(1);
  });

  it("sorts by a measurement taken under the method now, best first, and prints an older method's value apart", async () => {
    const heatUp = await createMeasurementDefinition(test.db, {
      slug: "heat-up-time",
      name: "Heat-up time",
      unit: "min",
      better: "lower",
      method: "From cold to 80 °C on the upper bench.",
      methodVersion: 2,
      weights: emptyWeights(),
    });
    const measured = { "hybrid-cube-6": [31, 2], "wood-barrel-4": [44.5, 2], "running-sale-6": [18, 1] } as const;
    for (const [slug, [value, methodVersion]] of Object.entries(measured))
      await writeProductMeasurements(test.db, ids.get(slug)!, [{ measurementId: heatUp, value, measuredOn: "2026-11-02", methodVersion }]);

    const columns = tableColumnsWith(await listMeasurementDefinitions(test.db));
    const query = withKnownMeasurements(
      parseTableQuery(new URLSearchParams("cols=m-heat-up-time&sort=m-heat-up-time")),
      new Set(columns.map((c) => c.key)),
    );
    const read = await readTable(test.db, query, options, columns);
    // Quickest first; the value under method 1 is not ranked: it sorts with the unmeasured, by rating.
    expect(read.products.slice(0, 3).map((product) => product.slug)).toEqual(["hybrid-cube-6", "wood-barrel-4", "no-price-3"]);
    const view = tableView(query, read, read.facets, prices, columns);
    const cell = (slug: string) => view.rows.find((row) => row.slug === slug)?.cells[0]?.text;
    expect(view.headers[0]).toMatchObject({ label: "Heat-up time (min)", ariaSort: "ascending", sortLabel: "sort highest first" });
    expect(cell("wood-barrel-4")).toBe("44.5 min");
    expect(view.sortedBy).toBe("Sorted by Heat-up time (min), lowest first");
    const page3 = await readTable(test.db, { ...query, page: 3 }, options, columns);
    const older = tableView(query, page3, page3.facets, prices, columns).rows.find((row) => row.slug === "running-sale-6");
    expect(older?.cells[0]?.text).toBe("18 min (older method)");
    // Not measured at all: the dash.
    expect(cell("electric-barrel-2")).toBe("—");
    // Best first for a 'lower is better' measurement is the quickest.
    expect(view.columnChoices.find((choice) => choice.key === "m-heat-up-time")).toMatchObject({ group: "Test results", chosen: true });
  });

  it("answers from the kept columns exactly as from SQL: the same rows in the same order, the same counts", async () => {
    const columns = tableColumnsWith(await listMeasurementDefinitions(test.db));
    const known = new Set(columns.map((column) => column.key));
    const index = await builtTableIndex(test.db, options);
    expect(index?.columns.ids.length).toBe(samples.length + 2 * TABLE_PAGE_SIZE + 5);
    const searches = [
      "",
      "page=2",
      "page=3",
      "sort=price",
      "sort=-price&page=2",
      "min=5000&max=7000&sort=price",
      "max=5999",
      "stock=1&sort=-seats",
      "heater=wood&seats=5&type=cube&max=20000&stock=1",
      "heater=nuclear",
      "type=barrel&sort=weight",
      "seats=4&sort=-brand",
      "cols=m-heat-up-time&sort=m-heat-up-time",
      "cols=m-heat-up-time&sort=-m-heat-up-time&page=2",
    ];
    for (const search of searches) {
      const query = withKnownMeasurements(parseTableQuery(new URLSearchParams(search)), known);
      const column = columns.find((candidate) => candidate.key === query.sort.column);
      const sortBy = column ? columnSortSql(column, options.today) : null;
      // The first ask starts reading the order; the second waits for it.
      indexedPageIds(test.db, index!, query, sortBy);
      const fromIndex = await indexedPageIds(test.db, index!, query, sortBy);
      expect(fromIndex, search).toEqual(await pageIds(test.db, query, options, sortBy));
      const sortGroups = (groups: ProductGroup[]) =>
        [...groups].sort((a, b) =>
          `${a.heaterFamily}|${a.categoryKey}|${a.capacity}`.localeCompare(`${b.heaterFamily}|${b.categoryKey}|${b.capacity}`),
        );
      expect(sortGroups(indexedGroups(index!, query)), search).toEqual(sortGroups(await productGroups(test.db, query, options)));
    }
  });

  it("builds the kept columns and orders readers used again after a change, before the next reader asks", async () => {
    const index = await builtTableIndex(test.db, options);
    expect(readyTableIndex(test.db, options)).toBe(index);
    await read("sort=price");
    await index!.orders.get("price asc")!.positions;
    invalidateCatalog(test.db);
    expect(readyTableIndex(test.db, options)).toBeNull();
    // About a second after the change, with no reader meanwhile: built again, with its order.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !readyTableIndex(test.db, options)?.orders.has("price asc"))
      await new Promise((resolve) => setTimeout(resolve, 100));
    const rebuilt = readyTableIndex(test.db, options);
    expect(rebuilt).not.toBe(index);
    expect(rebuilt?.orders.has("price asc")).toBe(true);
  });

  it("keeps the filters' counts until the catalog changes, whichever heater, type or seats are chosen", async () => {
    const before = await read("heater=wood");
    const { id } = await test.db
      .insertInto("products")
      .values({
        slug: "late-wood-2",
        name: "late wood 2",
        brand: "Maker",
        category_id: "barrel",
        heater_type: "Wood-burning",
        capacity: 2,
        images: "[]",
        key_features: "[]",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    try {
      await refreshProductListKeys(test.db);
      // Another heater, same price and stock filters: the counts kept from the first read.
      const sorted = (facets: { value: string; count: number }[]) => [...facets].sort((a, b) => a.value.localeCompare(b.value));
      expect(sorted((await read("heater=electric")).facets.heater)).toEqual(sorted(before.facets.heater));
      // A save reaches invalidateCatalog: the next read counts the new sauna.
      invalidateCatalog(test.db);
      const after = await read("heater=wood");
      expect(after.total).toBe(before.total + 1);
      expect(after.products.map((product) => product.slug)).toContain("late-wood-2");
    } finally {
      await test.db.deleteFrom("products").where("id", "=", id).execute();
      invalidateCatalog(test.db);
    }
  });
});
