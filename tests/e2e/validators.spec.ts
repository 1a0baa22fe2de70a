import { expect, test, waitForHydration, type APIRequestContext, type Page } from "./fixtures";
import { publishesAggregateRating } from "../validators/google-structured-data";
import { axeFindings, headFindings, htmlFindings, jsonLdBlocks } from "./validation";

/**
 * Every public page kind through the independent validators (./validation.ts): the HTML the
 * server sends through html-validate (the same at every width, so once, on desktop) with its head
 * checked against schema.org's vocabulary, Open Graph's types and search results' lengths, and the
 * hydrated page through axe-core at 1280 and 390 px. Zero findings is the bar. Articles and
 * collections are written by the owner, each with its own content: every published one the site
 * lists in its sitemap goes through both validators at 1280 px, not a sample, one page reused
 * for all of them; what a phone's layout changes is checked on one of each kind at 390 px (PAGES).
 */

const PAGES: [kind: string, path: string][] = [
  ["home", "/"],
  ["reviews index", "/reviews"],
  ["search results", "/reviews?q=barrel"],
  ["collection", "/reviews/barrel-saunas"],
  ["collection, comparison view", "/reviews/barrel-saunas?view=compare"],
  ["product with several shops", "/reviews/product/lumo-works-valo-2-cube-sauna"],
  ["product", "/reviews/product/lumo-works-tyyni-4-cube-sauna"],
  ["compare", "/compare?products=lumo-works-tyyni-4-cube-sauna,birchline-ember-6-barrel-sauna,fernhollow-custom-cabin-sauna"],
  ["empty compare", "/compare"],
  ["sauna table", "/reviews/table"],
  [
    "sauna table, filtered, sorted, every column",
    "/reviews/table?heater=electric&seats=2&sort=-price&stock=1&cols=price&cols=rating&cols=build-quality&cols=heat-efficiency&cols=installation&cols=warranty&cols=value&cols=customer-rating&cols=seats&cols=heater&cols=type&cols=brand&cols=dimensions&cols=weight",
  ],
  ["sauna table, nothing matches", "/reviews/table?seats=30"],
  ["Knowledge Center", "/learn"],
  ["article", "/learn/best-barrel-saunas"],
  ["article category", "/learn/category/buying-guides"],
  ["unknown article category", "/learn/category/no-such-category"],
  ["article tag", "/learn/tag/diy"],
  ["article author", "/learn/author/maija-lehtonen"],
  ["newsletter answer", "/newsletter/confirm?token=not-a-token"],
  ["sign in", "/auth"],
  ["forgotten password", "/auth/forgot"],
  ["not found", "/no-such-page"],
  ["product not found", "/reviews/product/no-such-sauna"],
];

/** One page's findings: its server HTML on desktop, the hydrated page at this project's width. */
async function pageFindings(page: Page, request: APIRequestContext, path: string, desktop: boolean): Promise<string[]> {
  const findings: string[] = [];
  if (desktop) {
    const response = await request.get(path);
    expect(response.headers()["content-type"], path).toContain("text/html");
    const html = await response.text();
    findings.push(...(await htmlFindings(html, path)), ...headFindings(html, path));
    // The seeded catalog stores no customers' rating from a named source: no page may publish one.
    if (jsonLdBlocks(html).some(publishesAggregateRating)) findings.push(`${path}: publishes an AggregateRating`);
  }
  await page.goto(path);
  await waitForHydration(page);
  findings.push(...(await axeFindings(page, `${path} at ${page.viewportSize()?.width} px`)));
  return findings;
}

// A few page kinds a test: one browser context for several pages, yet no single test so long that
// the run waits on it at the end.
const PAGES_A_TEST = 6;
for (let first = 0; first < PAGES.length; first += PAGES_A_TEST) {
  const pages = PAGES.slice(first, first + PAGES_A_TEST);
  test(`${pages.map(([kind]) => kind).join("; ")}: the HTML validator and axe`, async ({ page, request }, testInfo) => {
    // About ten seconds a page on a busy machine, both validators.
    test.setTimeout(60_000 + pages.length * 15_000);
    const findings: string[] = [];
    for (const [kind, path] of pages) {
      await test.step(`${kind} (${path})`, async () => {
        findings.push(...(await pageFindings(page, request, path, testInfo.project.name === "desktop")));
      });
    }
    expect(findings).toEqual([]);
  });
}

/** Every page path the site's sitemap lists (its index, then each file it names). */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname + new URL(m[1]!).search,
    );
  const files = (await locs("/sitemap.xml")).filter((path) => path.startsWith("/sitemap-pages-"));
  expect(files.length, "the sitemap names its pages files").toBeGreaterThan(0);
  return (await Promise.all(files.map(locs))).flat();
}

const OWNER_WRITTEN: [kind: string, pick: (path: string) => boolean, atLeast: number, parts: number][] = [
  // /learn/{slug}: an article; the category, tag and author pages have two segments more.
  ["every published article", (path) => /^\/learn\/[^/?]+$/.test(path) && path !== "/learn/feed", 5, 1],
  // /reviews/{slug}: a collection's first page (its later pages show the same parts). In three
  // tests, each every third one, so that no test holds the run up at its end.
  ["every collection", (path) => /^\/reviews\/[^/?]+$/.test(path), 17, 3],
];

for (const [kind, pick, atLeast, parts] of OWNER_WRITTEN) {
  for (let part = 0; part < parts; part++) {
    const title = parts === 1 ? kind : `${kind} (${part + 1} of ${parts})`;
    test(`${title} passes the HTML validator and axe @desktop-only`, async ({ page, request }, testInfo) => {
      const all = [...new Set((await sitemapPaths(request)).filter(pick))];
      expect(all.length, `${kind}: the sample site's count`).toBeGreaterThanOrEqual(atLeast);
      const paths = all.filter((_, index) => index % parts === part);
      // About ten seconds a page on a busy machine, both validators.
      test.setTimeout(60_000 + paths.length * 15_000);
      const findings: string[] = [];
      for (const path of paths) findings.push(...(await pageFindings(page, request, path, testInfo.project.name === "desktop")));
      expect(findings).toEqual([]);
    });
  }
}

// Zero findings proves something only if the validators, as run here, do find things: a page made
// to break one rule of each kind they are here for.
test("the validators, as run on every page, find what they are there to find @desktop-only", async ({ page }) => {
  const broken = `<!doctype html><html lang="en"><head><title>Made to fail</title></head><body><main>
    <img src="/favicon.ico"><p style="color: #c8c8c8; background: #fff">Faint words</p><button></button>
  </main></body></html>`;
  expect((await htmlFindings(broken, "made to fail")).join("\n")).toMatch(/wcag\/h37/);
  await page.setContent(broken);
  const found = (await axeFindings(page, "made to fail")).join("\n");
  for (const rule of ["image-alt", "color-contrast", "button-name"]) expect(found).toContain(`made to fail: ${rule}:`);
});
