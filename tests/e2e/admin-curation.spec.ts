import { sampleProducts } from "../../app/server/seed/sample-products";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// The fixed collection pages can be curated: stored members are shown in their order, and
// 'As Seen In' follows. Run on a site of the test's own: the other specs check every fixed page
// against its rule.

const cardNames = (page: import("@playwright/test").Page) => page.getByTestId("ranked-sauna").getByRole("heading", { level: 3 });

test.describe("Curation is checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test("a collections CSV's product_ids curate /reviews/barrel-saunas; a product CSV's collection_ids put a product on /reviews/infrared-saunas", async ({
    page,
    freshSite,
  }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, freshSite);
    // Three saunas that are not all barrels, in an order no rating would give.
    const chosen = [sampleProducts[5]!, sampleProducts[0]!, sampleProducts[12]!];

    await page.goto(`${freshSite.url}/admin/collections`);
    await waitForHydration(page);
    const barrelRow = page.getByRole("row").filter({ hasText: "barrel-saunas" });
    await expect(barrelRow).toContainText("by rule");
    const csv = `slug,title,product_ids\nbarrel-saunas,Barrel Saunas,"${chosen.map((p) => p.slug).join(", ")}"\n`;
    await page.locator("#collection-csv-file").setInputFiles({ name: "curated.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Save to Database" }).click();
    await expect(toast(page, "Collections Saved Successfully")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("row").filter({ hasText: "barrel-saunas" })).toContainText("curated");

    await page.goto(`${freshSite.url}/reviews/barrel-saunas`);
    await expect(cardNames(page)).toHaveText(chosen.map((p) => p.name));

    // A product CSV naming infrared-saunas puts a new product on that page and in its 'As Seen In'.
    await page.goto(`${freshSite.url}/admin/products`);
    await waitForHydration(page);
    const productCsv =
      "name,brand,slug,category_id,rating,collection_ids\nCurated Cedar Cabin,Northwind,curated-cedar-cabin,cabin,4.9,[infrared-saunas]\n";
    await page.locator("#product-csv-file").setInputFiles({ name: "p.csv", mimeType: "text/csv", buffer: Buffer.from(productCsv) });
    await expect(toast(page, "CSV Uploaded Successfully", "Parsed 1 product from CSV")).toBeVisible();
    // infrared-saunas lists by its rule: the preview asks, and the owner hand-picks (docs/decisions/0070).
    await expect(page.getByTestId("rule-list-warnings")).toHaveText(
      /^infrared-saunas will show only the products you list: 1 instead of \d+\.$/,
    );
    await page.getByRole("radio", { name: /^Replace the rule with the products you list/ }).check();
    await page.getByRole("button", { name: "Save to Database" }).click();
    await expect(toast(page, "Products Saved Successfully", "Saved 1 product to the database")).toBeVisible({ timeout: 30_000 });

    await page.goto(`${freshSite.url}/reviews/infrared-saunas`);
    await expect(cardNames(page)).toHaveText(["Curated Cedar Cabin"]);
    await page.goto(`${freshSite.url}/reviews/product/curated-cedar-cabin`);
    const asSeenIn = page.getByRole("region", { name: "As Seen In" });
    await expect(asSeenIn.getByRole("link", { name: /Infrared Saunas/ })).toHaveAttribute("href", "/reviews/infrared-saunas");
    // Its category has no page of its own: the breadcrumb leads to all reviews instead.
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Cabin Saunas" })).toHaveAttribute(
      "href",
      "/reviews",
    );
  });
});
