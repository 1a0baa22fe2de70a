import { expect, test, waitForHydration } from "./fixtures";
import { publishesAggregateRating } from "../validators/google-structured-data";
import { axeFindings, headFindings, htmlFindings, jsonLdBlocks } from "./validation";

/**
 * Every public page kind through the independent validators (./validation.ts): the HTML the
 * server sends through html-validate (the same at every width, so once, on desktop) with its head
 * checked against schema.org's vocabulary, Open Graph's types and search results' lengths, and the
 * hydrated page through axe-core at 1280 and 390 px. Zero findings is the bar.
 */

const PAGES: [kind: string, path: string][] = [
  ["home", "/"],
  ["reviews index", "/reviews"],
  ["search results", "/reviews?q=barrel"],
  ["collection", "/reviews/outdoor-saunas"],
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

// Twenty-three pages, two validators, on a busy machine.
test.describe.configure({ timeout: 120_000 });

for (const [kind, path] of PAGES) {
  test(`${kind} (${path}) passes the HTML validator and axe`, async ({ page, request }, testInfo) => {
    const findings: string[] = [];
    if (testInfo.project.name === "desktop") {
      const response = await request.get(path);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      findings.push(...(await htmlFindings(html, path)), ...headFindings(html, path));
      // The seeded catalog stores no customers' rating from a named source: no page may publish one.
      if (jsonLdBlocks(html).some(publishesAggregateRating)) findings.push(`${path}: publishes an AggregateRating`);
    }
    await page.goto(path);
    await waitForHydration(page);
    findings.push(...(await axeFindings(page, `${path} at ${page.viewportSize()?.width} px`)));
    expect(findings).toEqual([]);
  });
}
