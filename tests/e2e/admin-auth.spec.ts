import { createAdminAccount, expect, signIn, signInAsNewAdmin, test, toast, uniqueEmail, waitForHydration } from "./admin-support";

// The sign-in page's answers (its form and its toasts) and the admin guard's redirects
// (docs/decisions/0010). The form's answers at both widths; what the server decides once, at
// desktop width.

// Each test runs create-admin (a tsx start-up) and several sign-ins: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

test("empty fields get 'Missing fields'; resend without an address gets 'Email required'", { tag: "@desktop-only" }, async ({ page }) => {
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("form", { name: "Sign in" }).getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Missing fields", "Please enter both email and password")).toBeVisible();

  // Sign up, then empty the resend field and ask again.
  const email = uniqueEmail("resend");
  await page.getByRole("tab", { name: "Sign Up" }).click();
  const signUp = page.getByRole("form", { name: "Sign up" });
  await signUp.getByLabel("Email").fill(email);
  await signUp.getByLabel("Password").fill("a long enough password");
  await signUp.getByRole("button", { name: "Create account" }).click();
  await expect(toast(page, "Account created")).toBeVisible();
  await page.getByLabel("Email for the confirmation link").fill("");
  await page.getByRole("button", { name: "Resend email" }).click();
  await expect(toast(page, "Email required", "Please enter your email address")).toBeVisible();
  await page.getByLabel("Email for the confirmation link").fill(email);
  await page.getByRole("button", { name: "Resend email" }).click();
  await expect(toast(page, "Email sent", "Confirmation email has been resent to your inbox")).toBeVisible();
});

test("a wrong password and an unknown address get the same answer", { tag: "@desktop-only" }, async ({ page, adminSite }) => {
  const email = uniqueEmail("known");
  await createAdminAccount(adminSite, email, "the right password");
  await page.goto("/auth");
  await waitForHydration(page);
  await signIn(page, email, "not the right password");
  const wrong = toast(page, "Authentication error", "Invalid email or password");
  await expect(wrong).toBeVisible();
  const wrongText = await wrong.textContent();
  await page.goto("/auth");
  await waitForHydration(page);
  await signIn(page, uniqueEmail("nobody"), "not the right password");
  const unknown = toast(page, "Authentication error");
  await expect(unknown).toBeVisible();
  expect(await unknown.textContent()).toBe(wrongText);
});

test("after sign-in: back to the page asked for, but never to another site", { tag: "@desktop-only" }, async ({ page, adminSite }) => {
  const email = uniqueEmail("redirect");
  await createAdminAccount(adminSite, email, "the right password");
  await page.goto("/admin/collections");
  await expect(page).toHaveURL((url) => url.pathname === "/auth" && url.searchParams.get("redirectTo") === "/admin/collections");
  await signIn(page, email, "the right password");
  await expect(page).toHaveURL((url) => url.pathname === "/admin/collections");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/auth");
  for (const evil of ["//evil.example/steal", "https://evil.example/", "/\\evil.example"]) {
    await page.goto(`/auth?redirectTo=${encodeURIComponent(evil)}`);
    await signIn(page, email, "the right password");
    // Not this site's page: the admin's own first screen, Today.
    await expect(page).toHaveURL((url) => url.host === new URL(page.url()).host && url.pathname === "/admin/today");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/auth");
  }
});

test("a POST from another site is refused", { tag: "@desktop-only" }, async ({ page, adminSite }) => {
  await signInAsNewAdmin(page, adminSite, "csrf");
  const response = await page.request.post("/admin/products/import", {
    headers: { origin: "https://evil.example", "content-type": "text/csv" },
    data: "name,brand,slug\nEvil,Evil,evil-product\n",
  });
  expect(response.status()).toBe(403);
  await page.goto("/admin/products?q=evil-product");
  await expect(page.getByText("No products match.")).toBeVisible();
});
