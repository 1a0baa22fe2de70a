import type { Page } from "@playwright/test";
import { overriddenClasses } from "../../app/components/ui/class-conflicts";
import { expect, signInAsAdmin, test } from "./admin-support";
import { waitForHydration } from "./fixtures";

// `cn` joins class lists without merging them (tailwind-merge stays out of the browser bundle), so
// an element given two classes for one property would show whichever the style sheet lists last.
// Development builds throw on such a list; the production build the suite runs does not check, so
// this walks every page kind, public and admin, in the states a reader or the owner reaches, and
// checks every class attribute the browser holds.

// A private server (admin sign-in needs one), create-admin and some forty page loads.
test.describe.configure({ timeout: 180_000 });

/** One line per element class list on the page that sets a property twice. */
async function conflictsOn(page: Page, state: string): Promise<string[]> {
  const lists = await page.evaluate(() => [
    ...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? "")),
  ]);
  expect(lists.length, `class lists on ${state}`).toBeGreaterThan(5);
  return lists.flatMap((list) => {
    const overridden = overriddenClasses(list.trim().replace(/\s+/g, " "));
    return overridden.length ? [`${state}: "${list}" sets again what ${overridden.join(", ")} sets`] : [];
  });
}

/** Loads `path`, waits for hydration (when the page hydrates) and returns its conflicts. */
async function visit(page: Page, path: string, hydrates = true): Promise<string[]> {
  await page.goto(path);
  if (hydrates) await waitForHydration(page);
  return conflictsOn(page, path);
}

/** The first link on the page whose address matches `pattern`. */
async function firstHref(page: Page, pattern: RegExp): Promise<string> {
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link matching ${pattern}`).toBeTruthy();
  return href!;
}

// The class lists are the same at every width (a breakpoint's classes are in the list whatever the
// width), so the walk runs once; at 390 px only what scripts set on a phone is checked again.
test("no public page holds an element with two classes for one property", { tag: "@desktop-only" }, async ({ page }) => {
  const found: string[] = [];

  found.push(...(await visit(page, "/")));
  await page.getByRole("button", { name: "Best Saunas" }).click();
  await expect(page.getByRole("button", { name: "Best Saunas" })).toHaveAttribute("aria-expanded", "true");
  found.push(...(await conflictsOn(page, "/ with the Best Saunas menu open")));

  for (const path of [
    "/reviews",
    "/reviews?page=2",
    "/reviews?q=barrel",
    "/reviews?q=no-such-sauna-anywhere",
    "/reviews/best-outdoor-saunas-2025",
  ]) {
    found.push(...(await visit(page, path)));
  }

  found.push(...(await visit(page, "/reviews/barrel-saunas")));
  await page.getByRole("tab", { name: /Compare/ }).click();
  await expect(page).toHaveURL(/view=compare/);
  found.push(...(await conflictsOn(page, "/reviews/barrel-saunas, comparison view")));

  // Two saunas in the comparison tray, then the comparison page itself.
  await page.goto("/reviews");
  await waitForHydration(page);
  const toggles = page.getByRole("button", { name: /^(Add|Added) to compare\s*: / });
  for (const index of [0, 1]) {
    await toggles.nth(index).click();
    await expect(toggles.nth(index)).toHaveAttribute("aria-pressed", "true");
  }
  found.push(...(await conflictsOn(page, "/reviews with two saunas to compare")));
  const product = await firstHref(page, /^\/reviews\/product\//);
  found.push(...(await visit(page, "/compare")));

  found.push(...(await visit(page, product)));
  const method = page.getByRole("button", { name: "How We Test" });
  if (await method.count()) {
    await method.click();
    found.push(...(await conflictsOn(page, `${product}, How We Test open`)));
  }

  found.push(...(await visit(page, "/learn")));
  const article = await firstHref(page, /^\/learn\/(?!category\/|tag\/)[a-z0-9-]+$/);
  const category = await firstHref(page, /^\/learn\/category\//);
  for (const path of [article, category]) found.push(...(await visit(page, path)));

  // Pages that answer with an error, and the sign-in pages, hydrate without a main picture.
  for (const path of ["/no-such-page", "/reviews/no-such-list", "/reviews/product/no-such-sauna", "/auth", "/auth/forgot"]) {
    found.push(...(await visit(page, path, false)));
  }

  expect(found).toEqual([]);
});

test(
  "on a phone: the open menu, the Buy Now bar and the compare tray hold no two classes for one property",
  { tag: "@mobile-only" },
  async ({ page }) => {
    const found: string[] = [];
    found.push(...(await visit(page, "/")));
    await page.getByRole("banner").locator("summary").click();
    found.push(...(await conflictsOn(page, "/ with the menu open")));

    await page.goto("/reviews");
    await waitForHydration(page);
    const toggle = page.getByRole("button", { name: /^(Add|Added) to compare\s*: / }).first();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const product = await firstHref(page, /^\/reviews\/product\//);
    await page.goto(product);
    await waitForHydration(page);
    await expect(page.getByTestId("mobile-buy-bar")).toBeVisible();
    await expect(page.getByTestId("compare-tray")).toBeVisible();
    found.push(...(await conflictsOn(page, `${product} with a sauna in the tray`)));
    expect(found).toEqual([]);
  },
);

test("no admin page holds an element with two classes for one property", { tag: "@desktop-only" }, async ({ page, adminSite }) => {
  await signInAsAdmin(page, adminSite);
  const found: string[] = [];
  const paths = ["/admin", "/admin/products", "/admin/products/new", "/admin/collections", "/admin/categories", "/admin/features"];
  paths.push("/admin/remove", "/admin/users", "/admin/subscribers", "/admin/links", "/admin/clicks", "/admin/products?q=barrel");
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    found.push(...(await conflictsOn(page, path)));
  }
  expect(found).toEqual([]);
});
