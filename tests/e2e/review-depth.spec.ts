import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { readCsvRecords } from "../../app/lib/csv/csv-table";
import { csvLine } from "../../app/lib/csv/csv-writer";
import { confirmationLinkFromOutbox, expect, signIn, signInAsAdmin, test, toast, uniqueEmail, waitForHydration } from "./admin-support";
import { headFindings, jsonLdBlocks } from "./validation";

// The in-depth review at 1280 and 390 px: the owner writes one through the product form, the
// product page shows it, the overall follows the owner's weights, and the product's CSV export
// imports as no change; an editor reaches the reviews but not the users page or an import.

test.describe.configure({ timeout: 180_000 });
const patient = { timeout: 30_000 };

async function exportCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  return readFile((await download.path())!, "utf8");
}

test("an owner writes a review; the page shows the verdict, pros, cons and five scores; the overall follows the weights; export then import changes nothing", async ({
  page,
  freshSite,
}, testInfo) => {
  await signInAsAdmin(page, freshSite);
  await page.goto(`${freshSite.url}/admin/products/new`);
  await waitForHydration(page);
  const form = page.locator("#product-form");
  await form.getByLabel("Name *", { exact: true }).fill("Review Depth Barrel");
  await form.getByLabel("Slug *", { exact: true }).fill("review-depth-barrel");
  await form.getByLabel("Brand", { exact: true }).fill("Northwind");
  await form.getByLabel("Category", { exact: true }).fill("barrel");
  await form.getByLabel("Price (USD)", { exact: true }).fill("7999");
  await form
    .getByLabel("Verdict", { exact: true })
    .fill("Warm in half an hour and built to last; the door wants a tweak after the first winter.");
  await form.getByLabel("Pros", { exact: true }).fill("Heats in 30 minutes\nThick cedar staves\nHonest price");
  await form.getByLabel("Cons", { exact: true }).fill("Door sticks in frost\nNo window");
  for (const [label, score] of [
    ["Build quality (0–10)", "9"],
    ["Heat efficiency (0–10)", "8"],
    ["Ease of installation (0–10)", "6"],
    ["Warranty (0–10)", "10"],
    ["Value (0–10)", "7"],
  ] as const) {
    await form.getByLabel(label, { exact: true }).fill(score);
  }
  await form.getByLabel("Best for", { exact: true }).fill("Families who want a wood-fired feel on electric heat");
  await form.getByLabel("Skip it if", { exact: true }).fill("You need to set it up in a day");
  await form.getByLabel("Alternatives", { exact: true }).fill("birchline-ember-6-barrel-sauna, lumo-works-tyyni-4-cube-sauna");
  await form.getByLabel("Reviewer", { exact: true }).fill("Aino Virtanen");
  await form.getByLabel("Date tested", { exact: true }).fill("2026-10-14");
  await form.getByRole("button", { name: "Save Product" }).click();
  await expect(toast(page, "Product saved")).toBeVisible(patient);

  // The page: the verdict near the top, pros and cons side by side, five bars, the alternatives with prices.
  await page.goto(`${freshSite.url}/reviews/product/review-depth-barrel`);
  const verdict = page.getByRole("region", { name: "Our verdict" });
  await expect(verdict).toContainText("Warm in half an hour and built to last");
  await expect(verdict).toContainText("Best for");
  await expect(verdict).toContainText("Skip it if");
  await expect(page.getByTestId("review-byline")).toContainText("Written by Aino Virtanen · Tested by Aino Virtanen");
  await expect(page.getByTestId("review-byline")).toContainText("Tested by Aino Virtanen on October 14, 2026");
  const prosAndCons = page.getByTestId("pros-and-cons");
  await expect(prosAndCons).toContainText("Thick cedar staves");
  await expect(prosAndCons).toContainText("Door sticks in frost");
  const scores = page.getByTestId("review-scores");
  await expect(scores.getByRole("listitem")).toHaveCount(5);
  // Equal weights by default: (9 + 8 + 6 + 10 + 7) / 5 = 8 of 10, 4.0 stars.
  await expect(scores).toContainText("Overall 4.0 of 5");
  await expect(page.getByTestId("product-rating")).toContainText("4.0");
  const alternatives = page.getByTestId("review-alternatives").getByRole("listitem");
  await expect(alternatives).toHaveCount(2);
  await expect(alternatives.first()).toContainText(/\$[\d,]+/);
  // At 1280 the pros and cons sit side by side; at 390 one under the other.
  const [pros, cons] = await prosAndCons.locator(":scope > div").all();
  const [prosBox, consBox] = [await pros!.boundingBox(), await cons!.boundingBox()];
  if (testInfo.project.name === "desktop") expect(Math.abs(prosBox!.y - consBox!.y)).toBeLessThan(2);
  else expect(consBox!.y).toBeGreaterThan(prosBox!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await verdict.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`product-review-${testInfo.project.name}.png`), fullPage: true });

  // Its structured data: a valid Review with pros and cons, and no AggregateRating from the editor's score.
  const html = await page.request.get(`${freshSite.url}/reviews/product/review-depth-barrel`).then((response) => response.text());
  expect(headFindings(html, "review page")).toEqual([]);
  const product = jsonLdBlocks(html).find((block) => (block as { "@type"?: string })["@type"] === "Product") as Record<string, unknown>;
  expect(product).toMatchObject({
    review: {
      "@type": "Review",
      author: { name: "Aino Virtanen" },
      positiveNotes: { "@type": "ItemList" },
      negativeNotes: { "@type": "ItemList" },
    },
  });
  expect(product).not.toHaveProperty("aggregateRating");

  // The owner weighs build quality at 60%: 0.6 × 9 + 0.1 × (8 + 6 + 10 + 7) = 8.5 of 10, 4.3 stars.
  await page.goto(`${freshSite.url}/admin/products`);
  await waitForHydration(page);
  const weights = page.locator("#review-weights");
  await weights.getByLabel("Build quality (%)", { exact: true }).fill("60");
  for (const label of ["Heat efficiency (%)", "Ease of installation (%)", "Warranty (%)", "Value (%)"])
    await weights.getByLabel(label, { exact: true }).fill("10");
  await weights.getByRole("button", { name: "Save weights" }).click();
  await expect(toast(page, "Weights saved")).toBeVisible(patient);
  await page.goto(`${freshSite.url}/reviews/product/review-depth-barrel`);
  await expect(page.getByTestId("review-scores")).toContainText("Overall 4.3 of 5");

  // The CSV export carries the review, and importing it changes nothing.
  await page.goto(`${freshSite.url}/admin/products`);
  await waitForHydration(page);
  const exported = await exportCsv(page);
  const [header, ...rows] = readCsvRecords(exported).filter((record) => record.some((cell) => cell !== ""));
  const row = rows.find((record) => record[header!.indexOf("slug")] === "review-depth-barrel")!;
  const cell = (column: string) => row[header!.indexOf(column)];
  expect(cell("verdict")).toContain("Warm in half an hour");
  expect(JSON.parse(cell("pros")!)).toEqual(["Heats in 30 minutes", "Thick cedar staves", "Honest price"]);
  expect([cell("score_build_quality"), cell("score_value"), cell("rating")]).toEqual(["9", "7", "4.3"]);
  await page.locator("#product-csv-file").setInputFiles({
    name: "review.csv",
    mimeType: "text/csv",
    buffer: Buffer.from([header!, row].map(csvLine).join("")),
  });
  await expect(page.getByTestId("import-diff-counts")).toHaveText("0 new, 0 changed, 1 unchanged", patient);
});

