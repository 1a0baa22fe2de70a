import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growSite } from "../../../../tests/support/grown-site";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-databases";
import { DEFAULT_PRICES } from "../../offers/offers.server";
import { todayList } from "./today.server";

/**
 * How long the Today list takes on a site of 20,000 products (tests/support/grown-site.ts), on
 * SQLite. A measurement, not a check run with the suite: growing the site takes minutes, so it
 * runs only with TODAY_SPEED=1 and prints its figures.
 */

const PRODUCTS = 20_000;
const ROUNDS = 20;

describe.runIf(process.env.TODAY_SPEED === "1")("the Today list on a grown site", () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    await growSite(test.db, PRODUCTS);
  }, 900_000);
  afterAll(async () => {
    await test?.drop();
  });

  it("is computed within 100 ms", async () => {
    const first = performance.now();
    const list = await todayList(test.db, DEFAULT_PRICES);
    const cold = performance.now() - first;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await todayList(test.db, DEFAULT_PRICES);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const rules = [...new Set(list.items.map((item) => item.rule))].join(", ");
    console.log(
      `Today on ${PRODUCTS} products: ${list.items.length} items (${rules}); first ${cold.toFixed(1)} ms, median ${median.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms of ${ROUNDS}`,
    );
    expect(median).toBeLessThan(100);
  }, 120_000);
});
