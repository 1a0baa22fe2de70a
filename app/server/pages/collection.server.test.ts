import { afterEach, describe, expect, it } from "vitest";
import type { CollectionPageContent } from "~/lib/collection/collection-page";
import { collectionPageDefaults } from "~/lib/collection/collection-page-defaults";
import { COLLECTION_PAGE_SIZE } from "~/lib/catalog/pagination";
import { FIXED_COLLECTION_SLUGS, matchesFixedCollection, type FixedCollectionSlug } from "~/lib/collection/collection-rules";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { seedSampleContent } from "../seed/seed.server";
import { sampleCollections } from "../seed/sample-collections";
import { sampleProducts } from "../seed/sample-products";
import { catalogCache } from "../catalog/catalog-cache.server";
import { collectionPageCount, loadCollectionPage, PUBLIC_LOAD_ERROR_MESSAGE } from "./collection.server";
import { listProducts } from "../products/products.server";
import { importCollectionCsv, importProductCsv } from "../admin/csv-import.server";

type Ready = CollectionPageContent;

/** What the page module threw instead of a page: a redirect (a Response), or a page error (React Router's data()). */
async function thrownBy(loading: Promise<unknown>): Promise<{ status: number; location: string | null; data: unknown }> {
  try {
    await loading;
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    const { data, init } = thrown as { data: unknown; init: ResponseInit | null };
    return { status: init?.status ?? 200, location: null, data };
  }
  throw new Error("nothing was thrown");
}

