import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// Tracked shop links end to end: an admin imports a sauna whose shop is a local server, a
// visitor follows its Buy buttons on a collection page and on its product page and lands on the
// shop, and the admin's clicks page shows both clicks against those pages; a crawler and a
// prefetch of the same link are redirected but not counted. On a site of the test's own, so
// no other spec's clicks are counted in.

/** Playwright's own User-Agent says HeadlessChrome, which is (rightly) a bot: visitors use a browser's. */
const VISITOR_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SLUG = "clicks-cedar-cabin";
const NAME = "Clicks Cedar Cabin";

// Imports and the batched click writes are server round trips; on a 2-core CI machine busy with
// other specs they can take seconds.
const patient = { timeout: 30_000 };

let shop: http.Server;
let shopUrl: string;

test.describe("Click tracking is checked once, at desktop width", { tag: "@desktop-only" }, () => {
  test.beforeAll(async () => {
    shop = http.createServer((req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><title>The Shop</title><h1>The Shop</h1><p data-path>${req.url}</p>`);
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  test.afterAll(async () => {
    await new Promise((resolve) => shop?.close(resolve));
  });

  test("Buy buttons go through /go to the shop; the admin sees each click against its page, never a bot's or a prefetch", async ({
    page,
    browser,
    freshSite,
    cspViolations,
  }) => {
    test.setTimeout(150_000);
    await signInAsAdmin(page, freshSite);
    const affiliateLink = `${shopUrl}/cabin?ref=saunas`;

    await test.step("the admin imports a sauna with an affiliate link, listed on the infrared page", async () => {
      await page.goto(`${freshSite.url}/admin/products`);
      await waitForHydration(page);
      // And one without any shop link, whose /go address must lead back to its review.
      const csv =
        `name,brand,slug,category_id,rating,affiliate_link,collection_ids\n${NAME},Northwind,${SLUG},cabin,4.9,${affiliateLink},[infrared-saunas]\n` +
        `Linkless Cabin,Northwind,linkless-cabin,cabin,4.1,,\n`;
      await page.locator("#product-csv-file").setInputFiles({ name: "p.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await expect(toast(page, "CSV Uploaded Successfully", "Parsed 2 products from CSV")).toBeVisible(patient);
      // infrared-saunas lists by its rule: the preview asks first (docs/decisions/0070); the sauna joins the rule's.
      await page.getByRole("radio", { name: /^Add the products to the collection and keep its rule/ }).check(patient);
      await page.getByRole("button", { name: "Save to Database" }).click();
      await expect(toast(page, "Products Saved Successfully", "Saved 2 products to the database")).toBeVisible(patient);
    });

    await test.step("the clicks page starts empty", async () => {
      await page.goto(`${freshSite.url}/admin/clicks?days=7`);
      await expect(page.getByRole("heading", { level: 1, name: "Clicks" })).toBeVisible();
      await expect(page.getByTestId("clicks-total")).toHaveText("0");
      await expect(page.getByTestId("top-products")).toContainText("No product has been clicked in this period.");
    });

    const visitor = await browser.newContext({ baseURL: freshSite.url, userAgent: VISITOR_AGENT });
    await cspViolations.watch(visitor);
    const visit = await visitor.newPage();
    // Another reader: a repeat click of one reader on one product within 30 minutes counts once.
    const otherVisitor = await browser.newContext({ baseURL: freshSite.url, userAgent: `${VISITOR_AGENT} Edg/140.0.0.0` });
    await cspViolations.watch(otherVisitor);
    const otherVisit = await otherVisitor.newPage();
    try {
      await test.step("a visitor follows 'Check Price & Reviews' on the collection page to the shop", async () => {
        await visit.goto("/reviews/infrared-saunas");
        const card = visit.getByTestId("ranked-sauna").filter({ hasText: NAME });
        const buy = card.getByRole("link", { name: /Check Price & Reviews/ });
        await expect(buy).toHaveAttribute("href", `/go/${SLUG}?from=collection:infrared-saunas:row`);
        await expect(buy).toHaveAttribute("rel", "sponsored nofollow noopener");
        await expect(buy).toHaveAttribute("target", "_blank");
        const [shopPage] = await Promise.all([visitor.waitForEvent("page"), buy.click()]);
        await expect(shopPage.getByRole("heading", { name: "The Shop" })).toBeVisible();
        expect(shopPage.url()).toBe(affiliateLink);
        await shopPage.close();
      });

      await test.step("the same visitor's 'Buy Now' on the product page goes to the shop again (a repeat: not counted)", async () => {
        await visit.goto(`/reviews/product/${SLUG}`);
        const buy = visit.getByRole("region", { name: "Price and where to buy" }).getByRole("link", { name: /Buy Now/ });
        await expect(buy).toHaveAttribute("href", `/go/${SLUG}?from=product:${SLUG}:box`);
        const [shopPage] = await Promise.all([visitor.waitForEvent("page"), buy.click()]);
        await expect(shopPage.getByRole("heading", { name: "The Shop" })).toBeVisible();
        await shopPage.close();
      });

      await test.step("and another reader's 'Buy Now' on the product page", async () => {
        await otherVisit.goto(`/reviews/product/${SLUG}`);
        const buy = otherVisit.getByRole("region", { name: "Price and where to buy" }).getByRole("link", { name: /Buy Now/ });
        await expect(buy).toHaveAttribute("href", `/go/${SLUG}?from=product:${SLUG}:box`);
        await expect(buy).toHaveAttribute("rel", "sponsored nofollow noopener");
        const [shopPage] = await Promise.all([otherVisitor.waitForEvent("page"), buy.click()]);
        await expect(shopPage.getByRole("heading", { name: "The Shop" })).toBeVisible();
        expect(shopPage.url()).toBe(affiliateLink);
        await shopPage.close();
      });

      await test.step("a crawler, a prefetch and a HEAD request are redirected but not counted", async () => {
        const target = `/go/${SLUG}?from=home`;
        const crawler = await visit.request.get(target, {
          maxRedirects: 0,
          headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
        });
        const prefetch = await visit.request.get(target, { maxRedirects: 0, headers: { "sec-purpose": "prefetch" } });
        const head = await visit.request.head(target, { maxRedirects: 0 });
        for (const response of [crawler, prefetch, head]) {
          expect(response.status()).toBe(302);
          expect(response.headers()["location"]).toBe(affiliateLink);
          expect(response.headers()["cache-control"]).toBe("no-store");
          expect(response.headers()["set-cookie"]).toBeUndefined();
        }
      });

      await test.step("the clicks page and its CSV are for admins only", async () => {
        for (const target of ["/admin/clicks", "/admin/clicks/export?days=7"]) {
          const response = await visit.request.get(target, { maxRedirects: 0 });
          expect(response.status()).toBe(302);
          expect(response.headers()["location"]).toMatch(/^\/auth\?redirectTo=/);
        }
      });

      await test.step("a link that leads nowhere is a 404 page leading back to the review, or to all reviews", async () => {
        const linkless = await visit.goto("/go/linkless-cabin?from=home");
        expect(linkless?.status()).toBe(404);
        await expect(visit.getByRole("heading", { level: 1 })).toHaveText("No shop link for Linkless Cabin yet");
        await expect(visit.getByRole("link", { name: "Read the Linkless Cabin review" })).toHaveAttribute(
          "href",
          "/reviews/product/linkless-cabin",
        );
        const unknown = await visit.goto("/go/no-such-sauna?from=home");
        expect(unknown?.status()).toBe(404);
        await expect(visit.getByRole("link", { name: "Browse All Saunas" })).toHaveAttribute("href", "/reviews");
      });
    } finally {
      await visitor.close();
      await otherVisitor.close();
    }

    await test.step("the admin's clicks page shows the two clicks, one from each page", async () => {
      // Clicks are written in batches about every second.
      await expect(async () => {
        await page.goto(`${freshSite.url}/admin/clicks?days=7`);
        await expect(page.getByTestId("clicks-total")).toHaveText("2", { timeout: 1_000 });
      }).toPass(patient);
      const products = page.getByTestId("top-products-row");
      await expect(products).toHaveCount(1);
      await expect(products.first()).toContainText(NAME);
      await expect(products.first()).toContainText("2");
      const sources = page.getByTestId("top-sources-row");
      await expect(sources).toHaveCount(2);
      await expect(sources.filter({ hasText: "Collection: infrared-saunas" })).toContainText("1");
      await expect(sources.filter({ hasText: `Product page: ${SLUG}` })).toContainText("1");
      await expect(page.getByRole("img", { name: "Clicks per day, last 7 days" })).toBeVisible();

      const csv = await page.request.get(`${freshSite.url}/admin/clicks/export?days=7`);
      expect(csv.headers()["content-type"]).toContain("text/csv");
      // A byte order mark first, which tells spreadsheets the file is UTF-8 (text() drops it).
      expect([...(await csv.body()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = (await csv.text()).trim().split("\r\n");
      expect(lines[0]).toBe('"day","clicks"');
      expect(lines).toHaveLength(8);
      // The last row is today; the two clicks are on the days they happened (a run may cross midnight UTC).
      const rows = lines.slice(1).map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
      expect(rows.at(-1)![0]).toBe(new Date().toISOString().slice(0, 10));
      expect(rows.reduce((sum, [, clicks]) => sum + Number(clicks), 0)).toBe(2);
    });

    await test.step("the dashboard card counts them too", async () => {
      await page.goto(`${freshSite.url}/admin`);
      await expect(page.getByTestId("count-clicks")).toHaveText("2");
    });
  });
});
