import { sampleProductRows, type SampleProductRow as ProductRow } from "../support/sample-catalog";
import { collectionWriter, type ExtraCollection } from "../support/e2e-collections";
import { expect, test as base, waitForHydration, type Locator, type Page, type Route as PlaywrightRoute } from "./fixtures";

/**
 * Collection review pages, /reviews/{listId}: the hero with its picture, the ranked list and the
 * comparison layout, the collection's texts and metadata.
 *
 * The server runs on a fresh SQLite database seeded with the sample catalog, so the products a
 * page may list are read from the seed's own sample data. Tests that need a collection the seed
 * does not have (a generic one, an empty one) add it through the site's own database modules
 * (tests/support/e2e-collections.ts) and remove it afterwards. The page looks a slug it has not
 * cached up in the database at once, so a brand-new slug shows without waiting out the 30 s
 * collections cache.
 */

const readProducts = (): ProductRow[] => sampleProductRows();

/** `addCollection(...)`: a collection of the test's own, deleted when the test ends. */
const test = base.extend<{ addCollection: (collection: ExtraCollection) => Promise<void> }>({
  addCollection: async ({}, use) => {
    const writer = collectionWriter();
    try {
      await use((collection) => writer.add(collection));
    } finally {
      await writer.removeAll();
      await writer.close();
    }
  },
});

// Which products each fixed collection page lists, restated here (not imported from the app), so a
// page listing the wrong products cannot agree with its own test.
const has = (text: string | null, word: string) => (text ?? "").toLowerCase().includes(word.toLowerCase());
const features = (p: ProductRow): string[] => JSON.parse(p.key_features) as string[];
const featureWord = (p: ProductRow, pattern: RegExp) => features(p).some((f) => pattern.test(f));

const fixedRules: Record<string, (p: ProductRow) => boolean> = {
  "outdoor-saunas": () => true,
  "modern-outdoor-saunas": (p) => p.category_id === "modern" || p.category_id === "cube",
  "traditional-finnish-saunas": (p) =>
    (has(p.heater_type, "wood") && !has(p.heater_type, "infrared") && !has(p.category_id, "infrared")) ||
    has(p.category_id, "traditional") ||
    has(p.name, "finnish") ||
    featureWord(p, /finnish/i),
  "infrared-saunas": (p) => has(p.heater_type, "infrared"),
  "barrel-saunas": (p) => has(p.category_id, "barrel"),
  "wood-fired-saunas": (p) => has(p.heater_type, "wood"),
  "electric-saunas": (p) => has(p.heater_type, "electric") || has(p.name, "electric"),
  "clt-saunas": (p) => p.category_id === "clt" || /\bclt\b/i.test(p.name),
  "custom-saunas": (p) => p.category_id === "custom" || has(p.name, "custom"),
  "two-person-saunas": (p) => p.capacity === 2,
  "four-person-saunas": (p) => p.capacity === 4,
  "six-person-saunas": (p) => p.capacity === 6,
  "budget-saunas": (p) => p.price_cents !== null && p.price_cents < 1_000_000,
  "premium-saunas": (p) => p.price_cents !== null && p.price_cents >= 1_000_000 && p.price_cents < 1_500_000,
  "luxury-saunas": (p) => p.price_cents !== null && p.price_cents >= 1_500_000,
  "recovery-saunas": (p) => featureWord(p, /(^|[^a-z])recover/i),
  "eco-friendly-saunas": (p) => featureWord(p, /(^|[^a-z])(eco([^a-z]|$)|ecolog|sustainab|green([^a-z]|$))/i),
};

/** What a reader can check on the card itself, beyond the name. */
const visibleChecks: Record<string, { price?: [number, number]; capacity?: string; heater?: RegExp }> = {
  "budget-saunas": { price: [0, 9_999.99] },
  "premium-saunas": { price: [10_000, 14_999.99] },
  "luxury-saunas": { price: [15_000, Infinity] },
  "two-person-saunas": { capacity: "2 people" },
  "four-person-saunas": { capacity: "4 people" },
  "six-person-saunas": { capacity: "6 people" },
  "infrared-saunas": { heater: /infrared/i },
  "wood-fired-saunas": { heater: /wood/i },
  "electric-saunas": { heater: /electric/i },
};

