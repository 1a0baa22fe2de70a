import { expect, signInAsAdmin, test } from "./admin-support";
import { axeFindings, htmlFindings } from "./validation";

/**
 * Every admin screen through the independent validators (./validation.ts), signed in as an
 * admin on a private server: the HTML the server sends through html-validate (desktop only: it
 * is the same at every width), and every hydrated screen through axe-core at 1280 px. At 390 px
 * axe checks one screen of each layout (PHONE_SCREENS: a list, a form, an editor, a report);
 * admin-mobile.spec.ts walks every one at that width for what a phone breaks most, overflow.
 */

const SCREENS = [
  "/admin",
  "/admin/today",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/images",
  "/admin/reviews",
  "/admin/reviews/1",
  "/admin/collections",
  "/admin/merchants",
  "/admin/offers",
  "/admin/feeds",
  "/admin/categories",
  "/admin/features",
  "/admin/remove",
  "/admin/users",
  "/admin/subscribers",
  "/admin/links",
  "/admin/clicks",
  "/admin/revenue",
  "/admin/ab-tests",
  "/admin/audit",
  "/admin/runs",
  "/admin/mail",
  "/admin/articles",
  // The first sample article (the seed adds them in file order), its revisions, and the authors.
  "/admin/articles/1",
  "/admin/articles/1/revisions",
  "/admin/authors",
  "/admin/authors?new",
  // The measurements the seed defines, and the first one's form.
  "/admin/measurements",
  "/admin/measurements?edit=1",
];

/** One screen of each admin layout, for axe at 390 px. */
const PHONE_SCREENS = new Set([
  "/admin",
  "/admin/today",
  "/admin/products",
  "/admin/products/new",
  "/admin/reviews/1",
  "/admin/feeds",
  "/admin/revenue",
  "/admin/articles/1",
  "/admin/measurements?edit=1",
]);

// create-admin and a password hash, then thirty screens through two validators: over five
// minutes on a loaded 2-core machine.
test.describe.configure({ timeout: 480_000 });

test("every admin screen passes the HTML validator and axe", async ({ page, adminSite }, testInfo) => {
  await signInAsAdmin(page, adminSite);
  const findings: string[] = [];
  const desktop = testInfo.project.name === "desktop";
  for (const path of SCREENS) {
    if (!desktop && !PHONE_SCREENS.has(path)) continue;
    if (desktop) {
      // A GET again on a reset connection: axe on the last screen can take longer than the
      // server keeps an idle connection open (5 s), and the next request may go out on it as it closes.
      const response = await page.request.get(`${adminSite.url}${path}`, { maxRetries: 2 });
      expect(response.status(), path).toBe(200);
      findings.push(...(await htmlFindings(await response.text(), path)));
    }
    await page.goto(`${adminSite.url}${path}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    findings.push(...(await axeFindings(page, `${path} at ${page.viewportSize()?.width} px`)));
  }
  expect(findings).toEqual([]);
});
