import { expect, test, type Locator, type Page } from "./fixtures";
import { sampleProducts } from "../../app/server/seed/sample-products";

// The product detail page (its display rules: docs/decisions/0006), on the fresh
// database the runner seeds with the 29 sample products (inserted in the order of sampleProducts,
// so the first sample has id 1).

const TYYNI = sampleProducts[0]!;
const TYYNI_URL = `/reviews/product/${TYYNI.slug}`;
const NO_SALE = sampleProducts.find((product) => product.sale_price === undefined)!;

const today = new Date().toISOString().slice(0, 10);
const ON_SALE = sampleProducts
  .filter((product) => product.sale_price !== undefined && (product.sale_ends_at ?? "9999-12-31") >= today)
  .sort((a, b) => (b.sale_ends_at ?? "").localeCompare(a.sale_ends_at ?? ""))[0];

const usd = (dollars: number) => `$${dollars.toLocaleString("en-US")}`;
const longDate = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });

/** Requests for the sample pictures, directly or through the /img route (/img/<size>/images/…). */
const isSamplePicture = (url: URL) => /^(?:\/img\/[^/]+)?\/images\/samples\//.test(url.pathname);

/** A picture has loaded (a first render by the image route can take a moment on a busy machine). */
const IMAGE_LOAD = { timeout: 20_000 };

// Several suites may share this machine's two cores; navigations and first image renders can be slow.
test.describe.configure({ timeout: 60_000 });

/**
 * Sonner closes a toast after 4 s, which a busy machine can outlast between two assertions; so
 * every toast the page renders is recorded (its text, as shown) the moment it enters the DOM.
 */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = shown;
    const recorded = new WeakSet<Element>();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
        if (recorded.has(toast) || !toast.textContent) continue;
        recorded.add(toast);
        shown.push(toast.textContent);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return (containing: string) =>
    page.evaluate((text) => (window as unknown as { __toasts: string[] }).__toasts.filter((toast) => toast.includes(text)), containing);
}

const main = (page: Page) => page.getByRole("main");
const thumbnails = (page: Page) => main(page).getByRole("group", { name: "Product photos" }).getByRole("button");
const mainPhoto = (page: Page) => main(page).locator("[data-layout] > div").first().locator("img");

async function openProduct(page: Page, url = TYYNI_URL) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(200);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText(TYYNI.name);
}

/** The gallery marks itself once hydrated (the server HTML has no event handlers). */
async function waitForHydration(page: Page) {
  await expect(page.locator("[data-layout][data-interactive]")).toHaveCount(1);
}

