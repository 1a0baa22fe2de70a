import { expect, test, waitForHydration, type Page } from "./fixtures";

// The Knowledge Center: /learn, an article, a category, a tag, and their not-found states. Runs at 1280 and 390 px.
// A page load costs more than the checks on it, so a page that several checks read is loaded once
// for all of them, one step each: the steps that only read first, those that click away last.

/** The five shipped articles, newest first (content/articles/*.md). */
const ARTICLES_NEWEST_FIRST = [
  { slug: "diy-sauna-bench", title: "How to Build a Sauna Bench: A Step-by-Step DIY Guide", category: "diy" },
  { slug: "sauna-maintenance", title: "Outdoor Sauna Maintenance: A Simple Routine for Every Season", category: "maintenance" },
  {
    slug: "best-barrel-saunas",
    title: "How to Choose the Best Barrel Sauna: Sizes, Wood, Heaters and Foundations",
    category: "buying-guides",
  },
  {
    slug: "health-benefits-of-sauna",
    title: "Sauna Health Benefits: What We Know, What We Don't, and How to Bathe Safely",
    category: "health-benefits",
  },
  { slug: "infrared-vs-traditional", title: "Infrared vs Traditional Saunas: Which Is Right for You?", category: "comparisons" },
];

const PILLS = ["All Articles", "Buying Guides", "Comparisons", "Health Benefits", "Maintenance", "DIY"];
const CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

