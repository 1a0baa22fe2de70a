import { expect, test, type Page } from "./fixtures";

// The reviews index (/reviews) on the seeded sample catalog:
// 29 sample products (24 a page), 17 collections with pictures of their own.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

/**
 * Opens a page without waiting for every picture: on a fresh server the image route renders each
 * size once, and a test about text or layout should not wait for that. Assertions auto-wait for
 * what they need (hydration included).
 */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: "domcontentloaded" });
const PLACEHOLDER = "Search for sauna types, brands, or features...";

// One load of /reviews serves every check of the index itself: the read-only ones first, then the
// search that leaves the page, then the walk through the pages and searches, which loads its own.
test("the reviews index", async ({ page }, testInfo) => {
  // Up to five page loads, and a collection picture rendered by the image route.
  test.slow();
  const desktop = testInfo.project.name === "desktop";
  await open(page, "/reviews");

  if (desktop) {
    // These read what is the same at every width.
    await test.step("the page has its title, an introduction and the search form", async () => {
      await expect(page).toHaveTitle("Sauna Reviews - Expert Recommendations");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sauna Reviews");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index,follow");
      const search = page.getByRole("search");
      await expect(search.getByRole("searchbox")).toHaveAttribute("placeholder", PLACEHOLDER);
      await expect(search.getByRole("searchbox")).toHaveAttribute("name", "q");
      await expect(search.getByRole("button", { name: "Search" })).toBeVisible();
    });

    await test.step("the closing section explains how we test and links to the guides", async () => {
      const closing = page.getByRole("region", { name: "How We Test" });
      await expect(closing).toContainText("heat-up time");
      await expect(closing.getByRole("link", { name: "Infrared vs traditional saunas" })).toHaveAttribute(
        "href",
        "/learn/infrared-vs-traditional",
      );
    });
  }

  await test.step("nothing scrolls sideways", async () => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });

  await test.step("category tiles link to their collections, four per row from medium screens up", async () => {
    const tiles = page.getByTestId("category-tile");
    await expect(tiles).toHaveCount(17);
    await expect(tiles.first().getByRole("link")).toHaveAttribute("href", /^\/reviews\/[a-z0-9-]+$/);
    await expect(page.getByRole("link", { name: "Best Electric Outdoor Saunas" })).toHaveAttribute("href", "/reviews/electric-saunas");
    const tops = await tiles.evaluateAll((items) => items.slice(0, 5).map((item) => Math.round(item.getBoundingClientRect().top)));
    if (isDesktop(page)) {
      expect(new Set(tops.slice(0, 4)).size).toBe(1);
      expect(tops[4]).toBeGreaterThan(tops[0]!);
    } else {
      expect(new Set(tops).size).toBe(5);
    }
    // Each tile shows its collection's own picture.
    const image = tiles.first().locator("img");
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 20_000 })
      .toBeGreaterThan(0);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/img\/\d+x\d+\/images\/collections\//);
  });

  if (desktop) {
    // These too read what is the same at every width.
    await test.step("searching for a brand shows its saunas", async () => {
      await page.getByRole("searchbox").fill("Emberfold");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/reviews\?q=Emberfold$/);
      await expect(page.getByRole("heading", { level: 2, name: "Results for “Emberfold”" })).toBeVisible();
      // collections.spec.ts adds "Emberfold Picks" collections to the same database while this runs.
      await expect(page.getByTestId("results-count")).toHaveText(/^4 saunas( and \d+ collections?)?$/);
      const rows = page.getByTestId("product-row");
      await expect(rows).toHaveCount(4);
      for (const row of await rows.all()) await expect(row).toContainText("Emberfold Wellness");
      await expect(page.getByRole("searchbox")).toHaveValue("Emberfold");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex,follow");
      await expect(page).toHaveTitle(/^Results for “Emberfold”/);
    });

    await test.step("every product is listed across the pages, best rated first, with 'Top rated' only from 4.7 stars and no 'Best seller' nobody marked", async () => {
      // 24 a page: the 29 sample products fill page 1 and start page 2.
      const ratings: number[] = [];
      const names: string[] = [];
      for (const [path, count] of [
        ["/reviews", 24],
        ["/reviews?page=2", 5],
      ] as const) {
        await open(page, path);
        const rows = page.getByTestId("product-row");
        await expect(rows).toHaveCount(count);
        const labels = await rows
          .getByRole("img", { name: /^Rated/ })
          .evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")!));
        ratings.push(...labels.map((label) => Number(label.match(/\d\.\d/)![0])));
        names.push(...(await rows.getByRole("heading").allInnerTexts()));
      }
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(new Set(names).size).toBe(29);

      await open(page, `/reviews?q=${encodeURIComponent("Tyyni 4 Cube")}`);
      const tyyni = page.getByTestId("product-row").filter({ hasText: "Tyyni 4 Cube Sauna" });
      await expect(tyyni.getByText("Top rated", { exact: true })).toBeVisible();
      await expect(tyyni.getByText("Best seller", { exact: true })).toHaveCount(0);
      // The sample's sale price (until 2026-12-31): every page shows the one displayed price (ADR 0058).
      await expect(tyyni).toContainText("$15,400");
      // Until the page hydrates, 'Add to compare' is a link too (to the comparison of that sauna).
      await expect(tyyni.getByRole("link").filter({ hasNotText: "to compare" })).toHaveAttribute(
        "href",
        "/reviews/product/lumo-works-tyyni-4-cube-sauna",
      );
      await open(page, `/reviews?q=${encodeURIComponent("Solo Infrared Pod")}`);
      const pod = page.getByTestId("product-row").filter({ hasText: "Solo Infrared Pod" });
      await expect(pod).toContainText("3.9");
      await expect(pod.getByText("Top rated", { exact: true })).toHaveCount(0);
    });
  }
});

