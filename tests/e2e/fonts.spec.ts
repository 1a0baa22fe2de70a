import { expect, test } from "./fixtures";

// The Latin faces of the two web fonts come as bytes from a script in the head
// (scripts/build/latin-fonts-script.ts): the first layout already uses them, and no font request
// follows. Without scripts the style sheet's declarations of the same faces fetch them instead.

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

test(
  "the Latin web fonts come with the page's head: both faces are ready at once and no font is fetched",
  { tag: "@desktop-only" },
  async ({ page }) => {
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
  },
);

test("without scripts the style sheet fetches the same two faces", { tag: "@desktop-only" }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on("requestfinished", (sent) => {
      if (sent.resourceType() === "font") fetched.push(new URL(sent.url()).pathname);
    });
    await page.goto("/learn/sauna-maintenance", { waitUntil: "networkidle" });
    expect(fetched.map((file) => file.replace(/-[\w-]{8}\.woff2$/, ".woff2")).sort()).toEqual([
      "/assets/fraunces-latin-wght-600.woff2",
      "/assets/inter-latin-wght-400-700.woff2",
    ]);
  } finally {
    await context.close();
  }
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
