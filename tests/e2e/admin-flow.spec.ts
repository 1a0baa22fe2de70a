import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { confirmationLinkFromOutbox, expect, runCreateAdmin, signIn, test, toast, uniqueEmail, waitForHydration } from "./admin-support";

// Issue 5, "Must show": sign up → open the link from the outbox → sign in → a non-admin sees
// 403 → create-admin promotes → the dashboard → the product CSV imports and its product
// page shows it → a collections CSV imports and /reviews/{slug} lists its product_ids in order.
// One account walks the whole way, so this is one test in steps. Desktop only: the phone
// layout has its own spec (admin-mobile.spec.ts).

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");

test.describe("The full admin flow runs once, at desktop width", { tag: "@desktop-only" }, () => {
  test("sign up, confirm, get promoted, import products and a collection, see them on the site", async ({ page, adminSite }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("flow");
    const password = "a long enough password";

    await test.step("anonymous visitors are sent to sign in", async () => {
      await page.goto("/admin/products");
      await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/admin/products");
      await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
      await expect(page.getByText("Protected area - Authorized personnel only")).toBeVisible();
      await expect(page.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    });

    await test.step("sign up: 'Account created' and the confirmation banner", async () => {
      await waitForHydration(page);
      await page.getByRole("tab", { name: "Sign Up" }).click();
      const form = page.getByRole("form", { name: "Sign up" });
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Password").fill(password);
      await form.getByRole("button", { name: "Create account" }).click();
      await expect(toast(page, "Account created", "Please check your email to confirm your account")).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "Confirmation required" })).toContainText(email);
    });

    await test.step("signing in before confirming: 'Email not confirmed'", async () => {
      await signIn(page, email, password);
      await expect(toast(page, "Email not confirmed", "Please check your inbox and confirm your email before signing in")).toBeVisible();
      await expect(page.getByText("Confirmation required")).toBeVisible();
    });

    await test.step("open the link from the outbox: confirmed; opening it again says so", async () => {
      const link = await confirmationLinkFromOutbox(adminSite, email);
      expect(new URL(link).pathname).toBe("/auth/callback");
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
      await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
      await expect(page.getByRole("heading", { level: 1, name: "Link already used" })).toBeVisible();
    });

    await test.step("sign in: a user without the admin role sees 403", async () => {
      await page.getByRole("link", { name: "Go to sign in" }).click();
      await signIn(page, email, password);
      await expect(page).toHaveURL((url) => url.pathname === "/admin");
      await expect(page.getByRole("heading", { level: 1, name: "You do not have access to the admin area" })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      const response = await page.goto("/admin/collections");
      expect(response?.status()).toBe(403);
    });

    await test.step("create-admin promotes the account: the dashboard opens", async () => {
      expect(runCreateAdmin(adminSite, email, password)).toContain(`Promoted ${email} to admin`);
      const response = await page.goto("/admin");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      const nav = page.getByRole("navigation", { name: "Admin Panel" });
      await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("link", { name: "Add Product" })).toHaveAttribute("href", "/admin/products/new");
      await expect(page.getByTestId("count-products")).toHaveText("29");
    });

    await test.step("upload a picture the CSV names by file name", async () => {
      await page.goto("/admin/products");
      await waitForHydration(page);
      await expect(page.getByRole("status").filter({ hasText: "Storage Ready" })).toBeVisible();
      const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#8f3d0a" } })
        .jpeg()
        .toBuffer();
      await page.getByLabel("Images to upload").setInputFiles({ name: "aurora-side.jpg", mimeType: "image/jpeg", buffer: picture });
      await page.getByRole("button", { name: "Upload Images" }).click();
      await expect(page.getByText("stored as aurora-side.jpg")).toBeVisible();
      const image = await page.request.get("/storage/product-images/aurora-side.jpg");
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/jpeg");
      expect(image.headers()["x-content-type-options"]).toMatch(/^nosniff/);
    });

    await test.step("the issue's product CSV: parsed, previewed with warnings, saved", async () => {
      await page.locator("#product-csv-file").setInputFiles(path.join(fixtures, "admin-products.csv"));
      await expect(toast(page, "CSV Uploaded Successfully", "Parsed 3 products from CSV")).toBeVisible();
      const warnings = page.getByRole("status").filter({ hasText: "Validation warnings" });
      await expect(warnings).toContainText('Row 2: Missing brand (saved as "Unknown Brand")');
      await expect(warnings).toContainText("Row 3: Missing slug (row skipped)");
      await expect(warnings).toContainText('affiliate_link "javascript:alert(1)" is not an http(s) link (dropped)');
      const preview = page.getByRole("region", { name: /Parsed products/ }).getByRole("table");
      await expect(preview.locator("tbody tr")).toHaveCount(3);
      await expect(preview.locator("tbody tr").first()).toContainText('Aurora "Lakeside" Barrel 4');
      await expect(preview.locator("tbody tr").first()).toContainText("$99,999,999.99");
      await expect(preview.locator("tbody tr").first()).toContainText("5.0");

      await page.getByRole("button", { name: "Save to Database" }).click();
      // Saved by a run of the worker, which the page follows: a few seconds on a busy machine.
      await expect(toast(page, "Products Saved Successfully", "Saved 3 products to the database")).toBeVisible({ timeout: 30_000 });
      // Saved: the preview is gone and the list shows the new products.
      await expect(page.getByRole("region", { name: /Parsed products/ })).toHaveCount(0);
      await expect(page.getByRole("region", { name: /Existing products/ })).toContainText("Kettu Cube 2");
      // The row without a slug was dropped, not saved.
      await page.getByLabel("Search products").fill("Orphan");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page.getByText("No products match.")).toBeVisible();
    });

    await test.step("the product page shows the imported values", async () => {
      const response = await page.goto("/reviews/product/aurora-lakeside-barrel-4");
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText('Aurora "Lakeside" Barrel 4');
      await expect(main.getByText("Frostline", { exact: true }).first()).toBeVisible();
      await expect(main.getByTestId("product-rating")).toContainText("5.0");
      await expect(main).toContainText("$99,999,999.99");
      // The bare file name in the CSV is served from the product-images bucket.
      await expect(page.locator('img[src*="aurora-side.jpg"]').first()).toBeAttached();

      await page.goto("/reviews/product/kettu-cube-2");
      await expect(main.getByRole("heading", { level: 1 })).toHaveText("Kettu Cube 2");
      await expect(main.getByText("Unknown Brand").first()).toBeVisible();
      await expect(main).toContainText("Contact for Price");
      // The CSV gives Kettu no dimensions and no heater specification: the card says 'N/A'.
      const specs = page.getByRole("region", { name: "Specifications" });
      const spec = (label: string) => specs.locator("div", { has: page.locator("dt", { hasText: label }) }).locator("dd");
      await expect(spec("Capacity")).toHaveText("2 Person");
      await expect(spec("Dimensions")).toHaveText("N/A");
      await expect(spec("Heater Specifications")).toHaveText("N/A");
    });

    await test.step("a collections CSV: parsed with the spec's warning, saved", async () => {
      await page.goto("/admin/collections");
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1, name: "Collections Management" })).toBeVisible();
      await expect(page.getByText("Showing 17 collections from the database")).toBeVisible();
      const save = page.getByRole("button", { name: "Save to Database" });
      await expect(save).toBeDisabled();
      await page.locator("#collection-csv-file").setInputFiles(path.join(fixtures, "admin-collections.csv"));
      await expect(page.getByText("The following rows have missing required fields that may cause issues:")).toBeVisible();
      await expect(page.getByText("Row 1: Missing slug")).toBeVisible();
      await expect(page.getByText("Existing collections will be overwritten")).toBeVisible();
      const table = page.getByRole("table");
      await expect(table.getByRole("columnheader")).toHaveText(["Name", "Slug", "Description", "Image URL"]);
      await expect(table.locator("tbody tr")).toHaveCount(1);
      await expect(table.getByRole("link", { name: "https://example.com/images/picks.jpg" })).toHaveAttribute("target", "_blank");
      await expect(save).toBeEnabled();
      await save.click();
      await expect(
        toast(
          page,
          "Collections Saved Successfully",
          "Saved 1 collection to the database. Existing collections with the same slugs were overwritten.",
        ),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("Showing 18 collections from the database")).toBeVisible();
    });

    await test.step("/reviews/{slug} lists the product_ids in order", async () => {
      const response = await page.goto("/reviews/e2e-frostline-picks");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Frostline Picks");
      await expect(page.getByTestId("ranked-sauna").getByRole("heading", { level: 3 })).toHaveText([
        "Kettu Cube 2",
        'Aurora "Lakeside" Barrel 4',
        "Short Row",
      ]);
    });

    await test.step("sign out from the admin area", async () => {
      await page.goto("/admin");
      await page.getByRole("button", { name: "Sign out" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/auth");
      await page.goto("/admin");
      await expect(page).toHaveURL((url) => url.pathname === "/auth");
    });
  });
});
