import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growSite } from "../../../../tests/support/grown-site";
import { createTestDatabase, type TestDatabase } from "../../../../tests/support/test-databases";
import { DEFAULT_PRICES } from "../../offers/maintained-price.server";
import { todayList } from "./today.server";

/**
 * How long the Today list takes on a site of 20,000 products (tests/support/grown-site.ts), on
 * SQLite, with a thousand reviews out of date and some hundreds of dead shop links. A measurement, not a check run with the suite: growing the site takes minutes, so it
 * runs only with TODAY_SPEED=1 and prints its figures.
 */

const PRODUCTS = 20_000;
const ROUNDS = 20;

describe.runIf(process.env.TODAY_SPEED === "1")("the Today list on a grown site", () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase("sqlite");
    await growSite(test.db, PRODUCTS);
    // Things for the rules to find: one product in twenty with a review tested long ago, and a
    // dead link behind one offer in forty.
    await test.db
      .updateTable("products")
      .set({ verdict: "Solid.", tested_on: "2024-03-01" })
      .where(sql<boolean>`id % 20 = 0`)
      .execute();
    await test.db
      .insertInto("offer_link_results")
      .columns(["offer_id", "url", "outcome", "status_code", "checked_at", "duration_ms"])
      .expression((eb) =>
        eb
          .selectFrom("offers")
          .select([
            "id",
            "link",
            sql<string>`'client-error'`.as("outcome"),
            sql<number>`404`.as("status_code"),
            sql<string>`${new Date().toISOString()}`.as("checked_at"),
            sql<number>`50`.as("duration_ms"),
          ])
          .where("link", "is not", null)
          .where(sql<boolean>`id % 40 = 0`),
      )
      .execute();
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
    expect(list.items.length).toBeGreaterThan(100);
    console.log(
      `Today on ${PRODUCTS} products: ${list.items.length} items (${rules}); first ${cold.toFixed(1)} ms, median ${median.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms of ${ROUNDS}`,
    );
    expect(median).toBeLessThan(100);
  }, 120_000);
});