function pills(page: Page) {
  return page.getByRole("navigation", { name: "Article categories" }).getByRole("link");
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

async function metaContent(page: Page, selector: string) {
  return page.locator(`head ${selector}`).getAttribute("content");
}

test.describe("/learn", () => {
  // One load for every check of the page at both widths: the steps that only read come first,
  // then the newsletter's submit, then a pill that leads away.
  test("shows its header, articles, grid, closing block, metadata and pills; the newsletter answers in place", async ({
    page,
  }, testInfo) => {
    test.slow();
    const desktop = testInfo.project.name === "desktop";
    const response = await page.goto("/learn");

    // The desktop-only steps read what is the same at every width; the pill row's step is the phone's.
    if (desktop) {
      await test.step("shows the header, the category pills with 'All Articles' active, and answers with a cache header", async () => {
        expect(response?.status()).toBe(200);
        expect(response?.headers()["cache-control"]).toBe(CACHE_CONTROL);

        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sauna Knowledge Center");
        await expect(page.getByText(/^Straight answers for buying, using and looking after an outdoor sauna/)).toBeVisible();

        await expect(pills(page)).toHaveText(PILLS);
        await expect(pills(page).first()).toHaveAttribute("href", "/learn");
        await expect(pills(page).first()).toHaveAttribute("aria-current", "page");
        await expect(page.getByRole("navigation", { name: "Article categories" }).locator("[aria-current]")).toHaveCount(1);
        await expect(pills(page).nth(5)).toHaveAttribute("href", "/learn/category/diy");
      });

      await test.step("features the 2 first-published articles and lists the other 3 newest first", async () => {
        const featured = page.getByRole("region", { name: "Featured Articles" });
        await expect(featured.getByRole("heading", { level: 3 })).toHaveText(
          ARTICLES_NEWEST_FIRST.slice(3)
            .reverse()
            .map((a) => a.title),
        );

        const latest = page.getByRole("region", { name: "Latest Articles & Guides" });
        // The 6 newest, featured ones included: all five sample articles.
        await expect(latest.getByRole("article")).toHaveCount(ARTICLES_NEWEST_FIRST.length);
        await expect(latest.getByRole("heading", { level: 3 })).toHaveText(ARTICLES_NEWEST_FIRST.slice(0, 6).map((a) => a.title));
        await expect(latest.getByRole("link", { name: ARTICLES_NEWEST_FIRST[0]!.title })).toHaveAttribute(
          "href",
          `/learn/${ARTICLES_NEWEST_FIRST[0]!.slug}`,
        );
        // Each card shows its date and read time.
        await expect(latest.getByRole("article").first()).toContainText("March 12, 2025");
        await expect(latest.getByRole("article").first()).toContainText(/\d+ min read/);
      });
    }

    await test.step("lays the latest grid out in 3 columns on desktop and 1 on a phone", async () => {
      const cards = page.getByRole("region", { name: "Latest Articles & Guides" }).getByRole("article");
      const lefts = new Set<number>();
      for (const card of await cards.all()) lefts.add(Math.round((await card.boundingBox())!.x));
      expect(lefts.size).toBe(testInfo.project.name === "mobile" ? 1 : 3);
    });

    if (desktop) {
      await test.step("closes with a block that sends readers on to the reviews", async () => {
        const closing = page.getByRole("region", { name: "Ready to find your sauna?" });
        await expect(closing.getByRole("link", { name: "Browse All Reviews" })).toHaveAttribute("href", "/reviews");
        await expect(closing.getByRole("link", { name: "Barrel Saunas" })).toHaveAttribute("href", "/reviews/barrel-saunas");
        await expect(closing.getByRole("link", { name: "Infrared Saunas" })).toHaveAttribute("href", "/reviews/infrared-saunas");
      });

      await test.step("has its metadata: title, description, social tags and canonical URL", async () => {
        await expect(page).toHaveTitle(/^Sauna Knowledge Center - /);
        expect((await metaContent(page, 'meta[name="description"]'))!.length).toBeGreaterThan(50);
        expect(await metaContent(page, 'meta[property="og:title"]')).toMatch(/^Sauna Knowledge Center/);
        expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(
          /^https?:\/\/[^/]+\/img\/1200x630\/images\/articles\/.+\.webp$/,
        );
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /^https?:\/\/[^/]+\/learn$/);
      });
    } else {
      await test.step("/learn does not scroll sideways; the pills scroll inside their own row", async () => {
        await expectNoSidewaysScroll(page);
        const row = page.getByRole("navigation", { name: "Article categories" }).getByRole("list");
        const { scrollWidth, clientWidth } = await row.evaluate((list) => ({
          scrollWidth: list.scrollWidth,
          clientWidth: list.clientWidth,
        }));
        expect(scrollWidth).toBeGreaterThan(clientWidth);
        await pills(page).filter({ hasText: "DIY" }).scrollIntoViewIfNeeded();
        await expect(pills(page).filter({ hasText: "DIY" })).toBeInViewport();
        await expectNoSidewaysScroll(page);
      });
    }

    await test.step("the newsletter answers in place that a confirmation mail is on its way", async () => {
      const newsletter = page.getByRole("region", { name: "Stay Updated" });
      await expect(newsletter).toContainText("Subscribe for exclusive sauna reviews, price drops, and expert guides");
      const email = newsletter.getByPlaceholder("Your email address");
      await expect(email).toHaveAttribute("type", "email");
      await expect(email).toHaveAttribute("required", "");

      // An empty address is stopped by the browser: no answer.
      await newsletter.getByRole("button", { name: "Subscribe" }).click();
      await expect(newsletter.getByTestId("newsletter-message")).toBeEmpty();

      await page.waitForFunction(() => {
        const form = document.querySelector('[data-testid="newsletter-form"]');
        return Boolean(form && Object.keys(form).some((key) => key.startsWith("__react")));
      });
      await email.fill("reader@example.com");
      await newsletter.getByRole("button", { name: "Subscribe" }).click();
      await expect(newsletter.getByRole("status")).toHaveText(/Thanks! Please check your inbox/);
      await expect(page).toHaveURL((url) => url.pathname === "/learn" && url.search === "");
    });

    if (desktop) {
      await test.step("a pill leads to its category with that pill active", async () => {
        await pills(page).filter({ hasText: "Maintenance" }).click();
        await expect(page).toHaveURL((url) => url.pathname === "/learn/category/maintenance");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sauna Maintenance");
        await expect(pills(page).filter({ hasText: "Maintenance" })).toHaveAttribute("aria-current", "page");
        await expect(pills(page).filter({ hasText: "All Articles" })).not.toHaveAttribute("aria-current");
      });
    }
  });

  test("the server-rendered HTML already lists the articles", { tag: "@desktop-only" }, async ({ request }) => {
    const html = await (await request.get("/learn")).text();
    for (const article of ARTICLES_NEWEST_FIRST) expect(html).toContain(`href="/learn/${article.slug}"`);
  });
});

