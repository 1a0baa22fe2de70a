import { expect, test, type Page, type Route } from "./fixtures";

// The home page below the hero, on the seeded sample catalog: 29 sample
// products and 17 collections, each collection with its own picture. The hero and the shell are
// covered by home.spec.ts.
//
// The checks on / share one test, a step each named as its section and check: those that only
// read come first, then those that scroll or page the carousel, then those that leave the page or
// break its pictures (loading / again). The anchor link, the server's answers and the page without
// JavaScript have tests of their own.

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 768;

/** The picks' titles name the year of their last change: the server seeds them when it starts. */
const PICKS_TITLE = `Best Outdoor Saunas of ${new Date().getUTCFullYear()}`;

/**
 * Opens a page without waiting for every picture: on a fresh server the image route renders each
 * size once, and a test about text or layout should not wait for that. Assertions auto-wait for
 * what they need (hydration included).
 */
const open = (page: Page, path: string) => page.goto(path, { waitUntil: "domcontentloaded" });

/** A fresh server renders each picture size once (AVIF takes a moment): allow for it. */
const IMAGE_TIMEOUT = { timeout: 20_000 };
const loadedWidth = (image: ReturnType<Page["locator"]>) =>
  image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));

/** Fails every request for a picture under `folder`, directly or through the /img resizer. */
async function breakImages(page: Page, folder: string) {
  await page.route(
    (url) => url.pathname.replace(/^\/img\/[^/]+\//, "/").startsWith(folder),
    (route: Route) => route.abort(),
  );
}

test("the home page's sections", async ({ page }, testInfo) => {
  test.slow();
  // The desktop-only steps read what is the same at every width: content, links and pictures.
  const desktop = testInfo.project.name === "desktop";
  await open(page, "/");

  // First, before anything scrolls the page: these read boxes one at a time.
  await test.step("the sections come in the spec's order, with the anchors reviews, comparison, education and about", async () => {
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Browse by Category",
      "Why Choose Sauna Reviews",
      PICKS_TITLE,
      "Top-Rated Products",
      "Sauna Comparison",
      "Learn Before You Buy",
      "About Sauna Reviews",
      "Stay Updated",
    ]);

    const anchors = {
      reviews: "Top-Rated Products",
      comparison: "Sauna Comparison",
      education: "Learn Before You Buy",
      about: "About Sauna Reviews",
    };
    const tops: number[] = [];
    for (const [id, heading] of Object.entries(anchors)) {
      const section = page.locator(`#${id}`);
      await expect(section).toHaveCount(1);
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(heading);
      tops.push((await section.boundingBox())!.y);
    }
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
  });

  await test.step("Sauna Comparison › a table at 1280 px, cards at 390 px", async () => {
    const section = page.locator("#comparison");
    // One table in the HTML; below 768 px CSS lays each of its rows out as a card.
    const table = section.getByRole("table");
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(6);
    const tyyni = rows.filter({ hasText: "Tyyni 4 Cube Sauna" });
    if (isDesktop(page)) {
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader")).toHaveText(["Sauna Model", "Type", "Rating", "Price", "Key Features", "Buy"]);
      // A table: a row's cells sit side by side.
      // Both boxes read in one go: the page may still scroll (lazy pictures, scroll restoration)
      // between two separate reads.
      const [model, buy] = await tyyni.evaluate((row) => {
        const cells = [...row.children];
        return [cells[0]!, cells.at(-1)!].map((cell) => cell.getBoundingClientRect().toJSON() as DOMRect);
      });
      expect(Math.abs(buy!.y - model!.y)).toBeLessThan(2);
      expect(buy!.x).toBeGreaterThan(model!.x + model!.width);
      // Tyyni has 6 key features: 3 shown, then '+3 more'.
      await expect(tyyni.getByRole("listitem")).toHaveText([
        "Thermally modified spruce cladding",
        "Full-height tempered glass front",
        "WiFi heater control with scheduling",
        "+3 more",
      ]);
      // The sample's sale price (until 2026-12-31): every page shows the one displayed price (ADR 0058).
      await expect(tyyni).toContainText("$15,400");
      await expect(tyyni).toContainText("4.7");
      // Rows are best rated first.
      const chips = await rows.locator(".comparison-score").allTextContents();
      const numbers = chips.map(Number);
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    } else {
      // Cards: no column headers, one box per sauna, each below the one before.
      await expect(table.locator("thead")).toBeHidden();
      await expect(table.getByRole("columnheader")).toHaveCount(0);
      const first = (await rows.nth(0).boundingBox())!;
      const second = (await rows.nth(1).boundingBox())!;
      expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
      // The model's name, then the buy link under it across the card's width.
      const buy = (await tyyni.getByRole("link", { name: /^Check Price/ }).boundingBox())!;
      const card = (await tyyni.boundingBox())!;
      expect(buy.width).toBeGreaterThan(card.width * 0.8);
      await expect(tyyni.getByRole("listitem")).toHaveText([
        "Thermally modified spruce cladding",
        "Full-height tempered glass front",
        "+4 more",
      ]);
      // The sample's sale price (until 2026-12-31): every page shows the one displayed price (ADR 0058).
      await expect(tyyni).toContainText("$15,400");
      // No card is wider than the phone.
      expect(card.x + card.width).toBeLessThanOrEqual(390);
    }
    await expect(section.getByRole("link", { name: /See all reviews/ })).toHaveAttribute("href", "/reviews");
  });

  await test.step("Sauna Comparison › every 'Check Price' opens the shop in a new tab as a sponsored link", async () => {
    const section = page.locator("#comparison");
    const links = section.getByRole("link", { name: /^Check Price/ }).filter({ visible: true });
    await expect(links).toHaveCount(6);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "sponsored nofollow noopener");
      await expect(link).toHaveAttribute("href", /^\/go\/[a-z0-9-]+\?from=home:comparison$/);
      // Each tracked link leads to its shop.
      const redirect = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
      expect(redirect.status()).toBe(302);
      expect(redirect.headers()["location"]).toMatch(/^https:\/\/[a-z0-9.-]+\.example\//);
    }
  });

  await test.step("the about section carries the affiliate disclosure", async () => {
    const about = page.locator("#about");
    await expect(about.getByRole("heading", { name: "Affiliate disclosure" })).toBeVisible();
    await expect(about).toContainText(
      "When you buy through a purchase link on our site, we may earn a commission, at no extra cost to you.",
    );
  });

  await test.step("nothing scrolls sideways", async () => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });

  if (desktop) {
    await test.step("Browse by Category carousel › cards link to their collections, traditional Finnish first, electric saunas left out", async () => {
      const track = page.getByRole("list", { name: "Sauna categories" });
      const cards = track.getByRole("listitem");
      // 17 seeded collections, all with a picture of their own, minus electric-saunas.
      await expect(cards).toHaveCount(16);
      const links = track.getByRole("link");
      await expect(links.first()).toHaveAttribute("href", "/reviews/traditional-finnish-saunas");
      await expect(links.first()).toHaveText("Best Traditional Finnish Saunas");
      const hrefs = await links.evaluateAll((elements) => elements.map((a) => a.getAttribute("href") ?? ""));
      expect(hrefs.every((href) => /^\/reviews\/[a-z0-9-]+$/.test(href))).toBe(true);
      expect(hrefs.filter((href) => href.includes("electric-saunas"))).toEqual([]);
      expect(new Set(hrefs).size).toBe(16);
      // Each card shows a picture and a description.
      const first = cards.first();
      await expect(first.getByRole("img")).toHaveCount(0); // decorative: alt=""
      await expect(first.locator("img")).toBeVisible();
      await expect(first.locator("p")).toHaveText(/\w+/);
    });

    await test.step("Best Outdoor Saunas of the picks' year › both buttons and the three type pages are linked", async () => {
      const section = page.getByRole("region", { name: PICKS_TITLE });
      await expect(section.getByRole("link", { name: "Explore Top Saunas" })).toHaveAttribute("href", "/reviews");
      await expect(section.getByRole("link", { name: "Gain Sauna Knowledge" })).toHaveAttribute("href", "/learn");
      const types = section.getByRole("navigation", { name: "Sauna types" }).getByRole("link");
      await expect(types).toHaveText(["Traditional Finnish Saunas", "Infrared Saunas", "Barrel Saunas"]);
      expect(await types.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
        "/reviews/traditional-finnish-saunas",
        "/reviews/infrared-saunas",
        "/reviews/barrel-saunas",
      ]);
    });

    await test.step("Top-Rated Products › 4 cards by rating, with brand, stars, one decimal, review count, price and a product link", async () => {
      const cards = page.locator("#reviews").getByTestId("top-rated-card");
      await expect(cards).toHaveCount(4);
      const ratings: number[] = [];
      for (const index of [0, 1, 2, 3]) {
        const card = cards.nth(index);
        const stars = card.getByRole("img", { name: /^Rated \d\.\d out of 5$/ });
        await expect(stars).toBeVisible();
        const rating = Number((await stars.getAttribute("aria-label"))!.match(/\d\.\d/)![0]);
        ratings.push(rating);
        await expect(card).toContainText(rating.toFixed(1));
        await expect(card).toContainText(/\(\d+ reviews\)/);
        await expect(card.getByTestId("price")).toHaveText(/^\$\d{1,3}(,\d{3})*$/);
        // Until the page hydrates, 'Add to compare' is a link too (to the comparison of that sauna).
        await expect(card.getByRole("link").filter({ hasNotText: "to compare" })).toHaveAttribute(
          "href",
          /^\/reviews\/product\/[a-z0-9-]+$/,
        );
        // Sample products say so next to their invented rating.
        await expect(card.getByText("Sample", { exact: true })).toBeVisible();
      }
      expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
      expect(ratings[0]).toBe(4.9);
    });

    await test.step("Sauna Comparison › the footnote says specifications may change and to check the manufacturer's site", async () => {
      await expect(page.locator("#comparison")).toContainText(
        "Specifications and prices may change. Please check the manufacturer's website for the latest details before you buy.",
      );
    });

    await test.step("the education section gives each sauna type's temperatures and links to the guides", async () => {
      const section = page.locator("#education");
      await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Health Benefits", "Sauna Types", "Buying Guide"]);
      const types = section.getByRole("list").filter({ hasText: "170-190°F" }).getByRole("listitem");
      await expect(types).toHaveCount(4);
      await expect(types.nth(0)).toContainText("Traditional Finnish");
      await expect(types.nth(0)).toContainText("170-190°F");
      await expect(types.nth(0)).toContainText("Low humidity");
      await expect(types.nth(1)).toContainText("Infrared");
      await expect(types.nth(1)).toContainText("120-140°F");
      await expect(types.nth(2)).toContainText("Steam Room");
      await expect(types.nth(2)).toContainText("110-120°F");
      await expect(types.nth(2)).toContainText("High humidity");
      await expect(types.nth(3)).toContainText("Portable");
      for (const topic of ["Space", "Number of users", "Heating type", "Wood quality", "Energy efficiency", "Running costs"]) {
        await expect(section.getByText(topic, { exact: true })).toBeVisible();
      }
      for (const href of ["/learn/health-benefits-of-sauna", "/learn/infrared-vs-traditional", "/learn/best-barrel-saunas"]) {
        await expect(section.locator(`a[href="${href}"]`)).toBeVisible();
      }
    });

    await test.step("the 'Stay Updated' block has its text, email field and Subscribe button", async () => {
      const block = page.getByRole("region", { name: "Stay Updated" });
      await expect(block).toContainText("Subscribe for exclusive sauna reviews, price drops, and expert guides");
      const email = block.getByPlaceholder("Your email address");
      await expect(email).toHaveAttribute("type", "email");
      await expect(block.getByRole("button", { name: "Subscribe" })).toBeEnabled();
    });
  }

  await test.step("Browse by Category carousel › shows 4 cards per row at 1280 px and 1 at 390 px", async () => {
    const track = page.getByRole("list", { name: "Sauna categories" });
    await track.scrollIntoViewIfNeeded();
    const trackBox = (await track.boundingBox())!;
    const cards = track.getByRole("listitem");
    const perRow = isDesktop(page) ? 4 : 1;
    const widths = await cards.evaluateAll((items) => items.slice(0, 5).map((item) => item.getBoundingClientRect().width));
    const gap = 24;
    const expected = (trackBox.width - gap * (perRow - 1)) / perRow;
    for (const width of widths) expect(Math.abs(width - expected)).toBeLessThan(2);
    // Exactly `perRow` cards fit inside the track; the next one starts past its right edge.
    const lefts = await cards.evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left));
    const visible = lefts.filter((left) => left < trackBox.x + trackBox.width - 1);
    expect(visible).toHaveLength(perRow);
  });

  if (desktop) {
    await test.step("Browse by Category carousel › without a broken picture, the card shows the collection's own image", async () => {
      const image = page.getByRole("list", { name: "Sauna categories" }).getByRole("listitem").first().locator("img");
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => loadedWidth(image), IMAGE_TIMEOUT).toBeGreaterThan(0);
      expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain("traditional-finnish-saunas");
    });
  }

  // Pages the carousel along: after the steps that read it at its start.
  await test.step("Browse by Category carousel › the arrows page through the track and disable themselves at the ends", async () => {
    const track = page.getByRole("list", { name: "Sauna categories" });
    const previous = page.getByRole("button", { name: "Previous categories" });
    const next = page.getByRole("button", { name: "Next categories" });
    await track.scrollIntoViewIfNeeded();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    const trackBox = (await track.boundingBox())!;
    const previousBox = (await previous.boundingBox())!;
    const nextBox = (await next.boundingBox())!;
    if (isDesktop(page)) {
      // At the sides, over the cards.
      expect(previousBox.x).toBeLessThan(trackBox.x + 20);
      expect(nextBox.x + nextBox.width).toBeGreaterThan(trackBox.x + trackBox.width - 20);
      for (const box of [previousBox, nextBox]) {
        expect(box.y).toBeGreaterThan(trackBox.y);
        expect(box.y + box.height).toBeLessThan(trackBox.y + trackBox.height);
      }
    } else {
      // Below the track, side by side.
      expect(previousBox.y).toBeGreaterThanOrEqual(trackBox.y + trackBox.height - 1);
      expect(Math.abs(previousBox.y - nextBox.y)).toBeLessThan(2);
      expect(previousBox.x).toBeLessThan(nextBox.x);
    }

    await next.click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    await expect(previous).toBeEnabled();

    // Keyboard: the arrows are buttons.
    await previous.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeLessThan(2);
    await expect(previous).toBeDisabled();

    // At the far end, 'Next' gives up.
    await track.evaluate((element) => element.scrollTo({ left: element.scrollWidth, behavior: "instant" }));
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
  });

  if (desktop) {
    // It follows a pick's link away from the page.
    await test.step("Best Outdoor Saunas of the picks' year › three picks (Traditional Finnish, Infrared, Barrel) with a picture and a 'Read Review' link", async () => {
      const section = page.getByRole("region", { name: PICKS_TITLE });
      const picks = section.getByTestId("best-pick");
      await expect(picks).toHaveCount(3);
      await expect(picks.nth(0)).toContainText("Best Traditional Finnish Sauna");
      await expect(picks.nth(1)).toContainText("Best Infrared Sauna");
      await expect(picks.nth(2)).toContainText("Best Barrel Sauna");
      // The best-rated sample of each type.
      await expect(picks.getByRole("heading", { level: 3 })).toHaveText([
        "Custom Cabin Sauna",
        "Quad Outdoor Infrared Sauna",
        "Panorama 4 Barrel Sauna",
      ]);
      for (const index of [0, 1, 2]) {
        const pick = picks.nth(index);
        await expect(pick.getByRole("link", { name: /Read Review/ })).toHaveAttribute("href", /^\/reviews\/product\/[a-z0-9-]+$/);
        await expect(pick.locator("img")).toBeVisible();
        await expect(pick).not.toContainText(/No .* sauna found/);
      }
      await picks
        .nth(1)
        .getByRole("link", { name: /Read Review/ })
        .click();
      await expect(page).toHaveURL(/\/reviews\/product\/emberfold-quad-outdoor-infrared-sauna$/);
    });

    // A load of its own: the pictures are broken from before the page is opened.
    await test.step("Browse by Category carousel › a broken category picture is replaced by a placeholder", async () => {
      await breakImages(page, "/images/collections/");
      await open(page, "/");
      const image = page.getByRole("list", { name: "Sauna categories" }).getByRole("listitem").first().locator("img");
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute("src", /^\/images\/placeholders\/.+\.webp$/);
      await expect.poll(() => loadedWidth(image), IMAGE_TIMEOUT).toBeGreaterThan(0);
      // Only the next step's own pictures fail on its reload.
      await page.unrouteAll();
    });

    await test.step("Top-Rated Products › pictures load without a refresh button; after a failure 'Refresh image' appears and reloads it", async () => {
      const section = page.locator("#reviews");
      await section.scrollIntoViewIfNeeded();
      const firstImage = section.getByTestId("top-rated-card").first().locator("img");
      await expect.poll(() => loadedWidth(firstImage), IMAGE_TIMEOUT).toBeGreaterThan(0);
      await expect(section.getByRole("button", { name: "Refresh image" })).toHaveCount(0);

      await breakImages(page, "/images/samples/");
      await page.reload({ waitUntil: "domcontentloaded" });
      await section.scrollIntoViewIfNeeded();
      const refresh = section.getByRole("button", { name: "Refresh image" });
      await expect(refresh).toHaveCount(4);
      await expect(refresh.first()).toBeVisible();
      await expect(firstImage).toHaveAttribute("src", /^\/images\/placeholders\//);

      // The pictures are back: a refresh asks again, with a cache-busting parameter.
      await page.unrouteAll();
      await refresh.first().click();
      await expect(firstImage).toHaveAttribute("src", /refresh=\d+/);
      await expect.poll(() => loadedWidth(firstImage), IMAGE_TIMEOUT).toBeGreaterThan(0);
      await expect(section.getByRole("button", { name: "Refresh image" })).toHaveCount(3);
    });

    // Its checks read no picture: it runs on the page the step above left, then leaves it.
    await test.step("Top-Rated Products › the Tyyni sauna carries 'Top rated' (its 4.7 stars) and its review count; no card claims sales nobody measured", async () => {
      const cards = page.locator("#reviews").getByTestId("top-rated-card");
      const tyyni = cards.filter({ hasText: "Tyyni 4 Cube Sauna" });
      await expect(tyyni).toHaveCount(1);
      await expect(tyyni.getByText("Top rated", { exact: true })).toBeVisible();
      // No sample is marked a best seller by its owner.
      await expect(cards.getByText("Best seller", { exact: true })).toHaveCount(0);
      await expect(tyyni).toContainText("Lumo Works");
      await expect(tyyni).toContainText("(86 reviews)");
      // The sample's sale price (until 2026-12-31): every page shows the one displayed price (ADR 0058).
      await expect(tyyni).toContainText("$15,400");
      await tyyni.getByRole("link", { name: "Tyyni 4 Cube Sauna", exact: true }).click();
      await expect(page).toHaveURL(/\/reviews\/product\/lumo-works-tyyni-4-cube-sauna$/);
    });
  }
});

