import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// What earns, end to end: a reader views a product page and follows Buy Now; the shop's link
// carries the click's sub-ID in the merchant's (Awin) format; the owner uploads an Awin-like and
// an Amazon-like report naming that sub-ID, and /admin/revenue shows the commission on that
// product, page and country with its views, clicks, CTR and EPC; a later report moving the order
// to "declined" updates it instead of adding one. On a site of the test's own.

const VISITOR_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SLUG = "revenue-cedar-cabin";
const NAME = "Revenue Cedar Cabin";
const patient = { timeout: 30_000 };
const FIXTURES = path.resolve("tests/fixtures/revenue");

let shop: http.Server;
let shopUrl: string;

test.describe("The revenue flow is checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test.beforeAll(async () => {
    shop = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>The Shop</title><h1>The Shop</h1>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => shop?.close(resolve));
  });

  /** A report fixture with today's date and the click's sub-ID written in. */
  function report(name: string, subId: string): { name: string; mimeType: string; buffer: Buffer } {
    const now = new Date();
    const isoDay = now.toISOString().slice(0, 10);
    const day = `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
    const text = readFileSync(path.join(FIXTURES, name), "utf8")
      .replaceAll("{subId}", subId)
      .replaceAll("{isoDay}", isoDay)
      .replaceAll("{day}", day);
    return { name, mimeType: "text/csv", buffer: Buffer.from(text) };
  }

  async function upload(page: Page, siteUrl: string, network: string, file: ReturnType<typeof report>) {
    await page.goto(`${siteUrl}/admin/revenue`);
    const form = page.getByTestId("revenue-upload");
    await form.getByLabel("Network *").fill(network);
    await form.getByLabel("Report file (CSV)").setInputFiles(file);
    await form.getByRole("button", { name: "Read the report" }).click();
  }

  /** The cells of one row of the revenue table, by column name. */
  async function rowCells(page: Page, name: string | RegExp) {
    const row = page.getByTestId("revenue-row").filter({ has: page.getByRole("rowheader", { name }) });
    await expect(row).toHaveCount(1);
    const cells = await row.locator("td").allInnerTexts();
    const [views, clicks, ctr, orders, conversion, pending, approved, epc, perThousand] = cells;
    return { views, clicks, ctr, orders, conversion, pending, approved, epc, perThousand };
  }

  test("a click's sub-ID goes out in the merchant's format and its commission shows per product, page and country", async ({
    page,
    browser,
    freshSite,
    cspViolations,
  }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page, freshSite);

    await test.step("the admin imports a sauna sold by a local shop, and gives that shop Awin's sub-ID parameter", async () => {
      await page.goto(`${freshSite.url}/admin/products`);
      await waitForHydration(page);
      const csv = `name,brand,slug,category_id,rating,affiliate_link\n${NAME},Northwind,${SLUG},cabin,4.9,${shopUrl}/cabin?ref=saunas\n`;
      await page.locator("#product-csv-file").setInputFiles({ name: "p.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(toast(page, "CSV Uploaded Successfully", "Parsed 1 product from CSV")).toBeVisible(patient);
      await page.getByRole("button", { name: "Save to Database" }).click();
      await expect(toast(page, "Products Saved Successfully")).toBeVisible(patient);

      await page.goto(`${freshSite.url}/admin/merchants`);
      await page.getByRole("row").filter({ hasText: "127.0.0.1" }).getByRole("link", { name: /^Edit/ }).click();
      await page.getByLabel("Sub-ID parameter").fill("Awin");
      await page.getByRole("button", { name: "Save merchant" }).click();
      await expect(page.getByText("is saved.").first()).toBeVisible(patient);
    });

    let subId = "";
    await test.step("a German reader views the product page and follows Buy Now: the shop's link carries the sub-ID as clickref", async () => {
      const reader = await browser.newContext({
        baseURL: freshSite.url,
        userAgent: VISITOR_AGENT,
        extraHTTPHeaders: { "X-Test-Country": "DE" },
      });
      await cspViolations.watch(reader);
      const visit = await reader.newPage();
      await visit.goto(`/reviews/product/${SLUG}`);
      const buy = visit.getByRole("region", { name: "Price and where to buy" }).getByRole("link", { name: /Buy Now/ });
      await expect(buy).toHaveAttribute("href", `/go/${SLUG}?from=product:${SLUG}:box`);
      const [shopPage] = await Promise.all([reader.waitForEvent("page"), buy.click()]);
      await expect(shopPage.getByRole("heading", { name: "The Shop" })).toBeVisible();
      const match = /^http:\/\/127\.0\.0\.1:\d+\/cabin\?ref=saunas&clickref=([a-z2-9]{10})$/.exec(shopPage.url());
      expect(match, shopPage.url()).not.toBeNull();
      subId = match![1]!;
      // A second reader views the page without clicking: two views, one click.
      const other = await browser.newContext({ baseURL: freshSite.url, userAgent: `${VISITOR_AGENT} Edg/140.0.0.0` });
      const otherPage = await other.newPage();
      await otherPage.goto(`/reviews/product/${SLUG}`);
      // A crawler's and a HEAD request's views are not counted.
      await otherPage.request.get(`/reviews/product/${SLUG}`, {
        headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      });
      await otherPage.request.head(`/reviews/product/${SLUG}`);
      await reader.close();
      await other.close();
    });

    await test.step("the owner uploads an Awin-like report: maps its columns once, sees the preview, saves", async () => {
      await upload(page, freshSite.url, "Awin", report("awin-transactions.csv", subId));
      // A new network: the mapping is asked for, guessed from the headers.
      await expect(page.getByRole("form", { name: "Column mapping" })).toBeVisible();
      await expect(page.getByText("Read as Awin's Transactions (CSV download)")).toBeVisible();
      await expect(page.getByLabel("Sub-ID *")).toHaveValue("Click Ref");
      await page.getByRole("button", { name: "Preview the orders" }).click();
      await expect(page.getByTestId("revenue-plan")).toContainText(
        "2 orders in the report: 2 new, 0 updated, 0 unchanged; 1 of the new and updated match",
      );
      await page.getByRole("button", { name: "Save 2 orders" }).click();
      await expect(toast(page, "Report saved", "Awin: 2 new orders, 0 updated, 0 unchanged.")).toBeVisible(patient);
    });

    await test.step("and an Amazon-like report, whose commission column it names by hand", async () => {
      await upload(page, freshSite.url, "Amazon Associates", report("amazon-earnings.csv", subId));
      await expect(page.getByLabel("Sub-ID *")).toHaveValue("ascsubtag");
      await page.getByLabel("Commission *").selectOption("Ad Fees");
      await page.getByRole("button", { name: "Preview the orders" }).click();
      await expect(page.getByTestId("revenue-plan")).toContainText("1 order in the report: 1 new");
      await page.getByRole("button", { name: "Save 1 order" }).click();
      await expect(toast(page, "Report saved")).toBeVisible(patient);
    });

    await test.step("/admin/revenue shows the commission on that product, page and country, with views, clicks, CTR and EPC", async () => {
      // Views and clicks reach the database with the next flush (a second).
      await expect
        .poll(async () => {
          await page.goto(`${freshSite.url}/admin/revenue?days=7&by=product`);
          return (await rowCells(page, NAME)).views;
        }, patient)
        .toBe("2");
      expect(await rowCells(page, NAME)).toEqual({
        views: "2",
        clicks: "1",
        ctr: "50%",
        orders: "2",
        conversion: "200%",
        pending: "EUR 64.95",
        approved: "USD 3.60",
        epc: "EUR 64.95 · USD 3.60",
        perThousand: "EUR 32,475.00 · USD 1,800.00",
      });
      await page.goto(`${freshSite.url}/admin/revenue?days=7&by=page`);
      expect(await rowCells(page, `/reviews/product/${SLUG}`)).toMatchObject({
        views: "2",
        clicks: "1",
        ctr: "50%",
        pending: "EUR 64.95",
        epc: "EUR 64.95 · USD 3.60",
      });
      await page.goto(`${freshSite.url}/admin/revenue?days=7&by=country`);
      expect(await rowCells(page, "DE")).toMatchObject({
        views: "—",
        clicks: "1",
        orders: "2",
        pending: "EUR 64.95",
        approved: "USD 3.60",
      });
      // The order without a sub-ID of this site is counted apart.
      await expect(page.getByText("1 order with no sub-ID of this site")).toBeVisible();
      // It is in the total, as on the dashboard, and shown as its own figure.
      await expect(page.getByTestId("revenue-totals")).toContainText(/Not tied to a page\s*1 · /);
    });

    await test.step("a later Awin report moving the order to 'declined' updates it instead of adding one", async () => {
      await upload(page, freshSite.url, "Awin", report("awin-transactions-later.csv", subId));
      // The mapping is kept: straight to the preview.
      await expect(page.getByTestId("revenue-plan")).toContainText("0 new, 1 updated, 0 unchanged");
      await expect(page.getByRole("list", { name: "Status changes" })).toHaveText(/AW-1001: pending → reversed/);
      await page.getByRole("button", { name: "Save 1 order" }).click();
      await expect(toast(page, "Report saved", "Awin: 0 new orders, 1 updated, 0 unchanged.")).toBeVisible(patient);
      await page.goto(`${freshSite.url}/admin/revenue?days=7&by=product`);
      expect(await rowCells(page, NAME)).toMatchObject({ orders: "1", pending: "—", approved: "USD 3.60", epc: "USD 3.60" });
      await expect(page.getByText("1 reversed left out")).toBeVisible();
    });

    await test.step("the table downloads as CSV", async () => {
      const response = await page.request.get(`${freshSite.url}/admin/revenue/export?days=7&by=product`);
      expect(response.status()).toBe(200);
      const text = (await response.text()).replace(/^\uFEFF/, "");
      expect(text.split("\r\n")[0]).toBe(
        '"product","views","clicks","ctr","orders","conversion","pending_USD","approved_USD","epc_USD","per_1000_views_USD","few_views"',
      );
      expect(text).toContain(`"${NAME}","2","1","0.5000","1","1.0000","","3.60","3.60","1800.00","yes"`);
    });
  });
});
