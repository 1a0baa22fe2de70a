import { expect, test, waitForHydration, type Page } from "./fixtures";

/**
 * The site by keyboard alone, as a reader who cannot use a pointer gets it: Tab walks every
 * control of a page, and at each stop the focus is visible (something on screen changes when the
 * control takes focus) and not hidden under a sticky bar (WCAG 2.2, 2.4.7 and 2.4.11). Then the
 * controls that are not plain links are worked with Enter and Space, and focus is followed
 * after something is removed.
 */

/** One Tab stop as the reader sees it. */
interface Stop {
  name: string;
  /** Whether anything drawn around the control changed when it took focus. */
  indicated: boolean;
  /** The element drawn over the control's centre, when it is not the control itself. */
  coveredBy: string | null;
  inViewport: boolean;
}

// Motion off, so every measurement is of where things end up: a focused link in a carousel
// scrolls into view smoothly otherwise, and a transition would hide a ring for a few frames.
const STILL = "*, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }";

/**
 * Reads the stop Tab just reached, and settles the one before it: whether anything around that
 * control looks different now that focus has moved on. Comparing a control with itself, focused
 * and not, needs no knowledge of how the site draws focus (an outline, a ring, a card that lights
 * up), and nothing is blurred by hand, which would close a menu that closes when focus leaves it.
 */
async function readStop(page: Page): Promise<{ stop: Stop | null; previousIndicated: boolean | null }> {
  return page.evaluate(() => {
    type Memory = { element: HTMLElement; look: string };
    const memory = window as unknown as { __focusWalk?: Memory };
    // What can show focus: the control, its label (a visually hidden checkbox shows it there),
    // and the few boxes around it (a card lights up when its link has focus), pseudo-elements included.
    const boxesOf = (element: HTMLElement): Element[] => {
      const boxes: Element[] = [element, ...Array.from((element as HTMLInputElement).labels ?? [])];
      for (let parent = element.parentElement, depth = 0; parent && depth < 4; parent = parent.parentElement, depth++) boxes.push(parent);
      return boxes;
    };
    const look = (element: HTMLElement) =>
      boxesOf(element)
        .flatMap((box) => [null, "::before", "::after"].map((pseudo) => getComputedStyle(box, pseudo)))
        .map((style) =>
          [
            style.outlineStyle,
            style.outlineWidth,
            style.outlineColor,
            style.boxShadow,
            style.borderColor,
            style.backgroundColor,
            style.textDecorationLine,
          ].join("|"),
        )
        .join("\n");

    const previous = memory.__focusWalk;
    const previousIndicated = previous ? previous.look !== look(previous.element) : null;
    memory.__focusWalk = undefined;

    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return { stop: null, previousIndicated };
    memory.__focusWalk = { element: focused, look: look(focused) };
    const describe = (node: Element) =>
      `${node.tagName.toLowerCase()} "${(node.getAttribute("aria-label") ?? node.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50)}"`;

    const shown = [focused, ...Array.from((focused as HTMLInputElement).labels ?? [])].find((node) => {
      const rect = node.getBoundingClientRect();
      return rect.width >= 2 && rect.height >= 2;
    });
    const rect = (shown ?? focused).getBoundingClientRect();
    const inViewport = rect.bottom > 0 && rect.top < innerHeight && rect.right > 0 && rect.left < innerWidth;
    let coveredBy: string | null = null;
    if (shown && inViewport) {
      const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (top && !shown.contains(top) && !top.contains(shown)) coveredBy = describe(top);
    }
    return { stop: { name: describe(focused), indicated: false, coveredBy, inViewport }, previousIndicated };
  });
}

/** Tabs `count` times (or until focus leaves the document), reading every stop. */
async function tabStops(page: Page, count: number): Promise<Stop[]> {
  await page.addStyleTag({ content: STILL });
  const stops: Stop[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    const { stop, previousIndicated } = await readStop(page);
    if (previousIndicated !== null && stops.length > 0) stops.at(-1)!.indicated = previousIndicated;
    if (!stop) return stops;
    stops.push(stop);
  }
  // The last stop is settled by moving focus away from it, as one more Tab would.
  await page.keyboard.press("Tab");
  const { previousIndicated } = await readStop(page);
  if (previousIndicated !== null && stops.length > 0) stops.at(-1)!.indicated = previousIndicated;
  return stops;
}

/** Tabs from the top of the page to its end (focus leaves the document), reading every stop. */
async function tabThrough(page: Page, maxStops = 200): Promise<Stop[]> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return tabStops(page, maxStops);
}

function problems(stops: Stop[]): string[] {
  return stops.flatMap((stop, index) => [
    ...(stop.indicated ? [] : [`stop ${index + 1}, ${stop.name}: nothing shows that it has focus`]),
    ...(stop.inViewport ? [] : [`stop ${index + 1}, ${stop.name}: focused out of view`]),
    ...(stop.coveredBy ? [`stop ${index + 1}, ${stop.name}: hidden under ${stop.coveredBy}`] : []),
  ]);
}

const PAGES: [kind: string, path: string, fewestStops: number][] = [
  ["home", "/", 40],
  ["a collection", "/reviews/outdoor-saunas", 30],
  ["a product page", "/reviews/product/lumo-works-tyyni-4-cube-sauna", 25],
  ["/compare", "/compare?products=lumo-works-tyyni-4-cube-sauna,birchline-ember-6-barrel-sauna,fernhollow-custom-cabin-sauna", 15],
];

