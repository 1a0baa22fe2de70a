import { MAIN_PICTURE } from "../../app/lib/site/main-picture";
import { expect, test, waitForHydration } from "./fixtures";

// The top of the home page: hero headline, call to action and image. The checks on the page at a
// width share one load of / (a test with one step per check); the server's HTML and the page
// without JavaScript have tests of their own.

const HEADLINE = "Compare Top Saunas For Your Perfect Match";

test("the home page's hero, title, scripts and route manifest", async ({ page, request }, testInfo) => {
  test.slow();
  // The title and the route manifest are the same at every width: read at desktop width only.
  const desktop = testInfo.project.name === "desktop";

  // Watched from before the load: the steps on when scripts are fetched and on /__manifest read them.
  const finishedAt = new Map<string, number>();
  const scriptsAskedAt: number[] = [];
  page.on("requestfinished", (finished) => finishedAt.set(finished.url(), Date.now()));
  page.on("request", (sent) => {
    // The fonts' script (scripts/build/latin-fonts-script.ts) comes first, on purpose: it is font data.
    if (sent.resourceType() === "script" && !/\/assets\/latin-fonts-/.test(sent.url())) scriptsAskedAt.push(Date.now());
  });
  const askedManifest: string[] = [];
  if (desktop) {
    page.on("request", (sent) => {
      if (new URL(sent.url()).pathname === "/__manifest") askedManifest.push(sent.url());
    });
  }
  await page.goto("/");

  await test.step("the hero shows the headline and a call to action to /reviews", async () => {
    const headings = page.getByRole("heading", { level: 1 });
    await expect(headings).toHaveCount(1);
    await expect(headings).toHaveText(HEADLINE);
    await expect(headings).toBeInViewport();

    // Other sections may repeat the call to action further down; the hero's own is the one checked.
    const cta = page.getByRole("region", { name: HEADLINE }).getByRole("link", { name: "Explore Top Saunas" });
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute("href", "/reviews");
    // The line above names the year of the reviews it opens, as the footer's copyright does: the
    // server seeded its samples this year.
    await expect(page.getByRole("region", { name: HEADLINE })).toContainText(`Outdoor sauna reviews for ${new Date().getUTCFullYear()}`);
  });

  if (desktop) {
    await test.step("the page has a title", async () => {
      await expect(page).toHaveTitle(/Sauna Reviews/);
      expect((await page.title()).trim().length).toBeGreaterThan("Sauna Reviews".length);
    });
  }

  await test.step("the hero image has alt text and loads", async () => {
    const hero = page.getByRole("region", { name: HEADLINE });
    await expect(hero).toBeVisible();
    const image = hero.locator("img");
    await expect(image).toHaveCount(1);
    await expect(image).toBeVisible();

    const alt = (await image.getAttribute("alt")) ?? "";
    expect(alt.trim().length).toBeGreaterThan(10);
    await expect(hero.getByRole("img", { name: alt })).toBeVisible();

    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : -1)))
      .toBeGreaterThan(0);
    const box = (await image.boundingBox())!;
    expect(box.width).toBeGreaterThan(200);
    expect(box.height).toBeGreaterThan(100);
  });

  await test.step("the scripts wait for the hero picture: none is asked for before it is painted, and the page then hydrates", async () => {
    const html = await (await request.get("/")).text();
    // React Router's preloads and bootstrap, held back by the server (see defer-hydration.server.ts).
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script type="text/x-hydrate" id="hydrate-module"');

    await waitForHydration(page);
    const heroSource = await page
      .getByRole("region", { name: HEADLINE })
      .locator("img")
      .evaluate((image: HTMLImageElement) => image.currentSrc);
    const heroLoadedAt = finishedAt.get(heroSource) ?? 0;
    expect(heroLoadedAt).toBeGreaterThan(0);
    expect(scriptsAskedAt.length).toBeGreaterThan(0);
    expect(Math.min(...scriptsAskedAt)).toBeGreaterThanOrEqual(heroLoadedAt);

    // Chromium reports the hero painted (its element timing, and as the largest paint), and only
    // then are scripts fetched.
    const { heroPaintedAt, heroTimedAt, firstScriptAt } = await page.evaluate(async (name) => {
      const entries = (type: string) =>
        new Promise<PerformanceEntryList>((resolve) =>
          new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type, buffered: true }),
        );
      const paints = await entries("largest-contentful-paint");
      const timings = await entries("element");
      const hero = document.querySelector('img[fetchpriority="high"]');
      const heroPaint = paints.find((paint) => (paint as LargestContentfulPaint).element === hero);
      const heroTiming = timings.find((timing) => (timing as PerformanceEntry & { identifier: string }).identifier === name);
      const scripts = performance
        .getEntriesByType("resource")
        .filter(
          (entry) => new URL(entry.name).pathname.endsWith(".js") && !new URL(entry.name).pathname.startsWith("/assets/latin-fonts-"),
        );
      return {
        heroPaintedAt: heroPaint?.startTime ?? -1,
        heroTimedAt: heroTiming?.startTime ?? -1,
        firstScriptAt: Math.min(...scripts.map((entry) => entry.startTime)),
      };
    }, MAIN_PICTURE.elementtiming);
    expect(heroPaintedAt).toBeGreaterThan(0);
    expect(heroTimedAt).toBeGreaterThan(0);
    expect(firstScriptAt).toBeGreaterThanOrEqual(heroPaintedAt);
    expect(firstScriptAt).toBeGreaterThanOrEqual(heroTimedAt);
  });

  // The whole route manifest is one cached file the bootstrap imports (docs/decisions/0047): no page
  // inlines part of it, no link carries React Router's `data-discover` attribute, and nothing asks
  // the server which routes a link leads to. Last: it follows the call to action away from /.
  if (desktop) {
    await test.step("the route manifest comes as a file: none inlined, no data-discover, no /__manifest requests", async () => {
      for (const path of ["/", "/reviews/barrel-saunas", "/product/kettu-cube-2", "/learn/best-barrel-saunas", "/auth"]) {
        const html = await (await request.get(path)).text();
        expect(html, path).toMatch(/<a [^>]*href="\/reviews"/);
        expect(html, path).not.toContain("data-discover");
        expect(html, path).not.toContain("__reactRouterManifest");
        expect(html, path).toMatch(/import "\/assets\/manifest-[\w-]+\.js";/);
      }

      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      // A client navigation still finds its route, and its new links are not looked up either.
      const dataRequest = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
      await page.getByRole("region", { name: HEADLINE }).getByRole("link", { name: "Explore Top Saunas" }).click();
      expect((await dataRequest).status()).toBe(200);
      await expect(page).toHaveURL(/\/reviews$/);
      await page.waitForLoadState("networkidle");
      expect(askedManifest).toEqual([]);
    });
  }
});

test("the server-rendered HTML already contains the headline", { tag: "@desktop-only" }, async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${HEADLINE}</h1>`));
  expect(html).toContain('href="/reviews"');
});

test("without JavaScript the home page still shows the headline and top bar", { tag: "@desktop-only" }, async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /Sauna Reviews/ })).toBeVisible();
    const hero = page.getByRole("region", { name: HEADLINE });
    await expect(hero.getByRole("link", { name: "Explore Top Saunas" })).toHaveAttribute("href", "/reviews");
  } finally {
    await context.close();
  }
});
