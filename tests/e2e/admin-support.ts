import { test as base, expect, type Page } from "./fixtures";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createOrPromoteAdminWithoutMail } from "../../app/server/auth/admins.server";
import { loadConfig } from "../../app/server/config.server";
import { openDatabase, type DB } from "../../app/server/db/connection.server";
import { repoRoot } from "../reliability/production-server";
import { siteEnv, type AdminSite } from "./sites";

/**
 * What the admin specs share: they run against a server of their own (./sites.ts), and make
 * admin accounts in that server's DATA_DIR by the function create-admin runs;
 * admin-flow.spec.ts runs the script itself, exactly as an operator would.
 */

/**
 * The fixtures of ./fixtures.ts, with the page's baseURL on the worker's admin site (its
 * `adminSite`, started on first use), so that `page.goto("/admin")` reaches it.
 */
export const test = base.extend({
  baseURL: async ({ adminSite }, use) => use(adminSite.url),
});

export { expect };
export type { AdminSite };

/** `ADMIN_PASSWORD=P npx tsx scripts/create-admin.ts --email E` against the site's DATA_DIR. */
export function runCreateAdmin(site: AdminSite, email: string, password: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email], {
    cwd: repoRoot,
    env: { ...siteEnv(site.dataDir), ADMIN_PASSWORD: password },
    encoding: "utf8",
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`create-admin failed (${result.status}): ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/**
 * An admin account made by the function create-admin runs (createOrPromoteAdminWithoutMail), called in
 * the worker against the site's DATA_DIR: for a test that needs an admin, not the script. Each run
 * of the script under tsx cost about 2 s of CPU, compiling its modules, some 35 times a run;
 * admin-flow.spec.ts and scripts/create-admin.test.ts run the script itself.
 */
export async function createAdminAccount(site: AdminSite, email: string, password: string): Promise<void> {
  const config = loadConfig(siteEnv(site.dataDir));
  const db = openDatabase(config.database);
  try {
    await createOrPromoteAdminWithoutMail(config, db, { email, password });
  } finally {
    await db.destroy();
  }
}

/** The site's database, for a test that sets up what no screen makes (a failed mail, an old review). */
export async function withSiteDatabase<T>(site: AdminSite, run: (db: DB) => Promise<T>): Promise<T> {
  const db = openDatabase(loadConfig(siteEnv(site.dataDir)).database);
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The confirmation link of the newest message to `email` in DATA_DIR/mail (the outbox). */
export async function confirmationLinkFromOutbox(site: AdminSite, email: string): Promise<string> {
  return linkFromOutbox(site, email, "/auth/callback", "a confirmation mail");
}

/** The password reset link of the newest reset mail to this address. */
export async function resetLinkFromOutbox(site: AdminSite, email: string): Promise<string> {
  return linkFromOutbox(site, email, "/auth/reset", "a password reset mail");
}

/** The newest link to `linkPath` (with its ?token=) in a mail to `email` in the site's outbox. */
async function linkFromOutbox(site: AdminSite, email: string, linkPath: string, what: string): Promise<string> {
  const dir = path.join(site.dataDir, "mail");
  const pattern = new RegExp(`https?://[^\\s"<>]+${linkPath.replace(/\//g, "\\/")}\\?token=[^\\s"<>]+`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir)
            .filter((file) => file.endsWith(".eml"))
            .sort();
        } catch {
          return undefined;
        }
        for (const file of files.reverse()) {
          const eml = decodeQuotedPrintable(readFileSync(path.join(dir, file), "utf8"));
          if (!new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(eml)) continue;
          link = eml.match(pattern)?.[0];
          if (link) return link;
        }
        return undefined;
      },
      { message: `${what} to ${email} in ${dir}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** Signs in through the /auth form. */
export async function signIn(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

let counter = 0;
/** A fresh address per test, so parallel tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** A new admin (made as create-admin makes one) signed in through the form, on the dashboard. */
export async function signInAsNewAdmin(page: Page, site: AdminSite, label = "admin"): Promise<string> {
  const email = uniqueEmail(label);
  const password = "a long admin password";
  await createAdminAccount(site, email, password);
  // Absolute: the site may be a test's own (freshSite), not the page's baseURL.
  // Asked for the dashboard: an admin's sign-in would otherwise land on Today (admin-auth.spec.ts).
  await page.goto(`${site.url}/auth?redirectTo=%2Fadmin`);
  await signIn(page, email, password);
  await expect(page).toHaveURL((url) => url.pathname === "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  return email;
}

const SITE_ADMIN_PASSWORD = "a long admin password";
/** The admin account of each site this worker has used, by DATA_DIR: made once. */
const siteAdmins = new Map<string, string>();

/**
 * Signed in as the site's admin, on the dashboard: for a test whose subject is what an admin
 * does, not who they are. The account is made once per site and worker (createAdminAccount: a
 * password hash at the site's cost), and each test gets a session of its own by
 * posting the sign-in form's fields, as the form does without JavaScript. The form itself, the
 * redirects and the account flows have specs of their own that use signInAsNewAdmin.
 */
export async function signInAsAdmin(page: Page, site: AdminSite): Promise<void> {
  let email = siteAdmins.get(site.dataDir);
  if (!email) {
    email = uniqueEmail("admin");
    await createAdminAccount(site, email, SITE_ADMIN_PASSWORD);
    siteAdmins.set(site.dataDir, email);
  }
  // Absolute: the site may be a test's own (freshSite), not the page's baseURL. The request
  // shares the page's cookie jar, so the session cookie it gets is the page's.
  const response = await page.request.post(`${site.url}/auth`, {
    form: { intent: "sign-in", email, password: SITE_ADMIN_PASSWORD },
    headers: { origin: site.url },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in as ${email}`).toBe(302);
  await page.goto(`${site.url}/admin`);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

/** A sonner toast with this title (and description, when given). */
export function toast(page: Page, title: string, description?: string) {
  const item = page.locator("[data-sonner-toast]").filter({ hasText: title });
  return description ? item.filter({ hasText: description }) : item;
}

/**
 * Records the text of every toast the page shows from now on. A toast stays 4 s: on a loaded
 * machine it can come and go between two polls of `toBeVisible`, so long runs assert on what was
 * recorded (`expectToastSeen`) instead. Lasts until the next full navigation.
 */
export async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const item of document.querySelectorAll("[data-sonner-toast]")) {
        const text = item.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

/** Waits until a toast with this title and description has been shown since `recordToasts`. */
export async function expectToastSeen(page: Page, title: string, description: string, timeout: number) {
  await expect
    .poll(
      () =>
        page.evaluate(
          ([title, description]) =>
            (window as unknown as { toastsSeen: string[] }).toastsSeen.some((text) => text.includes(title!) && text.includes(description!)),
          [title, description],
        ),
      { message: `the toast "${title}: ${description}" was shown`, timeout },
    )
    .toBe(true);
}

/** Hydration done: client-side handlers (file parsing, XHR saves) are live. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector("#product-csv-file, #collection-csv-file, form");
    return Boolean(element && Object.keys(element).some((key) => key.startsWith("__react")));
  });
}
