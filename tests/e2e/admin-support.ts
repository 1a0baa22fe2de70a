import { test as base, expect, type Page } from "./fixtures";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createOrPromoteAdminWithoutMail } from "../../app/server/auth/admins.server";
import { loadConfig } from "../../app/server/config.server";
import { openDatabase, type DB } from "../../app/server/db/connection.server";

/**
 * The admin specs run against a server of their own: the same production build and
 * `node server.js` as playwright.config.ts's web server, on its own port and its own fresh
 * DATA_DIR. They import products and collections, and the other specs count on the 29 sample
 * products of an untouched catalog; a private server keeps both honest when they run in
 * parallel. Admin accounts are made in that server's DATA_DIR by the function create-admin runs;
 * admin-flow.spec.ts runs the script itself, exactly as an operator would.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface AdminSite {
  url: string;
  dataDir: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`admin test server exited (${child.exitCode}): ${stderr()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`admin test server did not start in 60 s: ${stderr()}`);
}

/** Environment for the server and the script: a fresh SQLite site, whatever the shell has set. */
function siteEnv(dataDir: string, port?: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...(port ? { PORT: String(port) } : {}),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    BASE_URL: "",
    SMTP_URL: "",
    SEED_SAMPLE_CONTENT: "true",
    // The specs wait for the worker's runs (imports, feeds, reports, mail). At its production
    // priority (nice 10: a tenth of the scheduler's weight of nice 0) it would get a sliver of a
    // core while three browsers render beside it, and every test waiting on a run would wait longer.
    WORKER_NICE: "0",
    // The link health spec's slow shop must time out within a test, yet hold the run long
    // enough for its progress to be seen on a busy machine.
    LINK_CHECK_TIMEOUT: "20s",
    LINK_CHECK_INTERVAL: "",
    // The link health spec's stand-in shops listen on 127.0.0.1 and random ports, which the
    // site refuses by default; opened here on purpose, the way an operator would.
    OUTBOUND_ALLOW_PRIVATE: "127.0.0.1/32",
    OUTBOUND_ALLOW_PORTS: "1024-65535",
    // The revenue spec's readers say their country the way a proxy in front would. Without an
    // X-Forwarded-For (no spec sends one) the client's address is the connection's, as before.
    TRUST_PROXY: "1",
    GEO_COUNTRY_HEADER: "X-Test-Country",
  };
}

/** Starts `node server.js` on a free port with a fresh DATA_DIR; `stop` ends it and removes the data. */
async function startSite(): Promise<AdminSite & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-e2e-admin-"));
  const port = await freePort();
  let errors = "";
  const child = spawn(process.execPath, ["server.js"], { cwd: root, env: siteEnv(dataDir, port), stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
    // Warnings and errors of the private server show in the test output, like the shared one's.
    process.stderr.write(`[admin server] ${chunk.toString()}`);
  });
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}

export const test = base.extend<{ freshSite: AdminSite }, { adminSite: AdminSite }>({
  adminSite: [
    async ({}, use) => {
      const site = await startSite();
      try {
        await use({ url: site.url, dataDir: site.dataDir });
      } finally {
        await site.stop();
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  /** A site of the test's own, for a test that changes what every other test counts on (deleting the samples). */
  freshSite: [
    async ({}, use) => {
      const site = await startSite();
      try {
        await use({ url: site.url, dataDir: site.dataDir });
      } finally {
        await site.stop();
      }
    },
    { timeout: 90_000 },
  ],
  baseURL: async ({ adminSite }, use) => use(adminSite.url),
});

export { expect };

/** `ADMIN_PASSWORD=P npx tsx scripts/create-admin.ts --email E` against the site's DATA_DIR. */
export function runCreateAdmin(site: AdminSite, email: string, password: string): string {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email], {
    cwd: root,
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

/** Hydration done: client-side handlers (file parsing, XHR saves) are live. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector("#product-csv-file, #collection-csv-file, form");
    return Boolean(element && Object.keys(element).some((key) => key.startsWith("__react")));
  });
}