test.describe("an article", () => {
  const ARTICLE = "/learn/infrared-vs-traditional";

  // Each article is loaded once, for its 'Related Articles' panel; the checks of one article's
  // header, body and metadata, and of an author without a photo, run when the loop reaches it, and
  // the tag link that leads away last. The in-app navigation starts from a fresh load.
  test(
    "every article shows its header, body, tags, metadata and related articles; opening another scrolls to its top",
    { tag: "@desktop-only" },
    async ({ page }) => {
      test.slow();
      for (const article of ARTICLES_NEWEST_FIRST) {
        const path = `/learn/${article.slug}`;
        const response = await page.goto(path);

        if (path === ARTICLE) {
          await test.step("shows every part of its header", async () => {
            expect(response?.status()).toBe(200);
            expect(response?.headers()["cache-control"]).toBe(CACHE_CONTROL);
            const main = page.getByRole("main");

            await expect(main.getByRole("link", { name: "Back to Knowledge Center" })).toHaveAttribute("href", "/learn");
            await expect(main.getByRole("link", { name: "Comparisons", exact: true })).toHaveAttribute(
              "href",
              "/learn/category/comparisons",
            );
            await expect(page.getByRole("heading", { level: 1 })).toHaveText("Infrared vs Traditional Saunas: Which Is Right for You?");
            await expect(main.getByText("Published January 15, 2025")).toBeVisible();
            await expect(main.getByText("Updated April 2025")).toBeVisible();
            await expect(main.getByText(/^\d+ min read$/)).toBeVisible();

            await expect(main.getByText("Maija Lehtonen").first()).toBeVisible();
            await expect(main.getByText("Senior Sauna Editor")).toBeVisible();
            // Pictures come through the image route, resized to how wide they are drawn.
            await expect(main.locator('img[src^="/img/"][src$="/images/authors/maija-lehtonen.webp"]')).toBeVisible();
            await expect(main.getByTestId("author-initials")).toHaveCount(0);
            // Who wrote it and who tested it, each linked to their page.
            const byline = main.getByTestId("byline");
            await expect(byline).toHaveText("Written by Maija Lehtonen · Tested by Maija Lehtonen");
            await expect(byline.getByRole("link", { name: "Maija Lehtonen" }).first()).toHaveAttribute(
              "href",
              "/learn/author/maija-lehtonen",
            );

            const hero = main.locator('article img[src^="/img/"][src$="/images/articles/infrared-vs-traditional.webp"]');
            await expect(hero).toBeVisible();
            await expect(hero).toHaveAttribute("fetchpriority", "high");
            await expect(hero).toHaveAttribute("srcset", /\/img\/480\/images\/articles\/infrared-vs-traditional\.webp 480w/);
            await expect(hero).toHaveAttribute("width", /\d+/);
            await expect(hero).toHaveAttribute("height", /\d+/);
            expect(await hero.getAttribute("alt")).not.toBeNull();
          });

          await test.step("renders the body with headings, lists and a table", async () => {
            const body = page.locator(".article-prose");
            await expect(body.getByRole("heading", { level: 2, name: "Side-by-side comparison" })).toBeVisible();
            expect(await body.getByRole("heading", { level: 2 }).count()).toBeGreaterThan(5);
            await expect(body.getByRole("table")).toHaveCount(1);
            await expect(body.getByRole("columnheader", { name: "Traditional Finnish" })).toBeVisible();
            await expect(body.getByRole("list").first()).toBeVisible();
            // One h1 on the page: the title.
            await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
          });

          await test.step("has its metadata: article type, dates, absolute image and canonical URL", async () => {
            // The title alone: with " - Sauna Knowledge Center" it would be longer than search results show.
            await expect(page).toHaveTitle("Infrared vs Traditional Saunas: Which Is Right for You?");
            expect(await metaContent(page, 'meta[name="description"]')).toMatch(/^Infrared cabins run cooler/);
            expect(await metaContent(page, 'meta[property="og:title"]')).toBe("Infrared vs Traditional Saunas: Which Is Right for You?");
            expect(await metaContent(page, 'meta[property="og:description"]')).toMatch(/^Infrared cabins run cooler/);
            expect(await metaContent(page, 'meta[property="og:type"]')).toBe("article");
            expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(
              /^https?:\/\/[^/]+\/img\/1200x630\/images\/articles\/infrared-vs-traditional\.webp$/,
            );
            expect(await metaContent(page, 'meta[property="article:published_time"]')).toBe("2025-01-15");
            expect(await metaContent(page, 'meta[property="article:modified_time"]')).toBe("2025-04-02");
            await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute(
              "href",
              /^https?:\/\/[^/]+\/learn\/infrared-vs-traditional$/,
            );
          });
        }

        if (article.slug === "diy-sauna-bench") {
          await test.step("shows the initials of an author without a photo, and no 'Updated' line when never updated", async () => {
            const main = page.getByRole("main");
            await expect(main.getByTestId("byline")).toHaveText("Written by Tom Gallagher · Tested by Tom Gallagher");
            await expect(main.getByTestId("author-initials")).toHaveText("TG");
            await expect(main.getByText("Published March 12, 2025")).toBeVisible();
            await expect(main.getByText(/^Updated /)).toHaveCount(0);
          });
        }

        await test.step("the 'Related Articles' panel never lists the article itself", async () => {
          const panel = page.getByRole("complementary", { name: "Related Articles" });
          await expect(panel).toBeVisible();
          await expect(panel.locator(`a[href="/learn/${article.slug}"]`)).toHaveCount(0);
          // Every category has one article, so the panel says so and offers other articles.
          expect(await panel.locator('a[href^="/learn/"]:not([href="/learn"])').count()).toBeLessThanOrEqual(3);
        });

        if (path === ARTICLE) {
          await test.step("links each tag to its tag page", async () => {
            const tags = page.getByRole("main").locator("article footer").getByRole("link");
            await expect(tags).toHaveText(["Infrared", "Traditional Finnish", "Buying Advice", "Electrical", "Outdoor Installation"]);
            await expect(tags.filter({ hasText: "Traditional Finnish" })).toHaveAttribute("href", "/learn/tag/traditional-finnish");
            await tags.filter({ hasText: "Outdoor Installation" }).click();
            await expect(page).toHaveURL((url) => url.pathname === "/learn/tag/outdoor-installation");
            await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles tagged “Outdoor Installation”");
          });
        }
      }

      await page.goto(ARTICLE);
      // Until the page hydrates a link is a plain one and loads the next page whole: on a busy
      // machine a click can come first.
      await waitForHydration(page);
      await test.step("opening another article scrolls to its top, within the app", async () => {
        await page.evaluate(() => Object.assign(window, { samePageLoad: true }));

        // A link inside the body (plain HTML) stays an in-app navigation.
        const bodyLink = page.locator(".article-prose").getByRole("link", { name: "guide to sauna health benefits" });
        await bodyLink.scrollIntoViewIfNeeded();
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
        await bodyLink.click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Sauna Health Benefits/);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
        expect(await page.evaluate(() => "samePageLoad" in window)).toBe(true);

        // So does a link from the side panel.
        const panelLink = page
          .getByRole("complementary", { name: "Related Articles" })
          .locator('a[href^="/learn/"]:not([href="/learn"])')
          .first();
        await panelLink.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 400));
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const target = await panelLink.getAttribute("href");
        await panelLink.click();
        await expect(page).toHaveURL((url) => url.pathname === target);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      });
    },
  );

  test("the server-rendered HTML already contains the body", { tag: "@desktop-only" }, async ({ request }) => {
    const response = await request.get(ARTICLE);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain("Infrared vs Traditional Saunas: Which Is Right for You?</h1>");
    expect(html).toContain("<h2>Side-by-side comparison</h2>");
    expect(html).toContain("<th>Traditional Finnish</th>");
    expect(html).toContain("January 15, 2025");
  });
});

