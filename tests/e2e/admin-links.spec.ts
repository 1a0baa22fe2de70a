import { closedPortOrigin, LINK_CASES, startLinkTestServer, type LinkTestServer } from "../support/link-test-server";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// Link health: an admin imports products whose shop links point at a local stand-in
// for the shops, clicks "Check now", follows the progress, and finds every case classified with
// the broken ones first, each with a way to the product's edit form. On a site of the test's
// own: the shared admin site holds other specs' products, whose links lead off this machine.
// The sample products' links use the reserved .example names, answered as unknown domains
// without asking any resolver; the unknown-domain case here uses .invalid the same way.

test.describe.configure({ timeout: 180_000 });

let shop: LinkTestServer;
test.beforeEach(async () => {
  // The slow answer outlasts the site's 20 s per-link timeout (admin-support.ts), which keeps the
  // run going long enough for its progress to be seen even on a heavily loaded machine.
  shop = await startLinkTestServer({ slowMs: 60_000 });
});
test.afterEach(async () => {
  await shop?.close();
});

function csvOf(rows: [name: string, slug: string, affiliate: string, website: string][]): string {
  return (
    [
      "name,brand,slug,category_id,affiliate_link,website",
      ...rows.map((row) => `${row[0]},Linkcheck,${row[1]},barrel,${row[2]},${row[3]}`),
    ].join("\n") + "\n"
  );
}

