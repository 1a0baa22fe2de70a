import { expect, test, waitForHydration, type Locator } from "./fixtures";

// The product page's "Where to buy" (docs/decisions/0058), on the seeded sample catalog: the Valo 2
// is sold by its maker ($10,000), Nordic Bath Supply ($10,400) and Backyard Leisure Co (out of stock).

const SLUG = "lumo-works-valo-2-cube-sauna";
const URL = `/reviews/product/${SLUG}`;

test("works without JavaScript: the rows and their links are in the server's HTML", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: testInfo.project.name === "mobile" ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    await page.goto(URL);
    const links = page.getByTestId("where-to-buy").getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links.first()).toHaveAttribute("href", `/go/${SLUG}/lumo-works?from=product:${SLUG}:where-to-buy`);
    if (testInfo.project.name === "mobile") {
      // Without scripts the phone's Buy Now bar stays as it always was, "Where to buy" on screen or not.
      await links.first().scrollIntoViewIfNeeded();
      await expect(page.getByTestId("mobile-buy-bar")).toBeVisible();
    }
  } finally {
    await context.close();
  }
});

/** What the centre of `target` shows: null when it is the target itself, else the element on top. */
function coveredBy(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (top && (top === element || element.contains(top))) return null;
    return top
      ? `${top.tagName.toLowerCase()}${top.closest("[data-testid]") ? ` in ${top.closest("[data-testid]")!.getAttribute("data-testid")}` : ""}`
      : "nothing";
  });
}

// One test for every check of the Valo 2's page: the cards' price age on /reviews leads to it, the
// steps that only read follow, and on a phone the Buy Now bar's scrolling comes last.
test("the Valo 2's page: its price's age, its shops, and on a phone the Buy Now bar beside them", async ({ page }, testInfo) => {
  test.slow();
  await test.step("the price says how old it is: a title on the cards, visible on the product page", async () => {
    await page.goto("/reviews");
    const price = page.getByTestId("product-row").first().locator("[data-as-of]");
    await expect(price).toHaveAttribute("title", /^Price as of /);
    await expect(price).toHaveAttribute("aria-description", /^Price as of /);
    await page.goto(URL);
    const priceBox = testInfo.project.name === "mobile" ? page.getByTestId("mobile-buy-bar") : page.getByTestId("price-as-of");
    await expect(priceBox).toContainText(/Price as of \w+ \d{1,2}, \d{4}/);
  });

  // The steps below read the product page the step above ended on.
  await test.step("lists the shops cheapest first, the lowest marked, out of stock last, each a sponsored /go link", async () => {
    const section = page.getByTestId("where-to-buy");
    await expect(section.getByRole("heading", { name: "Where to buy" })).toBeVisible();
    // A table where there is room (1280 px), a stacked list on phones (390 px); only one is shown.
    const layout =
      testInfo.project.name === "mobile" ? section.getByTestId("where-to-buy-list") : section.getByTestId("where-to-buy-table");
    await expect(layout).toBeVisible();
    const rows = layout.getByTestId("offer-row");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Lumo Works");
    await expect(rows.nth(0)).toContainText("Lowest price");
    await expect(rows.nth(0)).toContainText("$10,000");
    await expect(rows.nth(0)).toContainText(/Price as of \w+ \d{1,2}, \d{4}/);
    await expect(rows.nth(1)).toContainText("Nordic Bath Supply");
    await expect(rows.nth(1)).toContainText("$10,400");
    await expect(rows.nth(2)).toContainText("Backyard Leisure Co");
    await expect(rows.nth(2)).toContainText("Out of stock");

    const link = rows.nth(1).getByRole("link", { name: /Nordic Bath Supply/ });
    await expect(link).toHaveAttribute("href", `/go/${SLUG}/nordic-bath-supply?from=product:${SLUG}:where-to-buy`);
    await expect(link).toHaveAttribute("rel", /\bsponsored\b/);
    await expect(link).toHaveAttribute("rel", /\bnofollow\b/);
    await expect(link).toHaveAttribute("target", "_blank");
    const redirect = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers()["location"]).toMatch(/^https:\/\/nordicbathsupply\.example\/p\/lumo-works-valo-2-cube-sauna/);

    // Nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  // A phone control.
  if (testInfo.project.name === "mobile") {
    await waitForHydration(page);
    await test.step("on a phone the Buy Now bar steps aside while Where to buy is on screen: it never covers the first Buy now", async () => {
      const bar = page.getByTestId("mobile-buy-bar");
      await expect(bar).toBeVisible();
      const firstBuy = page
        .getByTestId("where-to-buy-list")
        .getByRole("link", { name: /Buy now/ })
        .first();

      // The first Buy now brought to the bottom edge of the screen, where the bar sits.
      await firstBuy.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 8));
      await expect(bar).toBeHidden();
      expect(await coveredBy(firstBuy)).toBeNull();
      await firstBuy.scrollIntoViewIfNeeded();
      expect(await coveredBy(firstBuy)).toBeNull();

      // Back at the top, "Where to buy" off screen: the bar is back.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(bar).toBeVisible();
    });
  }
});

test("a back-order says the day it ships", async ({ page }, testInfo) => {
  // The sample Quietwater Traditional 2 is on back order at Nordic Bath Supply until 2027-01-15.
  await page.goto("/reviews/product/quietwater-traditional-2-sauna");
  const section = page.getByTestId("where-to-buy");
  const layout = testInfo.project.name === "mobile" ? section.getByTestId("where-to-buy-list") : section.getByTestId("where-to-buy-table");
  const row = layout.getByTestId("offer-row").filter({ hasText: "Nordic Bath Supply" });
  await expect(row).toContainText("Back order");
  await expect(row).not.toContainText("ships later");
  await expect(row).toContainText("Ships from January 15, 2027");
});
