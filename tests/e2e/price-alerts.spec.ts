import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sampleProducts } from "../../app/server/seed/sample-products";
import { expect, signInAsAdmin, test, uniqueEmail, type AdminSite } from "./admin-support";

/**
 * Price-drop alerts, end to end: a reader asks for an alert on a sauna's page, confirms from the
 * outbox mail; a merchant feed run brings a cheaper shop's offer; exactly one alert mail is
 * written (the job runs seconds after the save); its unsubscribe link's GET changes nothing and
 * the POST stops the alert. Runs on a private server (admin-support) whose outbox this spec can read, on a
 * sauna of its own, so no other spec sees its price change. Desktop only: every sign-up counts
 * against the per-client limit of the one test server.
 */

test.describe("The alert is the same at every width", { tag: "@desktop-only" }, () => {
  test.describe.configure({ timeout: 240_000 });
  const SLUG = `alert-barrel-${process.pid}`;

  /** A valid GTIN-13 of this run's own (prefix 29, the process id, the check digit). */
  function runGtin(): string {
    const body = `29${String(process.pid).padStart(10, "0").slice(-10)}`;
    const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3), 0);
    return body + String((10 - (sum % 10)) % 10);
  }
  const GTIN = runGtin();

  function decodeQuotedPrintable(text: string): string {
    return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  /** Every outbox message to `email` with this subject start, decoded. */
  function mailsTo(site: AdminSite, email: string, subject: string): string[] {
    const dir = path.join(site.dataDir, "mail");
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".eml"));
    } catch {
      return [];
    }
    const to = new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi");
    return files
      .map((file) => readFileSync(path.join(dir, file), "utf8"))
      .filter((eml) => to.test(eml) && new RegExp(`^Subject: ${subject}`, "mi").test(eml.replace(/\r?\n[ \t]+/g, " ")))
      .map(decodeQuotedPrintable);
  }

  async function alertRow(page: Page) {
    await page.goto("/admin/subscribers");
    return page.getByTestId("price-alert-row").filter({ hasText: "Alert Test Barrel" });
  }

  test("subscribe on a sauna's page, confirm, a lower price mails once, GET of unsubscribe changes nothing, POST stops it", async ({
    page,
    browser,
    adminSite,
  }) => {
    // The admin's sauna at $7,650.
    await signInAsAdmin(page, adminSite);
    const productForm = page.locator("#product-form");
    await page.goto("/admin/products/new");
    await productForm.getByLabel("Name *").fill("Alert Test Barrel");
    await productForm.getByLabel("Brand").fill("Northwind");
    await productForm.getByLabel("Slug *").fill(SLUG);
    await productForm.getByLabel("Price (USD)", { exact: true }).fill("7650");
    await productForm.getByLabel("Affiliate link").fill(`https://shop.example/${SLUG}`);
    await productForm.getByLabel("GTIN").fill(GTIN);
    await page.getByRole("button", { name: "Save Product" }).click();
    await expect(page).toHaveURL(/\/admin\/products\?edit=\d+/);

    // A reader, not signed in, asks for an alert on the sauna's page.
    const reader = await browser.newContext();
    const visitor = await reader.newPage();
    const email = uniqueEmail("alert-reader");
    await visitor.goto(`/reviews/product/${SLUG}`);
    const box = visitor.getByTestId("price-alert");
    await expect(box.getByRole("heading", { name: "Email me when the price drops" })).toBeVisible();
    await expect(box).toContainText("Now $7,650");
    const form = visitor.getByTestId("price-alert-form");
    await visitor.waitForFunction(() => {
      const element = document.querySelector('[data-testid="price-alert-form"]');
      return Boolean(element && Object.keys(element).some((key) => key.startsWith("__react")));
    });
    // At phone width nothing scrolls sideways.
    await visitor.setViewportSize({ width: 390, height: 844 });
    await box.scrollIntoViewIfNeeded();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await visitor.setViewportSize({ width: 1280, height: 800 });
    // A target at the price is refused in place, keeping what was typed.
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Target price (optional)").fill("7,650");
    await form.getByRole("button", { name: "Email me" }).click();
    await expect(visitor.getByTestId("price-alert-message")).toContainText("must be below the current price, $7,650");
    await expect(form.getByLabel("Email address")).toHaveValue(email);
    // No target: any drop of 5% or more.
    await form.getByLabel("Target price (optional)").fill("");
    await form.getByRole("button", { name: "Email me" }).click();
    await expect(visitor.getByTestId("price-alert-message")).toContainText("Check your inbox to confirm");
    await expect(visitor).toHaveURL((url) => url.pathname === `/reviews/product/${SLUG}`);

    await expect.poll(() => mailsTo(adminSite, email, "Confirm your price alert").length, { message: "the confirmation mail" }).toBe(1);
    const confirmation = mailsTo(adminSite, email, "Confirm your price alert")[0]!;
    expect(confirmation).toContain("<!doctype html>");
    const confirm = confirmation.match(/https?:\/\/[^\s"<>]+\/alerts\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(confirm).toBeTruthy();
    await visitor.goto(confirm!);
    await expect(visitor.getByRole("heading", { level: 1, name: "Price alert on" })).toBeVisible();
    await expect(await alertRow(page)).toContainText(/Alert Test Barrel\s*1\s*0\s*Any 5% drop/);

    // A shop's feed brings the sauna at more than 5% less; the job runs seconds after the run is saved.
    const feedName = `Alert feed ${process.pid}`;
    const feed = [
      ["id", "title", "link", "price", "availability", "brand", "gtin"].join("\t"),
      [
        `AL-${process.pid}`,
        "Alert Test Barrel",
        `https://nordicbathsupply.example/p/${SLUG}`,
        "7199.00 USD",
        "in_stock",
        "Northwind",
        GTIN,
      ].join("\t"),
    ].join("\n");
    await page.goto("/admin/feeds?new");
    const feedForm = page.locator("#feed-form");
    await feedForm.getByLabel("Name *").fill(feedName);
    await feedForm.getByLabel("Shop *").selectOption({ label: "Nordic Bath Supply" });
    await feedForm.getByLabel("From a file I upload").check();
    await feedForm
      .getByLabel("Feed file (XML, TSV or CSV)")
      .setInputFiles({ name: "alert.tsv", mimeType: "text/tab-separated-values", buffer: Buffer.from(feed) });
    await feedForm.getByRole("button", { name: "Save feed" }).click();
    await expect(page.getByText(`${feedName} is saved.`).first()).toBeVisible();
    const runAndSave = page
      .getByRole("row")
      .filter({ hasText: feedName })
      .getByRole("button", { name: `Run now and save ${feedName}` });
    await runAndSave.click();
    // The run is a job: it waits for one of the worker's two slots, which other specs' imports may
    // hold for a while on a busy machine (a saturated host once kept it "running" past 15 s).
    await expect(page.getByTestId("feed-run-counts")).toHaveText("1 new, 0 changed, 0 unchanged, 0 gone, 0 unmatched, 0 rejected", {
      timeout: 60_000,
    });
    await expect.poll(() => mailsTo(adminSite, email, "Price drop").length, { message: "the price drop mail", timeout: 60_000 }).toBe(1);
    const alert = mailsTo(adminSite, email, "Price drop")[0]!;
    expect(alert).toContain("now $7,199, down from $7,650");
    expect(alert).toMatch(new RegExp(`https?://[^\\s"<>]+/go/${SLUG}\\?from=price-alert:email`));
    const unsubscribe = alert.match(/https?:\/\/[^\s"<>]+\/alerts\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]+/)?.[0];
    expect(unsubscribe).toBeTruthy();
    const headers = alert.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(headers.replace(/[ \t]+/g, "")).toContain(`List-Unsubscribe:<${unsubscribe}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

    // The feed again (the same price, only confirmed) makes another run of the job: still one mail.
    await page.goto("/admin/feeds");
    await runAndSave.click();
    await expect(page.getByTestId("feed-run-counts")).toHaveText("0 new, 0 changed, 1 unchanged, 0 gone, 0 unmatched, 0 rejected", {
      timeout: 60_000,
    });
    await page.waitForTimeout(8_000);
    expect(mailsTo(adminSite, email, "Price drop")).toHaveLength(1);

    // A plain GET of the link (what a mail scanner does) only asks.
    await visitor.goto(unsubscribe!);
    await expect(visitor.getByRole("heading", { level: 1, name: "Stop this price alert?" })).toBeVisible();
    await visitor.goto(unsubscribe!);
    await expect(await alertRow(page)).toContainText(/Alert Test Barrel\s*1\s*0/);

    // The button's POST stops it.
    await visitor.getByRole("button", { name: "Stop this alert" }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: "Price alert stopped" })).toBeVisible();
    await expect(await alertRow(page)).toHaveCount(0);
    await expect(page.getByTestId("price-alert-counts")).toContainText(/[1-9]\d* stopped/);

    // A mail program's one-click POST (RFC 8058) comes from elsewhere, with no Origin: it is accepted too.
    const oneClick = await page.request.post(unsubscribe!, {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status()).toBe(200);
    const forged = await page.request.post(unsubscribe!.replace(/\.[A-Za-z0-9_-]+$/, ".AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "List-Unsubscribe=One-Click",
    });
    expect(forged.status()).toBe(400);
    await reader.close();
  });

  test("without JavaScript: the form posts to /alerts, which answers with the form again after a refusal", async ({ browser }) => {
    // A sample sauna with a price; nothing is stored, so no other spec sees a change.
    const sample = sampleProducts.find((product) => product.price !== undefined && product.sale_price === undefined)!;
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    const email = uniqueEmail("alert-nojs");
    await visitor.goto(`/reviews/product/${sample.slug}`);
    const form = visitor.getByTestId("price-alert-form");
    await form.getByLabel("Email address").fill(email);
    await form.getByLabel("Target price (optional)").fill("99,999,999");
    await form.getByRole("button", { name: "Email me" }).click();
    await expect(visitor).toHaveURL((url) => url.pathname === "/alerts");
    await expect(visitor.getByRole("heading", { level: 1, name: "Price alert" })).toBeVisible();
    await expect(visitor.getByTestId("price-alert-message")).toContainText("must be below the current price");
    await expect(visitor.getByTestId("price-alert-form").getByLabel("Email address")).toHaveValue(email);
    await expect(visitor.getByTestId("price-alert-form").getByLabel("Target price (optional)")).toHaveValue("99,999,999");
    await expect(visitor.getByRole("link", { name: "Back to the sauna" })).toHaveAttribute("href", `/reviews/product/${sample.slug}`);
    await noScript.close();
  });
});