// Every check of the Tyyni's page at one width shares one load: the steps that only read first,
// then Buy Now (on a phone it scrolls to the end of the page), then, once hydrated, the gallery
// and the accordion. The gallery's steps run in the order in which each finds the selection it
// starts from: the first picture for the thumbnails and the keyboard, a landscape one for the
// portrait check (which ends on the first again).
test("the product page: breadcrumb, header, specifications, 'As Seen In', Buy Now, the gallery and the details", async ({
  page,
}, testInfo) => {
  test.slow();
  const desktop = testInfo.project.name === "desktop";
  await openProduct(page);

  // The desktop-only steps read what is the same at every width.
  if (desktop) {
    await test.step("the breadcrumb leads Home, Reviews, the category collection, then names the product", async () => {
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Reviews", "Cube Saunas"]);
      await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
      await expect(breadcrumb.getByRole("link", { name: "Reviews" })).toHaveAttribute("href", "/reviews");
      await expect(breadcrumb.getByRole("link", { name: "Cube Saunas" })).toHaveAttribute("href", "/reviews/modern-outdoor-saunas");
      await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(TYYNI.name);

      const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
      const list = structured.map((text) => JSON.parse(text)).find((item) => item["@type"] === "BreadcrumbList");
      expect(list.itemListElement.map((item: { name: string }) => item.name)).toEqual(["Home", "Reviews", "Cube Saunas", TYYNI.name]);
    });

    await test.step("the header shows brand, name, stars filled to the rating, the rating with one decimal, the count, the record's date and the sample notice", async () => {
      const header = main(page).locator("header");
      await expect(header.getByText(TYYNI.brand, { exact: true })).toBeVisible();
      await expect(header.getByRole("heading", { level: 1 })).toHaveText(TYYNI.name);

      const rating = header.getByTestId("product-rating");
      // 4.7 fills four stars and most of the fifth, as on every other page.
      const stars = rating.getByRole("img", { name: "Rated 4.7 out of 5" });
      await expect(stars).toBeVisible();
      expect(await paintedStars(stars)).toBe(4.7);
      await expect(rating).toContainText("4.7");
      await expect(rating).toContainText(`(${TYYNI.reviews_number} reviews)`);
      await expect(header.getByText("Sample", { exact: true })).toBeVisible();

      // 'Last updated' is the record's updated_at, printed in long US format (never an invented date).
      const time = header.locator("time");
      const iso = (await time.getAttribute("datetime"))!;
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      await expect(time).toHaveText(`Last updated ${longDate(iso)}`);

      await expect(
        header.getByText("Sample listing: this product, its ratings and its review are examples shipped with the site."),
      ).toBeVisible();
    });

    // A record without some of these values shows 'N/A' (admin-flow.spec.ts, on an imported product).
    await test.step("the Specifications card lists capacity, dimensions, weight in lbs and the heater", async () => {
      const card = page.getByRole("region", { name: "Specifications" });
      const value = (label: string) => card.locator("div", { has: page.locator("dt", { hasText: label }) }).locator("dd");
      await expect(card.locator("dt")).toHaveText(["Capacity", "Dimensions", "Weight", "Heater Type", "Heater Specifications"]);
      await expect(value("Capacity")).toHaveText(`${TYYNI.capacity} Person`);
      await expect(value("Dimensions")).toHaveText(TYYNI.dimensions);
      await expect(value("Weight")).toHaveText(`${TYYNI.weight_lbs.toLocaleString("en-US")} lbs`);
      await expect(value("Heater Type")).toHaveText(TYYNI.heater_type);
      await expect(value("Heater Specifications")).toHaveText(TYYNI.heater_spec);
    });

    await test.step("the collections that list the product appear under 'As Seen In'", async () => {
      const section = page.getByRole("region", { name: "As Seen In" });
      const links = section.getByRole("link");
      expect(await links.count()).toBeGreaterThan(0);
      for (const href of await links.evaluateAll((elements) => elements.map((element) => element.getAttribute("href")))) {
        expect(href).toMatch(/^\/reviews\/[a-z0-9-]+$/);
      }
      // A four-person modern cube: on the modern and four-person pages, not on the barrel page.
      await expect(section.locator('a[href="/reviews/modern-outdoor-saunas"]')).toHaveCount(1);
      await expect(section.locator('a[href="/reviews/four-person-saunas"]')).toHaveCount(1);
      await expect(section.locator('a[href="/reviews/barrel-saunas"]')).toHaveCount(0);
    });
  }

  await test.step("Buy Now opens the shop in a new tab: a bottom bar on phones, the side box on wide screens", async () => {
    const bar = page.getByTestId("mobile-buy-bar");
    const sideBox = page.getByRole("region", { name: "Price and where to buy" });
    const mobile = testInfo.project.name === "mobile";

    const buyNow = (mobile ? bar : sideBox).getByRole("link", { name: /Buy Now/ });
    await expect(buyNow).toBeVisible();
    await expect(buyNow).toHaveAttribute("target", "_blank");
    await expect(buyNow).toHaveAttribute("rel", /\bsponsored\b/);
    await expect(buyNow).toHaveAttribute("rel", /\bnoopener\b/);
    // Through the tracked redirect, which leads to the shop (docs/decisions/0028).
    await expect(buyNow).toHaveAttribute("href", `/go/${TYYNI.slug}?from=product:${TYYNI.slug}:${mobile ? "sticky-bar" : "box"}`);
    const redirect = await page.request.get((await buyNow.getAttribute("href"))!, { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    // The product's best affiliate offer, not the maker's plain website (docs/decisions/0058): the
    // maker's own offer, its sale making it the cheapest for US readers.
    expect(redirect.headers()["location"]).toBe(new URL(TYYNI.affiliate_link!).href);

    if (mobile) {
      await expect(sideBox).toBeHidden();
      // Pinned to the bottom of the screen while reading the top of the page.
      await expect(bar).toBeInViewport();
      const viewport = page.viewportSize()!;
      const box = (await bar.boundingBox())!;
      expect(Math.abs(box.y + box.height - viewport.height)).toBeLessThan(2);
      // At the end of the page it rests above the footer instead of covering it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = (await page.getByRole("contentinfo").boundingBox())!;
      const rested = (await bar.boundingBox())!;
      expect(rested.y + rested.height).toBeLessThanOrEqual(footer.y + 1);
    } else {
      await expect(bar).toBeHidden();
      await expect(sideBox.getByText(/We may earn a commission/)).toBeVisible();
    }
  });

  await waitForHydration(page);

  await test.step("clicking a thumbnail selects it; the 4-column grid holds the thumbnails", async () => {
    const thumbs = thumbnails(page);
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "true");
    await expect(mainPhoto(page)).toHaveAttribute("src", /-1\.webp/);

    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "false");
    await expect(mainPhoto(page)).toHaveAttribute("src", /-2\.webp/);
    await expect(mainPhoto(page)).toHaveAttribute("alt", `${TYYNI.name}, photo 2 of 3`);

    const group = main(page).getByRole("group", { name: "Product photos" });
    const columns = await group.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(" ").length);
    expect(columns).toBe(4);
    const groupBox = (await group.boundingBox())!;
    const boxes = await Promise.all([0, 1, 2].map((index) => thumbs.nth(index).boundingBox()));
    for (const box of boxes) {
      expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThan(1);
      expect(box!.width).toBeLessThan(groupBox.width / 4);
      expect(box!.width).toBeGreaterThan(groupBox.width / 4 - 16);
    }
  });

  // Starts on the second picture, landscape like the first.
  await test.step("a portrait picture switches the gallery to the vertical layout", async () => {
    const photo = mainPhoto(page);
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), IMAGE_LOAD).toBeGreaterThan(0);
    let box = (await photo.boundingBox())!;
    expect(box.width).toBeGreaterThan(box.height);

    // The third sample picture is 1000x1600: taller than 1.5 times its width.
    await thumbnails(page).nth(2).click();
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "vertical", IMAGE_LOAD);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), IMAGE_LOAD).toBeGreaterThan(0);
    box = (await photo.boundingBox())!;
    expect(box.height).toBeGreaterThan(box.width * 1.4);

    await thumbnails(page).nth(0).click();
    await expect(page.locator("[data-layout]")).toHaveAttribute("data-layout", "horizontal");
  });

  await test.step("the keyboard moves between thumbnails with the arrows and selects with Enter or Space", async () => {
    const thumbs = thumbnails(page);
    await thumbs.nth(0).focus();
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.nth(1)).toBeFocused();
    await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Enter");
    await expect(thumbs.nth(1)).toHaveAttribute("aria-pressed", "true");
    await expect(mainPhoto(page)).toHaveAttribute("src", /-2\.webp/);

    await page.keyboard.press("ArrowRight");
    await expect(thumbs.nth(2)).toBeFocused();
    await page.keyboard.press(" ");
    await expect(thumbs.nth(2)).toHaveAttribute("aria-pressed", "true");

    // Wraps around at the ends.
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(thumbs.nth(2)).toBeFocused();
  });

  await test.step("the key features show once, in the main column; the details accordion opens one section at a time", async () => {
    const features = main(page).getByRole("region", { name: "Key Features" });
    await expect(features).toHaveCount(1);
    await expect(features.getByRole("listitem")).toHaveText(TYYNI.key_features);

    const aside = page.getByRole("complementary", { name: "Buying details" });
    await expect(aside.getByRole("button", { name: "Key Features" })).toHaveCount(0);
    const shipping = aside.getByRole("button", { name: "Shipping & Delivery" });
    const method = aside.getByRole("button", { name: "How We Test" });

    await expect(shipping).toHaveAttribute("aria-expanded", "true");
    const shippingRegion = aside.getByRole("region", { name: "Shipping & Delivery" });
    await expect(shippingRegion.getByText(TYYNI.shipping_info)).toBeVisible();

    await method.click();
    await expect(method).toHaveAttribute("aria-expanded", "true");
    await expect(shipping).toHaveAttribute("aria-expanded", "false");
    await expect(shippingRegion).toBeHidden();

    // Collapsible: the open section closes on a second click, leaving none open.
    await method.click();
    await expect(method).toHaveAttribute("aria-expanded", "false");
    await expect(aside.getByRole("region", { name: "How We Test" })).toBeHidden();

    await shipping.focus();
    await page.keyboard.press("Enter");
    await expect(shipping).toHaveAttribute("aria-expanded", "true");
  });
});

