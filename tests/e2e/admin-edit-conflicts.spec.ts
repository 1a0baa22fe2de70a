import type { Page } from "@playwright/test";
import { expect, signInAsNewAdmin, test, toast, waitForHydration } from "./admin-support";

/**
 * Two admins, two browser contexts, the same product, review and article: the second save over
 * the first is refused with what differs, field by field (theirs and mine), never a plain
 * "Saved"; merging by field keeps both admins' changes, and nothing is lost. The first admin's
 * draft autosave, stale after the second's save, shows the conflict instead of saving over it.
 * On a site of the test's own: it changes a product and writes an article.
 */

test.describe.configure({ timeout: 120_000 });

/** The article editor's "Saved" toast; a plain toast(page, "Saved") would also match "Not saved: …". */
const savedToast = (page: Page) => page.locator("[data-sonner-toast]").filter({ hasText: /^Saved/ });
const conflictHeading = (page: Page) => page.getByRole("heading", { name: "Someone saved this while you were editing" });
const conflictRow = (page: Page, label: string) =>
  page
    .getByRole("table", { name: "What differs" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });

// What it checks is the same at every width: one project runs it.
test(
  "the second admin's save is refused with the difference shown, and merging loses nothing",
  { tag: "@desktop-only" },
  async ({ page, browser, freshSite }) => {
    const first = page;
    const firstEmail = await signInAsNewAdmin(first, freshSite, "first");
    const otherContext = await browser.newContext({ baseURL: freshSite.url });
    try {
      const second = await otherContext.newPage();
      const secondEmail = await signInAsNewAdmin(second, freshSite, "second");

      // The product: both open its form.
      await first.goto(`${freshSite.url}/admin/products?q=Tyyni%204%20Cube`);
      const edit = first.getByRole("link", { name: /^Edit Tyyni 4 Cube Sauna/ }).first();
      const productUrl = new URL((await edit.getAttribute("href"))!, freshSite.url).toString();
      await first.goto(productUrl);
      await second.goto(productUrl);
      await waitForHydration(first);
      await waitForHydration(second);

      await first.getByLabel("Tagline").fill("Tagline by the first admin");
      await first.getByRole("button", { name: "Save Product" }).click();
      await expect(toast(first, "Product saved")).toBeVisible();

      await second.getByLabel("Name *").fill("Tyyni 4 Cube Sauna (renamed)");
      await second.getByRole("button", { name: "Save Product" }).click();
      await expect(conflictHeading(second)).toBeVisible();
      await expect(toast(second, "Not saved: someone saved it first")).toBeVisible();
      await expect(toast(second, "Product saved")).toHaveCount(0);
      await expect(conflictRow(second, "Tagline")).toContainText("Tagline by the first admin");
      await expect(conflictRow(second, "Name")).toContainText("Tyyni 4 Cube Sauna (renamed)");
      // Merge: their tagline, my name.
      await second.getByLabel("Tagline: keep theirs").check();
      await second.getByRole("button", { name: "Merge the fields as picked" }).click();
      await expect(toast(second, "Product saved")).toBeVisible();
      await expect(second.getByLabel("Name *")).toHaveValue("Tyyni 4 Cube Sauna (renamed)");
      await expect(second.getByLabel("Tagline")).toHaveValue("Tagline by the first admin");

      // The review: both open it; the first saves a verdict, the second a "best for".
      const productId = new URL(productUrl).searchParams.get("edit");
      const reviewUrl = `${freshSite.url}/admin/reviews/${productId}`;
      await first.goto(reviewUrl);
      await second.goto(reviewUrl);
      await waitForHydration(first);
      await waitForHydration(second);
      await first.getByLabel("Verdict").fill("Verdict by the first admin.");
      await first.getByRole("button", { name: "Save review" }).click();
      await expect(toast(first, "Review saved")).toBeVisible();
      await second.getByLabel("Best for").fill("Families, by the second admin");
      await second.getByRole("button", { name: "Save review" }).click();
      await expect(conflictHeading(second)).toBeVisible();
      await expect(conflictRow(second, "Verdict")).toContainText("Verdict by the first admin.");
      await second.getByLabel("Verdict: keep theirs").check();
      await second.getByRole("button", { name: "Merge the fields as picked" }).click();
      await expect(toast(second, "Review saved")).toBeVisible();
      await expect(second.getByLabel("Verdict")).toHaveValue("Verdict by the first admin.");
      await expect(second.getByLabel("Best for")).toHaveValue("Families, by the second admin");
      // Every save is a revision, with who made it.
      await second.goto(`${reviewUrl}/revisions`);
      const revisions = second.getByRole("table", { name: "Revisions" });
      await expect(revisions).toContainText(firstEmail);
      await expect(revisions).toContainText(secondEmail);

      // The article: the first writes a draft that saves itself; the second renames it.
      await first.goto(`${freshSite.url}/admin/articles`);
      await first.getByRole("button", { name: "New article" }).click();
      await expect(first).toHaveURL(/\/admin\/articles\/\d+$/);
      const articleUrl = first.url();
      await waitForHydration(first);
      await second.goto(articleUrl);
      await waitForHydration(second);

      await first.getByLabel("Title", { exact: true }).fill("Winter care, by the first admin");
      await expect(first.getByText(/^Saved at /)).toBeVisible({ timeout: 15_000 });

      await second.getByLabel("Slug").fill("winter-care-second");
      await second.getByRole("button", { name: "Save draft" }).click();
      await expect(conflictHeading(second)).toBeVisible();
      await expect(conflictRow(second, "Title")).toContainText("Winter care, by the first admin");
      await second.getByLabel("Title: keep theirs").check();
      await second.getByRole("button", { name: "Merge the fields as picked" }).click();
      await expect(savedToast(second)).toBeVisible();
      await expect(second.getByLabel("Title", { exact: true })).toHaveValue("Winter care, by the first admin");
      await expect(second.getByLabel("Slug")).toHaveValue("winter-care-second");

      // The first admin's editor is now behind: its next autosave shows the conflict, saving nothing.
      await first.getByLabel("Body (Markdown)").fill("Sweep the snow off the roof.");
      await expect(conflictHeading(first)).toBeVisible({ timeout: 15_000 });
      await expect(conflictRow(first, "Body")).toContainText("Sweep the snow off the roof.");
      await expect(conflictRow(first, "Slug")).toContainText("winter-care-second");
      await first.getByLabel("Slug: keep theirs").check();
      await first.getByRole("button", { name: "Merge the fields as picked" }).click();
      await expect(savedToast(first)).toBeVisible();
      await expect(first.getByLabel("Body (Markdown)")).toHaveValue("Sweep the snow off the roof.");
      await expect(first.getByLabel("Slug")).toHaveValue("winter-care-second");
      await expect(first.getByLabel("Title", { exact: true })).toHaveValue("Winter care, by the first admin");
    } finally {
      await otherContext.close();
    }
  },
);