test.describe("an unknown article", () => {
  test("answers 404 with the not-found screen and a way back", { tag: "@desktop-only" }, async ({ page }) => {
    const response = await page.goto("/learn/no-such-article");
    expect(response?.status()).toBe(404);
    expect(response?.headers()["cache-control"] ?? "").not.toContain("s-maxage");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await expect(page.getByText("The article you're looking for doesn't exist or has been moved.", { exact: true })).toBeVisible();
    const back = page.getByRole("main").getByRole("link", { name: "Return to Knowledge Center" });
    await expect(back).toHaveAttribute("href", "/learn");
    expect(await metaContent(page, 'meta[name="robots"]')).toBe("noindex");

    await back.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sauna Knowledge Center");
  });
});

test.describe("a category page", () => {
  // Each category is loaded once; the detailed checks of one run when the loop reaches it.
  test(
    "every category lists its one article (so the empty state shows only for an unknown one)",
    { tag: "@desktop-only" },
    async ({ page }) => {
      for (const article of ARTICLES_NEWEST_FIRST) {
        const response = await page.goto(`/learn/category/${article.category}`);
        if (article.category === "buying-guides") {
          await test.step("shows its title, description, active pill and its articles", async () => {
            expect(response?.status()).toBe(200);
            await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sauna Buying Guides");
            await expect(page.getByText(/^What to compare before you order/)).toBeVisible();
            await expect(pills(page).filter({ hasText: "Buying Guides" })).toHaveAttribute("aria-current", "page");
            await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
            await expect(page.getByRole("main").getByRole("article")).toContainText("How to Choose the Best Barrel Sauna");
            await expect(page).toHaveTitle("Sauna Buying Guides - Sauna Knowledge Center");
          });
        }
        await test.step(`lists its one article: ${article.category}`, async () => {
          await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
          await expect(page.getByRole("main").getByRole("link", { name: article.title })).toBeVisible();
        });
      }
    },
  );

  test("an unknown category is titled 'Articles' and shows the empty state", { tag: "@desktop-only" }, async ({ page }) => {
    const response = await page.goto("/learn/category/recipes");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles");
    await expect(page.getByText("Buying guides, comparisons and practical advice from our sauna editors.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "No Articles Found" })).toBeVisible();
    await expect(page.getByText("Check back soon for new content in this category.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Article categories" }).locator("[aria-current]")).toHaveCount(0);
    expect(await metaContent(page, 'meta[name="robots"]')).toBe("noindex");
  });
});

test.describe("a tag page", () => {
  test("titles the page with the tag's name and lists its articles, newest first", { tag: "@desktop-only" }, async ({ page }) => {
    const response = await page.goto("/learn/tag/safety");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articles tagged “Safety”");
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText([
      ARTICLES_NEWEST_FIRST[0]!.title,
      ARTICLES_NEWEST_FIRST[1]!.title,
      ARTICLES_NEWEST_FIRST[3]!.title,
    ]);
    await expect(page).toHaveTitle("Articles tagged “Safety” - Sauna Knowledge Center");
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", /\/learn\/tag\/safety$/);
  });

  test("an unknown tag answers 404 with a way back", { tag: "@desktop-only" }, async ({ page }) => {
    const response = await page.goto("/learn/tag/no-such-tag");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tag Not Found");
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Knowledge Center" })).toHaveAttribute("href", "/learn");
    expect(await metaContent(page, 'meta[name="robots"]')).toBe("noindex");
  });
});

// The phone's pill row on /learn is a step of the /learn test.
test.describe("on a 390 px phone", { tag: "@mobile-only" }, () => {
  test("an article with wide tables does not scroll sideways; the table scrolls in its box and says so", async ({ page }) => {
    await page.goto("/learn/best-barrel-saunas");
    await expectNoSidewaysScroll(page);
    const box = page.getByRole("region", { name: /Table, scrolls sideways/ }).first();
    const { scrollWidth, clientWidth } = await box.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    const hint = await box.evaluate((element) => getComputedStyle(element, "::before").content);
    expect(hint).toContain("Scroll sideways");

    await page.goto("/learn/infrared-vs-traditional");
    await expectNoSidewaysScroll(page);
  });
});

test.describe("an author's page", () => {
  test(
    "shows who they are in parts a reader can check, what they tested, and their articles",
    { tag: "@desktop-only" },
    async ({ page }) => {
      const response = await page.goto("/learn/author/maija-lehtonen");
      expect(response?.status()).toBe(200);
      const main = page.getByRole("main");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Maija Lehtonen");
      await expect(main.getByRole("img", { name: "Maija Lehtonen, smiling, in front of a cedar barrel sauna" })).toBeVisible();
      await expect(main.getByTestId("author-credentials")).toHaveText(/^Certified sauna builder, 12 years/);
      // The bio is Markdown, rendered.
      await expect(main.locator(".article-prose strong", { hasText: "ten sessions" })).toBeVisible();
      const profile = main.getByRole("link", { name: "saunaguild.example" });
      await expect(profile).toHaveAttribute("href", "https://saunaguild.example/members/maija-lehtonen");
      await expect(profile).toHaveAttribute("rel", /\bme\b/);

      const tested = main.getByRole("region", { name: "What Maija Lehtonen tested and reviewed" });
      await expect(tested.getByRole("listitem").first()).toContainText("Tested");
      expect(await tested.getByRole("link").count()).toBeGreaterThan(3);
      await expect(tested.getByRole("link").first()).toHaveAttribute("href", /^\/reviews\/product\//);
      await expect(main.getByRole("heading", { name: /Infrared vs Traditional/ })).toBeVisible();

      const person = (await page.locator('script[type="application/ld+json"]').allTextContents())
        .map((text) => JSON.parse(text) as { "@type": string; mainEntity?: Record<string, unknown> })
        .find((block) => block["@type"] === "ProfilePage")?.mainEntity;
      expect(person).toMatchObject({
        "@type": "Person",
        name: "Maija Lehtonen",
        jobTitle: "Senior Sauna Editor",
        sameAs: ["https://saunaguild.example/members/maija-lehtonen", "https://www.linkedin.example/in/maija-lehtonen"],
        url: expect.stringMatching(/\/learn\/author\/maija-lehtonen$/),
        image: expect.stringMatching(/\/images\/authors\/maija-lehtonen\.webp$/),
      });
      expect((person?.knowsAbout as string[]).length).toBeGreaterThan(0);
    },
  );

  test("an author without a photo shows their initials", { tag: "@desktop-only" }, async ({ page }) => {
    await page.goto("/learn/author/tom-gallagher");
    await expect(page.getByRole("main").getByTestId("author-initials")).toHaveText("TG");
    await expect(page.getByRole("main").getByTestId("author-credentials")).toContainText("Licensed carpenter");
  });
});