test(
  "an editor reaches the reviews, and gets 403 on /admin/users and on an import; signed out, the sign-in page",
  { tag: "@desktop-only" },
  async ({ page, browser, adminSite }) => {
    await signInAsAdmin(page, adminSite);
    const writer = uniqueEmail("writer");
    const other = await browser.newContext({ baseURL: adminSite.url, viewport: page.viewportSize() });
    const writerPage = await other.newPage();
    await writerPage.goto("/auth?tab=sign-up");
    const signUp = writerPage.getByRole("form", { name: "Sign up" });
    await signUp.getByLabel("Email").fill(writer);
    await signUp.getByLabel("Password").fill("the writer's password");
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(toast(writerPage, "Account created")).toBeVisible();
    await writerPage.goto(await confirmationLinkFromOutbox(adminSite, writer));

    // The owner makes the account an editor on /admin/users.
    await page.goto("/admin/users");
    await waitForHydration(page);
    const row = page.getByRole("list", { name: "Accounts" }).getByRole("listitem").filter({ hasText: writer });
    await row.getByRole("button", { name: /Make editor/ }).click();
    await expect(toast(page, "Editor granted")).toBeVisible(patient);
    await expect(row).toContainText("Editor");

    await writerPage.goto("/auth");
    await signIn(writerPage, writer, "the writer's password");
    await expect(writerPage).toHaveURL((url) => url.pathname === "/admin");
    const nav = writerPage.getByRole("navigation", { name: "Admin Panel" });
    await expect(nav.getByRole("link", { name: "Reviews" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Users" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Reviews" }).click();
    await expect(writerPage.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();

    // The users page and its data request: 403.
    const users = await writerPage.goto("/admin/users");
    expect(users!.status()).toBe(403);
    await expect(writerPage.getByRole("heading", { level: 1, name: "This page is for administrators" })).toBeVisible();
    expect((await writerPage.request.get("/admin/users.data")).status()).toBe(403);
    // An import: 403, nothing imported.
    const csv = "name,brand,slug\nEditor Import,Test,editor-import\n";
    const imported = await writerPage.request.post("/admin/products/import", {
      headers: { "content-type": "text/csv", origin: adminSite.url },
      data: csv,
    });
    expect(imported.status()).toBe(403);
    expect((await page.request.get("/reviews/product/editor-import")).status()).toBe(404);

    // Revoked, the editor is a plain user again; signed out, the sign-in page.
    await row.getByRole("button", { name: /Revoke editor/ }).click();
    await expect(toast(page, "Editor revoked")).toBeVisible(patient);
    await writerPage.goto("/admin/reviews");
    await expect(writerPage.getByRole("heading", { level: 1, name: "You do not have access to the admin area" })).toBeVisible();
    await other.clearCookies();
    await writerPage.goto("/admin/users");
    await expect(writerPage).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fusers/);
    await other.close();
  },
);
