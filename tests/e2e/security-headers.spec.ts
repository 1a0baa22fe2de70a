import type { Page, Response } from "@playwright/test";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// Every page kind, public and admin, carries the security headers and a Content-Security-Policy
// that its own scripts satisfy: no violation reaches the console, and hydration still works
// (the mega menu opens, a toast shows, client navigation loads data). See docs/decisions/0022.
// Once, at 1280 px: the headers are the same at every width, and every test at 390 px already
// fails on a policy violation (the watch in fixtures.ts).

test.describe.configure({ timeout: 120_000 });

const PUBLIC_PAGES = [
  "/",
  "/reviews",
  "/reviews/barrel-saunas",
  "/reviews/product/kettu-cube-2",
  "/product/kettu-cube-2",
  "/learn",
  "/learn/best-barrel-saunas",
  "/learn/category/buying-guides",
  "/learn/tag/safety",
  "/no/such/page",
  "/auth",
];
const ADMIN_PAGES = ["/admin", "/admin/products", "/admin/products/new", "/admin/collections", "/admin/categories", "/admin/features"];

/** Collects CSP violations two ways: the DOM event, and the console message Chromium prints. */
async function watchForViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleViolations.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
  ];
}

function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values.join(" ")]),
  );
}

async function expectSecureDocument(response: Response | null, path: string) {
  expect(response, path).not.toBeNull();
  const headers = response!.headers();
  const csp = directives(headers["content-security-policy"]);
  expect(csp["script-src"], `${path} script-src`).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(csp, path).toMatchObject({
    "default-src": "'self'",
    "frame-ancestors": "'self'",
    "base-uri": "'none'",
    "object-src": "'none'",
    "form-action": "'self'",
  });
  expect(headers["content-security-policy"], path).not.toMatch(/unsafe-eval/);
  expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
  expect(headers["permissions-policy"], path).toContain("camera=()");
  expect(headers["x-content-type-options"], path).toBe("nosniff");
  // The test server's BASE_URL is http: no HSTS (browsers would ignore it, and it must not lock an http site).
  expect(headers["strict-transport-security"], path).toBeUndefined();
}

test(
  "every public page kind: security headers, and no CSP violation while it hydrates",
  { tag: "@desktop-only" },
  async ({ page, cspViolations }) => {
    const violations = await watchForViolations(page);
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      await expectSecureDocument(response, path);
      await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
      await page.waitForLoadState("networkidle");
    }
    // Hydrated under the policy: the mega menu opens (desktop), and a client navigation loads its data.
    await page.goto("/");
    const trigger = page.getByRole("button", { name: "Best Saunas" });
    await expect(async () => {
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
    }).toPass();
    await page.keyboard.press("Escape");
    await page.goto("/reviews");
    const dataRequest = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(".data"));
    await page.locator('main a[href^="/reviews/"]').first().click();
    expect((await dataRequest).status()).toBe(200);
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);

    // The policy is enforced and the watch sees it: a script injected into the page is refused.
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injectedRan = true;";
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 0));
      return (window as unknown as { __injectedRan?: boolean }).__injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(async () => (await violations()).some((text) => text.includes("script-src"))).toBe(true);
    // The suite-wide watch saw it too; it was provoked here on purpose.
    // Both of its signals (DOM event and console line) must be in before it is forgotten.
    await expect
      .poll(() =>
        ["securitypolicyviolation", "console"].every((kind) =>
          cspViolations.seen.some((text) => text.startsWith(kind) && text.includes("script-src")),
        ),
      )
      .toBe(true);
    cspViolations.clear();
  },
);

test(
  "every admin page kind and the sign-in page: security headers, no CSP violation, toasts work",
  { tag: "@desktop-only" },
  async ({ page, adminSite }) => {
    const violations = await watchForViolations(page);
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
    await expect(toast(page, "Missing fields")).toBeVisible();

    await signInAsAdmin(page, adminSite);
    for (const path of ADMIN_PAGES) {
      const response = await page.goto(path);
      await expectSecureDocument(response, path);
      await page.waitForLoadState("networkidle");
    }
    expect(await violations()).toEqual([]);
  },
);

test(
  "files, health checks and data requests carry the shared headers; the import endpoints answer an anonymous GET with a JSON 401",
  { tag: "@desktop-only" },
  async ({ request }) => {
    for (const path of ["/healthz", "/readyz", "/favicon.svg"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    }
    expect((await request.get("/healthz")).headers()["cache-control"]).toBe("no-store");
    expect(await (await request.get("/readyz")).text()).toBe("ready\n");
    // The admin area's access check runs before the route is asked for its method, so a stranger
    // learns nothing about the endpoint; the script that calls it reads the JSON answer.
    for (const path of ["/admin/products/import", "/admin/collections/import"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(401);
      expect(await response.json(), path).toEqual({ ok: false, error: "Please sign in again." });
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    }
  },
);
