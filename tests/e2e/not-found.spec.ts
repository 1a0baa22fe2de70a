import { expect, test, waitForHydration } from "./fixtures";

// Any unknown path shows the not-found page and logs the bad path to the console.

const BAD_PATH = "/no/such/page";

// One load of the bad path serves its three checks; the console is watched from before it, and
// the link that leaves the page is followed last.
test("the not-found page at an unknown path", { tag: "@desktop-only" }, async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const response = await page.goto(BAD_PATH);

  await test.step("an unknown path answers 404 with the not-found page", async () => {
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Oops! Page not found");
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toBeVisible();
  });

  await test.step("the bad path is logged to the browser console", async () => {
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Oops! Page not found");

    // The browser's own "Failed to load resource" line for the 404 response does not count.
    const fromTheApp = () => errors.filter((text) => text.includes(BAD_PATH) && !text.startsWith("Failed to load resource"));
    await expect.poll(fromTheApp, { message: "an error logged by the app naming the bad path" }).toHaveLength(1);
  });

  await test.step("'Return to Home' leads to the home page", async () => {
    const home = page.getByRole("main").getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();

    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("heading", { level: 1, name: "Compare Top Saunas For Your Perfect Match" })).toBeVisible();
    await expect(page.getByText("404 - Oops! Page not found")).toHaveCount(0);
  });
});

test("the panel is in the HTML the server sends, not streamed in after it", { tag: "@desktop-only" }, async ({ request }) => {
  const html = await (await request.get(BAD_PATH)).text();
  const main = html.slice(html.indexOf('<main id="main"'), html.indexOf("</main>"));
  expect(main).toContain("404 - Oops! Page not found");
  expect(main).toContain('href="/"');
  // What React writes when part of a page arrives after its fallback: a hidden copy and a script that swaps it in.
  expect(html).not.toContain("$RC");
  expect(html).not.toContain('<div hidden id="S:');
});

test("a client-side navigation to a missing page shows its panel and its title", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  type WithRouter = { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } };
  await page.evaluate((path) => (window as unknown as WithRouter).__reactRouterDataRouter.navigate(path), BAD_PATH);

  await expect(page).toHaveURL((url) => url.pathname === BAD_PATH);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Oops! Page not found");
  await expect(page).toHaveTitle("Page not found - Sauna Reviews");
});

test(
  "when the panels cannot be fetched, a client-side navigation still shows the error's words",
  { tag: "@desktop-only" },
  async ({ page }) => {
    let asked = 0;
    await page.route("**/assets/page-error-screens-*.js", (route) => {
      asked++;
      return route.abort();
    });
    await page.goto("/");
    await waitForHydration(page);
    type WithRouter = { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } };
    await page.evaluate((path) => (window as unknown as WithRouter).__reactRouterDataRouter.navigate(path), BAD_PATH);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 - Oops! Page not found");
    await expect(page.getByText("The page you asked for isn't here.")).toBeVisible();
    await expect(page).toHaveTitle("Page not found - Sauna Reviews");
    // Asked for once: a failure is kept, not retried on every render.
    expect(asked).toBe(1);
  },
);