describe.each(testDialects)("collection review page data on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  async function seeded() {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db);
    return test.db;
  }

  async function insertCollection(fields: {
    slug: string;
    title: string;
    criteria_type?: "brand" | "custom" | "price";
    criteria_value?: string | null;
  }) {
    const row = await test.db
      .insertInto("collections")
      .values({ criteria_type: "custom", criteria_value: null, ...fields })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Every page of a list, followed to its end as a reader would. */
  async function allPages(db: Awaited<ReturnType<typeof seeded>>, slug: string, pageSize?: number): Promise<Ready[]> {
    const pages = [await loadCollectionPage(db, slug, { pageSize })];
    while (pages.at(-1)!.pagination.page < pages.at(-1)!.pagination.pageCount) {
      pages.push(await loadCollectionPage(db, slug, { page: pages.length + 1, pageSize }));
    }
    return pages;
  }

  it("gives every fixed page the products that satisfy its rule, best rated first, from the stored record", async () => {
    const db = await seeded();
    const products = await listProducts(db);
    const byId = new Map(products.map((p) => [p.id, p]));
    for (const slug of FIXED_COLLECTION_SLUGS) {
      const pages = await allPages(db, slug);
      const saunas = pages.flatMap((page) => page.saunas);
      for (const page of pages) {
        expect(page.content, slug).toBe("list");
        expect(page.source, slug).toBe("rule");
        expect(page.saunas.length, slug).toBeLessThanOrEqual(COLLECTION_PAGE_SIZE);
      }
      expect(saunas.length, slug).toBeGreaterThanOrEqual(3);
      const expected = products.filter((p) => matchesFixedCollection(slug as FixedCollectionSlug, p)).map((p) => p.id);
      expect(
        saunas.map((s) => s.id),
        slug,
      ).toEqual(expected);
      expect(pages[0]!.pagination.totalItems, slug).toBe(expected.length);
      expect(
        saunas.map((s) => s.rank),
        slug,
      ).toEqual(expected.map((_, i) => i + 1));
      const ratings = saunas.map((s) => byId.get(s.id)!.rating ?? -1);
      expect(ratings, slug).toEqual([...ratings].sort((a, b) => b - a));
    }
  });

  it("continues the ranking on page 2: #11 opens it, right after page 1's #10", async () => {
    const db = await seeded();
    const [first, second] = await allPages(db, "outdoor-saunas");
    expect(first!.pagination).toMatchObject({ page: 1, pageCount: 3, totalItems: sampleProducts.length });
    expect(first!.saunas.map((s) => s.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(second!.saunas[0]!.rank).toBe(11);
    const expected = (await listProducts(db)).slice(10, 20).map((p) => p.id);
    expect(second!.saunas.map((s) => s.id)).toEqual(expected);
  });

  it("pages every fixed rule with pages of two, as with ten", async () => {
    const db = await seeded();
    for (const slug of FIXED_COLLECTION_SLUGS) {
      const ofTen = (await allPages(db, slug)).flatMap((page) => page.saunas.map((s) => s.id));
      const pagesOfTwo = await allPages(db, slug, 2);
      expect(
        pagesOfTwo.flatMap((page) => page.saunas.map((s) => s.id)),
        slug,
      ).toEqual(ofTen);
      expect(pagesOfTwo.length, slug).toBe(Math.ceil(ofTen.length / 2));
      expect(pagesOfTwo[1]?.saunas[0]?.rank, slug).toBe(3);
    }
  });

  it("gives a page past the end no saunas and says how many pages there are", async () => {
    const db = await seeded();
    const past = await loadCollectionPage(db, "barrel-saunas", { page: 99 });
    expect(past.saunas).toEqual([]);
    expect(past.pagination.page).toBeGreaterThan(past.pagination.pageCount);
  });

  it("pages a custom collection's members in the editors' order", async () => {
    const db = await seeded();
    const id = await insertCollection({ slug: "editors-all", title: "Editors' All" });
    const picks = await db.selectFrom("products").select(["id", "slug"]).orderBy("slug", "desc").execute();
    await db
      .insertInto("collection_products")
      .values(picks.map((p, position) => ({ collection_id: id, product_id: Number(p.id), position })))
      .execute();
    const pages = await allPages(db, "editors-all");
    expect(pages.map((page) => page.source)).toEqual(["membership", "membership", "membership"]);
    expect(pages.flatMap((page) => page.saunas.map((s) => s.slug))).toEqual(picks.map((p) => p.slug));
    expect(pages[1]!.saunas[0]!.rank).toBe(11);
  });

  it("prices the budget, premium and luxury pages inside their tiers (9,999 / 10,000 / 14,999 / 15,000)", async () => {
    const db = await seeded();
    const dollars = (page: Ready) => page.saunas.map((s) => Number(s.priceText.replace(/[$,]/g, "")));
    for (const price of dollars(await loadCollectionPage(db, "budget-saunas"))) expect(price).toBeLessThan(10_000);
    const premium = dollars(await loadCollectionPage(db, "premium-saunas"));
    expect(premium).toContain(10_000);
    for (const price of premium) expect(price >= 10_000 && price < 15_000).toBe(true);
    for (const price of dollars(await loadCollectionPage(db, "luxury-saunas"))) expect(price).toBeGreaterThanOrEqual(15_000);
  });

  it("reads titles from the record, fixed texts on six-person and modern-outdoor, and the fixed clt record", async () => {
    const db = await seeded();
    await db.updateTable("collections").set({ title: "Edited Barrel Title" }).where("slug", "=", "barrel-saunas").execute();
    await db.updateTable("collections").set({ title: "Edited Six Title" }).where("slug", "=", "six-person-saunas").execute();
    await db.updateTable("collections").set({ title: "Edited CLT Title" }).where("slug", "=", "clt-saunas").execute();

    expect((await loadCollectionPage(db, "barrel-saunas")).header.title).toBe("Edited Barrel Title");
    const six = (await loadCollectionPage(db, "six-person-saunas")).header;
    expect(six.title).toBe(collectionPageDefaults("six-person-saunas").title);
    const clt = await loadCollectionPage(db, "clt-saunas");
    expect(clt.header.title).toBe(collectionPageDefaults("clt-saunas").title);
    expect(clt.saunas.every((s) => s.categoryId === "clt" || /\bclt\b/i.test(s.name))).toBe(true);
  });

  it("uses the themed defaults and flags the missing record when a fixed page has none", async () => {
    const db = await seeded();
    await db.deleteFrom("collections").where("slug", "=", "infrared-saunas").execute();
    const page = await loadCollectionPage(db, "infrared-saunas");
    const defaults = collectionPageDefaults("infrared-saunas");
    expect(page.header).toMatchObject({
      title: defaults.title,
      description: defaults.description,
      recordMissing: true,
    });
    expect(page.saunas.length).toBeGreaterThanOrEqual(3);
    expect(page.saunas.every((s) => /infrared/i.test(s.heaterType ?? ""))).toBe(true);
  });

  it("builds sauna view models with rank, sample flag, type label, site-relative images and safe buy links", async () => {
    const db = await seeded();
    const [first] = (await loadCollectionPage(db, "barrel-saunas")).saunas;
    expect(first).toMatchObject({ rank: 1, isSample: true, typeLabel: "Barrel" });
    expect(first!.image).toMatch(/^\/images\/samples\/.+-1\.webp$/);
    expect(first!.buyLink).toMatchObject({ external: true, rel: "sponsored nofollow noopener" });
    expect(first!.href).toMatch(/^\/reviews\/product\/birchline-/);
  });

  it("redirects the short and mixed-case names of a fixed page to its slug", async () => {
    const db = await seeded();
    for (const alias of ["barrel", "Barrel-Saunas", "electric", "wood-fired"]) {
      const thrown = await thrownBy(loadCollectionPage(db, alias));
      expect(thrown.status, alias).toBe(301);
      expect(thrown.location, alias).toMatch(/^\/reviews\/[a-z-]+-saunas$/);
    }
    expect(await thrownBy(loadCollectionPage(db, "barrel"))).toEqual({ status: 301, location: "/reviews/barrel-saunas", data: null });
    // The query asked with goes along.
    expect((await thrownBy(loadCollectionPage(db, "barrel", { search: "?view=compare" }))).location).toBe(
      "/reviews/barrel-saunas?view=compare",
    );
  });

  it("throws not-found (404) for a slug that is neither fixed nor stored", async () => {
    const db = await seeded();
    const thrown = await thrownBy(loadCollectionPage(db, "no-such-collection"));
    expect(thrown.status).toBe(404);
    expect(thrown.data).toMatchObject({ screen: "collection", kind: "not-found", listId: "no-such-collection" });
  });

  it("shows a generic collection created after the cache was filled, by its brand criterion", async () => {
    const db = await seeded();
    // Fill the caches first, as a running site would have.
    await catalogCache(db).collections();
    await catalogCache(db).topProducts();
    await insertCollection({
      slug: "emberfold-picks",
      title: "Emberfold Picks",
      criteria_type: "brand",
      criteria_value: "Emberfold Wellness",
    });

    const page = await loadCollectionPage(db, "emberfold-picks");
    expect(page.header).toMatchObject({
      title: "Emberfold Picks",
      description: "Top-rated Emberfold Picks",
      recordMissing: false,
    });
    expect(page.source).toBe("criteria");
    const emberfold = sampleProducts.filter((p) => p.brand === "Emberfold Wellness");
    expect(page.saunas.map((s) => s.brand)).toEqual(emberfold.map(() => "Emberfold Wellness"));
    expect(page.showingTopRated).toBe(false);
  });

  it("lists a custom collection's members in their stored order", async () => {
    const db = await seeded();
    const id = await insertCollection({ slug: "editors-three", title: "Editors' Three" });
    const picks = await db.selectFrom("products").select(["id", "slug"]).orderBy("slug", "desc").limit(3).execute();
    await db
      .insertInto("collection_products")
      .values(picks.map((p, position) => ({ collection_id: id, product_id: Number(p.id), position })))
      .execute();
    const page = await loadCollectionPage(db, "editors-three");
    expect(page.source).toBe("membership");
    expect(page.saunas.map((s) => s.slug)).toEqual(picks.map((p) => p.slug));
  });

  it("falls back to the first 5 for a collection whose criterion matches nothing, and says so", async () => {
    const db = await seeded();
    await insertCollection({
      slug: "nobody-brand",
      title: "Nobody Brand",
      criteria_type: "brand",
      criteria_value: "No Such Brand",
    });
    const page = await loadCollectionPage(db, "nobody-brand");
    expect(page).toMatchObject({ content: "list", source: "top-rated", showingTopRated: true });
    expect(page.saunas.map((sauna) => sauna.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(page.pagination).toMatchObject({ page: 1, pageCount: 1, totalItems: 5 });
  });

  it("falls back to the first 5 for a custom collection with no members, and says so", async () => {
    const db = await seeded();
    await insertCollection({ slug: "empty-custom", title: "Empty Custom" });
    const page = await loadCollectionPage(db, "empty-custom");
    expect(page.source).toBe("top-rated");
    expect(page.showingTopRated).toBe(true);
    expect(page.saunas).toHaveLength(5);
  });

  it("falls back to the best-rated 3 on a price or size page when nothing is in its tier, and says so", async () => {
    test = await createTestDatabase(dialect);
    await seedSampleContent(test.db, {
      products: sampleProducts.filter((p) => p.price >= 15_000 && p.capacity !== 2),
      collections: sampleCollections.filter((c) => c.slug !== "budget-saunas"),
    });
    const page = await loadCollectionPage(test.db, "budget-saunas");
    expect(page).toMatchObject({ content: "list", source: "top-rated", showingTopRated: true });
    expect(page.saunas).toHaveLength(3);
    expect(page.header.recordMissing).toBe(true);
    const twoPerson = await loadCollectionPage(test.db, "two-person-saunas");
    expect(twoPerson).toMatchObject({ content: "list", source: "top-rated", showingTopRated: true });
    expect(twoPerson.saunas).toHaveLength(3);
    // A type page too.
    const infrared = await loadCollectionPage(test.db, "infrared-saunas");
    expect(infrared).toMatchObject({ content: "list", source: "top-rated", showingTopRated: true });
    expect(infrared.saunas).toHaveLength(3);
  });

  it("shows a curated fixed page's stored saunas in their order, and the rule again once none are stored", async () => {
    const db = await seeded();
    const barrelPage = await db.selectFrom("collections").select("id").where("slug", "=", "barrel-saunas").executeTakeFirstOrThrow();
    const picks = await db
      .selectFrom("products")
      .select(["id", "slug"])
      .where("slug", "in", [sampleProducts[3]!.slug, sampleProducts[0]!.slug])
      .execute();
    const bySlug = new Map(picks.map((row) => [row.slug, Number(row.id)]));
    // A modern sauna and the Tyyni cube: not barrels, but the admin chose them, in this order.
    const chosen = [sampleProducts[3]!.slug, sampleProducts[0]!.slug];
    await db
      .insertInto("collection_products")
      .values(chosen.map((slug, position) => ({ collection_id: Number(barrelPage.id), product_id: bySlug.get(slug)!, position })))
      .execute();
    const curated = await loadCollectionPage(db, "barrel-saunas");
    expect(curated.source).toBe("membership");
    expect(curated.saunas.map((sauna) => sauna.name)).toEqual([sampleProducts[3]!.name, sampleProducts[0]!.name]);

    await db.deleteFrom("collection_products").where("collection_id", "=", Number(barrelPage.id)).execute();
    const byRule = await loadCollectionPage(db, "barrel-saunas");
    expect(byRule.source).toBe("rule");
  });

  it("counts the pages each kind of list renders, and their date, without reading them (the sitemap's count)", async () => {
    const db = await seeded();
    const picked = (await listProducts(db)).slice(0, 7).map((product) => product.slug);
    const imported = await importCollectionCsv(db, `slug,title,product_ids\npicked-seven,Picked Seven,"${picked.join(",")}"`);
    expect(imported.ok).toBe(true);
    await insertCollection({ slug: "one-brand", title: "One Brand", criteria_type: "brand", criteria_value: sampleProducts[0]!.brand });
    await insertCollection({ slug: "nobody-brand", title: "Nobody Brand", criteria_type: "brand", criteria_value: "No Such Brand" });
    const sources = new Set<string>();
    for (const slug of [...FIXED_COLLECTION_SLUGS, "picked-seven", "one-brand", "nobody-brand"]) {
      for (const pageSize of [3, COLLECTION_PAGE_SIZE]) {
        // The pages a reader can open: each one up to the first that holds no sauna.
        let rendered = 0;
        while ((await loadCollectionPage(db, slug, { page: rendered + 1, pageSize })).saunas.length > 0) rendered++;
        const first = await loadCollectionPage(db, slug, { pageSize });
        sources.add(first.source);
        const counted = await collectionPageCount(db, slug, pageSize);
        expect(counted.pageCount, `${slug} by ${pageSize}`).toBe(Math.max(1, rendered));
        expect(counted.pageCount, `${slug} by ${pageSize}`).toBe(first.pagination.pageCount);
        expect(counted.lastUpdated, slug).toBe(first.header.lastUpdated);
      }
    }
    expect((await collectionPageCount(db, "picked-seven", 3)).pageCount).toBe(3);
    expect([...sources].sort()).toEqual(["criteria", "membership", "rule", "top-rated"]);
    // It throws what the page throws.
    expect((await thrownBy(collectionPageCount(db, "no-such-collection"))).status).toBe(404);
    expect((await thrownBy(collectionPageCount(db, "barrel"))).status).toBe(301);
  });

  describe("'Last updated': the page's real last change", () => {
    const later = () => new Promise((resolve) => setTimeout(resolve, 5));
    const dateOf = async (slug: string) => (await loadCollectionPage(test.db, slug)).header.lastUpdated;
    const csv = (header: string[], ...rows: string[][]) => [header, ...rows].map((cells) => cells.join(",")).join("\n");

    it("is the seed's time for a sample page, never a fixed date", async () => {
      const before = new Date().toISOString();
      await seeded();
      for (const slug of FIXED_COLLECTION_SLUGS) {
        const date = await dateOf(slug);
        expect(date, slug).not.toBeNull();
        expect(date! >= before, slug).toBe(true);
      }
    });

    it("moves when a product on the page is imported, not when one elsewhere is", async () => {
      const db = await seeded();
      const seededDate = await dateOf("barrel-saunas");
      const [barrel] = (await loadCollectionPage(db, "barrel-saunas")).saunas;
      const elsewhere = (await listProducts(db)).find((product) => !matchesFixedCollection("barrel-saunas", product))!;
      await later();
      const outside = await importProductCsv(
        db,
        csv(["name", "brand", "slug", "tagline"], [elsewhere.name, elsewhere.brand, elsewhere.slug, "Edited"]),
      );
      expect(outside.ok).toBe(true);
      expect(await dateOf("barrel-saunas")).toBe(seededDate);

      await later();
      const inside = await importProductCsv(
        db,
        csv(["name", "brand", "slug", "tagline"], [barrel!.name, barrel!.brand, barrel!.slug, "Edited"]),
      );
      expect(inside.ok).toBe(true);
      const moved = await dateOf("barrel-saunas");
      expect(moved! > seededDate!).toBe(true);
    });

    it("moves when an import changes the collection itself, and when a product leaves its hand-picked list", async () => {
      const db = await seeded();
      const id = await insertCollection({ slug: "editors-list", title: "Editors' List" });
      const [first, second] = sampleProducts;
      const members = await db.selectFrom("products").select(["id", "slug"]).where("slug", "in", [first!.slug, second!.slug]).execute();
      await db
        .insertInto("collection_products")
        .values(members.map((row, position) => ({ collection_id: id, product_id: Number(row.id), position })))
        .execute();
      await db.updateTable("collections").set({ updated_at: "2026-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
      const start = await dateOf("editors-list");

      await later();
      const retitled = await importCollectionCsv(db, csv(["slug", "title"], ["editors-list", "Our Editors' List"]));
      expect(retitled.ok).toBe(true);
      const afterTitle = await dateOf("editors-list");
      expect(afterTitle! > start!).toBe(true);

      // The product leaves the list: it is no longer on the page, yet the page has changed.
      await later();
      const left = await importProductCsv(
        db,
        csv(["name", "brand", "slug", "collection_ids"], [first!.name, first!.brand, first!.slug, ""]),
      );
      expect(left.ok).toBe(true);
      const page = await loadCollectionPage(db, "editors-list");
      expect(page.saunas.map((sauna) => sauna.slug)).toEqual([second!.slug]);
      expect(page.header.lastUpdated! > afterTitle!).toBe(true);
    });
  });

  it("throws a failing database as the 500 error page with a public message", async () => {
    // A database without its tables: every catalog read fails.
    test = await createTestDatabase(dialect, { migrate: false });
    const broken = test.db;
    // A fixed page is named by its own title, a stored one by its slug's words (its record could not be read).
    for (const [listId, title] of [
      ["barrel-saunas", "Best Barrel Saunas"],
      ["some-list", "Some List"],
    ] as const) {
      const thrown = await thrownBy(loadCollectionPage(broken, listId));
      expect(thrown.status, listId).toBe(500);
      expect(thrown.data, listId).toMatchObject({
        screen: "collection",
        kind: "unavailable",
        listId,
        title,
        message: PUBLIC_LOAD_ERROR_MESSAGE,
      });
    }
  });
});
