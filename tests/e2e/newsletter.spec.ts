import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, signInAsAdmin, test, uniqueEmail, type AdminSite } from "./admin-support";

/**
 * The 'Stay Updated' form, end to end, with and without JavaScript: sign up on the home page, one
 * confirmation mail in the outbox, its link confirms, the admin list shows it, the unsubscribe
 * link asks and its button unsubscribes. Runs on a private server (admin-support) whose outbox this spec can read.
 * Desktop only: every sign-up counts against the per-client limit of the one test server.
 */

// create-admin (a tsx start-up) and a password hash each take tens of seconds on a busy machine.
test.describe("The sign-up is the same at every width", { tag: "@desktop-only" }, () => {
  test.describe.configure({ timeout: 240_000 });
  const THANKS = /Thanks! Please check your inbox/;

  function decodeQuotedPrintable(text: string): string {
    return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }

  /** Every outbox message to `email`, as stored (headers are not quoted-printable; bodies are). */
  function mailsTo(site: AdminSite, email: string): string[] {
    const dir = path.join(site.dataDir, "mail");
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".eml"));
    } catch {
      return [];
    }
    return files
      .map((file) => readFileSync(path.join(dir, file), "utf8"))
      .filter((eml) => new RegExp(`^To: ${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "mi").test(eml));
  }

  async function theOneConfirmationMail(site: AdminSite, email: string) {
    await expect.poll(() => mailsTo(site, email).length, { message: `a confirmation mail to ${email}` }).toBe(1);
    const raw = mailsTo(site, email)[0]!;
    const eml = decodeQuotedPrintable(raw);
    const confirm = eml.match(/https?:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
    const unsubscribe = eml.match(/https?:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=[0-9]+\.[A-Za-z0-9_-]+/)?.[0];
    expect(confirm).toBeTruthy();
    expect(unsubscribe).toBeTruthy();
    // Long headers are folded: unfold before reading them.
    const headers = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
    expect(headers.replace(/[ \t]+/g, "")).toContain(`List-Unsubscribe:<${unsubscribe}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    return { confirm: confirm!, unsubscribe: unsubscribe! };
  }

  async function expectAdminListShows(page: Page, email: string, state: string) {
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
    const rows = page.getByTestId("subscriber-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(email);
    await expect(rows.first().getByRole("cell").nth(1)).toHaveText(state);
  }

  async function hydrated(page: Page) {
    await page.waitForFunction(() => {
      const form = document.querySelector('[data-testid="newsletter-form"]');
      return Boolean(form && Object.keys(form).some((key) => key.startsWith("__react")));
    });
  }

  test("with JavaScript: subscribe on the home page, confirm, see it in the admin, unsubscribe", async ({
    page,
    adminSite,
    cspViolations,
  }) => {
    const email = uniqueEmail("news-js");
    await page.goto("/");
    await hydrated(page);
    const form = page.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email.toUpperCase());
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-message")).toHaveText(THANKS);
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // The same address again: the same answer, no second mail, no second row.
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-message")).toHaveText(THANKS);
    const links = await theOneConfirmationMail(adminSite, email);

    await page.goto(links.confirm);
    await expect(page.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();
    await page.goto(links.confirm);
    await expect(page.getByRole("heading", { level: 1, name: "Link expired or already used" })).toBeVisible();

    await signInAsAdmin(page, adminSite);
    await page.getByRole("link", { name: "Subscribers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
    await expect(page.getByTestId("subscriber-count-confirmed")).toContainText(/[1-9]/);
    await expectAdminListShows(page, email, "Confirmed");

    // The unsubscribe link works without signing in.
    const visitor = await page.context().browser()!.newContext();
    await cspViolations.watch(visitor);
    const visitorPage = await visitor.newPage();
    // Opening the link asks and changes nothing (a mail scanner opens links too); the button unsubscribes.
    await visitorPage.goto(links.unsubscribe);
    await expect(visitorPage.getByRole("heading", { level: 1, name: "Unsubscribe from the newsletter?" })).toBeVisible();
    await expectAdminListShows(page, email, "Confirmed");
    await visitorPage.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitorPage.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
    await visitor.close();
    await expectAdminListShows(page, email, "Unsubscribed");

    // The export holds the address, formula-safe and quoted.
    const csv = await page.request.get(`/admin/subscribers/export?q=${encodeURIComponent(email)}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    expect(await csv.text()).toContain(`"${email}","Unsubscribed"`);
  });

  test("without JavaScript: the form posts, a page answers, and the links work", async ({ browser, page, adminSite }) => {
    const email = uniqueEmail("news-nojs");
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await noScript.newPage();
    await visitor.goto("/");
    const form = visitor.getByTestId("newsletter-form");
    await form.getByLabel("Email address").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(visitor).toHaveURL((url) => url.pathname === "/newsletter");
    await expect(visitor.getByTestId("newsletter-message")).toHaveText(THANKS);
    const links = await theOneConfirmationMail(adminSite, email);

    await visitor.goto(links.confirm);
    await expect(visitor.getByRole("heading", { level: 1, name: "You're subscribed" })).toBeVisible();

    await signInAsAdmin(page, adminSite);
    await expectAdminListShows(page, email, "Confirmed");

    await visitor.goto(links.unsubscribe);
    await visitor.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(visitor.getByRole("heading", { level: 1, name: "You're unsubscribed" })).toBeVisible();
    await expectAdminListShows(page, email, "Unsubscribed");
    await noScript.close();
  });

  test("a bad address is refused in place, and a cross-site post is refused", async ({ page, request }) => {
    await page.goto("/");
    await hydrated(page);
    const form = page.getByTestId("newsletter-form");
    // Bypass the browser's own type=email check, as an old browser or a script would.
    await form.evaluate((element) => element.setAttribute("novalidate", ""));
    await form.getByLabel("Email address").fill("not an address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByTestId("newsletter-message")).toHaveText("Please enter a valid email address, like name@example.com.");
    await expect(form.getByLabel("Email address")).toHaveValue("not an address");

    // Refused by React Router's own origin check (400) or ours (403); either way nothing is stored or sent.
    const crossSite = await request.post("/newsletter", { form: { email: "x@example.com" }, headers: { Origin: "https://evil.example" } });
    expect([400, 403]).toContain(crossSite.status());
  });
});
