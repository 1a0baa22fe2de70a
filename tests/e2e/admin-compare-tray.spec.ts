import { expect, signInAsAdmin, test } from "./admin-support";

// The compare tray holds a pick, then the reader signs in and works in the admin area: the tray,
// which would cover the Sign In button and the admin's tables, is not drawn there.
test.describe.configure({ timeout: 90_000 });

test("with a sauna in the compare tray, sign-in and the admin area show no tray", { tag: "@desktop-only" }, async ({ page, adminSite }) => {
  await page.goto(`${adminSite.url}/reviews`);
  await page.waitForFunction(() => document.querySelector(".compare-toggle")?.tagName === "BUTTON");
  await page
    .getByTestId("product-row")
    .first()
    .getByRole("button", { name: /^Add to compare/ })
    .click();
  const tray = page.getByTestId("compare-tray");
  await expect(tray).toBeVisible();

  await signInAsAdmin(page, adminSite);
  await expect(tray).toHaveCount(0);
  for (const path of ["/admin/products", "/admin/products/new", "/admin/collections"]) {
    await page.goto(`${adminSite.url}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(tray, path).toHaveCount(0);
  }
  // Back on the catalog, the pick is still there.
  await page.goto(`${adminSite.url}/reviews`);
  await expect(tray).toBeVisible();
});