// Up to two hundred key presses with a measurement each, on a busy machine.
test.describe.configure({ timeout: 180_000 });

for (const [kind, path, fewestStops] of PAGES) {
  test(`Tab reaches every control of ${kind}, each visibly focused and never under a sticky bar`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const stops = await tabThrough(page);
    expect(stops.length).toBeGreaterThanOrEqual(fewestStops);
    expect(problems(stops)).toEqual([]);
  });
}

test("the walk itself notices a focus nobody can see, and a control under the Buy Now bar", { tag: "@mobile-only" }, async ({ page }) => {
  // A check that never fails proves nothing: take away what the site does and it must complain.
  await page.goto("/reviews/product/lumo-works-tyyni-4-cube-sauna");
  await waitForHydration(page);
  // A control can be found under the bar only while the bar is on screen.
  await expect(page.getByTestId("mobile-buy-bar")).toBeVisible();
  await page.addStyleTag({
    content:
      "html { scroll-padding-bottom: 0 !important } a:focus-visible, a:focus { outline: none !important; box-shadow: none !important }",
  });
  const found = problems(await tabThrough(page)).join("\n");
  expect(found).toContain("nothing shows that it has focus");
  expect(found).toContain("hidden under");
});

test("on a phone, no control before the footer is even partly under the Buy Now bar", { tag: "@mobile-only" }, async ({ page }) => {
  await page.goto("/reviews/product/lumo-works-tyyni-4-cube-sauna");
  await waitForHydration(page);
  await page.addStyleTag({ content: STILL });
  await expect(page.getByTestId("mobile-buy-bar")).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // Every control before the footer passes above the bar: none is even partly under it.
  let checked = 0;
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const overlap = await page.evaluate(() => {
      const focused = document.activeElement;
      const bar = document.querySelector("[data-testid=mobile-buy-bar]");
      if (!focused || focused === document.body || !bar || bar.contains(focused) || focused.closest("footer")) return null;
      const control = focused.getBoundingClientRect();
      const pinned = bar.getBoundingClientRect();
      if (control.width < 2 || control.height < 2) return null;
      return { name: focused.textContent?.trim().slice(0, 50) ?? "", under: control.bottom > pinned.top && control.top < pinned.bottom };
    });
    if (!overlap) continue;
    checked++;
    expect(overlap.under, overlap.name).toBe(false);
  }
  expect(checked).toBeGreaterThan(15);
});

test("Enter and Space work the product page's controls", async ({ page }) => {
  await page.goto("/reviews/product/lumo-works-tyyni-4-cube-sauna");
  await waitForHydration(page);

  // A section of the accordion (a <details>): Enter opens it, Space closes it.
  const summary = page.locator("main details > summary").first();
  const details = page.locator("main details").first();
  await summary.focus();
  const wasOpen = await details.evaluate((node) => (node as HTMLDetailsElement).open);
  await page.keyboard.press("Enter");
  await expect.poll(() => details.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(!wasOpen);
  await page.keyboard.press(" ");
  await expect.poll(() => details.evaluate((node) => (node as HTMLDetailsElement).open)).toBe(wasOpen);

  // Add to compare: Space adds the product without scrolling the page, Enter takes it out again.
  const toggle = page.getByRole("button", { name: /compare/i }).first();
  await toggle.focus();
  const scrollBefore = await page.evaluate(() => scrollY);
  await page.keyboard.press(" ");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => scrollY)).toBe(scrollBefore);
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
});

test(
  "Enter and Space open and close the mobile menu, and Escape gives focus back to its button",
  { tag: "@mobile-only" },
  async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.locator("summary.menu-button");
    const menu = page.locator("#mobile-menu");
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press(" ");
    await expect(menu).toBeHidden();

    await page.keyboard.press(" ");
    await expect(menu).toBeVisible();
    // Two links, and a third Tab settles the second: focus stays inside the three-link menu.
    const stops = await tabStops(page, 2);
    expect(problems(stops)).toEqual([]);
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  },
);

test("with saunas picked, Tab reaches the compare tray's controls, each visible and clear of the page, and Space folds it", async ({
  page,
}) => {
  await page.goto("/reviews");
  await waitForHydration(page);
  const toggles = page.getByRole("button", { name: /^Add to compare\s*: / });
  for (const index of [0, 1]) {
    await toggles.nth(index).click();
  }
  const tray = page.getByTestId("compare-tray");
  await expect(tray.getByRole("link", { name: "Compare (2)" })).toBeVisible();

  const stops = await tabThrough(page);
  expect(problems(stops)).toEqual([]);
  expect(stops.filter((stop) => /Remove .* from compare/.test(stop.name))).toHaveLength(2);

  const fold = tray.getByRole("button", { name: /Saunas to compare/ });
  await fold.focus();
  await page.keyboard.press(" ");
  await expect(fold).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  await expect(fold).toHaveAttribute("aria-expanded", "true");
});

test("removing the last sauna on /compare by keyboard leaves focus on the empty comparison, not the document", async ({ page }) => {
  await page.goto("/compare?products=lumo-works-tyyni-4-cube-sauna");
  await waitForHydration(page);
  await page.getByRole("link", { name: "Remove Tyyni 4 Cube Sauna from the comparison" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => url.pathname === "/compare" && !url.searchParams.get("products"));
  await expect(page.locator(":focus")).toContainText("No saunas to compare yet");
});