test("every link of every sample product's breadcrumb answers 200", { tag: "@desktop-only" }, async ({ request }) => {
  // Categories without a collection page of their own (the sample cabins) must not lead to
  // 'Collection Not Found': their breadcrumb step goes to the reviews index instead.
  const checked = new Map<string, number>();
  for (const product of sampleProducts) {
    const html = await (await request.get(`/reviews/product/${product.slug}`)).text();
    const nav = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0];
    expect(nav, product.slug).toBeTruthy();
    const hrefs = [...nav!.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
    expect(hrefs.length, product.slug).toBe(3);
    for (const href of hrefs) {
      if (!checked.has(href)) checked.set(href, (await request.get(href)).status());
      expect(checked.get(href), `${product.slug} → ${href}`).toBe(200);
    }
  }
  expect(checked.get("/reviews")).toBe(200);
});

const priceArea = (page: Page, project: string) =>
  project === "mobile" ? page.getByTestId("mobile-buy-bar") : page.getByRole("region", { name: "Price and where to buy" });

test("a running sale strikes the list price through beside the sale price, with its end date", async ({ page }, testInfo) => {
  test.skip(!ON_SALE, "no sample sale is still running today");
  const sale = ON_SALE!;
  await page.goto(`/reviews/product/${sale.slug}`);
  const scope = priceArea(page, testInfo.project.name);
  const listPrice = scope.getByTestId("list-price");
  await expect(listPrice).toBeVisible();
  await expect(listPrice).toHaveText(`Regular price ${usd(sale.price)}`);
  expect(await listPrice.evaluate((element) => getComputedStyle(element).textDecorationLine)).toContain("line-through");
  await expect(scope.getByText(usd(sale.sale_price!), { exact: false }).first()).toBeVisible();
  await expect(scope.getByText(`Sale ends ${longDate(sale.sale_ends_at!)}`)).toBeVisible();

  // Without a sale, nothing is struck through.
  await page.goto(`/reviews/product/${NO_SALE.slug}`);
  await expect(page.getByTestId("list-price")).toHaveCount(0);
  await expect(priceArea(page, testInfo.project.name).getByText(usd(NO_SALE.price), { exact: true })).toBeVisible();
});

