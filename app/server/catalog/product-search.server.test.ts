import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "~/lib/catalog/catalog";
import { pageOffset } from "~/lib/catalog/pagination";
import { compareByTopRating } from "~/lib/home/home-page";
import { productMatches, SEARCH_RESULTS_SHOWN, searchPhrase, searchRank, searchWords } from "~/lib/reviews/catalog-search";
import { reviewsIndexRequest } from "~/lib/reviews/reviews-index";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { listProducts } from "../products/products.server";
import { countProducts, listProductPage, listProductPageAndCount } from "./product-lists.server";

/**
 * A search over 6,000 products, enough for every way a page is read (product-search.server.ts):
 * matches few enough to sort, and past 5,000 the walk after all matches' names, after the names
 * starting with the words, after the names holding them whole. Every page must be the one the
 * rule in code gives: the best 1,000 in searchRank's order, then the list's.
 */

const COUNT = 6000;

/**
 * Names: ten products are exactly 'Hut', 290 'Cedar Hut …', 24 'Bench Hut …', the rest
 * 'Cedarwood Hut …'; so every name holds 'hut', nearly all start a word with 'cedar' but few hold
 * it whole, and few name 'bench' while every product's features say 'benches'.
 */
function nameOf(i: number): string {
  if (i % 600 === 0) return "Hut";
  if (i % 20 === 0) return `Cedar Hut ${i}`;
  if (i % 250 === 1) return `Bench Hut ${i}`;
  return `Cedarwood Hut ${i}`;
}

const products = Array.from({ length: COUNT }, (_, i) => ({
  slug: `p-${i}`,
  name: nameOf(i),
  brand: `Brand ${i % 7}`,
  key_features: JSON.stringify([i % 2 === 0 ? "Cedar benches" : "Glass benches"]),
  // Ties on purpose (51 ratings, five review counts) so that the name and the id decide too.
  rating: (i * 37) % 51 === 0 ? null : ((i * 37) % 51) / 10,
  reviews_number: (i * 11) % 5,
}));

describe.each(testDialects)("a search over thousands of products on %s", (dialect) => {
  let test: TestDatabase;
  let all: Product[];

  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    for (let start = 0; start < COUNT; start += 500) {
      await test.db
        .insertInto("products")
        .values(products.slice(start, start + 500))
        .execute();
    }
    await refreshProductListKeys(test.db);
    all = await listProducts(test.db);
  }, 60_000);
  afterAll(() => test?.drop());

  /** Every match in the order the rule in code gives. */
  function expectedOrder(query: string): Product[] {
    const words = searchWords(query);
    const phrase = searchPhrase(query);
    return [...all]
      .sort(compareByTopRating)
      .filter((product) => productMatches(product, words))
      .sort((a, b) => searchRank(a, words, phrase) - searchRank(b, words, phrase));
  }

  const slugs = (list: readonly Product[]) => list.map((product) => product.slug);
  const selectionOf = (query: string) => reviewsIndexRequest(query).selection;

  // Each query reaches one way of reading a page (see nameOf).
  const queries = [
    // 'hut' is in every name, ten times the whole name: the exact names, then the walk.
    { query: "hut", matches: COUNT, firstNames: { count: 10, pattern: /^Hut$/ } },
    // 'cedar' starts a word in 5,966 names and is whole in 290: those sorted, then the walk. The
    // features of the even products say it too, so only the 24 odd 'Bench Hut' do not match.
    { query: "cedar", matches: COUNT - 24, firstNames: { count: 290, pattern: /^Cedar Hut \d+$/ } },
    // 'bench' starts a word in 24 names and in every product's features: the names, then the walk.
    { query: "bench", matches: COUNT, firstNames: { count: 24, pattern: /^Bench Hut \d+$/ } },
    // Few matches (60 and 601-609): all of them sorted by rank, the one holding '60' whole first.
    { query: "hut 60", matches: 10, firstNames: { count: 1, pattern: /^Cedar Hut 60$/ } },
  ];

  it.each(queries)("pages through the best 1,000 matches of '$query' in the rule's order", async ({ query, matches }) => {
    const expected = expectedOrder(query);
    expect(expected).toHaveLength(matches);
    const shown = Math.min(matches, SEARCH_RESULTS_SHOWN);
    const lastPage = Math.ceil(shown / 24);
    for (const page of new Set([1, 2, 3, 13, lastPage - 1, lastPage])) {
      if (page < 1) continue;
      const window = { limit: 24, offset: pageOffset(page, 24) };
      const { products: got, total, more } = await listProductPageAndCount(test.db, selectionOf(query), "top-rating", window);
      expect(slugs(got), `${query}, page ${page}`).toEqual(slugs(expected.slice(window.offset, Math.min(window.offset + 24, shown))));
      expect(total, query).toBe(shown);
      expect(more, query).toBe(matches > SEARCH_RESULTS_SHOWN);
    }
    // Past the results shown there is nothing to read, however many more match.
    expect(await listProductPage(test.db, selectionOf(query), "top-rating", { limit: 24, offset: lastPage * 24 })).toEqual([]);
  });

  it("ranks the products whose name is the query first, then names holding the words whole, then word starts", async () => {
    for (const { query, firstNames } of queries) {
      const window = { limit: firstNames.count + 24, offset: 0 };
      const { products: got } = await listProductPageAndCount(test.db, selectionOf(query), "top-rating", window);
      const names = got.map((product) => product.name);
      expect(
        names.slice(0, firstNames.count).every((name) => firstNames.pattern.test(name)),
        query,
      ).toBe(true);
      expect(firstNames.pattern.test(names[firstNames.count]!), query).toBe(false);
    }
  });

  it("still counts every match where a whole count is asked for (a collection rule's preview)", async () => {
    expect(await countProducts(test.db, selectionOf("cedar"))).toBe(COUNT - 24);
    expect(await countProducts(test.db, selectionOf("hut 60"))).toBe(10);
  });
});
