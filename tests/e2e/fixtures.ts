import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { startSite, type AdminSite } from "./sites";

/**
 * The `test` and `expect` every spec imports: Playwright's own, plus a watch on every page of the
 * test's browser context for Content-Security-Policy violations. A violation fails the test, so
 * the whole suite proves that the site's own scripts satisfy its policy (docs/decisions/0022),
 * not just the pages one spec visits. Both signals are collected: the DOM's
 * `securitypolicyviolation` event, and the console message Chromium prints for each refusal.
 *
 * A test that provokes a violation on purpose (to prove the policy is enforced) reads and then
 * clears `cspViolations.seen` itself. A context the test opens itself with JavaScript on is
 * watched once the test passes it to `cspViolations.watch`.
 */

export interface CspViolationWatch {
  /** What was refused so far, one line per signal. */
  readonly seen: string[];
  /** Forget what was seen (after a test has checked a violation it caused on purpose). */
  clear(): void;
  /** Watches a browser context the test opened itself (`browser.newContext()`) as well. */
  watch(context: BrowserContext): Promise<void>;
}

const REPORT_BINDING = "__reportCspViolation";
const CSP_CONSOLE_MESSAGE = /Content Security Policy/i;

/** Records both signals of every page of `context` into `seen`. */
async function watchContext(context: BrowserContext, seen: string[]): Promise<void> {
  context.on("console", (message) => {
    if (CSP_CONSOLE_MESSAGE.test(message.text())) seen.push(`console on ${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  await context.exposeBinding(REPORT_BINDING, ({ page }, text: string) => {
    seen.push(`securitypolicyviolation on ${page?.url() ?? "?"}: ${text}`);
  });
  await context.addInitScript((binding) => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as Record<string, (text: string) => void>)[binding];
      report?.(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`.trim());
    });
  }, REPORT_BINDING);
}

/** Starts a site for the fixture's user and stops it (removing its data) after. */
async function withSite(use: (site: AdminSite) => Promise<void>): Promise<void> {
  const site = await startSite();
  try {
    await use({ url: site.url, dataDir: site.dataDir });
  } finally {
    await site.stop();
  }
}

/**
 * The admin specs' sites (./sites.ts) are registered here, for every spec, though only the admin
 * specs use them: Playwright gives specs with different worker fixtures different worker
 * processes, and a worker that ran public specs would be stopped, and a new one started with its
 * own Chromium, each time the queue turned to an admin spec and back. A site starts only when
 * a test first asks for it.
 */
export const test = base.extend<{ cspSeen: string[]; cspViolations: CspViolationWatch; freshSite: AdminSite }, { adminSite: AdminSite }>({
  /** What was refused in the test's contexts, one line per signal. */
  cspSeen: async ({}, use) => {
    const seen: string[] = [];
    await use(seen);
    expect(seen, "Content-Security-Policy violations during the test").toEqual([]);
  },
  // The watch sits on the test's own context rather than on an automatic fixture, so that a test
  // that only sends requests does not open a browser context (a renderer) for nothing.
  context: async ({ context, cspSeen }, use) => {
    await watchContext(context, cspSeen);
    await use(context);
  },
  cspViolations: async ({ cspSeen }, use) => {
    await use({ seen: cspSeen, clear: () => void cspSeen.splice(0), watch: (other) => watchContext(other, cspSeen) });
  },
  /** The worker's admin site, shared by its admin specs' tests. */
  adminSite: [({}, use) => withSite(use), { scope: "worker", timeout: 90_000 }],
  /** A site of the test's own, for a test that changes what every other test counts on (deleting the samples). */
  freshSite: [({}, use) => withSite(use), { timeout: 90_000 }],
});

export { expect };
export type * from "@playwright/test";

/**
 * Waits until React has hydrated the page (the root layout marks `<html data-hydrated>`). Public
 * pages hydrate only after their main picture is painted, which can be after the load event that
 * `page.goto` waits for: a test that clicks something needing scripts waits for this first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}
