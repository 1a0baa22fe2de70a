import { FIXED_COLLECTION_SLUGS } from "../../app/lib/collection/collection-rules";
import { sampleProducts } from "../../app/server/seed/sample-products";
import { expect, signInAsAdmin, test } from "./admin-support";

// Deleting from the catalog: one product from the list, and all the sample content in one go,
// each through the confirmation page that names what goes. Run on a site of the test's own,
// since every other spec counts on the sample catalog.

test.describe("Deleting is checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test("a product deleted from the list is gone from the site, and its address answers 410", async ({ page, freshSite }) => {
    test.setTimeout(90_000);
    const product = sampleProducts.find((item) => item.category_id === "barrel")!;
    await signInAsAdmin(page, freshSite);

    await page.goto(`${freshSite.url}/admin/products?q=${encodeURIComponent(product.name)}`);
    await page
      .getByRole("link", { name: `Delete ${product.name}` })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Delete from the catalog" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Delete 1 product?");
    await expect(page.getByRole("region", { name: "Products (1)" })).toContainText(`${product.name} (${product.slug})`);
    // Cancel changes nothing.
    await page.getByRole("link", { name: "Cancel" }).click();
    expect((await page.request.get(`${freshSite.url}/reviews/product/${product.slug}`)).status()).toBe(200);

    await page
      .getByRole("link", { name: `Delete ${product.name}` })
      .first()
      .click();
    await page.getByRole("button", { name: "Delete 1 product" }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole("status").filter({ hasText: "Deleted 1 product" })).toBeVisible();

    const gone = await page.goto(`${freshSite.url}/reviews/product/${product.slug}`);
    expect(gone?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No Longer Reviewed");
    await expect(page.getByRole("link", { name: "See Barrel Saunas" })).toHaveAttribute("href", "/reviews/barrel-saunas");
    const barrel = await (await page.request.get(`${freshSite.url}/reviews/barrel-saunas`)).text();
    expect(barrel).not.toContain(product.name);
  });

  test("'Remove all sample content' empties the catalog in one go; every page shows its empty state", async ({ page, freshSite }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, freshSite);

    await page.getByRole("link", { name: "Remove all sample content…" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Remove all sample content" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText(`Delete ${sampleProducts.length} products, `);
    await expect(page.getByRole("region", { name: `Products (${sampleProducts.length})` })).toContainText(sampleProducts[0]!.name);
    await expect(page.getByRole("region", { name: "Articles (5)" })).toContainText("(sauna-maintenance)");
    // The sample shops and authors go with them, and are named.
    await expect(page.getByRole("region", { name: /^Shops that sell only these products \(\d+\)$/ })).toContainText("(");
    await page.getByRole("button", { name: /^Delete \d+ products, \d+ collections, 5 articles, \d+ shops( and \d+ authors?)?$/ }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("status").filter({ hasText: `Deleted ${sampleProducts.length} products` })).toBeVisible();
    await expect(page.getByTestId("count-products")).toHaveText("0");
    await expect(page.getByTestId("count-collections")).toHaveText("0");
    await expect(page.getByRole("link", { name: "Remove all sample content…" })).toHaveCount(0);

    await page.goto(`${freshSite.url}/`);
    await expect(page.getByText("No categories with custom images available at this time.")).toBeVisible();
    await expect(page.getByText("No saunas available for comparison.").first()).toBeVisible();
    await expect(page.getByText("No Infrared sauna found")).toBeVisible();
    for (const product of sampleProducts) await expect(page.getByText(product.name, { exact: true })).toHaveCount(0);

    // The sample articles went too: their pages answer 404 and /learn lists none.
    expect((await page.request.get(`${freshSite.url}/learn/sauna-maintenance`)).status()).toBe(404);
    expect(await (await page.request.get(`${freshSite.url}/learn`)).text()).not.toContain("/learn/sauna-maintenance");

    await page.goto(`${freshSite.url}/reviews`);
    for (const product of sampleProducts.slice(0, 5)) await expect(page.getByText(product.name, { exact: true })).toHaveCount(0);

    for (const slug of FIXED_COLLECTION_SLUGS) {
      const response = await page.goto(`${freshSite.url}/reviews/${slug}`);
      expect(response?.status(), slug).toBe(200);
      await expect(page.getByText("Temporary Notice: Example Products"), slug).toBeVisible();
    }
    // The notice on the last of them, in full: three examples that sell nothing.
    const notice = page.getByRole("region", { name: "Temporary Notice: Example Products" });
    await expect(notice).toContainText("being loaded with verified reviews");
    await expect(notice).toContainText("still testing");
    const examples = notice.getByRole("heading", { level: 3 });
    await expect(examples).toHaveCount(3);
    for (const name of await examples.allInnerTexts()) expect(name).toMatch(/^Example: /);
    await expect(notice.getByText("Example", { exact: true })).toHaveCount(3);
    await expect(notice.locator("a[target='_blank']")).toHaveCount(0);
    await expect(notice.locator("a[href^='/reviews/product/']")).toHaveCount(0);
    for (const img of await notice.locator("img").all()) {
      await expect(img).toHaveAttribute("src", /^\/img\/[^/]+\/images\/builtin\//);
    }
    await expect(page.getByTestId("ranked-sauna")).toHaveCount(0);

    for (const product of sampleProducts) {
      expect((await page.request.get(`${freshSite.url}/reviews/product/${product.slug}`)).status(), product.slug).toBe(410);
    }
    expect((await page.request.get(`${freshSite.url}/product/1`)).status()).toBe(410);
  });
});
