import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { productPage } from "./product.server";

const BASE_URL = "https://saunas.example";

describe.each(testDialects)("a review's reviewer on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("links the reviewer to the author page of an author of that name, in the page and its JSON-LD", async () => {
    test = await createTestDatabase(dialect);
    const now = Date.now();
    await test.db
      .insertInto("authors")
      .values({
        slug: "priya-raman",
        name: "Priya Raman",
        title: "Editor",
        bio: "",
        image: null,
        profile_links: "[]",
        is_sample: false,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await test.db
      .insertInto("products")
      .values([
        { slug: "linked", name: "Linked", brand: "B", rating: 4.2, verdict: "Good.", reviewer: "priya raman " },
        { slug: "unlinked", name: "Unlinked", brand: "B", rating: 4.2, verdict: "Good.", reviewer: "Someone Else" },
      ])
      .execute();

    const linked = await productPage(test.db, { idOrSlug: "linked", baseUrl: BASE_URL });
    expect(linked.view.review?.reviewerPath).toBe("/learn/author/priya-raman");
    expect(JSON.stringify(linked.productLd)).toContain(`"url":"${BASE_URL}/learn/author/priya-raman"`);

    const unlinked = await productPage(test.db, { idOrSlug: "unlinked", baseUrl: BASE_URL });
    expect(unlinked.view.review?.reviewer).toBe("Someone Else");
    expect(unlinked.view.review?.reviewerPath).toBeNull();
  });
});
