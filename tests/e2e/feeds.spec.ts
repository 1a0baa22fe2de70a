import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import path from "node:path";
import { expect, signInAsAdmin, signInAsNewAdmin, test, toast, waitForHydration } from "./admin-support";

// Merchant feeds (docs/decisions/0064), at 1280 and 390 px: the owner uploads a shop's Google TSV
// feed, sees an item with a price of "free" rejected with its reason and an item no product has
// the GTIN of, says which product it is, previews the run, reads the diff, saves, and finds the
// shop's new price on the product page, with the shipping line of the site's country only.
// An Awin download fills its column mapping in, and a second admin's mapping save over the
// first's is refused.

/** Adds a feed of Nordic Bath Supply by uploading a fixture (tests/fixtures/feeds) under the name a shop gave it. */
async function addUploadedFeed(page: Page, feedName: string, fixture: string, uploadName: string) {
  await page.goto("/admin/feeds?new");
  const form = page.locator("#feed-form");
  await form.getByLabel("Name *").fill(feedName);
  await form.getByLabel("Shop *").selectOption({ label: "Nordic Bath Supply" });
  await form.getByLabel("From a file I upload").check();
  await form.getByLabel("Feed file (XML, TSV or CSV)").setInputFiles({
    name: uploadName,
    mimeType: "text/csv",
    buffer: readFileSync(path.join(import.meta.dirname, "../fixtures/feeds", fixture)),
  });
  await form.getByRole("button", { name: "Save feed" }).click();
}

const HEADER = ["id", "title", "link", "price", "availability", "brand", "gtin", "shipping"].join("\t");

// Each width has its product, so the two runs do not depend on each other's order.
const PRODUCTS = {
  desktop: { slug: "cinderbay-trail-tent-sauna", price: "2499.00", shown: "$2,499" },
  mobile: { slug: "lumo-works-kallio-6-modern-sauna", price: "21499.00", shown: "$21,499" },
};

