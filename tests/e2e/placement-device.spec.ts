import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, signInAsAdmin, test } from "./admin-support";

// Clicks by placement and device class end to end: a phone, a tablet and a desktop reader (each a
// browser context with that device's User-Agent and screen) view pages of the sample catalog and
// follow a shop link at five placements; the admin's clicks page then shows each placement's
// clicks, its page kind's views and the CTR, and each device class's. On a site of the test's
// own, so no other spec's clicks or views are counted in.

const DEVICES = [
  {
    device: "phone",
    userAgent:
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  },
  {
    device: "tablet",
    userAgent: "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    viewport: { width: 820, height: 1180 },
  },
  {
    device: "desktop",
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    viewport: { width: 1280, height: 800 },
  },
] as const;

const VALO = "lumo-works-valo-2-cube-sauna";
const TYYNI = "lumo-works-tyyni-4-cube-sauna";
const patient = { timeout: 30_000 };

/** Every reader is told apart by address too, so no click is a repeat of another (the same reader and product within 30 minutes count once). */
let address = 0;

async function readerContext(browser: Browser, site: string, device: (typeof DEVICES)[number]): Promise<BrowserContext> {
  return browser.newContext({ baseURL: site, userAgent: device.userAgent, viewport: device.viewport });
}

/**
 * Follows a shop link (a new tab) as a new reader, until /go has answered its redirect (the click
 * is counted then); the sample shops are *.example, which never load, so the tab is closed.
 */
async function follow(context: BrowserContext, link: Locator, from: RegExp): Promise<void> {
  await expect(link).toHaveAttribute("href", from);
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${++address}` });
  const [redirect, shop] = await Promise.all([
    context.waitForEvent("response", (response) => new URL(response.url()).pathname.startsWith("/go/")),
    context.waitForEvent("page"),
    link.click(),
  ]);
  expect(redirect.status()).toBe(302);
  await shop.close();
}

async function placementRow(page: Page, key: string) {
  const row = page.getByTestId("by-placement").locator(`[data-key="${key}"]`);
  return { clicks: row.getByTestId("clicks"), views: row.getByTestId("views"), ctr: row.getByTestId("ctr") };
}

test.describe("Clicks by placement and device are checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test("five placements × three device classes: counts and CTR per placement and per device on /admin/clicks", async ({
    page,
    browser,
    freshSite,
  }) => {
    test.setTimeout(300_000);
    for (const device of DEVICES) {
      await test.step(`a ${device.device} reader views pages and follows five placements`, async () => {
        const context = await readerContext(browser, freshSite.url, device);
        const visit = await context.newPage();
        try {
          // Home page, twice (two views), one click on a best pick.
          await visit.goto("/");
          await visit.goto("/");
          const pick = visit
            .getByTestId("best-pick")
            .getByRole("link", { name: /^Check Price/ })
            .filter({ visible: true })
            .first();
          await follow(context, pick, /\?from=home:picks$/);

          // A collection page: a ranked row's shop link.
          await visit.goto("/reviews/barrel-saunas");
          const row = visit
            .getByTestId("ranked-sauna")
            .first()
            .getByRole("link", { name: /Check Price & Reviews/ });
          await follow(context, row, /\?from=collection:barrel-saunas:row$/);

          // The compare page's table.
          await visit.goto(`/compare?products=${VALO},${TYYNI}`);
          const compare = visit
            .getByTestId("compare-table")
            .getByRole("link", { name: /Check Price for/ })
            .first();
          await follow(context, compare, /\?from=compare:table$/);

          // Two product pages viewed; on one, a where-to-buy row and the buy button (the box on
          // wide screens, the bar pinned to the bottom on phones).
          await visit.goto(`/reviews/product/${TYYNI}`);
          await visit.goto(`/reviews/product/${VALO}`);
          const shop = visit
            .getByTestId("where-to-buy")
            .getByRole("link", { name: /Nordic Bath Supply/ })
            .filter({ visible: true });
          await follow(context, shop, new RegExp(`\\?from=product:${VALO}:where-to-buy$`));
          // The phone's bar hides while "Where to buy" is on screen (so it never covers a row's
          // button): back at the top, it shows again.
          if (device.device === "phone") await visit.evaluate(() => window.scrollTo(0, 0));
          const buy =
            device.device === "phone"
              ? visit.getByTestId("mobile-buy-bar").getByRole("link", { name: /Buy Now/ })
              : visit.getByRole("region", { name: "Price and where to buy" }).getByRole("link", { name: /Buy Now/ });
          await follow(context, buy, new RegExp(`\\?from=product:${VALO}:${device.device === "phone" ? "sticky-bar" : "box"}$`));
        } finally {
          await context.close();
        }
      });
    }

    await test.step("the admin's clicks page: clicks, views and CTR per placement", async () => {
      await signInAsAdmin(page, freshSite);
      // Clicks and views are written in batches about every second: reload until all 15 are in.
      await expect(async () => {
        await page.goto(`${freshSite.url}/admin/clicks?days=7`);
        await expect(page.getByTestId("clicks-total")).toHaveText("15", { timeout: 1_000 });
        const home = await placementRow(page, "home:picks");
        await expect(home.views).toHaveText("6", { timeout: 1_000 });
      }).toPass(patient);

      const expected: Array<[string, string, string, string]> = [
        // placement, clicks, views of its page kind, CTR
        ["home:picks", "3", "6", "50%"],
        ["collection:row", "3", "3", "100%"],
        ["compare:table", "3", "3", "100%"],
        ["product:where-to-buy", "3", "6", "50%"],
        ["product:box", "2", "6", "33.33%"],
        ["product:sticky-bar", "1", "6", "16.67%"],
      ];
      for (const [key, clicks, views, ctr] of expected) {
        const row = await placementRow(page, key);
        await expect(row.clicks, key).toHaveText(clicks);
        await expect(row.views, key).toHaveText(views);
        await expect(row.ctr, key).toHaveText(ctr);
      }
      await expect(page.getByTestId("by-placement").locator('[data-key="other"]')).toHaveCount(0);
      await expect(page.getByTestId("by-placement")).toContainText("Product page · sticky buy bar");
    });

    await test.step("and per device class: five clicks each against six views", async () => {
      const devices = page.getByTestId("by-device");
      for (const { device } of DEVICES) {
        const row = devices.locator(`[data-key="${device}"]`);
        await expect(row.getByTestId("clicks"), device).toHaveText("5");
        await expect(row.getByTestId("views"), device).toHaveText("6");
        await expect(row.getByTestId("ctr"), device).toHaveText("83.33%");
      }
      await expect(devices.getByTestId("by-device-row")).toHaveCount(3);
    });

    await test.step("the revenue page breaks them down the same way", async () => {
      await page.goto(`${freshSite.url}/admin/revenue?days=7&by=placement`);
      const sticky = page.getByTestId("revenue-row").filter({ hasText: "Product page · sticky buy bar" });
      await expect(sticky.getByRole("cell").nth(1)).toHaveText("1");
      await page.goto(`${freshSite.url}/admin/revenue?days=7&by=device`);
      await expect(page.getByTestId("revenue-row")).toHaveCount(3);
      await expect(page.getByTestId("revenue-row").filter({ hasText: "Phones" }).getByRole("cell").first()).toHaveText("6");
    });
  });
});
