import { expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * The table of every sauna (/reviews/table): sort by a header, filter with the form, compare the
 * ticked rows; with JavaScript and without, at both widths. The sorted header says so with
 * aria-sort, and the table scrolls inside its own box, never the page.
 */

// Three page loads per step on a busy 2-core machine, twice over.
test.describe.configure({ timeout: 180_000 });

const table = (page: Page) => page.getByTestId("sauna-table");

/** The dollars in the price column, in row order; rows without a price shown are left out. */
async function shownPrices(page: Page): Promise<number[]> {
  const index = await table(page)
    .locator("thead th")
    .evaluateAll((headers) => headers.findIndex((header) => header.textContent?.includes("Price today")));
  const texts = await table(page)
    .locator(`tbody tr > :nth-child(${index + 1})`)
    .allTextContents();
  return texts.filter((text) => text.includes("$")).map((text) => Number(text.replace(/[^\d.]/g, "")));
}

async function openFilters(page: Page) {
  const summary = page.getByText(/^Filters and columns/);
  // On a phone the filters fold into their summary; from 48rem they always show.
  if (await summary.isVisible()) await summary.click();
}

async function checkFirstRows(page: Page, count: number): Promise<string[]> {
  const boxes = table(page).getByRole("checkbox", { name: /^Compare / });
  const names: string[] = [];
  for (let index = 0; index < count; index++) {
    const box = boxes.nth(index);
    await box.check();
    names.push(await box.evaluate((element) => (element as HTMLInputElement).labels?.[0]?.textContent ?? ""));
  }
  return names.map((name) => name.replace(/^Compare /, "").trim());
}

async function runThrough(page: Page, javaScript: boolean) {
  await page.goto("/reviews/table");
  if (javaScript) await waitForHydration(page);
  await expect(table(page)).toBeVisible();
  // Best rated first until the reader sorts; the other headers offer to sort.
  await expect(table(page).getByRole("columnheader", { name: /^Our rating/ })).toHaveAttribute("aria-sort", "descending");
  await expect(page.locator("th[aria-sort]")).toHaveCount(1);
  const priceHeader = table(page).getByRole("columnheader", { name: /^Price today/ });
  await expect(priceHeader.getByRole("link", { name: /sort lowest first/ })).toBeVisible();

  // Sort by today's price, cheapest first, then the other way.
  await priceHeader.getByRole("link").click();
  await expect(page).toHaveURL(/\/reviews\/table\?sort=price$/);
  await expect(priceHeader).toHaveAttribute("aria-sort", "ascending");
  const ascending = await shownPrices(page);
  expect(ascending.length).toBeGreaterThan(3);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await priceHeader.getByRole("link", { name: /sort highest first/ }).click();
  await expect(priceHeader).toHaveAttribute("aria-sort", "descending");
  const descending = await shownPrices(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  // Filter: wood-burning heaters with at least four seats; the sort is kept.
  await openFilters(page);
  await page.getByRole("radio", { name: /^Wood-burning \(\d+\)$/ }).check();
  await page.getByRole("combobox", { name: "Seats" }).selectOption("4");
  await page.getByRole("button", { name: "Show saunas" }).click();
  await expect(page).toHaveURL(/heater=wood/);
  await expect(page).toHaveURL(/seats=4/);
  await expect(page).toHaveURL(/sort=-price/);
  const rows = table(page).locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  await expect(page.getByTestId("table-summary")).toContainText(`${count} sauna`);
  const heaterIndex = await table(page)
    .locator("thead th")
    .evaluateAll((headers) => headers.findIndex((header) => header.textContent?.startsWith("Heater")));
  for (const text of await table(page)
    .locator(`tbody tr > :nth-child(${heaterIndex + 1})`)
    .allTextContents())
    expect(text.toLowerCase()).toContain("wood");
  for (const text of await table(page)
    .locator(`tbody tr > :nth-child(${heaterIndex + 2})`)
    .allTextContents())
    expect(text).toMatch(/^[a-z ]+$/i);

  // Compare two ticked rows.
  await page.goto("/reviews/table");
  if (javaScript) await waitForHydration(page);
  const names = await checkFirstRows(page, 2);
  if (javaScript) await expect(page.getByText("2 of 4 chosen.")).toBeVisible();
  await page.getByRole("button", { name: "Compare chosen saunas" }).click();
  await expect(page).toHaveURL(/\/compare\?products=[^&]+&products=[^&]+$/);
  for (const name of names) await expect(page.getByTestId("compare-table")).toContainText(name);

  // Five ticked: the comparison says it shows the first four.
  await page.goto("/reviews/table");
  if (javaScript) await waitForHydration(page);
  await checkFirstRows(page, 5);
  if (javaScript) await expect(page.getByText("5 chosen: the comparison shows the first 4 of them.")).toBeVisible();
  await page.getByRole("button", { name: "Compare chosen saunas" }).click();
  await expect(page.getByText("Only the first 4 saunas named are compared.")).toBeVisible();
}

test("sort, filter and compare with JavaScript", async ({ page }) => {
  await runThrough(page, true);
});

test("sort, filter and compare without JavaScript", { tag: "@desktop-only" }, async ({ browser }, testInfo) => {
  const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  try {
    await runThrough(await context.newPage(), false);
  } finally {
    await context.close();
  }
});

test("a measured result is a column: chosen in the form, sorted quickest first, older methods not ranked", async ({ page }) => {
  await page.goto("/reviews/table");
  await waitForHydration(page);
  await openFilters(page);
  await page.getByRole("checkbox", { name: "Heat-up time to 80 °C (min)" }).check();
  await page.getByRole("combobox", { name: "Seats" }).selectOption("4");
  await page.getByRole("radio", { name: /^Electric \(\d+\)$/ }).check();
  await page.getByRole("button", { name: "Show saunas" }).click();
  await expect(page).toHaveURL(/cols=m-heat-up-time/);
  const header = table(page).getByRole("columnheader", { name: /^Heat-up time to 80 °C \(min\)/ });
  await header.getByRole("link", { name: /sort lowest first/ }).click();
  await expect(page).toHaveURL(/sort=m-heat-up-time/);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByTestId("table-summary")).toContainText("Sorted by Heat-up time to 80 °C (min), lowest first");
  const index = await table(page)
    .locator("thead th")
    .evaluateAll((headers) => headers.findIndex((cell) => cell.textContent?.startsWith("Heat-up time")));
  const texts = await table(page)
    .locator(`tbody tr > :nth-child(${index + 1})`)
    .allTextContents();
  const ranked = texts.filter((text) => /^\d+(\.\d+)? min$/.test(text)).map((text) => Number.parseFloat(text));
  expect(ranked.length).toBeGreaterThan(2);
  expect(ranked).toEqual([...ranked].sort((a, b) => a - b));
  // Every ranked value comes before any value under an older method or none at all.
  const firstUnranked = texts.findIndex((text) => !/^\d+(\.\d+)? min$/.test(text));
  expect(firstUnranked === -1 || firstUnranked === ranked.length).toBe(true);
});

test("a collection's saunas open in the table, narrowed to that collection through its filters", async ({ page }) => {
  await page.goto("/reviews/barrel-saunas");
  await waitForHydration(page);
  const listed = Number(
    (
      await page
        .getByText(/^\d+ saunas?, /)
        .first()
        .textContent()
    )?.match(/^(\d+)/)?.[1],
  );
  await page.getByTestId("collection-table-link").click();
  await expect(page).toHaveURL(/\/reviews\/table\?list=barrel-saunas$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/in One Table$/);
  await expect(page.getByTestId("table-summary")).toContainText(`${listed} sauna`);
  await openFilters(page);
  await page.getByRole("combobox", { name: "Seats" }).selectOption("4");
  await page.getByRole("button", { name: "Show saunas" }).click();
  await expect(page).toHaveURL(/list=barrel-saunas/);
  await expect(page).toHaveURL(/seats=4/);
  await expect(page.getByRole("link", { name: "every sauna" })).toHaveAttribute("href", "/reviews/table?seats=4");
});

test("the table scrolls in its own box, its names stay put, and the page never scrolls sideways", async ({ page }) => {
  await page.goto(
    "/reviews/table?cols=price&cols=rating&cols=build-quality&cols=heat-efficiency&cols=seats&cols=heater&cols=type&cols=brand&cols=dimensions&cols=weight",
  );
  await waitForHydration(page);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  const box = page.getByRole("region", { name: /Saunas, sorted by/ });
  const firstName = table(page).locator("tbody tr").first().locator("th");
  const before = await firstName.boundingBox();
  await box.evaluate((element) => element.scrollBy({ left: 400 }));
  const scrolled = await box.evaluate((element) => element.scrollLeft);
  if (scrolled > 0) expect((await firstName.boundingBox())?.x).toBeCloseTo(before!.x, 0);
  // A keyboard reaches the box to scroll it.
  await box.focus();
  await expect(box).toBeFocused();
});

test(
  "bad addresses show the table, never an error page; filtered variants are noindex with a canonical to the bare table",
  { tag: "@desktop-only" },
  async ({ page }) => {
    const response = await page.goto("/reviews/table?seats=-4&heater=plasma&sort=%3Cx%3E&page=abc&min=cheap");
    expect(response?.status()).toBe(200);
    await expect(table(page)).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index,follow");
    await page.goto("/reviews/table?heater=wood");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,follow");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/reviews\/table$/);
  },
);
