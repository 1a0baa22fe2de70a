import { byRatingThenName, sampleProductRows } from "../support/sample-catalog";
import { expect, test, type Browser, type Page } from "./fixtures";

/**
 * Paged lists (ADR 0017) on the seeded sample catalog of 29 products: ten a page on collection
 * pages, 24 on /reviews and its search. Followed as plain links with JavaScript off, the way a
 * crawler or a reader on a failed script load goes through them.
 */

function namesByRating(): string[] {
  // The collection order: best rated first, unrated last, then by name.
  return sampleProductRows()
    .sort(byRatingThenName)
    .map((row) => row.name);
}

async function withoutJavaScript(browser: Browser, baseURL: string | undefined, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

/** A head link's address without the site's origin. */
async function headLink(page: Page, rel: string): Promise<string | null> {
  const link = page.locator(`head link[rel='${rel}']`);
  if ((await link.count()) === 0) return null;
  const url = new URL((await link.getAttribute("href"))!);
  return url.pathname + url.search;
}

const rankedCards = (page: Page) => page.getByTestId("ranked-sauna");
const cardNames = (page: Page) => rankedCards(page).getByRole("heading", { level: 3 }).allInnerTexts();

test(
  "a collection's second page continues its ranking at #11, through plain links",
  { tag: "@desktop-only" },
  async ({ browser, baseURL }) => {
    test.slow();
    const expected = namesByRating();
    expect(expected.length).toBe(29);
    await withoutJavaScript(browser, baseURL, async (page) => {
      await page.goto("/reviews/outdoor-saunas");
      await expect(rankedCards(page)).toHaveCount(10);
      expect(await cardNames(page)).toEqual(expected.slice(0, 10));
      await expect(rankedCards(page).first().getByText("#1", { exact: true })).toBeVisible();
      expect(await headLink(page, "canonical")).toBe("/reviews/outdoor-saunas");
      expect(await headLink(page, "prev")).toBeNull();
      expect(await headLink(page, "next")).toBe("/reviews/outdoor-saunas?page=2");

      const pages = page.getByRole("navigation", { name: /pages$/ });
      await expect(pages.getByText("Page 1 of 3")).toBeVisible();
      await pages.getByRole("link", { name: /Next/ }).click();

      // The whole document, not just its first bytes: a slow machine streams it in parts.
      await page.waitForURL(/\/reviews\/outdoor-saunas\?page=2$/, { waitUntil: "load" });
      await expect(page).toHaveTitle(/ – Page 2$/);
      await expect(rankedCards(page)).toHaveCount(10);
      await expect(rankedCards(page).first().getByText("#11", { exact: true })).toBeVisible();
      expect(await cardNames(page)).toEqual(expected.slice(10, 20));
      await expect(page.getByText("29 saunas, ranked by our rating, best first.")).toBeVisible();
      expect(await headLink(page, "canonical")).toBe("/reviews/outdoor-saunas?page=2");
      expect(await headLink(page, "prev")).toBe("/reviews/outdoor-saunas");
      expect(await headLink(page, "next")).toBe("/reviews/outdoor-saunas?page=3");

      await page
        .getByRole("navigation", { name: /pages$/ })
        .getByRole("link", { name: "Page 3" })
        .click();
      await page.waitForURL(/\?page=3$/, { waitUntil: "load" });
      await expect(rankedCards(page)).toHaveCount(9);
      expect(await cardNames(page)).toEqual(expected.slice(20));
      expect(await headLink(page, "next")).toBeNull();
      await page
        .getByRole("navigation", { name: /pages$/ })
        .getByRole("link", { name: /Previous/ })
        .click();
      await expect(page).toHaveURL(/\?page=2$/);
    });
  },
);

test("the comparison view pages too, keeping its view", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/reviews/outdoor-saunas?view=compare&page=2");
  await expect(page.getByTestId("compare-sauna")).toHaveCount(10);
  await expect(page.getByTestId("compare-sauna").first().getByText("#11")).toBeVisible();
  // Every view of a page shares its canonical.
  expect(await headLink(page, "canonical")).toBe("/reviews/outdoor-saunas?page=2");
  // The next page keeps the view (the order of the two parameters does not matter).
  const next = page.getByRole("navigation", { name: /pages$/ }).getByRole("link", { name: /Next/ });
  await expect
    .poll(async () => {
      const url = new URL((await next.getAttribute("href")) ?? "", "http://x");
      return {
        path: url.pathname,
        view: url.searchParams.get("view"),
        page: url.searchParams.get("page"),
        params: [...url.searchParams.keys()].length,
      };
    })
    .toEqual({ path: "/reviews/outdoor-saunas", view: "compare", page: "3", params: 2 });
});

test(
  "the reviews index and a search page through plain links, keeping the query",
  { tag: "@desktop-only" },
  async ({ browser, baseURL }) => {
    test.slow();
    await withoutJavaScript(browser, baseURL, async (page) => {
      await page.goto("/reviews");
      await expect(page.getByTestId("product-row")).toHaveCount(24);
      expect(await headLink(page, "next")).toBe("/reviews?page=2");
      await page
        .getByRole("navigation", { name: /pages$/ })
        .getByRole("link", { name: /Next/ })
        .click();
      await page.waitForURL(/\/reviews\?page=2$/, { waitUntil: "load" });
      await expect(page).toHaveTitle("Sauna Reviews - Expert Recommendations – Page 2");
      await expect(page.getByTestId("product-row")).toHaveCount(5);
      // The category tiles belong to the first page.
      await expect(page.getByTestId("category-tile")).toHaveCount(0);
      expect(await headLink(page, "canonical")).toBe("/reviews?page=2");
      expect(await headLink(page, "prev")).toBe("/reviews");

      await page.goto("/reviews?q=saunas");
      await expect(page.getByTestId("results-count")).toHaveText(/^29 saunas/);
      await page
        .getByRole("navigation", { name: /pages$/ })
        .getByRole("link", { name: /Next/ })
        .click();
      await page.waitForURL(/\/reviews\?q=saunas&page=2$/, { waitUntil: "load" });
      await expect(page.getByTestId("product-row")).toHaveCount(5);
      await expect(page.getByTestId("results-count")).toHaveText(/^29 saunas/);
    });
  },
);

test(
  "page numbers that are not pages redirect: page 1 to the bare address, past the end to the last page",
  { tag: "@desktop-only" },
  async ({ page }) => {
    await page.goto("/reviews?page=1");
    await expect(page).toHaveURL(/\/reviews$/);
    await page.goto("/reviews?page=abc");
    await expect(page).toHaveURL(/\/reviews$/);
    const past = await page.request.get("/reviews/outdoor-saunas?page=99", { maxRedirects: 0 });
    expect(past.status()).toBe(302);
    expect(past.headers().location).toBe("/reviews/outdoor-saunas?page=3");
    await page.goto("/reviews?q=saunas&page=400");
    await expect(page).toHaveURL(/\/reviews\?q=saunas&page=2$/);
    await expect(page.getByTestId("product-row")).toHaveCount(5);
  },
);