// Once, at 1280 px: the flow is the same at every width, and the report's widest rows are then
// checked at 390 px on the same page (admin-mobile.spec.ts walks every admin screen at that width).
test(
  "Check now: progress, then every case classified, broken first, each with its edit link",
  { tag: "@desktop-only" },
  async ({ page, freshSite }, testInfo) => {
    const o = shop.origin;
    const refused = await closedPortOrigin();
    const products: [string, string, string, string][] = [
      ["LH Working", "lh-working", `${o}${LINK_CASES.ok}`, ""],
      ["LH Missing", "lh-missing", `${o}${LINK_CASES.notFound}`, ""],
      ["LH Server Error", "lh-server-error", `${o}${LINK_CASES.serverError}`, ""],
      ["LH Slow", "lh-slow", `${o}${LINK_CASES.slow}`, ""],
      ["LH Redirect Chain", "lh-redirect-chain", `${o}${LINK_CASES.chain}`, ""],
      ["LH Redirect Loop", "lh-redirect-loop", "", `${o}${LINK_CASES.loop}`],
      ["LH Head Refused", "lh-head-refused", `${o}${LINK_CASES.headRefused}`, ""],
      ["LH Unknown Domain", "lh-unknown-domain", "http://shop.sauna-gone.invalid/cube", ""],
      ["LH Refused", "lh-refused", `${refused}/cube`, ""],
    ];

    await signInAsAdmin(page, freshSite);
    await page.goto(`${freshSite.url}/admin/products`);
    await waitForHydration(page);
    await page
      .locator("#product-csv-file")
      .setInputFiles({ name: "links.csv", mimeType: "text/csv", buffer: Buffer.from(csvOf(products)) });
    // Generous waits: the shared machine runs several builds and browsers at once.
    await expect(toast(page, "CSV Uploaded Successfully", `Parsed ${products.length} products from CSV`)).toBeVisible({ timeout: 20_000 });
    await page.getByRole("button", { name: "Save to Database" }).click();
    await expect(toast(page, "Products Saved Successfully", `Saved ${products.length} products to the database`)).toBeVisible({
      timeout: 30_000,
    });

    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Link health" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Link health" })).toBeVisible();
    await expect(page.getByTestId("link-run")).toContainText("No check has run yet");
    await waitForHydration(page);

    await page.getByRole("button", { name: "Check now" }).click();
    // The slow shop holds the run for 20 s: the page shows how far it has got meanwhile, and updates in place.
    const progress = page.getByRole("progressbar", { name: /Checking links: \d+ of \d+ checked/ });
    await expect(progress).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole("button", { name: "Checking…" })).toBeDisabled();
    await expect(page.getByTestId("link-run")).toContainText(/Last check: .* \(by hand\)/, { timeout: 60_000 });
    await expect(progress).toHaveCount(0);
    // The summary comes from the last poll; the list follows once the page's data is read again.
    await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-state", "broken", { timeout: 15_000 });

    // Broken first: no working or unchecked row comes before a broken one.
    const states = await page.getByTestId("link-row").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-state")));
    const rank = { broken: 0, unchecked: 1, ok: 2 } as Record<string, number>;
    expect(states.map((state) => rank[state!])).toEqual([...states.map((state) => rank[state!])].sort());
    expect(states[0]).toBe("broken");
    // The count is every broken link's, not the page's: with 50 rows a page, the last page of the
    // broken ones holds the rest.
    const brokenTotal = Number((await page.getByTestId("link-count-broken").textContent())!.replace(/\D/g, ""));
    expect(brokenTotal).toBeGreaterThanOrEqual(states.filter((state) => state === "broken").length);
    const brokenPages = Math.ceil(brokenTotal / 50);
    await page.goto(`${freshSite.url}/admin/links?show=broken&links_page=${brokenPages}`);
    await expect(page.getByTestId("link-row")).toHaveCount(brokenTotal - (brokenPages - 1) * 50);
    if (brokenPages > 1)
      await expect(page.getByRole("navigation", { name: "Pages of the link report" })).toContainText(
        `Page ${brokenPages} of ${brokenPages}`,
      );
    await page.goto(`${freshSite.url}/admin/links`);

    // 50 rows a page: the sample catalog's links and this test's fill more than one.
    await expect(page.getByTestId("link-row")).toHaveCount(50);
    const pager = page.getByRole("navigation", { name: "Pages of the link report" });
    await expect(pager).toContainText(/Page 1 of [2-9]/);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/links_page=2/);
    await expect(page.getByRole("navigation", { name: "Pages of the link report" })).toContainText(/Page 2 of [2-9]/);
    await expect(page.getByTestId("link-row").first()).toBeVisible();

    // The search narrows the list to this test's products (the sample catalog's links are there too).
    await page.getByLabel("Search by product name or address").fill("LH ");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=LH/);
    await expect(page.getByTestId("link-row")).toHaveCount(products.length);
    const rowOf = (name: string) => page.getByTestId("link-row").filter({ hasText: name });
    const expectRow = async (name: string, state: "broken" | "ok", label: string, detail?: RegExp) => {
      const row = rowOf(name);
      await expect(row, name).toHaveAttribute("data-state", state);
      await expect(row, name).toContainText(label);
      if (detail) await expect(row, name).toContainText(detail);
    };
    await expectRow("LH Working", "ok", "Working", /200 OK/);
    await expectRow("LH Missing", "broken", "Page missing or refused", /404 Not found/);
    await expectRow("LH Server Error", "broken", "Shop server error", /500 Internal server error/);
    await expectRow("LH Slow", "broken", "No answer in time", /No answer within 20 s/);
    await expectRow("LH Redirect Chain", "ok", "Working", new RegExp(`${o}${LINK_CASES.chainEnd}`.replace(/[.?/]/g, "\\$&")));
    await expectRow("LH Redirect Loop", "broken", "Redirect loop", /comes back to/);
    await expectRow("LH Head Refused", "ok", "Working");
    await expectRow("LH Unknown Domain", "broken", "Domain not found", /shop\.sauna-gone\.invalid was not found/);
    await expectRow("LH Refused", "broken", "Connection failed", /refused the connection/);
    await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-state", "broken");
    await expect(page.getByTestId("link-row").last()).toHaveAttribute("data-state", "ok");
    // Every case's row, with the longest details, fits a phone without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    const screenshotDir = process.env.LINK_HEALTH_SCREENSHOT_DIR;
    if (screenshotDir) await page.screenshot({ path: `${screenshotDir}/admin-links-${testInfo.project.name}.png`, fullPage: true });

    // The dashboard counts the broken links and leads to them.
    await page.goto(`${freshSite.url}/admin`);
    await expect(page.getByTestId("broken-links")).toContainText(`Broken links: ${brokenTotal}`);
    await page.getByTestId("broken-links").click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/links" && url.searchParams.get("show") === "broken");
    await expect(page.getByTestId("link-row").first()).toHaveAttribute("data-state", "broken");
    // This test's broken links, among the sample catalog's: the search keeps the state chosen.
    await page.getByLabel("Search by product name or address").fill("LH ");
    await page.getByRole("search").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("show") === "broken" && url.searchParams.get("q") === "LH ");
    await expect(page.getByTestId("link-row")).toHaveCount(6);
    await expect(page.getByTestId("link-row").filter({ hasText: "LH Working" })).toHaveCount(0);

    // Each row leads to its product's edit form.
    await rowOf("LH Missing")
      .getByRole("link", { name: /Edit product/ })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/products" && url.searchParams.has("edit"));
    await expect(page.getByText("Edit Product: LH Missing")).toBeVisible();
  },
);