test("a search matches every word across type and features, and finds collections", { tag: "@desktop-only" }, async ({ page }) => {
  await open(page, "/reviews?q=barrel%20cedar");
  const rows = page.getByTestId("product-row");
  await expect(rows.first()).toBeVisible();
  const names = await rows.getByRole("heading").allTextContents();
  expect(names.length).toBeGreaterThan(0);
  // Every match is a barrel (in its name here) with a cedar feature; no infrared pod or CLT cube.
  expect(names.every((name) => /barrel/i.test(name))).toBe(true);
  await open(page, "/reviews?q=infrared");
  await expect(page.getByTestId("category-tile").getByRole("link", { name: "Best Outdoor Infrared Saunas" })).toBeVisible();
});

test("a search with no results says so and suggests popular collections", { tag: "@desktop-only" }, async ({ page }) => {
  await open(page, "/reviews?q=jacuzzi");
  await expect(page.getByRole("heading", { level: 2, name: "Results for “jacuzzi”" })).toBeVisible();
  const empty = page.getByTestId("no-results");
  await expect(empty).toBeVisible();
  await expect(empty.getByRole("heading")).toHaveText("No saunas or collections match “jacuzzi”");
  await expect(page.getByTestId("product-row")).toHaveCount(0);
  // The seeded featured collections, by title.
  const suggestions = empty.getByRole("list").getByRole("link");
  await expect(suggestions).toHaveText([
    "Best Barrel Saunas",
    "Best Outdoor Infrared Saunas",
    "Best Outdoor Saunas",
    "Best Saunas for Recovery",
    "Best Traditional Finnish Saunas",
    "Best Two-Person Saunas",
  ]);
  await expect(suggestions.first()).toHaveAttribute("href", "/reviews/barrel-saunas");
  await expect(empty.getByRole("link", { name: /Browse all reviews/ })).toHaveAttribute("href", "/reviews");
});

test("the search works with JavaScript disabled", { tag: "@desktop-only" }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await open(page, "/reviews");
    await expect(page.getByTestId("product-row")).toHaveCount(24);
    await page.getByRole("searchbox").fill("Ridgeplank");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/reviews\?q=Ridgeplank$/);
    await expect(page.getByRole("heading", { level: 2, name: "Results for “Ridgeplank”" })).toBeVisible();
    await expect(page.getByTestId("product-row")).toHaveCount(4);
  } finally {
    await context.close();
  }
});

test("coming back to the tab after 30 s refreshes the list, once", { tag: "@desktop-only" }, async ({ page }) => {
  // Notes the page's focus refresh once it listens: the one function the page registers for both
  // the window's focus and the document's visibilitychange.
  await page.addInitScript(() => {
    const focusListeners = new Set<unknown>();
    const state = window as unknown as { __focusRefreshListening?: boolean };
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
      if (this === window && type === "focus") focusListeners.add(listener);
      if (this === document && type === "visibilitychange" && focusListeners.has(listener)) state.__focusRefreshListening = true;
      return add.call(this, type, listener as EventListenerOrEventListenerObject, options as AddEventListenerOptions);
    };
  });
  await page.clock.install();
  await open(page, "/reviews");
  await page.waitForFunction(() => (window as unknown as { __focusRefreshListening?: boolean }).__focusRefreshListening === true);
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
  });
  // A refresh starts inside the focus handler: React Router (which keeps its router on window)
  // marks its revalidation as loading before the handler returns, so the answer says at once
  // whether this focus asked the server again.
  type WithRouter = { __reactRouterDataRouter: { state: { revalidation: "idle" | "loading" } } };
  const revalidation = () => page.evaluate(() => (window as unknown as WithRouter).__reactRouterDataRouter.state.revalidation);
  const focus = () =>
    page.evaluate(() => {
      window.dispatchEvent(new Event("focus"));
      return (window as unknown as WithRouter).__reactRouterDataRouter.state.revalidation;
    });

  await page.clock.fastForward(10_000);
  expect(await focus()).toBe("idle");
  expect(dataRequests).toHaveLength(0);

  await page.clock.fastForward(25_000);
  expect(await focus()).toBe("loading");
  await expect.poll(() => dataRequests.length).toBe(1);
  // Again while that refresh is on its way, and once it is done: neither asks a second time.
  await focus();
  await expect.poll(revalidation).toBe("idle");
  expect(await focus()).toBe("idle");
  expect(dataRequests).toHaveLength(1);
});
