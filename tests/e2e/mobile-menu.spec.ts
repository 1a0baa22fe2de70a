import { expect, test, waitForHydration, type Page } from "./fixtures";

// Under 768 px a menu button in the top bar toggles Best Saunas, Reviews and Learn. The checks
// share one test on / (one step each): those that need no scripts first, each step that opens the
// menu closes it again, and the check that holds the scripts back loads / once more, last.

test.describe("The menu button is a mobile control", { tag: "@mobile-only" }, () => {
  function menuButton(page: Page) {
    // A <summary>: reachable by its accessible name whichever state it is in.
    return page.getByRole("banner").locator("summary");
  }

  function menuList(page: Page) {
    return page.getByRole("banner").locator("#mobile-menu");
  }

  /** The disclosure's state, as the browser reports it for the <summary>: the <details>' own. */
  function expectOpen(page: Page, open: boolean) {
    return expect(page.getByRole("banner").locator("details")).toHaveJSProperty("open", open);
  }

  /** Closes the menu a step left open: each step opens it from closed, as on a fresh page. */
  async function closeByTap(page: Page) {
    await menuButton(page).tap();
    await expect(menuList(page)).toBeHidden();
  }

  test("the menu button on the home page", async ({ page }) => {
    test.slow();
    await page.goto("/");

    await test.step("the desktop menu is hidden and the menu button is shown", async () => {
      const desktopTrigger = page.getByRole("button", { name: "Best Saunas", includeHidden: true });
      await expect(desktopTrigger).toHaveCount(1);
      await expect(desktopTrigger).toBeHidden();

      await expect(page.getByLabel("Open menu", { exact: true })).toBeVisible();
      await expect(menuButton(page)).toHaveAccessibleName("Open menu");
      await expect(menuList(page)).toBeHidden();
    });

    await test.step("tapping the menu button shows the three links, tapping again hides them", async () => {
      await menuButton(page).tap();
      const list = menuList(page);
      await expect(list).toBeVisible();
      await expectOpen(page, true);

      const links = list.getByRole("link");
      await expect(links).toHaveText(["Best Saunas", "Reviews", "Learn"]);
      await expect(list.getByRole("link", { name: "Best Saunas" })).toHaveAttribute("href", "/reviews");
      await expect(list.getByRole("link", { name: "Reviews" })).toHaveAttribute("href", "/reviews");
      await expect(list.getByRole("link", { name: "Learn" })).toHaveAttribute("href", "/learn");
      for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });

      await expect(menuButton(page)).toHaveAccessibleName("Close menu");
      await menuButton(page).tap();
      await expect(list).toBeHidden();
      await expect(menuButton(page)).toHaveAccessibleName("Open menu");
      await expectOpen(page, false);
    });

    await test.step("nothing scrolls sideways at 390 px", async () => {
      const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      expect(page.viewportSize()?.width).toBe(390);
      expect(await scrollWidth()).toBeLessThanOrEqual(390);

      await menuButton(page).tap();
      await expect(menuList(page)).toBeVisible();
      expect(await scrollWidth()).toBeLessThanOrEqual(390);
    });
    await closeByTap(page);

    // Escape is the page script's: before hydration the <details> knows no Escape key. The steps
    // above work on the <details> alone, as they did without waiting.
    await waitForHydration(page);

    await test.step("the summary carries no ARIA state of its own, and the menu closes once focus leaves it", async () => {
      await expect(menuButton(page)).not.toHaveAttribute("aria-expanded", /.*/);
      await menuButton(page).tap();
      await expect(menuList(page)).toBeVisible();
      await menuList(page).getByRole("link", { name: "Learn" }).focus();
      await page.keyboard.press("Tab");
      await expect(menuList(page)).toBeHidden();
      await expectOpen(page, false);
    });

    await test.step("Escape closes an open menu", async () => {
      await menuButton(page).tap();
      await expect(menuList(page)).toBeVisible();

      await page.keyboard.press("Escape");
      await expect(menuList(page)).toBeHidden();
      await expectOpen(page, false);
    });

    // It leaves the page.
    await test.step("choosing Learn goes to /learn and closes the menu", async () => {
      await menuButton(page).tap();
      await expect(menuList(page)).toBeVisible();
      await menuList(page).getByRole("link", { name: "Learn" }).tap();

      await expect(page).toHaveURL((url) => url.pathname === "/learn");
      await expect(menuList(page)).toBeHidden();
      await expect(menuButton(page)).toHaveAccessibleName("Open menu");
    });

    // A load of its own, last: its scripts are held from before the page is opened.
    await test.step("a menu opened before the page hydrated still closes when a link is chosen", async () => {
      // Hold every script of the page's code until the menu is open: the tap reaches the <details>
      // before React does. Not the fonts' script in the head, which the parser waits for.
      let release!: () => void;
      const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(?!latin-fonts-).+\.js$/, async (route) => {
        await scriptsHeld;
        await route.continue();
      });
      // Not "load": once hydration starts (as soon as the main picture is drawn), the held scripts
      // hold the load event too.
      await page.goto("/", { waitUntil: "domcontentloaded" });
      await menuButton(page).tap();
      await expect(menuList(page)).toBeVisible();
      release();
      await waitForHydration(page);

      await expectOpen(page, true);
      await menuList(page).getByRole("link", { name: "Learn" }).tap();
      await expect(page).toHaveURL((url) => url.pathname === "/learn");
      await expect(menuList(page)).toBeHidden();
    });
  });
});