test("an owner adds a feed by upload, matches an unmatched item, previews, saves and sees the new price", async ({
  page,
  adminSite,
}, testInfo) => {
  test.setTimeout(120_000);
  const width = testInfo.project.name === "mobile" ? "mobile" : "desktop";
  const product = PRODUCTS[width];
  const feedName = `Nordic e2e feed ${width} ${process.pid}`;
  const feed = [
    HEADER,
    [
      "NB-1",
      "Trail tent by Nordic",
      `https://nordicbathsupply.example/p/${product.slug}`,
      `${product.price} USD`,
      "in_stock",
      "Cinderbay",
      "",
      "US:::0.00 USD,CA:::450.00 USD",
    ].join("\t"),
    ["NB-2", "Gift card", "https://nordicbathsupply.example/p/gift", "free", "in_stock", "Nordic", "", ""].join("\t"),
  ].join("\n");

  await signInAsAdmin(page, adminSite);
  await page.goto("/admin/feeds?new");
  const form = page.locator("#feed-form");
  await form.getByLabel("Name *").fill(feedName);
  await form.getByLabel("Shop *").selectOption({ label: "Nordic Bath Supply" });
  await form.getByLabel("From a file I upload").check();
  await form
    .getByLabel("Feed file (XML, TSV or CSV)")
    .setInputFiles({ name: "nordic.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from(feed) });
  await form.getByRole("button", { name: "Save feed" }).click();
  await expect(page.getByText(`${feedName} is saved.`).first()).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: feedName });
  await row.getByRole("button", { name: `Preview run of ${feedName}` }).click();
  const counts = page.getByTestId("feed-run-counts");
  // The preview is a job: it waits for one of the worker's two slots, which other specs' imports
  // (20,000 products) may hold for a while on this shared machine.
  await expect(counts).toHaveText("0 new, 0 changed, 0 unchanged, 0 gone, 1 unmatched, 1 rejected", { timeout: 60_000 });
  await expect(page.getByTestId("rejected-items")).toContainText(/item NB-2:.*Price "free" is not an amount/);

  const unmatched = page.getByTestId("unmatched-item").filter({ hasText: "item NB-1" });
  await unmatched.getByLabel("Product (its slug or name)").fill(product.slug);
  await unmatched.getByRole("button", { name: "This is the product" }).click();
  await expect(counts).toHaveText("0 new, 1 changed, 0 unchanged, 0 gone, 0 unmatched, 1 rejected");
  const changed = page.locator('[data-status="changed"]');
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText(product.shown);

  await page.getByRole("button", { name: "Save these changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "price history are updated" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto(`/reviews/product/${product.slug}`);
  const section = page.getByTestId("where-to-buy");
  const layout = width === "mobile" ? section.getByTestId("where-to-buy-list") : section.getByTestId("where-to-buy-table");
  const nordic = layout.getByTestId("offer-row").filter({ hasText: "Nordic Bath Supply" });
  await expect(nordic).toContainText(product.shown);
  await expect(nordic).not.toContainText("Out of stock");
  // The feed's lines for the US (this site's country) and Canada: a US reader sees the US one.
  await expect(nordic).toContainText("Free shipping");
  await expect(nordic).not.toContainText("$450.00");
});

test(
  "an Awin download fills its columns in, and a second admin's save of the columns over the first's is refused",
  { tag: "@desktop-only" },
  async ({ page, browser, adminSite }) => {
    test.setTimeout(120_000);
    const feedName = `Awin e2e feed ${process.pid}`;
    await signInAsNewAdmin(page, adminSite, "awin-first");
    await addUploadedFeed(page, feedName, "awin-product-feed.csv", "datafeed_1234567.csv");

    const mapping = page.locator("#feed-mapping");
    await expect(mapping.getByText("Filled in as an Awin product feed")).toBeVisible();
    await expect(mapping.getByLabel(/^link/)).toHaveValue("aw_deep_link");
    await expect(mapping.getByLabel(/^price/)).toHaveValue("search_price");
    await expect(mapping.getByLabel(/^currency/)).toHaveValue("currency");
    // How the first rows read with those choices, before anything is saved: pounds stay pounds.
    const reading = mapping.getByTestId("feed-reading");
    await expect(reading.getByRole("row").filter({ hasText: "NB-100" })).toContainText("£1,499.99 (GBP) · In stock");
    await expect(reading.getByRole("row").filter({ hasText: "NB-200" })).toContainText("£4,599.50 (GBP) · Out of stock");
    const mapUrl = page.url();

    // A second admin opens the same columns and saves them with the item's own id.
    const other = await browser.newContext({ baseURL: adminSite.url });
    try {
      const second = await other.newPage();
      await signInAsNewAdmin(second, adminSite, "awin-second");
      await second.goto(mapUrl);
      await waitForHydration(second);
      await second.locator("#feed-mapping").getByLabel(/^id/).selectOption("aw_product_id");
      await second.getByRole("button", { name: "Save the columns" }).click();
      await expect(toast(second, "Columns saved")).toBeVisible();
    } finally {
      await other.close();
    }

    // The first admin's save, from the form loaded before, is refused with the difference.
    await waitForHydration(page);
    await mapping.getByLabel(/^brand/).selectOption("");
    await page.getByRole("button", { name: "Save the columns" }).click();
    await expect(toast(page, "Not saved: someone saved it first")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Someone saved this while you were editing" })).toBeVisible();
    await expect(page.getByRole("table", { name: "What differs" })).toContainText("aw_product_id");

    // From the feeds list, "Columns" opens the saved mapping (no longer the preset) to change.
    await page.goto("/admin/feeds");
    await page.getByRole("link", { name: `Columns of ${feedName}` }).click();
    await expect(page.locator("#feed-mapping").getByLabel(/^id/)).toHaveValue("aw_product_id");
    await expect(page.locator("#feed-mapping").getByText("Filled in as")).toHaveCount(0);
  },
);

test(
  "a German shop's CSV is read with a decimal comma and asks which currency until it knows",
  { tag: "@desktop-only" },
  async ({ page, adminSite }) => {
    test.setTimeout(120_000);
    const feedName = `German e2e feed ${process.pid}`;
    await signInAsAdmin(page, adminSite);
    await addUploadedFeed(page, feedName, "german-shop.csv", "preise.csv");

    const mapping = page.locator("#feed-mapping");
    await expect(mapping.getByText("Filled in as")).toHaveCount(0);
    await mapping.getByLabel(/^id/).selectOption("Artikelnummer");
    await mapping.getByLabel(/^price/).selectOption("Preis");
    await mapping.getByLabel(/^availability \(|^availability$/).selectOption("Lieferstatus");
    await page.getByRole("button", { name: "Show how the rows read" }).click();
    // No currency column and none set: the question, and the choices kept as chosen.
    await expect(mapping.getByRole("alert")).toContainText("Which currency are these prices in?");
    await expect(mapping.getByLabel(/^price/)).toHaveValue("Preis");

    await mapping.getByLabel(/^currency/).selectOption("Waehrung");
    await page.getByRole("button", { name: "Show how the rows read" }).click();
    const reading = mapping.getByTestId("feed-reading");
    await expect(reading).toContainText("Prices are read with a decimal comma (14.990,00)");
    await expect(reading.getByRole("row").filter({ hasText: "NB-100" })).toContainText("14.990,00 EUR");
    await expect(reading.getByRole("row").filter({ hasText: "NB-100" })).toContainText("€14,990.00 (EUR) · In stock");
    await page.getByRole("button", { name: "Save the columns" }).click();
    await expect(toast(page, "Columns saved")).toBeVisible();
  },
);
