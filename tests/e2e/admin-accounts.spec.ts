import {
  confirmationLinkFromOutbox,
  expect,
  resetLinkFromOutbox,
  signIn,
  signInAsNewAdmin,
  test,
  toast,
  uniqueEmail,
  waitForHydration,
} from "./admin-support";

// Account recovery and account management in the app: a password reset through the outbox link,
// and a second admin granted and revoked on /admin/users.

test.describe("The account flows run once, at desktop width", { tag: "@desktop-only" }, () => {
  test("a forgotten password is reset from the mailed link, and the new one signs in", async ({ page, adminSite }) => {
    test.setTimeout(90_000);
    const email = await signInAsNewAdmin(page, adminSite, "forgetful");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that address");

    // An unknown address gets the very same answer.
    await page.goto("/auth/forgot");
    await page.getByLabel("Email").fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account exists for that address");

    await page.goto(await resetLinkFromOutbox(adminSite, email));
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("not the same");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByText("The two passwords are not the same.")).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("a brand new password");
    await page.getByLabel("New password again").fill("a brand new password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("status").filter({ hasText: "Password changed" })).toBeVisible();

    // The old password no longer works; the new one does.
    await signIn(page, email, "a long admin password");
    await expect(toast(page, "Authentication error")).toBeVisible();
    await signIn(page, email, "a brand new password");
    await expect(page).toHaveURL((url) => url.pathname === "/admin/today");

    // The link works once.
    await page.goto(await resetLinkFromOutbox(adminSite, email));
    await page.getByLabel("New password", { exact: true }).fill("yet another password");
    await page.getByLabel("New password again").fill("yet another password");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page.getByRole("alert")).toContainText("This reset link has expired or was already used.");
  });

  test("a second admin is granted and revoked on /admin/users, and signed out everywhere", async ({ page, browser, adminSite }) => {
    test.setTimeout(120_000);
    const owner = await signInAsNewAdmin(page, adminSite, "owner");

    // Someone signs up and confirms their address in another browser.
    const helper = uniqueEmail("helper");
    const other = await browser.newContext({ baseURL: adminSite.url });
    const helperPage = await other.newPage();
    await helperPage.goto("/auth?tab=sign-up");
    const signUp = helperPage.getByRole("form", { name: "Sign up" });
    await signUp.getByLabel("Email").fill(helper);
    await signUp.getByLabel("Password").fill("the helper's password");
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect(toast(helperPage, "Account created")).toBeVisible();
    await helperPage.goto(await confirmationLinkFromOutbox(adminSite, helper));
    await helperPage.goto("/auth");
    await signIn(helperPage, helper, "the helper's password");
    // Signed in, but not an admin yet.
    await expect(helperPage.getByRole("heading", { level: 1, name: "You do not have access to the admin area" })).toBeVisible();

    await page.getByRole("navigation", { name: "Admin Panel" }).getByRole("link", { name: "Users" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await waitForHydration(page);
    const accounts = page.getByRole("list", { name: "Accounts" });
    const helperRow = accounts.getByRole("listitem").filter({ hasText: helper });
    await expect(helperRow).toContainText("User");
    await expect(helperRow).toContainText("Confirmed");
    await helperRow.getByRole("button", { name: /Make admin/ }).click();
    await expect(toast(page, "Admin granted")).toBeVisible();
    await expect(helperRow).toContainText("Admin");

    await helperPage.goto("/admin");
    await expect(helperPage.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    await helperRow.getByRole("button", { name: /Revoke admin/ }).click();
    await expect(toast(page, "Admin revoked")).toBeVisible();
    await helperPage.goto("/admin");
    await expect(helperPage.getByRole("heading", { level: 1, name: "You do not have access to the admin area" })).toBeVisible();

    // Signing the helper out everywhere ends their session.
    await helperRow.getByRole("button", { name: /Sign out everywhere/ }).click();
    await expect(toast(page, "Signed out everywhere")).toBeVisible();
    await helperPage.goto("/admin");
    await expect(helperPage).toHaveURL(/\/auth(\?|$)/);
    await expect(helperPage.getByRole("form", { name: "Sign in" })).toBeVisible();
    await other.close();

    // The owner is still an admin (refusing to revoke the last admin is covered by users.server.test.ts).
    await expect(accounts.getByRole("listitem").filter({ hasText: owner })).toContainText("Admin");
  });
});