test(
  "a broken picture gives the category fallback, a toast and a refresh button that reloads the original",
  { tag: "@desktop-only" },
  async ({ page }) => {
    const toasts = await recordToasts(page);
    await page.route(isSamplePicture, (route) => route.abort());
    await openProduct(page);
    const photo = mainPhoto(page);
    await expect(photo).toHaveAttribute("src", /\/images\/fallbacks\//);

    await expect.poll(() => toasts("Image couldn't be loaded")).toEqual(["Image couldn't be loadedUsing a fallback image instead"]);
    await expect(thumbnails(page).nth(1).locator("img")).toHaveAttribute("src", /\/images\/fallbacks\//);
    // Only the selected picture toasts, although the thumbnails failed too.
    expect(await toasts("Image couldn't be loaded")).toHaveLength(1);

    const refresh = main(page).getByRole("button", { name: "Refresh image" });
    await expect(refresh).toBeVisible();
    // The stand-in is a real picture, not a broken one.
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth), IMAGE_LOAD).toBeGreaterThan(0);

    await page.unroute(isSamplePicture);
    await refresh.click();
    await expect.poll(() => toasts("Refreshing image")).toEqual(["Refreshing imageAttempting to reload the original image"]);
    await expect(photo).toHaveAttribute("src", /^\/img\/\d+\/images\/samples\/.*-1\.webp\?refresh=\d+$/);
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), IMAGE_LOAD)
      .toBeGreaterThan(0);
    await expect(refresh).toBeHidden();
    // The reloaded original did not fail again.
    expect(await toasts("Image couldn't be loaded")).toHaveLength(1);
  },
);