const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ""));
const rankedCards = (page: Page) => page.getByTestId("ranked-sauna");
const compareCards = (page: Page) => page.getByTestId("compare-sauna");
const cardNames = (cards: Locator) => cards.getByRole("heading", { level: 3 }).allInnerTexts();
const heroOf = (page: Page) => page.locator("section[aria-labelledby='collection-title']");
const isHeroImage = (url: URL) => /^\/img\/[^/]+\/images\/collections\//.test(url.pathname);

/**
 * Every page of a list from its first, following the pagination's Next link as a reader would
 * (it keeps ?view=); a list longer than the site's page size is checked across its pages.
 */
async function visitAllPages(page: Page, firstUrl: string, onPage: (url: string) => Promise<void>) {
  let url: string | null = firstUrl;
  for (let visited = 0; url && visited < 20; visited++) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await onPage(url);
    const next = page.getByRole("navigation", { name: /pages$/ }).getByRole("link", { name: /Next/ });
    url = (await next.count()) > 0 ? await next.getAttribute("href") : null;
  }
}

// What these read is the server's list (names, badges, spec values), so they need neither scripts
// nor pictures: one context of their own with JavaScript off and pictures and fonts refused walks
// every collection, far cheaper than a hydrated page per list page.
test("every fixed collection page lists only the saunas its rule allows", { tag: "@desktop-only" }, async ({ browser, baseURL }) => {
  // Up to four page loads a collection, 33 in all.
  test.setTimeout(Object.keys(fixedRules).length * 20_000);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    await context.route(/\/img\/|\.(avif|webp|jpe?g|png|woff2)(\?|$)/, (route) => route.abort());
    const page = await context.newPage();
    for (const [slug, rule] of Object.entries(fixedRules)) {
      await test.step(slug, async () => {
        const expected = readProducts().filter(rule);
        expect(expected.length, "the sample catalog fills every fixed page").toBeGreaterThanOrEqual(3);

        const names: string[] = [];
        const ratings: number[] = [];
        await visitAllPages(page, `/reviews/${slug}`, async () => {
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          const cards = rankedCards(page);
          await expect(cards.first()).toBeVisible();
          expect(await cards.count()).toBeLessThanOrEqual(10);
          names.push(...(await cardNames(cards)));
          // Best rated first: the rating badges never go up, across pages too.
          ratings.push(...(await cards.getByTestId("rating-badge").allInnerTexts()).map(dollars));

          const check = visibleChecks[slug];
          if (check?.price) {
            const [low, high] = check.price;
            for (const text of await cards.getByTestId("price-badge").allInnerTexts()) {
              expect(dollars(text), text).toBeGreaterThanOrEqual(low);
              expect(dollars(text), text).toBeLessThanOrEqual(high);
            }
          }
        });
        expect(names.length).toBe(expected.length);
        expect([...names].sort()).toEqual(expected.map((p) => p.name).sort());
        expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

        const check = visibleChecks[slug];
        if (check?.capacity || check?.heater) {
          // The comparison layout shows each sauna's capacity and heater in its specification grid.
          let compared = 0;
          await visitAllPages(page, `/reviews/${slug}?view=compare`, async () => {
            const cards = compareCards(page);
            await expect(cards.first()).toBeVisible();
            compared += await cards.count();
            if (check.capacity) {
              const capacities = await cards.locator("dd[data-spec='capacity']").allInnerTexts();
              expect(capacities).toEqual(capacities.map(() => check.capacity));
            }
            if (check.heater) {
              const heaters = await cards.locator("dd[data-spec='heater']").allInnerTexts();
              const namesInCompare = await cardNames(cards);
              heaters.forEach((heater, i) => {
                // The electric match also accepts 'electric' in the name.
                const visible = check.heater!.test(heater) || (slug === "electric-saunas" && /electric/i.test(namesInCompare[i]!));
                expect(visible, `${namesInCompare[i]}: ${heater}`).toBe(true);
              });
            }
          });
          expect(compared).toBe(expected.length);
        }
      });
    }
  } finally {
    await context.close();
  }
});