test("an anchor link scrolls its section below the sticky top bar", async ({ page }) => {
  await open(page, "/#comparison");
  const heading = page.getByRole("heading", { level: 2, name: "Sauna Comparison" });
  await expect(heading).toBeInViewport();
  const top = (await heading.boundingBox())!.y;
  expect(top).toBeGreaterThan(64);
});

test.describe("Sauna Comparison", () => {
  test(
    "a client navigation gets the comparison as deferred data, streamed after the rest",
    { tag: "@desktop-only" },
    async ({ request }) => {
      // What the app fetches when a reader navigates to / from another page: the rows arrive as a
      // promise (turbo-stream's "P" marker), so the section shows its skeleton until they land.
      const response = await request.get("/_root.data", { headers: { "Sec-Fetch-Dest": "empty" } });
      expect(response.status()).toBe(200);
      const body = await response.text();
      expect(body).toMatch(/"comparison",\["P",\d+\]/);
      expect(body).toContain("Tyyni 4 Cube Sauna");
    },
  );

  test("a document load carries the finished table, not the skeleton", { tag: "@desktop-only" }, async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain(">Sauna Model</th>");
    expect(html).toContain("Tyyni 4 Cube Sauna");
    expect(html).not.toContain('data-testid="comparison-skeleton"');
  });
});

