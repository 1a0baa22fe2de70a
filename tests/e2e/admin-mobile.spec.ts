import { adminRoutePaths, fillAdminPath } from "../support/admin-paths";
import { expect, signInAsAdmin, test } from "./admin-support";
import { paramsFor, siteIds, withSiteDatabase } from "./admin-site-data";

// The admin layout on a 390 px phone: nothing scrolls sideways except a table that says so.
// Runs in the mobile project.

// Each test runs create-admin (a tsx start-up) and several sign-ins: allow for a busy machine.
test.describe("Phone layout", { tag: "@mobile-only" }, () => {
  test.describe.configure({ timeout: 90_000 });

  async function expectNoSidewaysScroll(page: import("@playwright/test").Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  test("the admin panel is usable at 390 px: links, active page, pages without sideways scrolling", async ({ page, adminSite }) => {
    await signInAsAdmin(page, adminSite);
    const nav = page.getByRole("navigation", { name: "Admin Panel" });
    for (const name of ["Dashboard", "Products", "Collections"]) await expect(nav.getByRole("link", { name })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expectNoSidewaysScroll(page);

    await nav.getByRole("link", { name: "Products" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Products Management" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Check Storage Status", "Save to Database"]) await expect(page.getByRole("button", { name })).toBeInViewport();
    await expect(page.getByText("Upload CSV", { exact: true })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Add Product" })).toBeInViewport();
    await expectNoSidewaysScroll(page);

    await nav.getByRole("link", { name: "Collections" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Collections Management" })).toBeVisible();
    await expectNoSidewaysScroll(page);

    await page.goto("/admin/products/new");
    await expect(page.getByRole("heading", { level: 1, name: "Add New Product" })).toBeVisible();
    await expect(page.getByLabel("Name *")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test("the clicks chart's dates and counts are readable on a phone", async ({ page, adminSite }) => {
    await signInAsAdmin(page, adminSite);
    await page.goto("/admin/clicks");
    const chart = page.getByTestId("clicks-chart");
    await expect(chart).toBeVisible();
    // The drawing a phone shows: its text, as painted, at least 10 px tall (WCAG's readable minimum is
    // a judgement call; 5 px, what the desktop drawing shrinks to here, is not).
    const heights = await chart.evaluate((node) =>
      Array.from(node.querySelectorAll("svg"))
        .filter((svg) => svg.getBoundingClientRect().width > 0)
        .flatMap((svg) => Array.from(svg.querySelectorAll("text")).map((text) => text.getBoundingClientRect().height)),
    );
    expect(heights.length).toBeGreaterThan(3);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(10);
    await expectNoSidewaysScroll(page);
  });

  test("every admin screen fits 390 px without sideways scrolling", async ({ page, adminSite }) => {
    // Every page route of the admin area (a .tsx module; the .ts ones are downloads and uploads), with real ids.
    test.setTimeout(300_000);
    const ids = await siteIds(adminSite);
    const paths = adminRoutePaths()
      .filter(({ file }) => file.endsWith(".tsx"))
      .map(({ pattern }) => fillAdminPath(pattern, paramsFor(pattern, ids)))
      .filter((path, index, all) => all.indexOf(path) === index);
    expect(paths).toEqual(
      expect.arrayContaining(["/admin/mail", `/admin/articles/${ids.articleId}/revisions`, `/admin/runs/${ids.jobId}`]),
    );
    await signInAsAdmin(page, adminSite);
    const wide: string[] = [];
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide.push(`${path}: ${width} px`);
    }
    expect(wide).toEqual([]);
  });

  test("the mail list reads well at 390 px: each message's address whole, on a line of its own", async ({ page, adminSite }) => {
    const to = "a.rather.long.address.for.a.reader@mail.example.com";
    await withSiteDatabase(adminSite, async (db) => {
      const now = Date.now();
      // Failed: the site's sender never picks it up.
      await db
        .insertInto("outbox")
        .values({
          message_id: `<phone-${now}@example.com>`,
          recipient: to,
          subject: "Confirm your subscription to the sauna price alerts",
          text_body: "Hello",
          html_body: null,
          headers: "{}",
          log_line: null,
          state: "failed",
          created_at: now,
          next_attempt_at: now,
          failed_at: now,
          last_error: "550 mailbox unavailable",
        })
        .execute();
    });
    await signInAsAdmin(page, adminSite);
    await page.goto("/admin/mail");
    const row = page.getByTestId("mail-row").filter({ hasText: to });
    // The To cell: its phone label and the address (the Retry cell names the address too, to screen readers).
    const cell = row.getByRole("cell").filter({ hasText: /^To:/ });
    await expect(cell).toHaveText(`To:${to}`);
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    // Most of the phone's width, and the address on at most two lines (it breaks where it must, not letter by letter).
    expect(box.width).toBeGreaterThan(300);
    expect(box.height).toBeLessThan(60);
    // Its Retry whole on the screen, not cut off by a table wider than the phone.
    const retry = row.getByRole("button", { name: `Retry the mail to ${to}` });
    await retry.scrollIntoViewIfNeeded();
    await expect(retry).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
  });
});