// One load of /reviews/barrel-saunas serves every check of that page. Its hero picture is held back
// from the start, so the hero's loading state is read first; the other checks read the page once
// the picture has arrived (as they did on a page of their own), and the steps that navigate come
// last. The broken picture needs a load of its own, refused from the start.
test("the barrel saunas page", async ({ page, request }, testInfo) => {
  // Two page loads on desktop, and a hero picture held back meanwhile.
  test.slow();
  const desktop = testInfo.project.name === "desktop";
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested: URL[] = [];
  await page.route(isHeroImage, async (route: PlaywrightRoute) => {
    requested.push(new URL(route.request().url()));
    await gate;
    await route.continue();
  });
  await page.goto("/reviews/barrel-saunas", { waitUntil: "domcontentloaded" });

  await test.step("shows title, description and 'Back to Reviews', and 'Loading image...' until the 1600x600 picture arrives", async () => {
    const hero = heroOf(page);
    await expect(hero.getByRole("heading", { level: 1 })).toHaveText("Best Barrel Saunas");
    await expect(hero).toContainText("Round cedar, spruce and thermowood barrels");
    await expect(hero.getByRole("link", { name: "Back to Reviews" })).toHaveAttribute("href", "/reviews");
    await expect(hero.getByText("Loading image...")).toBeVisible();
    const image = hero.locator("img");
    await expect(image).toHaveAttribute("src", "/img/1600x600q85/images/collections/barrel-saunas.webp");
    const box = (await image.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(1600 / 600, 1);

    await expect.poll(() => requested.length).toBeGreaterThan(0);
    // Whichever srcset width the browser picked, it is a 1600:600 crop at quality 85; cover is
    // the route's default when a height is given, so the URL does not name it.
    const size = /^\/img\/(\d+)x(\d+)q85\/images\/collections\//.exec(requested[0]!.pathname);
    expect(size, requested[0]!.pathname).not.toBeNull();
    expect(Number(size![2]) / Number(size![1])).toBeCloseTo(600 / 1600, 2);
    release();
    await expect(hero.getByText("Loading image...")).toHaveCount(0);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(hero.getByRole("button", { name: "Refresh image" })).toHaveCount(0);
  });
  // What the next steps had from `page.goto` on a page of their own.
  await page.waitForLoadState("load");

  if (desktop) {
    // These read what is the same at every width.
    await test.step("shows rank, photo badges, brand, name, tagline, feature lines and both links", async () => {
      const cards = rankedCards(page);
      expect(await cards.count()).toBeGreaterThanOrEqual(4);

      for (let i = 0; i < 3; i++) {
        await expect(cards.nth(i).getByText(`#${i + 1}`, { exact: true })).toBeVisible();
      }
      await expect(cards.nth(3).getByText("#4", { exact: true })).toBeVisible();

      const first = cards.first();
      await expect(first.getByTestId("rating-badge")).toHaveText(/^Rating: \d\.\d$/);
      await expect(first.getByTestId("price-badge")).toHaveText(/^Price: \$\d{1,3}(,\d{3})*$/);
      await expect(first.getByText("Birchline Barrel Co.")).toBeVisible();
      await expect(first.getByText("Sample", { exact: true })).toBeVisible();
      const lines = first.getByTestId("feature-lines").getByRole("listitem");
      expect(await lines.count()).toBeGreaterThan(0);
      expect(await lines.count()).toBeLessThanOrEqual(4);

      const buy = first.getByRole("link", { name: /Check Price & Reviews/ });
      await expect(buy).toHaveAttribute("target", "_blank");
      await expect(buy).toHaveAttribute("rel", "sponsored nofollow noopener");
      await expect(buy).toHaveAttribute("href", /^\/go\/[a-z0-9-]+\?from=collection:barrel-saunas:row$/);
      // The tracked link leads to the shop.
      const redirect = await page.request.get((await buy.getAttribute("href"))!, { maxRedirects: 0 });
      expect(redirect.status()).toBe(302);
      expect(redirect.headers()["location"]).toMatch(/^https:\/\//);
      const review = first.getByRole("link", { name: "Full Review" });
      await expect(review).toHaveAttribute("href", /^\/reviews\/product\/[a-z0-9-]+$/);
      const name = first.getByRole("heading", { level: 3 }).getByRole("link");
      await expect(name).toHaveAttribute("href", (await review.getAttribute("href"))!);

      // Stars fill as far as the rating goes, as on every page: 4.6 shows four and most of the fifth.
      const rating = dollars(await first.getByTestId("rating-badge").innerText());
      const stars = first.getByRole("img", { name: `Rated ${rating.toFixed(1)} out of 5` });
      await expect(stars).toBeVisible();
      // The row of stars is one element whose amber ::after layer covers whole stars with their gaps, then part of the next.
      const painted = await stars.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const gap = (box.width - 5 * box.height) / 4;
        const width = parseFloat(getComputedStyle(element, "::after").width);
        const whole = Math.floor((width + 0.01) / (box.height + gap));
        return Math.round((whole + (width - whole * (box.height + gap)) / box.height) * 10) / 10;
      });
      expect(painted).toBe(rating);
      await expect(first.getByTestId("rating-badge").locator("svg.fill-amber-500")).toHaveCount(1); // the badge's star

      // The photos are resized through the image route and all sit below the hero, so they load
      // lazily; the hero is the picture fetched first.
      await expect(first.locator("img").first()).toHaveAttribute("src", /^\/img\/800x600\/images\/samples\/.+\.webp$/);
      await expect(first.locator("img").first()).toHaveAttribute("srcset", /\/img\/480x360\/images\/samples\/\S+ 480w/);
      await expect(first.locator("img").first()).toHaveAttribute("loading", "lazy");
      await expect(cards.nth(1).locator("img").first()).toHaveAttribute("loading", "lazy");
      await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
      await expect(page.locator('img[fetchpriority="high"]')).toHaveAttribute("src", /^\/img\/1600x600q85\//);

      await expect(page.getByTestId("affiliate-disclosure")).toContainText("commission");
    });

    await test.step("title, description, social tags, robots, modified time, canonical and caching", async () => {
      await expect(page).toHaveTitle("Best Barrel Saunas - Sauna Reviews");
      const meta = (selector: string) => page.locator(`head meta[${selector}]`);
      await expect(meta("name='description'")).toHaveAttribute("content", /barrel/i);
      await expect(meta("property='og:title'")).toHaveAttribute("content", "Best Barrel Saunas - Sauna Reviews");
      await expect(meta("property='og:description'")).toHaveAttribute("content", /barrel/i);
      await expect(meta("property='og:image'")).toHaveAttribute(
        "content",
        /^https?:\/\/[^/]+\/img\/1200x630\/images\/collections\/barrel-saunas\.webp$/,
      );
      await expect(meta("name='robots'")).toHaveAttribute("content", "index,follow");
      // One date, said four ways: 'Last updated', the modified time, the JSON-LD and the sitemap.
      const modified = await meta("property='article:modified_time'").getAttribute("content");
      expect(modified).toMatch(/^\d{4}-\d\d-\d\dT/);
      const shown = heroOf(page).locator("time");
      await expect(shown).toHaveAttribute("datetime", modified!);
      await expect(shown).toHaveText(new Date(modified!).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" }));
      const blocks = await page
        .locator("script[type='application/ld+json']")
        .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}") as Record<string, unknown>));
      expect(blocks.find((block) => block["@type"] === "CollectionPage")).toMatchObject({ dateModified: modified });
      const sitemap = await (await request.get("/sitemap-pages-1.xml")).text();
      expect(sitemap).toMatch(new RegExp(`/reviews/barrel-saunas</loc><lastmod>${modified!.replace(/[.]/g, "\\.")}</lastmod>`));
      await expect(page.locator("head link[rel='canonical']")).toHaveAttribute("href", /^https?:\/\/[^/]+\/reviews\/barrel-saunas$/);

      const response = await request.get("/reviews/barrel-saunas");
      expect(response.headers()["cache-control"]).toContain("s-maxage=60");
    });
  }

  await test.step("switch with the keyboard, keep the choice in the URL, and show the comparison fields", async () => {
    const listTab = page.getByRole("tab", { name: "Ranked list" });
    const compareTab = page.getByRole("tab", { name: /Compare/ });
    await expect(listTab).toHaveAttribute("aria-selected", "true");
    await expect(rankedCards(page).first()).toBeVisible();
    // Arrow keys move between the tabs only once the scripts run.
    await waitForHydration(page);

    await listTab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(compareTab).toBeFocused();
    await expect(compareTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/reviews\/barrel-saunas\?view=compare$/);
    await expect(rankedCards(page)).toHaveCount(0);

    const cards = compareCards(page);
    const first = cards.first();
    await expect(first.getByText("#1 Best Overall")).toBeVisible();
    await expect(cards.nth(1).getByText("#1 Best Overall")).toHaveCount(0);
    await expect(first.getByRole("img", { name: /^Rated \d\.\d out of 5$/ })).toBeVisible();
    await expect(first.getByTestId("review-count")).toHaveText(/^\(\d+\+? reviews?\)$/);
    await expect(first.getByTestId("compare-price")).toHaveText(/^\$[\d,]+$/);
    await expect(first.getByText(/Free Shipping|delivery|freight|shipping/i).first()).toBeVisible();
    await expect(first.getByText("Key Features:")).toBeVisible();
    const pros = first.getByText("Key Features:").locator("xpath=following-sibling::ul[1]/li");
    expect(await pros.count()).toBeGreaterThan(0);
    expect(await pros.count()).toBeLessThanOrEqual(4);
    for (const label of ["Capacity", "Heater", "Dimensions"]) {
      await expect(first.getByTestId("spec-grid").getByText(label, { exact: true })).toBeVisible();
    }
    await expect(first.getByRole("link", { name: "View Details" })).toHaveAttribute("href", /^\/reviews\/product\//);
    const checkPrice = first.getByRole("link", { name: /^Check Price/ });
    await expect(checkPrice).toHaveAttribute("target", "_blank");
    await expect(checkPrice).toHaveAttribute("rel", "sponsored nofollow noopener");
    await expect(checkPrice).toHaveAttribute("href", /^\/go\/[a-z0-9-]+\?from=collection:barrel-saunas:row$/);

    await page.keyboard.press("ArrowLeft");
    await expect(listTab).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\/reviews\/barrel-saunas$/);
    await expect(rankedCards(page).first()).toBeVisible();
  });

  if (desktop) {
    // These too read what is the same at every width.
    await test.step("client navigation to another collection shows three skeleton blocks, then the new page", async () => {
      await expect(page.getByRole("tab", { name: "Ranked list" })).toBeVisible();
      await waitForHydration(page);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/reviews/infrared-saunas") && url.pathname.endsWith(".data"),
        async (route) => {
          await gate;
          await route.continue();
        },
      );
      await page.getByRole("contentinfo").getByRole("link", { name: "Infrared Saunas" }).click();
      const skeleton = page.getByTestId("collection-skeleton");
      await expect(skeleton).toBeVisible();
      await expect(skeleton.getByTestId("skeleton-block")).toHaveCount(3);
      release();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Best Outdoor Infrared Saunas", {
        timeout: 15_000,
      });
      await expect(skeleton).toHaveCount(0);
      await expect(rankedCards(page).first()).toBeVisible();
    });

    await test.step("a broken picture gives the fallback, a toast, and a refresh that asks again with a cache-busting parameter", async () => {
      await page.unroute(isHeroImage);
      await page.route(isHeroImage, (route) => route.abort());
      await page.goto("/reviews/barrel-saunas");
      const hero = heroOf(page);
      const image = hero.locator("img");

      await expect(page.getByText("Hero image couldn't be loaded")).toBeVisible();
      await expect(page.getByText("Using a fallback image instead")).toBeVisible();
      await expect(image).toHaveAttribute("src", "/images/fallbacks/barrel.webp");
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const refresh = hero.getByRole("button", { name: "Refresh image" });
      await expect(refresh).toBeVisible();

      // The original works again: the refresh asks for it with a cache-busting parameter.
      await page.unroute(isHeroImage);
      const again = page.waitForRequest((request) => isHeroImage(new URL(request.url())));
      await refresh.click();
      await expect(page.getByText("Refreshing hero image")).toBeVisible();
      const retried = new URL((await again).url());
      expect(retried.searchParams.get("refresh")).toMatch(/^\d+$/);
      expect(retried.pathname).toBe("/img/1600x600q85/images/collections/barrel-saunas.webp");
      await expect(image).toHaveAttribute("src", /^\/img\/1600x600q85\/images\/collections\/barrel-saunas\.webp\?refresh=\d+$/);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(refresh).toHaveCount(0);
    });
  }
});

