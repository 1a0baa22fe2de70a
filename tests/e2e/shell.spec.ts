import { expect, test } from "./fixtures";

// The site shell: sticky top bar with the brand link, the footer,
// landmarks and the skip link. The checks on the home page share one load of it (a test with one
// step per check, at both widths unless a step says otherwise).

const HERO_HEADING = "Compare Top Saunas For Your Perfect Match";

test("every page's first paint waits for its footer, which the page has", { tag: "@desktop-only" }, async ({ request }) => {
  for (const path of [
    "/",
    "/reviews",
    "/reviews/product/lumo-works-tyyni-4-cube-sauna",
    "/learn/sauna-maintenance",
    "/auth",
    "/no-such-page",
  ]) {
    const html = await (await request.get(path)).text();
    const expectLink = /<link rel="expect" href="#([\w-]+)" blocking="render"\/?>/.exec(html);
    expect(expectLink, `${path}: a render-blocking expect link in the head`).not.toBeNull();
    expect(html.indexOf(expectLink![0]), path).toBeLessThan(html.indexOf("</head>"));
    // A missing target would hold the paint until the whole document is parsed, scripts included.
    expect(html, path).toContain(`<footer id="${expectLink![1]}"`);
  }
});

test("the shell of the home page", async ({ page }, testInfo) => {
  // The landmarks and the skip link are the same at every width: read at desktop width only.
  const desktop = testInfo.project.name === "desktop";
  await page.goto("/");

  if (desktop) {
    await test.step("the page has exactly one main, header and footer landmark", async () => {
      await expect(page.locator("main")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.locator("header")).toHaveCount(1);
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.locator("footer")).toHaveCount(1);
      await expect(page.getByRole("contentinfo")).toHaveCount(1);
    });
  }

  await test.step("the footer shows the brand, a description, the copyright and the affiliate disclosure", async () => {
    const footer = page.getByRole("contentinfo");
    await footer.scrollIntoViewIfNeeded();
    await expect(footer).toBeVisible();

    await expect(footer.getByText("Sauna Reviews", { exact: true })).toBeVisible();
    const description = footer.getByText(/outdoor saunas/i).first();
    await expect(description).toBeVisible();
    expect((await description.innerText()).trim().length).toBeGreaterThan(40);

    const year = new Date().getFullYear();
    await expect(footer).toContainText(`© ${year} Sauna Reviews`);
    await expect(footer.getByText(/commission/i)).toBeVisible();
  });

  // Before the top bar's step, which makes the page taller and scrolls it to the bottom.
  if (desktop) {
    await test.step("a skip link appears on the first Tab and jumps to the content", async () => {
      const skip = page.getByRole("link", { name: "Skip to content" });

      // Before any key press it is only there for screen readers (a 1 px clipped box).
      const before = await skip.boundingBox();
      expect(before === null || before.width <= 1).toBe(true);

      await page.keyboard.press("Tab");
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await expect(skip).toBeInViewport({ ratio: 1 });
      const after = await skip.boundingBox();
      expect(after?.width ?? 0).toBeGreaterThan(40);
      expect(after?.height ?? 0).toBeGreaterThan(16);

      await expect(skip).toHaveAttribute("href", "#main");
      await expect(page.locator("main#main")).toHaveCount(1);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/#main$/);
    });
  }

  await test.step("the top bar stays in view after scrolling to the bottom", async () => {
    const header = page.getByRole("banner");
    await expect(header).toBeVisible();
    await expect(header.getByRole("link", { name: /Sauna Reviews/ })).toBeVisible();

    // The home page is still short while its sections are being built: make sure there is
    // something to scroll past, so a non-sticky bar would really leave the screen.
    await page.locator("main").evaluate((main) => {
      main.style.minHeight = "3000px";
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1500);
    await expect(page.getByRole("contentinfo")).toBeInViewport();

    await expect(header).toBeInViewport({ ratio: 1 });
    const box = await header.boundingBox();
    expect(box?.y).toBe(0);
    // Nothing covers it: the element at the top centre of the screen belongs to the top bar.
    const onTop = await page.evaluate(() => {
      const element = document.elementFromPoint(window.innerWidth / 2, 8);
      return Boolean(element?.closest("header"));
    });
    expect(onTop).toBe(true);
  });
});

test("the brand link leads home from another page", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1, name: HERO_HEADING })).toHaveCount(0);

  const brand = page.getByRole("banner").getByRole("link", { name: /Sauna Reviews/ });
  await expect(brand).toHaveAttribute("href", "/");
  await brand.click();

  await expect(page).toHaveURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { level: 1, name: HERO_HEADING })).toBeVisible();
});
