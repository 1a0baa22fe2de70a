import { describe, expect, it } from "vitest";
import { TEST_BASE_URL } from "../../../tests/support/auth-fixtures";
import { testContextForBlock } from "../../../tests/support/block-databases";
import { testDialects } from "../../../tests/support/test-databases";
import { formatMoney, minorToDecimalText } from "~/lib/text/money";
import { displayPrice } from "~/lib/offers/display-price";
import { historyRange } from "~/lib/offers/price-history-view";
import { CHECK_PRICE, priceSettingsAt, toPriceView, type PriceView } from "~/lib/offers/price-view";
import { socialCardPrice } from "~/lib/seo/social-card";
import { invalidateCatalog } from "../catalog/catalog-cache.server";
import { offersOfProducts } from "../offers/offer-reads.server";
import { listProducts } from "../products/products.server";
import { sampleCollections } from "../seed/sample-collections";
import { collectionPage } from "./collection.server";
import { loadComparePage } from "./compare.server";
import { loadHomePage } from "./home.server";
import { productPage } from "./product.server";
import { loadReviewsIndexPage } from "./reviews-index.server";

/** What a page shows of a product's price: the number (or "Check price"), and how old it is. */
interface Shown {
  page: string;
  text: string;
  asOf: string | null;
}

/**
 * Every sample product on every kind of page (the home page's sections, /reviews, a search, every
 * collection page, the product page with its social card and structured data, /compare), read
 * through the pages' own loaders and view models: each shows the one displayed price, the one
 * `displayPrice` decides from the product's offers, with the same "as of" date.
 */
