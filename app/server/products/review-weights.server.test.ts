import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_WEIGHTS } from "~/lib/catalog/review";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { readReviewWeights, saveReviewWeights } from "./review-weights.server";

describe.each(testDialects)("the review weights on %s", (dialect) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(dialect);
    await test.db
      .insertInto("products")
      .values([
        // Scored: (9 + 8 + 6 + 10 + 7) / 5 = 8 → 4.0 under equal weights.
        {
          slug: "scored",
          name: "Scored",
          brand: "B",
          rating: 4,
          score_build_quality: 9,
          score_heat_efficiency: 8,
          score_installation: 6,
          score_warranty: 10,
          score_value: 7,
        },
        { slug: "typed", name: "Typed", brand: "B", rating: 3.3 },
      ])
      .execute();
  });
  afterAll(() => test?.drop());

  it("defaults to equal weights, and re-derives every scored product's rating when they change, leaving typed ones alone", async () => {
    expect(await readReviewWeights(test.db)).toEqual(DEFAULT_REVIEW_WEIGHTS);
    const weights = { scoreBuildQuality: 60, scoreHeatEfficiency: 10, scoreInstallation: 10, scoreWarranty: 10, scoreValue: 10 };
    expect(await saveReviewWeights(test.db, weights)).toBe(1);
    expect(await readReviewWeights(test.db)).toEqual(weights);
    const ratings = await test.db.selectFrom("products").select(["slug", "rating"]).orderBy("slug").execute();
    // 0.6 × 9 + 0.1 × (8 + 6 + 10 + 7) = 8.5 → 4.25 → 4.3
    expect(ratings.map((row) => [row.slug, Number(row.rating)])).toEqual([
      ["scored", 4.3],
      ["typed", 3.3],
    ]);
  });

  it("refuses weights that do not add up to 100, changing nothing", async () => {
    const before = await readReviewWeights(test.db);
    await expect(saveReviewWeights(test.db, { ...DEFAULT_REVIEW_WEIGHTS, scoreValue: 50 })).rejects.toThrow("add up to 130%");
    expect(await readReviewWeights(test.db)).toEqual(before);
  });
});
