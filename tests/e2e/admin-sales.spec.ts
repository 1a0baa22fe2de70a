import { expect, signInAsAdmin, test, waitForHydration } from "./admin-support";

// A sale entered on the admin's product form: the product page strikes the list price through
// while the sale runs, and shows no sale once its end date has passed.

const SLUG = `sale-form-${process.pid}`;
const nextYear = new Date().getUTCFullYear() + 1;

test.describe("The admin form is checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test("a sale entered on the form shows on the product page until it ends", async ({ page, adminSite }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, adminSite);
    // The product's own form: once saved, the same screen also lists the product's offers, whose
    // forms have price and sale fields of their own.
    const productForm = page.locator("#product-form");

    await page.goto("/admin/products/new");
    await productForm.getByLabel("Name *").fill("Sale Form Barrel");
    await productForm.getByLabel("Brand").fill("Northwind");
    await productForm.getByLabel("Slug *").fill(SLUG);
    await productForm.getByLabel("Price (USD)", { exact: true }).fill("7650");
    await productForm.getByLabel("Sale price (USD)").fill("7299");
    await productForm.getByLabel("Sale ends").fill(`${nextYear}-01-31`);
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products Management" })).toBeVisible();
    await expect(productForm.getByLabel("Sale price (USD)")).toHaveValue("7299.00");
    await expect(productForm.getByLabel("Sale ends")).toHaveValue(`${nextYear}-01-31`);

    await page.goto(`/reviews/product/${SLUG}`);
    const buyBox = page.getByRole("region", { name: "Price and where to buy" });
    await expect(buyBox.getByTestId("list-price")).toHaveText("Regular price $7,650");
    await expect(buyBox.getByText("$7,299").first()).toBeVisible();
    await expect(buyBox.getByText(`Sale ends January 31, ${nextYear}`)).toBeVisible();

    // An end date in the past saves with a warning, and the page shows the plain price.
    await page.goBack();
    // A value typed before the form hydrates can be lost to its render: a failed run's snapshot
    // still showed the old date in the field.
    await waitForHydration(page);
    await productForm.getByLabel("Sale ends").fill("2020-01-31");
    await expect(productForm.getByLabel("Sale ends")).toHaveValue("2020-01-31");
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page.getByText("sale_ends 2020-01-31 has passed (no sale is shown)")).toBeVisible();

    await page.goto(`/reviews/product/${SLUG}`);
    await expect(page.getByTestId("list-price")).toHaveCount(0);
    await expect(buyBox.getByText("$7,650", { exact: true })).toBeVisible();
  });
});