test("an unknown product answers 404 with 'Product Not Found' and a way back", { tag: "@desktop-only" }, async ({ page }) => {
  const response = await page.goto("/reviews/product/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(main(page).getByRole("heading", { level: 1 })).toHaveText("Product Not Found");
  await expect(main(page).getByText("The requested product could not be found.")).toBeVisible();
  const back = main(page).getByRole("link", { name: "Browse All Reviews" });
  await expect(back).toHaveAttribute("href", "/reviews");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("/product/{id} serves the same page, with the canonical link by slug", { tag: "@desktop-only" }, async ({ page, baseURL }) => {
  for (const path of ["/product/1", "/reviews/product/1", `/product/${TYYNI.slug}`]) {
    await openProduct(page, path);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${TYYNI_URL}`);
  }
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/img\/1200x630\/images\/samples\/[^?&]+$/);
  await expect(page).toHaveTitle(`${TYYNI.name} Review - Sauna Reviews`);
});

test("the server HTML already holds the product and its specifications", { tag: "@desktop-only" }, async ({ request }) => {
  const response = await request.get(TYYNI_URL);
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("s-maxage=60");
  const html = await response.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${TYYNI.name}</h1>`));
  expect(html).toContain(">Specifications</h2>");
  expect(html).toContain(`${TYYNI.capacity} Person`);
  expect(html).toContain(`${TYYNI.weight_lbs.toLocaleString("en-US")} lbs`);
  expect(html).toContain("Overview");
  expect(html).toContain('"@type":"Product"');
  // A sample's invented rating is never published to search engines.
  expect(html).not.toContain("aggregateRating");
});

/**
 * How many of the five stars are painted amber: the rating is one element whose ::after layer
 * covers the filled stars, so its width against the whole row's says how many the reader sees.
 */
/** How many stars the amber layer covers, to one decimal: whole stars with their gaps, then part of the next. */
function paintedStars(stars: Locator) {
  return stars.evaluate((element) => {
    const filled = getComputedStyle(element, "::after");
    if (filled.backgroundColor === "rgba(0, 0, 0, 0)") return 0;
    const box = element.getBoundingClientRect();
    const star = box.height;
    const gap = (box.width - 5 * star) / 4;
    const width = parseFloat(filled.width);
    const whole = Math.floor((width + 0.01) / (star + gap));
    return Math.round((whole + (width - whole * (star + gap)) / star) * 10) / 10;
  });
}
