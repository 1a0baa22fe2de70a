import { expect, test } from "./fixtures";

// The Latin faces of the two web fonts travel inside the style sheet (vite.config.ts,
// scripts/build-fonts.ts): the first layout already uses them, and no font request follows.

const PAGES = [
  "/",
  "/reviews",
  "/reviews/barrel-saunas",
  "/reviews/product/lumo-works-tyyni-4-cube-sauna",
  "/learn",
  "/learn/sauna-maintenance",
  "/no/such/page",
  "/auth",
];

test("the Latin web fonts come with the style sheet: both faces are ready at once and no font is fetched", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "font" && !sent.url().startsWith("data:")) fontRequests.push(sent.url());
  });
  for (const path of PAGES) {
    await page.goto(path);
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((face) => face.status === "loaded").map((face) => face.family.replaceAll('"', ""));
    });
    expect(loaded, path).toEqual(expect.arrayContaining(["Inter Variable", "Fraunces Variable"]));
  }
  expect(fontRequests).toEqual([]);
});

test("the headline face, shipped at one weight, is set at that weight everywhere", async ({ page }) => {
  const weights = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    const onPage = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()))
        .map((element) => getComputedStyle(element))
        .filter((style) => style.fontFamily.startsWith('"Fraunces Variable"'))
        .map((style) => style.fontWeight),
    );
    expect(onPage.length, `headlines on ${path}`).toBeGreaterThan(0);
    for (const weight of onPage) weights.add(weight);
  }
  expect([...weights]).toEqual(["600"]);
});