test("without JavaScript every section is readable, the comparison included", async ({ browser, baseURL }, testInfo) => {
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport });
  try {
    const page = await context.newPage();
    await open(page, "/");
    await expect(page.getByRole("list", { name: "Sauna categories" }).getByRole("link").first()).toBeVisible();
    await expect(page.getByTestId("best-pick")).toHaveCount(3);
    await expect(page.locator("#reviews").getByTestId("top-rated-card")).toHaveCount(4);
    const comparison = page.locator("#comparison");
    await expect(comparison.getByTestId("comparison-skeleton")).toHaveCount(0);
    // The table from 768 px up; below, the same rows laid out as cards without the header row.
    await expect(comparison.getByRole("table")).toBeVisible();
    await expect(comparison.locator("thead")).toBeVisible({ visible: viewport.width >= 768 });
    await expect(comparison.getByRole("link", { name: "Tyyni 4 Cube Sauna", exact: true }).filter({ visible: true })).toHaveCount(1);
    // The carousel is still a list you can scroll sideways.
    const scrollable = await page
      .getByRole("list", { name: "Sauna categories" })
      .evaluate((element) => element.scrollWidth > element.clientWidth && getComputedStyle(element).overflowX === "auto");
    expect(scrollable).toBe(true);
  } finally {
    await context.close();
  }
});
