import { expect, test, type Locator, type Page } from "./fixtures";

/**
 * Compare any saunas: pick three from two pages (the home page and a collection page), open the
 * tray, see the table, remove one, reload the shareable URL; the same URL without JavaScript.
 * Also: the /reviews list and the product page offer it, and on a phone the tray sits above the
 * product page's Buy Now bar.
 */

// Several pages, two browser contexts and a reload: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** 'Add to compare' / 'Added to compare', named for its sauna (': Tyyni 4 Cube Sauna'; browsers may put a space before the colon). */
const COMPARE_TOGGLE = /^(Add|Added) to compare\s*: /;

async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    // Until the page hydrates each toggle is a plain link to a comparison; then a button.
    const button = document.querySelector(".compare-toggle");
    return button?.tagName === "BUTTON";
  });
}

/** Adds the card's sauna to the comparison and returns its name (the card's title). */
async function addFromCard(card: Locator, title: Locator): Promise<string> {
  const name = (await title.textContent())!.trim();
  const button = card.getByRole("button", { name: COMPARE_TOGGLE });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toContainText("Added to compare");
  return name;
}

test("add three saunas from the home page and a collection page, compare, remove one, reload the shared URL", async ({ page }) => {
  // Two from the home page's top-rated cards.
  await page.goto("/");
  await hydrated(page);
  const names: string[] = [];
  const cards = page.getByTestId("top-rated-card");
  for (const index of [0, 1]) {
    const card = cards.nth(index);
    names.push(await addFromCard(card, card.getByRole("heading", { level: 3 })));
  }
  // Toggling is in place: the page did not navigate.
  await expect(page).toHaveURL((url) => url.pathname === "/");
  const tray = page.getByTestId("compare-tray");
  await expect(tray).toContainText("2 of 4");

  // The third from a collection page's ranked list: the first sauna not picked yet.
  await page.goto("/reviews/outdoor-saunas");
  await hydrated(page);
  const ranked = page.getByTestId("ranked-sauna");
  await expect(ranked.first()).toBeVisible();
  const rankedNames = (await ranked.getByRole("heading", { level: 3 }).allTextContents()).map((text) => text.trim());
  const pick = rankedNames.findIndex((name) => !names.includes(name));
  expect(pick, "a ranked sauna not on the home page's top four").toBeGreaterThanOrEqual(0);
  // The choice survived the page load; the home page's picks show as added here too when listed.
  for (const [index, name] of rankedNames.entries()) {
    if (names.includes(name))
      await expect(ranked.nth(index).getByRole("button", { name: COMPARE_TOGGLE })).toHaveAttribute("aria-pressed", "true");
  }
  const card = ranked.nth(pick);
  names.push(await addFromCard(card, card.getByRole("heading", { level: 3 })));

  await expect(tray).toBeVisible();
  for (const name of names) await expect(tray).toContainText(name);
  await tray.getByRole("link", { name: "Compare (3)" }).click();

  await expect(page).toHaveURL((url) => url.pathname === "/compare" && url.searchParams.get("products")!.split(",").length === 3, {
    timeout: 20_000,
  });
  const table = page.getByTestId("compare-table");
  for (const name of names) await expect(table.getByRole("columnheader", { name: new RegExp(name) })).toBeVisible();
  for (const label of ["Price", "Type", "Capacity", "Dimensions", "Weight", "Heater", "Rating"]) {
    await expect(table.getByRole("rowheader", { name: label, exact: true })).toBeVisible();
  }
  const buy = table.getByRole("link", { name: /Check Price for/ }).first();
  await expect(buy).toHaveAttribute("rel", /sponsored/);
  await expect(buy).toHaveAttribute("href", /^\/go\/[a-z0-9-]+\?from=compare:table$/);
  const redirect = await page.request.get((await buy.getAttribute("href"))!, { maxRedirects: 0 });
  expect(redirect.headers()["location"]).toMatch(/^https:\/\//);
  await expect(buy).toHaveAttribute("target", "_blank");

  await table.getByRole("link", { name: `Remove ${names[0]} from the comparison` }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("products")!.split(",").length === 2, { timeout: 20_000 });
  await expect(table.getByRole("columnheader", { name: new RegExp(names[0]!) })).toHaveCount(0);
  const shared = page.url();

  await page.reload();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[1]!) })).toBeVisible();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[2]!) })).toBeVisible();
  await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[0]!) })).toHaveCount(0);

  // The same URL with JavaScript off, plus an unknown slug, which is named and skipped.
  const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(`${shared},no-such-sauna`);
  await expect(plain.getByTestId("compare-notice")).toContainText("no-such-sauna");
  await expect(plain.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(names[1]!) })).toBeVisible();
  await expect(plain.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const slugs = new URL(shared).searchParams.get("products")!.split(",").sort().join(",");
  await expect(plain.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/compare\\?products=${slugs}$`));
  // Remove works as a plain link too.
  await plain.getByTestId("compare-remove").first().click();
  await expect(plain.getByTestId("compare-table").getByRole("columnheader")).toHaveCount(2);
  // Without JavaScript 'Add to compare' is a link to the comparison of that sauna.
  await plain.goto("/");
  const plainLink = plain.getByTestId("top-rated-card").first().getByRole("link", { name: COMPARE_TOGGLE });
  await expect(plainLink).toHaveAttribute("href", /^\/compare\?products=[a-z0-9-]+$/);
  await noScript.close();
});

test("the /reviews list, the collection comparison view, the home page's best picks and comparison table, and the product page offer it", async ({
  page,
}) => {
  await page.goto("/reviews");
  await hydrated(page);
  const row = page.getByTestId("product-row").first();
  const first = await addFromCard(row, row.getByRole("heading"));

  await page.goto("/reviews/outdoor-saunas?view=compare");
  await hydrated(page);
  await expect(page.getByTestId("compare-sauna").first().getByRole("button", { name: COMPARE_TOGGLE })).toBeVisible();

  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("best-pick").first().getByRole("button", { name: COMPARE_TOGGLE })).toBeVisible();
  await expect(page.getByTestId("comparison-table").getByRole("button", { name: COMPARE_TOGGLE }).first()).toBeVisible();

  // A product page: its own button, and the tray shows both; removing from the tray un-presses it.
  await page.getByTestId("comparison-table").getByRole("row").nth(2).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/reviews\/product\/[a-z0-9-]+$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
  await hydrated(page);
  // The address changes before the product page replaces the home page's content, whose h1 and
  // many compare buttons are still there for a moment: the page's one button says it has arrived.
  const button = page.getByRole("button", { name: COMPARE_TOGGLE });
  await expect(button).toHaveCount(1, { timeout: 20_000 });
  const second = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  if (second !== first) {
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }
  const tray = page.getByTestId("compare-tray");
  await expect(tray).toContainText(first);
  await expect(tray).toContainText(second);
  await tray.getByRole("button", { name: `Remove ${second} from compare` }).click();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(tray).not.toContainText(second);
});

test(
  "on a phone the tray sits above the product page's Buy Now bar, and both can be used",
  { tag: "@mobile-only" },
  async ({ page }, testInfo) => {
    await page.goto("/reviews");
    await hydrated(page);
    // Two saunas in the tray, so it holds a wrapped list and is at its usual height.
    // Each pick is in (button pressed) before the next click and before the page is left.
    for (const index of [0, 1]) {
      const row = page.getByTestId("product-row").nth(index);
      await addFromCard(row, row.getByRole("heading"));
    }
    await page.getByTestId("product-row").nth(2).getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/reviews\/product\/[a-z0-9-]+$/, { timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 20_000 });
    await hydrated(page);

    const tray = page.getByTestId("compare-tray");
    const bar = page.getByTestId("mobile-buy-bar");
    await expect(tray).toBeVisible();
    await expect(bar).toBeVisible();
    await expect
      .poll(
        async () => {
          const [trayBox, barBox] = [await tray.boundingBox(), await bar.boundingBox()];
          return Boolean(trayBox && barBox && trayBox.y + trayBox.height <= barBox.y);
        },
        { message: "the tray ends above the Buy Now bar" },
      )
      .toBe(true);
    const viewport = page.viewportSize()!;
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(viewport.height + 1);

    // Nothing covers either: the point under each control's centre belongs to it.
    const topmostIsItself = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && element.contains(hit);
      });
    const buyNow = bar.getByRole("link", { name: /Buy Now/ });
    const compareLink = tray.getByRole("link", { name: "Compare (2)" });
    expect(await topmostIsItself(buyNow)).toBe(true);
    expect(await topmostIsItself(compareLink)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath("compare-tray-and-buy-bar-390.png") });
    await testInfo.attach("compare tray above the Buy Now bar at 390 px", {
      path: testInfo.outputPath("compare-tray-and-buy-bar-390.png"),
      contentType: "image/png",
    });

    await compareLink.click();
    await expect(page).toHaveURL((url) => url.pathname === "/compare", { timeout: 20_000 });
  },
);

test("when the tray cannot be fetched, picking a sauna still works and the page stays", { tag: "@desktop-only" }, async ({ page }) => {
  await page.route("**/assets/compare-tray-*.js", (route) => route.abort());
  await page.goto("/");
  await hydrated(page);
  const card = page.getByTestId("top-rated-card").first();
  await addFromCard(card, card.getByRole("heading", { level: 3 }));
  await expect(page.getByRole("heading", { level: 1, name: "Compare Top Saunas For Your Perfect Match" })).toBeVisible();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await expect(page.getByTestId("compare-tray")).toHaveCount(0);
});

const THREE = ["lumo-works-tyyni-4-cube-sauna", "birchline-ember-6-barrel-sauna", "fernhollow-custom-cabin-sauna"];

/** The picks stored for the tray (null before any pick). */
function storedPicks(page: Page) {
  return page.evaluate(() => window.localStorage.getItem("compare-products"));
}

/** Picks the first `count` saunas of the /reviews list and returns their names. */
async function pickFromReviews(page: Page, count: number): Promise<string[]> {
  await page.goto("/reviews");
  await hydrated(page);
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const row = page.getByTestId("product-row").nth(index);
    names.push(await addFromCard(row, row.getByRole("heading")));
  }
  return names;
}

test(
  "a /compare link leaves the tray alone, and the tray shows only where saunas are picked",
  { tag: "@desktop-only" },
  async ({ page }) => {
    await page.goto(`/compare?products=${THREE.join(",")}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await expect(page.getByTestId("compare-table").getByRole("columnheader")).toHaveCount(4);
    expect(await storedPicks(page), "opening a comparison link fills no tray").toBeNull();
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByTestId("compare-tray")).toHaveCount(0);

    const [picked] = await pickFromReviews(page, 1);
    const tray = page.getByTestId("compare-tray");
    await expect(tray).toContainText(picked!);
    const stored = await storedPicks(page);

    // Not where nothing is picked: sign-in, the admin area (its sign-in), the Knowledge Center, the newsletter.
    for (const path of [
      "/auth",
      "/auth/forgot",
      "/admin",
      "/learn",
      "/learn/best-barrel-saunas",
      "/newsletter/confirm?token=not-a-token",
    ]) {
      await page.goto(path);
      await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
      await expect(page.getByRole("link", { name: "Skip to compare tray" }), path).toHaveCount(0);
      await expect(tray, path).toHaveCount(0);
    }
    // A comparison of something else shows the reader's own picks, and does not replace them.
    await page.goto(`/compare?products=${THREE.join(",")}`);
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await expect(tray).toContainText(picked!);
    expect(await storedPicks(page)).toBe(stored);
    // The comparison of exactly the picks needs no tray under it.
    await tray.getByRole("link", { name: "Compare (1)" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/compare" && url.searchParams.get("products")!.split(",").length === 1);
    await expect(page.getByTestId("compare-table").getByRole("columnheader", { name: new RegExp(picked!) })).toBeVisible();
    await expect(tray).toHaveCount(0);
  },
);

test("the tray folds to a pill for the session, says each change, and keeps focus in place when a sauna is removed", async ({ page }) => {
  const names = await pickFromReviews(page, 3);
  const announcer = page.getByTestId("compare-announcer");
  await expect(announcer).toHaveAttribute("role", "status");
  await expect(announcer).toHaveText(`Added ${names[2]} to compare (3 of 4)`);

  const tray = page.getByTestId("compare-tray");
  const toggle = tray.getByRole("button", { name: /Saunas to compare/ });
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toHaveText(/3 of 4/);
  await expect(tray.getByRole("link", { name: "Compare (3)" })).toBeHidden();
  // The pill is small: it leaves the rest of the bottom of the screen free.
  const box = (await tray.boundingBox())!;
  expect(box.width).toBeLessThan(page.viewportSize()!.width / 2);
  // Folded for the session: the next page keeps it so.
  await page.goto("/");
  await hydrated(page);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(tray.getByRole("link", { name: "Compare (3)" })).toBeVisible();

  // From the keyboard: removing the middle pick puts focus on the next one's Remove, the last on the one before.
  const removeButton = (name: string) => tray.getByRole("button", { name: `Remove ${name} from compare` });
  await removeButton(names[1]!).focus();
  await page.keyboard.press("Enter");
  await expect(announcer).toHaveText(`Removed ${names[1]} from compare`);
  await expect(removeButton(names[2]!)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(removeButton(names[0]!)).toBeFocused();
  // The last pick: the tray goes, and focus lands on the page's own control for it (or the page's content).
  await page.goto("/reviews");
  await hydrated(page);
  await removeButton(names[0]!).focus();
  await page.keyboard.press("Enter");
  await expect(tray).toHaveCount(0);
  const own = page.getByTestId("product-row").first().getByRole("button", { name: COMPARE_TOGGLE });
  await expect(own).toBeFocused();
  await expect(own).toHaveAttribute("aria-pressed", "false");
});

test("from the top of a page the tray is one skip link away, and comes right after the page's content", async ({ page }) => {
  await pickFromReviews(page, 1);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("compare-tray")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to compare tray" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("compare-tray").getByRole("button", { name: /Saunas to compare/ })).toBeFocused();
  // In the document's order: after <main>, before the footer.
  const order = await page.evaluate(() => {
    const tray = document.querySelector("[data-testid=compare-tray]")!;
    const main = document.querySelector("main")!;
    const footer = document.querySelector("footer")!;
    return [
      Boolean(main.compareDocumentPosition(tray) & Node.DOCUMENT_POSITION_FOLLOWING),
      Boolean(tray.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING),
    ];
  });
  expect(order).toEqual([true, true]);
});

test("the comparison: specs first, then the review's scores, then features two saunas share, then each one's own; at 390 px the labels stay while the columns scroll", async ({
  page,
}, testInfo) => {
  // Tyyni 4 and the CLT Recovery Suite 8 both list 'WiFi heater control with scheduling'; the third shares nothing.
  await page.goto(`/compare?products=lumo-works-tyyni-4-cube-sauna,ridgeplank-clt-recovery-suite-8,${THREE[1]}`);
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  const table = page.getByTestId("compare-table");
  const labels = (await table.getByRole("rowheader").allTextContents()).map((text) => text.trim());
  expect(labels).toEqual([
    "Price",
    "Type",
    "Capacity",
    "Dimensions",
    "Weight",
    "Heater",
    "Rating",
    // The review's scores: every sample is scored on all five.
    "Build quality",
    "Heat efficiency",
    "Ease of installation",
    "Warranty",
    "Value",
    "WiFi heater control with scheduling",
    "Other features",
  ]);
  const shared = table.getByRole("row", { name: /WiFi heater control with scheduling/ });
  // The marks are for the eye; the words Yes and No are what a screen reader reads.
  await expect(shared.getByRole("cell")).toHaveText([/^Yes$/, /^Yes$/, /No$/]);
  const own = table.getByTestId("compare-own-features").getByRole("cell");
  await expect(own.nth(0).getByRole("listitem")).toHaveCount(5);
  await expect(own.nth(2).getByRole("listitem")).toHaveCount(6);

  // Each 'Check Price' is on one line, whatever the width.
  for (const link of await table.getByRole("link", { name: /Check Price for/ }).all()) {
    const height = await link.evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBeLessThanOrEqual(46);
  }
  if (testInfo.project.name !== "mobile") return;
  // On a phone the columns scroll sideways and the row labels stay at the left edge.
  const price = table.getByRole("rowheader", { name: "Price", exact: true });
  const before = (await price.boundingBox())!;
  await table.evaluate((element) => element.parentElement!.scrollBy({ left: 400 }));
  await expect.poll(async () => (await table.getByRole("columnheader").nth(1).boundingBox())!.x).toBeLessThan(before.x);
  expect((await price.boundingBox())!.x).toBe(before.x);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "only the table scrolls sideways, not the page").toBeLessThanOrEqual(0);
});
