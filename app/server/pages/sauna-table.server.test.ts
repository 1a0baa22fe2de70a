import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_PRICES, priceSettingsAt } from "~/lib/offers/price-view";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleContent } from "../seed/seed.server";
import { sampleCollections } from "../seed/sample-collections";
import { loadCollectionPage } from "./collection.server";
import { builtTableIndex } from "../sauna-table/table-index.server";
import { loadSaunaTablePage, tableReads } from "./sauna-table.server";

/**
 * The table narrowed to a collection (`/reviews/table?list=<slug>`) holds exactly the saunas the
 * collection's own page lists, whichever way the page chooses them (its rule, its stored members,
 * a rule that keeps members); a list that is no collection is the whole table, never an error.
 */
describe.each(testDialects)("the sauna table of one collection (%s)", (dialect) => {
  let test: TestDatabase;
  const context = () => ({ db: test.db, config: { prices: DEFAULT_SITE_PRICES } as never });
  const table = (search: string) => loadSaunaTablePage(context(), new URL(`http://site.test/reviews/table?${search}`));

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
  });
  afterAll(() => test?.drop());

  /** Every product slug of every page of a collection, as its page lists them. */
  async function collectionSlugs(slug: string): Promise<string[]> {
    const first = await loadCollectionPage(test.db, slug, { pageSize: 100 });
    return first.showingTopRated ? [] : first.saunas.map((sauna) => sauna.slug);
  }

  it("lists what each sample collection's page lists, and links there", async () => {
    let compared = 0;
    for (const { slug } of sampleCollections) {
      const page = await loadCollectionPage(test.db, slug, { pageSize: 100 });
      if (page.showingTopRated) {
        expect(page.tableHref).toBeNull();
        continue;
      }
      expect(page.tableHref).toBe(`/reviews/table?list=${slug}`);
      const view = await table(`list=${slug}`);
      expect(view.list).toMatchObject({ title: page.header.title, href: `/reviews/${slug}`, everySaunaHref: "/reviews/table" });
      expect(view.rows.map((row) => row.slug).sort()).toEqual((await collectionSlugs(slug)).sort());
      expect(view.pagination.totalItems).toBe(page.pagination.totalItems);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(10);
  });

  it("keeps the list through its filters and counts within it", async () => {
    const whole = await table("list=barrel-saunas");
    const wood = await table("list=barrel-saunas&heater=wood");
    expect(wood.rows.length).toBeGreaterThan(0);
    expect(wood.rows.length).toBeLessThan(whole.rows.length);
    expect(whole.heaterChoices.find((choice) => choice.value === "wood")?.count).toBe(wood.pagination.totalItems);
    // 'Clear filters' stays in the list; a header's sort link too.
    expect(wood.clearHref).toBe("/reviews/table?list=barrel-saunas");
    expect(wood.headers.find((header) => header.key === "price")?.sortHref).toBe(
      "/reviews/table?heater=wood&list=barrel-saunas&sort=price",
    );
  });

  it("reads a list that is no collection as the whole table", async () => {
    const everything = await table("");
    const unknown = await table("list=no-such-collection");
    expect(unknown.list).toBeNull();
    expect(unknown.query.list).toBeNull();
    expect(unknown.pagination.totalItems).toBe(everything.pagination.totalItems);
  });

  it("answers 503 with Retry-After while too many tables are being read in SQL, and reads again once they are done", async () => {
    // A collection's table always reads SQL; the whole catalog's only until its columns are kept.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const occupied = Array.from({ length: tableReads.maxConcurrent + tableReads.maxQueued }, () => tableReads.run(() => held));
    try {
      const refused = await table("list=barrel-saunas").then(
        () => null,
        (thrown: { init?: ResponseInit | null }) => thrown,
      );
      expect(refused?.init?.status).toBe(503);
      expect(new Headers(refused?.init?.headers).get("Retry-After")).toBe("5");
      // The whole catalog's table, once its columns and this order are kept, reads no SQL: it is answered.
      const prices = priceSettingsAt(DEFAULT_SITE_PRICES, Date.now());
      const index = await builtTableIndex(test.db, { today: prices.today, currency: prices.currency });
      expect(index).not.toBeNull();
      // The first ask for an order starts reading it (and is refused, its SQL queued); the next waits for it.
      await table("sort=price").catch(() => null);
      expect((await table("sort=price")).rows.length).toBeGreaterThan(0);
    } finally {
      release();
      await Promise.all(occupied);
    }
    expect((await table("list=barrel-saunas")).rows.length).toBeGreaterThan(0);
  });
});
