import { expect, signInAsAdmin, test } from "./admin-support";

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
});
