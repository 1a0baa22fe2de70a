import sharp from "sharp";
import { expect, signInAsAdmin, test } from "./admin-support";

// The admin's uploads without JavaScript: the storage check, the picture upload and a CSV import
// are plain HTML forms, so a browser with scripts off posts them and lands on a page that says
// what happened. On a site of the test's own: the import changes an offer.

test.describe("The forms are the same at every width", { tag: "@desktop-only" }, () => {
  test("without JavaScript: pictures go to the product-images screen, and an offers CSV is saved on its page", async ({
    page,
    browser,
    freshSite,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page, freshSite);
    const context = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: freshSite.url,
      storageState: await page.context().storageState(),
    });
    try {
      const noScript = await context.newPage();
      await noScript.goto("/admin/products");
      const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2f6b3a" } })
        .png()
        .toBuffer();
      await noScript.getByLabel("Images to upload").setInputFiles({ name: "no-script-side.png", mimeType: "image/png", buffer: picture });
      await noScript.getByRole("button", { name: "Upload Images" }).click();
      await expect(noScript).toHaveURL((url) => url.pathname === "/admin/products/images");
      await expect(noScript.getByRole("heading", { level: 1, name: "Product images" })).toBeVisible();
      await expect(noScript.getByText("stored as no-script-side.png")).toBeVisible();
      await expect(noScript.getByRole("status").filter({ hasText: "Images uploaded" })).toContainText("Stored 1 image in product-images.");
      expect((await noScript.request.get("/storage/product-images/no-script-side.png")).status()).toBe(200);

      await noScript.getByRole("button", { name: "Check Storage Status" }).click();
      await expect(noScript.getByRole("status").filter({ hasText: "Storage Ready" })).toContainText("1 file");

      await noScript.goto("/admin/offers");
      const csv = "product_slug,merchant,shipping_note\nlumo-works-tyyni-4-cube-sauna,nordic-bath-supply,Sent without scripts\n";
      await noScript.locator("#offer-csv-file").setInputFiles({ name: "offers.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
      await noScript.getByRole("button", { name: "Save to Database" }).click();
      // The save is a run of the worker: its page reloads itself until the run ends, then says what it saved.
      await expect(noScript).toHaveURL((url) => /^\/admin\/runs\/\d+$/.test(url.pathname));
      await expect(noScript.getByRole("heading", { name: "What the save changed" })).toBeVisible({ timeout: 30_000 });
      await expect(noScript.getByRole("status").filter({ hasText: "Offers Saved Successfully" })).toBeVisible();
      await expect(noScript.getByTestId("import-diff-counts")).toHaveText("0 new, 1 changed, 0 unchanged");
      await expect(noScript.getByRole("list", { name: "What the save changed: rows" })).toContainText("Sent without scripts");
    } finally {
      await context.close();
    }
  });
});
