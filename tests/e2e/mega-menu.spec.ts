import { FIXED_COLLECTION_SLUGS } from "../../app/lib/collection/collection-rules";
import { expect, test, waitForHydration, type Locator, type Page } from "./fixtures";

// The desktop 'Best Saunas' mega menu, which links every fixed collection page under /reviews/,
// and the Reviews and Learn links of the top bar. Under 768 px the mobile menu replaces it.
// Every check shares one load of / (a test with one step per check): the steps that only read come
// first, each step that opens the menu closes it again, and the one that leaves the page is last.

test.describe("The mega menu is a desktop control", { tag: "@desktop-only" }, () => {
  // The menu's 16 targets: every fixed collection page except the general list (outdoor-saunas).
  // The menu is drawn from a list of its own (app/lib/site/site-navigation.ts), so comparing it with the
  // pages' rule list checks that the two agree.
  const FIXED_SLUGS = FIXED_COLLECTION_SLUGS.filter((slug) => slug !== "outdoor-saunas");
  const COLUMN_HEADINGS = ["Popular Categories", "By Size", "By Price", "Special Types"];

  function trigger(page: Page) {
    return page.getByRole("button", { name: "Best Saunas" });
  }

  /** The panel labelled by the trigger: it exists only while the menu is open. */
  async function panelOf(page: Page): Promise<Locator> {
    const id = await trigger(page).getAttribute("id");
    expect(id, "the trigger has an id the panel refers to").toBeTruthy();
    return page.locator(`[aria-labelledby="${id}"]`);
  }

  /** Closed: no panel in the DOM, and the trigger says so without pointing at a missing element. */
  async function expectClosed(page: Page) {
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "false");
    await expect(trigger(page)).not.toHaveAttribute("aria-controls");
    await expect(await panelOf(page)).toHaveCount(0);
  }

  async function openByClick(page: Page): Promise<Locator> {
    await expectClosed(page);
    await trigger(page).click();
    return expectOpen(page);
  }

  /** Open: one visible panel, named by the trigger's aria-controls. */
  async function expectOpen(page: Page): Promise<Locator> {
    await expect(trigger(page)).toHaveAttribute("aria-expanded", "true");
    const panel = await panelOf(page);
    await expect(panel).toHaveCount(1);
    await expect(panel).toBeVisible();
    await expect(trigger(page)).toHaveAttribute("aria-controls", (await panel.getAttribute("id"))!);
    return panel;
  }

  function column(panel: Locator, heading: string) {
    return panel.getByRole("region", { name: heading });
  }

  /** Closes the menu a step left open: each step opens it from closed, as on a fresh page. */
  async function closeByClick(page: Page) {
    await trigger(page).click();
    await expectClosed(page);
  }

  test("the menu and the top bar's links on the home page", async ({ page }) => {
    test.slow();
    await page.goto("/");
    // The trigger is a button that needs the scripts; the page hydrates after its hero is drawn.
    await waitForHydration(page);

    await test.step("Reviews and Learn sit next to the menu and link to /reviews and /learn", async () => {
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeVisible();
      const reviews = nav.getByRole("link", { name: "Reviews", exact: true });
      const learn = nav.getByRole("link", { name: "Learn", exact: true });
      await expect(reviews).toBeVisible();
      await expect(learn).toBeVisible();
      await expect(reviews).toHaveAttribute("href", "/reviews");
      await expect(learn).toHaveAttribute("href", "/learn");

      // Order: Best Saunas, Reviews, Learn.
      const triggerBox = (await trigger(page).boundingBox())!;
      const reviewsBox = (await reviews.boundingBox())!;
      const learnBox = (await learn.boundingBox())!;
      expect(reviewsBox.x).toBeGreaterThan(triggerBox.x);
      expect(learnBox.x).toBeGreaterThan(reviewsBox.x);
    });

    await test.step("a closed page's HTML holds no panel, yet links every menu target (in the footer)", async () => {
      // What a crawler reads: the server's HTML, before any script runs.
      const html = await (await page.request.get("/")).text();
      expect(html).not.toContain("mega-panel");
      const hrefs = new Set([...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]));
      const missing = FIXED_SLUGS.map((slug) => `/reviews/${slug}`).filter((href) => !hrefs.has(href));
      expect(missing).toEqual([]);
    });

    // Before any click: its Tab presses start from the top of a page where nothing has had focus.
    await test.step("the menu works from the keyboard with a visible focus ring", async () => {
      for (let presses = 0; presses < 10; presses++) {
        await page.keyboard.press("Tab");
        if (await trigger(page).evaluate((element) => element === document.activeElement)) break;
      }
      await expect(trigger(page)).toBeFocused();
      const outline = await trigger(page).evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(outline.style).not.toBe("none");
      expect(outline.width).toBeGreaterThan(0);

      await expectClosed(page);
      await page.keyboard.press("Enter");
      const panel = await expectOpen(page);

      await page.keyboard.press("Tab");
      const firstEntry = column(panel, "Popular Categories").getByRole("link").first();
      await expect(firstEntry).toBeFocused();
      await expect(firstEntry).toHaveAttribute("href", "/reviews/modern-outdoor-saunas");
    });
    await closeByClick(page);

    await test.step("the Best Saunas trigger opens a panel with the four column headings", async () => {
      await expect(trigger(page)).toBeVisible();
      await expect(trigger(page)).toHaveAttribute("aria-expanded", "false");
      const panel = await openByClick(page);

      for (const heading of COLUMN_HEADINGS) {
        await expect(panel.getByText(heading, { exact: true })).toBeVisible();
      }

      // Three columns: Popular Categories, then By Size over By Price, then Special Types.
      const boxes = Object.fromEntries(
        await Promise.all(
          COLUMN_HEADINGS.map(async (heading) => [heading, await panel.getByText(heading, { exact: true }).boundingBox()] as const),
        ),
      );
      const popular = boxes["Popular Categories"]!;
      const bySize = boxes["By Size"]!;
      const byPrice = boxes["By Price"]!;
      const special = boxes["Special Types"]!;
      expect(bySize.x).toBeGreaterThan(popular.x + 50);
      expect(Math.abs(byPrice.x - bySize.x)).toBeLessThan(2);
      expect(byPrice.y).toBeGreaterThan(bySize.y + 20);
      expect(special.x).toBeGreaterThan(bySize.x + 50);
      expect(Math.abs(special.y - popular.y)).toBeLessThan(2);
    });
    await closeByClick(page);

    await test.step("only the first Popular Categories entry is badged FEATURED", async () => {
      const panel = await openByClick(page);
      const links = column(panel, "Popular Categories").getByRole("link");
      await expect(links).toHaveCount(8);
      await expect(links.first()).toContainText("FEATURED");
      await expect(links.first().getByText("FEATURED", { exact: true })).toBeVisible();
      for (let index = 1; index < 8; index++) {
        await expect(links.nth(index)).not.toContainText("FEATURED");
      }
      // No other entry anywhere in the panel carries it either.
      await expect(panel.getByText("FEATURED", { exact: true })).toHaveCount(1);
    });
    await closeByClick(page);

    await test.step("'Under $10,000' carries the BEST VALUE badge", async () => {
      const panel = await openByClick(page);
      const budget = column(panel, "By Price").getByRole("link", { name: /Under \$10,000/ });
      await expect(budget).toBeVisible();
      await expect(budget.getByText("BEST VALUE", { exact: true })).toBeVisible();
      await expect(budget).toHaveAttribute("href", "/reviews/budget-saunas");
      await expect(column(panel, "By Price").getByRole("link", { name: /Under \$15,000/ })).not.toContainText("BEST VALUE");
      await expect(panel.getByText("BEST VALUE", { exact: true })).toHaveCount(1);
    });
    await closeByClick(page);

    await test.step("every menu entry links to one of the 16 fixed collection pages", async () => {
      const panel = await openByClick(page);
      const entryHrefs: string[] = [];
      for (const heading of COLUMN_HEADINGS) {
        entryHrefs.push(
          ...(await column(panel, heading)
            .getByRole("link")
            .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))),
        );
      }
      expect(FIXED_SLUGS).toHaveLength(16);
      expect(entryHrefs.toSorted()).toEqual(FIXED_SLUGS.map((slug) => `/reviews/${slug}`).toSorted());

      // Any other link in the panel may only lead to the reviews index.
      const allHrefs = await panel.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      for (const href of allHrefs) {
        expect(href === "/reviews" || entryHrefs.includes(href), `unexpected link ${href} in the panel`).toBe(true);
      }
    });
    await closeByClick(page);

    await test.step("the panel is at most 700 px wide and fits on screen", async () => {
      const panel = await openByClick(page);
      const box = (await panel.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(700);
      expect(box.width).toBeGreaterThan(400);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1280);
    });
    await closeByClick(page);

    await test.step("Escape closes the panel and puts focus back on the trigger", async () => {
      const panel = await openByClick(page);
      // Move focus into the panel first, so returning it to the trigger is something that must happen.
      await panel.getByRole("link").first().focus();
      await expect(panel.getByRole("link").first()).toBeFocused();

      await page.keyboard.press("Escape");
      await expectClosed(page);
      await expect(trigger(page)).toBeFocused();
    });

    await test.step("focus leaving the menu closes it", async () => {
      const panel = await openByClick(page);
      // The panel's last link ('See every review'), then one Tab more: focus moves on to Reviews.
      await panel.getByRole("link").last().focus();
      await page.keyboard.press("Tab");
      await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Reviews", exact: true })).toBeFocused();
      await expectClosed(page);
    });

    await test.step("a click outside the menu closes it", async () => {
      await openByClick(page);
      await page.getByRole("main").click({ position: { x: 5, y: 5 } });
      await expectClosed(page);
      // Closed by the click itself, not by a navigation it set off.
      expect(new URL(page.url()).pathname).toBe("/");
    });

    // Last: it leaves the page.
    await test.step("following a link of the panel closes it on the new page", async () => {
      const panel = await openByClick(page);
      await column(panel, "By Size").getByRole("link").first().click();
      await expect(page).toHaveURL(/\/reviews\/two-person-saunas$/);
      await expectClosed(page);
    });
  });
});
