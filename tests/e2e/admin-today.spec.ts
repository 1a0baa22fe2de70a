import { parseProductCsv } from "../../app/lib/csv/product-csv";
import { saveProducts } from "../../app/server/admin/product-save.server";
import { setAdminRole, setEditorRole } from "../../app/server/auth/users.server";
import { DEFAULT_PRICES } from "../../app/server/offers/maintained-price.server";
import type { Page } from "@playwright/test";
import { axeFindings, htmlFindings } from "./validation";
import { createAdminAccount, expect, type AdminSite, signInAsAdmin, test, toast, uniqueEmail, withSiteDatabase } from "./admin-support";

// Today: an admin sees what needs them, each line linking to the screen that fixes it, and
// snoozes one; the page fits 390 px. An editor gets no Today: not in the menu, 403 at its address.
// The review it finds out of date is saved by the site's own CSV import module (ADR 0040) and
// removed when the test ends.

test.describe.configure({ timeout: 180_000 });

test("an admin sees Today with its items, snoozes one, and it leaves the list", async ({ page, adminSite }) => {
  const name = `Old Review ${Date.now().toString(36)}`;
  const slug = name.toLowerCase().replace(/\s+/g, "-");
  await withSiteDatabase(adminSite, async (db) => {
    const parsed = parseProductCsv(`name,brand,slug,verdict,tested_on\n${name},Test,${slug},Still good.,2023-01-15\n`);
    if (!parsed.ok) throw new Error(parsed.error);
    await saveProducts(db, parsed.products, parsed.columns, { prices: DEFAULT_PRICES });
  });
  try {
    await snoozeTheReview(page, adminSite, name);
  } finally {
    await withSiteDatabase(adminSite, (db) => db.deleteFrom("products").where("slug", "=", slug).execute());
  }
});

async function snoozeTheReview(page: Page, adminSite: AdminSite, name: string) {
  await signInAsAdmin(page, adminSite);
  const nav = page.getByRole("navigation", { name: "Admin Panel" });
  await nav.getByRole("link", { name: /^Today/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

  const item = page.getByTestId("today-item").filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText("Review out of date");
  await expect(item).toContainText("Tested on 2023-01-15");
  await expect(item.getByRole("link", { name: /Update the review/ })).toHaveAttribute("href", /\/admin\/reviews\/\d+$/);
  // The menu counts the open items.
  await expect(nav.getByTestId("today-count")).toBeVisible();

  // With items on it, the page passes the HTML validator and axe.
  const findings = await htmlFindings(await (await page.request.get(`${adminSite.url}/admin/today`)).text(), "/admin/today");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  findings.push(...(await axeFindings(page, `/admin/today at ${page.viewportSize()?.width} px`)));
  expect(findings).toEqual([]);

  // Fits a phone: nothing wider than the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await item.getByRole("button", { name: /Snooze 7 days/ }).click();
  await expect(toast(page, "Snoozed")).toBeVisible();
  await expect(page.getByTestId("today-item").filter({ hasText: name })).toHaveCount(0);
  await expect(page.getByTestId("today-hidden")).toBeVisible();

  // The audit log names it.
  await page.goto("/admin/audit");
  await expect(page.getByText(`Review out of date: ${name}`, { exact: false }).first()).toBeVisible();
}

test("an editor gets no Today @desktop-only", async ({ page, adminSite }) => {
  // The site's admin first: the editor's account cannot be the last admin when it stops being one.
  await signInAsAdmin(page, adminSite);
  await page.context().clearCookies();
  const email = uniqueEmail("writer");
  const password = "the writer's long password";
  await createAdminAccount(adminSite, email, password);
  // Made an editor, and no longer an admin, the way /admin/users does.
  await withSiteDatabase(adminSite, async (db) => {
    const user = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    await setEditorRole(db, user.id, true);
    await setAdminRole(db, user.id, false);
  });
  const signedIn = await page.request.post(`${adminSite.url}/auth`, {
    form: { intent: "sign-in", email, password },
    headers: { origin: adminSite.url },
    maxRedirects: 0,
  });
  expect(signedIn.status()).toBe(302);
  // An editor's first screen is the dashboard of their own work.
  expect(signedIn.headers().location).toBe("/admin");
  await page.goto("/admin");
  const nav = page.getByRole("navigation", { name: "Admin Panel" });
  await expect(nav.getByRole("link", { name: "Articles" })).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Today/ })).toHaveCount(0);
  const today = await page.goto("/admin/today");
  expect(today!.status()).toBe(403);
  // A refusal names the signed-in address: never kept by a shared cache.
  expect(today!.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("heading", { level: 1, name: "This page is for administrators" })).toBeVisible();
  expect((await page.request.get("/admin/today.data")).status()).toBe(403);
});
