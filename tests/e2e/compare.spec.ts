import { expect, test, type Page } from "@playwright/test";

/**
 * Compare any saunas: pick three from two pages, open the tray, see the table, remove one,
 * reload the shareable URL; the same URL without JavaScript.
 */

// Three pages, two browser contexts and a reload: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="add-to-compare"]');
    return Boolean(button && Object.keys(button).some((key) => key.startsWith("__react")));
  });
}

test("add three saunas from two pages, compare, remove one, reload the shared URL", async ({ page }) => {
  await page.goto("/reviews");
  await hydrated(page);
  const rows = page.getByTestId("product-row");
  const names: string[] = [];
  for (const index of [0, 1]) {
    const row = rows.nth(index);
    names.push((await row.getByRole("heading").textContent())!.trim());
    await row.getByTestId("add-to-compare").click();
    await expect(row.getByTestId("add-to-compare")).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page).toHaveURL((url) => url.pathname === "/reviews");

  // The third from a product page.
  const third = rows.nth(2);
  names.push((await third.getByRole("heading").textContent())!.trim());
  await third.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: names[2] })).toBeVisible({ timeout: 20_000 });
  await hydrated(page);
  await page.getByTestId("add-to-compare").click();

  const tray = page.getByTestId("compare-tray");
  await expect(tray).toBeVisible();
  for (const name of names) await expect(tray).toContainText(name);
  await tray.getByRole("link", { name: "Compare (3)" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/compare" && url.searchParams.get("products")!.split(",").length === 3, { timeout: 20_000 });
  const table = page.getByTestId("compare-table");
  for (const name of names) await expect(table.getByRole("columnheader", { name: new RegExp(name) })).toBeVisible();
  for (const label of ["Price", "Type", "Capacity", "Dimensions", "Weight", "Heater", "Rating"]) {
    await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  }
  const buy = table.getByRole("link", { name: /Check Price for/ }).first();
  await expect(buy).toHaveAttribute("rel", /sponsored/);
  await expect(buy).toHaveAttribute("href", /^\/go\/[a-z0-9-]+\?from=compare$/);
  const redirect = await page.request.get((await buy.getAttribute("href"))!, { maxRedirects: 0 });
  expect(redirect.headers()["location"]).toMatch(/^https:\/\//);
  await expect(buy).toHaveAttribute("target", "_blank");

  await table.getByRole("link", { name: `Remove ${names[0]} from the comparison` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("products")!.split(",").length === 2, { timeout: 20_000 });
  await expect(table.getByRole("columnheader", { name: new RegExp(names[0]!) })).toHaveCount(0);
  const shared = page.url();

  await page.reload();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[1]!) })).toBeVisible();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[2]!) })).toBeVisible();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[0]!) })).toHaveCount(0);

  // The same URL with JavaScript off, plus an unknown slug, which is named and skipped.
  const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${shared},no-such-sauna`);
  await expect(plain.getByTestId("compare-notice")).toContainText("no-such-sauna");
  await expect(plain.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[1]!) })).toBeVisible();
  await expect(plain.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const slugs = new URL(shared).searchParams.get("products")!.split(",").sort().join(",");
  await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/compare\\?products=${slugs}$`));
  // Remove works as a plain link too.
  await plain.getByTestId("compare-remove").first().click();
  await expect(plain.getByTestId("compare-table").getByRole("columnheader")).toHaveCount(2);
  await noScript.close();
});