describe.each(testDialects)("one price on every page on %s", (dialect) => {
  const { test, ctx } = testContextForBlock(dialect, { seed: true });

  const url = (path: string) => new URL(`${TEST_BASE_URL}${path}`);

  async function expectedPrices(): Promise<Map<string, PriceView>> {
    const settings = priceSettingsAt(ctx.context.config.prices, Date.now());
    const products = await listProducts(test.db);
    const offers = await offersOfProducts(
      test.db,
      products.map((product) => product.id),
    );
    return new Map(products.map((product) => [product.slug, toPriceView(displayPrice(offers.get(product.id) ?? [], settings))]));
  }

  /** Every price every page shows, by product slug. */
  async function shownPrices(slugs: readonly string[]): Promise<Map<string, Shown[]>> {
    const shown = new Map<string, Shown[]>(slugs.map((slug) => [slug, []]));
    const note = (slug: string, entry: Shown) => shown.get(slug)?.push(entry);

    const home = await loadHomePage(ctx.context, { streamComparison: false });
    if (home.topRated.source === "catalog")
      for (const card of home.topRated.cards) note(card.slug, { page: "home: top rated", text: card.priceText, asOf: card.priceAsOf });
    for (const pick of home.bestPicks)
      if (pick.product) note(pick.product.slug, { page: "home: best picks", text: pick.product.priceText, asOf: pick.product.priceAsOf });
    for (const row of (await home.comparison)?.rows ?? [])
      note(row.slug, { page: "home: comparison", text: row.priceText, asOf: row.priceAsOf });

    for (let page = 1, pages = 1; page <= pages; page++) {
      const { view } = await loadReviewsIndexPage(ctx.context, url(page === 1 ? "/reviews" : `/reviews?page=${page}`));
      pages = view.pagination.pageCount;
      for (const card of view.products) note(card.slug, { page: "/reviews", text: card.priceText, asOf: card.priceAsOf });
    }

    for (const collection of sampleCollections) {
      for (let page = 1, pages = 1; page <= pages; page++) {
        const path = `/reviews/${collection.slug}${page === 1 ? "" : `?page=${page}`}`;
        const view = await collectionPage(test.db, {
          listId: collection.slug,
          url: url(path),
          baseUrl: TEST_BASE_URL,
          prices: ctx.context.config.prices,
        });
        pages = view.pagination.pageCount;
        for (const sauna of view.saunas)
          note(sauna.slug, { page: `collection ${collection.slug}`, text: sauna.priceText, asOf: sauna.priceAsOf });
      }
    }

    for (const slug of slugs) {
      const products = await listProducts(test.db);
      const product = products.find((candidate) => candidate.slug === slug)!;
      const search = await loadReviewsIndexPage(ctx.context, url(`/reviews?q=${encodeURIComponent(product.name)}`));
      const found = search.view.products.find((card) => card.slug === slug);
      expect(found, `search for ${product.name} finds it`).toBeDefined();
      note(slug, { page: "search", text: found!.priceText, asOf: found!.priceAsOf });

      const screen = await productPage(test.db, { idOrSlug: slug, baseUrl: TEST_BASE_URL, prices: ctx.context.config.prices });
      const { view } = screen;
      note(slug, { page: "product page", text: view.priceText, asOf: view.priceAsOf });
      if (view.sale) note(slug, { page: "product page: sale", text: view.sale.salePriceText, asOf: view.priceAsOf });
      const lowest = view.whereToBuy.rows.filter((row) => row.lowest);
      if (view.price.kind === "price") {
        expect(lowest, `${slug}: one "Lowest price" row`).toHaveLength(1);
        note(slug, { page: "where to buy: lowest", text: lowest[0]!.priceText, asOf: lowest[0]!.asOfText });
      } else {
        expect(lowest).toHaveLength(0);
      }
      // The price chart's last day is the displayed price (docs/decisions/0063).
      expect(view.priceHistory, `${slug}: a price chart`).not.toBeNull();
      const chartToday = historyRange(view.priceHistory!, 1)[0]!.amountMinor;
      if (view.price.kind === "price")
        note(slug, { page: "price chart: today", text: formatMoney(chartToday, view.priceHistory!.currency), asOf: view.priceAsOf });
      else expect(chartToday, `${slug}: no price in the chart today`).toBeNull();

      // The social card and the structured data carry the displayed amount as a plain number.
      const amount = view.price.amountMinor === null ? null : minorToDecimalText(view.price.amountMinor, view.price.currency!);
      note(slug, { page: "social card", text: socialCardPrice(view.price)?.amount ?? "none", asOf: view.priceAsOf });
      const offers = screen.productLd?.offers as Record<string, unknown> | undefined;
      const ldAmount = offers ? String(offers["@type"] === "AggregateOffer" ? offers.lowPrice : offers.price) : "none";
      note(slug, { page: "JSON-LD", text: ldAmount, asOf: view.priceAsOf });
      expect(amount ?? "none", `${slug}: social card and JSON-LD amount`).toBe(ldAmount);

      const compare = await loadComparePage(ctx.context, url(`/compare?products=${slug}`));
      const priceRow = compare.rows.find((row) => row.isPrice)!;
      note(slug, { page: "/compare", text: priceRow.values[0]!.replace(/ \(list .*\)$/, ""), asOf: compare.products[0]!.priceAsOf });
    }
    return shown;
  }

  it("shows every sample product's displayed price, and its date, the same way on every page kind", async () => {
    const expected = await expectedPrices();
    expect(expected.size).toBeGreaterThan(10);
    const shown = await shownPrices([...expected.keys()]);
    const kinds = new Set<string>();
    for (const [slug, price] of expected) {
      const amount = price.amountMinor === null ? "none" : minorToDecimalText(price.amountMinor, price.currency!);
      for (const entry of shown.get(slug)!) {
        kinds.add(entry.page.replace(/ .*$/, ""));
        const want = entry.page === "social card" || entry.page === "JSON-LD" ? amount : price.text;
        expect({ slug, page: entry.page, text: entry.text, asOf: entry.asOf }).toEqual({
          slug,
          page: entry.page,
          text: want,
          asOf: price.asOfText,
        });
      }
      const pages = shown.get(slug)!.map((entry) => entry.page);
      for (const required of ["/reviews", "search", "product page", "price chart: today", "social card", "JSON-LD", "/compare"])
        expect(pages, slug).toContain(required);
    }
    // Every page kind was seen for some product.
    expect([...kinds].sort()).toEqual(
      ["/compare", "/reviews", "JSON-LD", "collection", "home:", "price", "product", "search", "social", "where"].sort(),
    );
  });

  it("the sample's sale on the Tyyni shows the same sale price on the home page, /reviews and its product page", async () => {
    const shown = await shownPrices(["lumo-works-tyyni-4-cube-sauna"]);
    const texts = new Set(
      shown
        .get("lumo-works-tyyni-4-cube-sauna")!
        .filter((entry) => !["social card", "JSON-LD"].includes(entry.page))
        .map((entry) => entry.text),
    );
    expect(texts.size).toBe(1);
  });

  it("says 'Check price' everywhere, and publishes no offer, when a product's only prices are feed prices older than PRICE_MAX_AGE", async () => {
    const slug = "lumo-works-tyyni-4-cube-sauna";
    const product = (await listProducts(test.db)).find((candidate) => candidate.slug === slug)!;
    const stale = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await test.db.updateTable("offers").set({ source: "feed", confirmed_at: stale }).where("product_id", "=", product.id).execute();
    invalidateCatalog(test.db);
    try {
      const shown = (await shownPrices([slug])).get(slug)!;
      const onPages = shown.filter((entry) => !["social card", "JSON-LD"].includes(entry.page));
      expect(onPages.length).toBeGreaterThan(3);
      for (const entry of onPages)
        expect(entry, entry.page).toMatchObject({ text: CHECK_PRICE, asOf: expect.stringMatching(/^Price as of /) });
      for (const entry of shown.filter((candidate) => ["social card", "JSON-LD"].includes(candidate.page))) expect(entry.text).toBe("none");
    } finally {
      await test.db.updateTable("offers").set({ source: "form" }).where("product_id", "=", product.id).execute();
      invalidateCatalog(test.db);
    }
  });
});