test.describe("a ranked card", () => {
  test("the budget page carries the BEST VALUE badge and its 'Under $10,000' label", { tag: "@desktop-only" }, async ({ page }) => {
    await page.goto("/reviews/budget-saunas");
    const hero = heroOf(page);
    await expect(hero.getByText("BEST VALUE", { exact: true })).toBeVisible();
    await expect(hero.getByText(/Under \$10,000/).first()).toBeVisible();
  });
});

test.describe("the two layouts", () => {
  test("work without JavaScript as plain links", { tag: "@desktop-only" }, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/reviews/two-person-saunas");
      await expect(rankedCards(page).first()).toBeVisible();
      await page.getByRole("tab", { name: /Compare/ }).click();
      await expect(page).toHaveURL(/\?view=compare$/);
      await expect(compareCards(page).first().getByText("#1 Best Overall")).toBeVisible();
      await expect(page.getByRole("tab", { name: /Compare/ })).toHaveAttribute("aria-selected", "true");
    } finally {
      await context.close();
    }
  });
});

test.describe("metadata", () => {
  test("the short name 'barrel' redirects permanently to /reviews/barrel-saunas", { tag: "@desktop-only" }, async ({ request }) => {
    const response = await request.get("/reviews/barrel?view=compare", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/reviews/barrel-saunas?view=compare");
  });
});

test.describe("collections that exist only in the database", { tag: "@desktop-only" }, () => {
  test("a new brand collection shows at once, with its own title and only that brand", async ({ page, addCollection }, testInfo) => {
    const slug = `e2e-emberfold-picks-${testInfo.project.name}`;
    // Before it exists: not found.
    expect((await page.goto(`/reviews/${slug}`))?.status()).toBe(404);

    await addCollection({ slug, title: "Emberfold Picks", criteria_type: "brand", criteria_value: "Emberfold Wellness" });
    const response = await page.goto(`/reviews/${slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Emberfold Picks");
    await expect(page).toHaveTitle("Emberfold Picks - Sauna Reviews");
    await expect(heroOf(page).getByText("Top-rated Emberfold Picks")).toBeVisible();

    const expected = readProducts().filter((p) => p.brand === "Emberfold Wellness");
    const cards = rankedCards(page);
    await expect(cards).toHaveCount(expected.length);
    expect((await cardNames(cards)).sort()).toEqual(expected.map((p) => p.name).sort());
    for (const card of await cards.all()) await expect(card.getByText("Emberfold Wellness", { exact: true })).toBeVisible();
  });

  test("a collection whose criterion matches nothing shows the five best-rated saunas, and says so", async ({
    page,
    addCollection,
  }, testInfo) => {
    const slug = `e2e-no-matches-${testInfo.project.name}`;
    await addCollection({ slug, title: "Nothing Matches Here", criteria_type: "brand", criteria_value: "No Such Brand" });
    const response = await page.goto(`/reviews/${slug}`);
    expect(response?.status()).toBe(200);

    await expect(
      page.getByText("No sauna in our catalog matches this collection yet, so these are our best-rated saunas overall."),
    ).toBeVisible();
    const expected = readProducts()
      .filter((p) => p.rating !== null)
      .sort((a, b) => b.rating! - a.rating! || a.name.localeCompare(b.name))
      .slice(0, 5)
      .map((p) => p.name);
    await expect(rankedCards(page)).toHaveCount(5);
    expect(await cardNames(rankedCards(page))).toEqual(expected);
    await expect(page.getByRole("region", { name: "Temporary Notice: Example Products" })).toHaveCount(0);
  });
});

test.describe("states", () => {
  test("the server HTML already holds the hero, the list and the methodology", { tag: "@desktop-only" }, async ({ request }) => {
    const response = await request.get("/reviews/wood-fired-saunas");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Best Wood-Fired Saunas");
    expect(html).toContain("Loading image...");
    expect(html).toContain("Check Price &amp; Reviews");
    expect(html).toContain("How We Test");
    for (const point of ["heat-up time", "energy use", "different body types", "installation"]) expect(html).toContain(point);
    for (const point of ["hands-on testing", "build quality", "heat efficiency", "ease of installation", "warranty", "value"]) {
      expect(html.toLowerCase()).toContain(point);
    }
  });
});

// The unknown collection's panel is read on the load that checks its width.
test("an unknown collection, and nothing scrolls sideways on the page", async ({ page }, testInfo) => {
  const missing = "/reviews/no-such-sauna-list";
  const response = await page.goto(missing);
  if (testInfo.project.name === "desktop") {
    // The panel, its links and its metadata are the same at every width.
    await test.step("an unknown collection answers 404 with the 'Collection Not Found' panel", async () => {
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Collection Not Found");
      await expect(
        page.getByText('The "no-such-sauna-list" sauna collection could not be found or has no products available.'),
      ).toBeVisible();
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Browse All Saunas" })).toHaveAttribute("href", "/reviews");
      await expect(main.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      await expect(page.locator("head meta[name='robots']")).toHaveAttribute("content", "noindex");
      await expect(page.locator("head link[rel='canonical']")).toHaveCount(0);
    });
  }
  await test.step("nothing scrolls sideways on the page, in either layout", async () => {
    for (const url of [missing, "/reviews/clt-saunas", "/reviews/clt-saunas?view=compare"]) {
      if (url !== missing) await page.goto(url);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
    }
  });
});
