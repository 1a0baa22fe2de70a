import type { Page } from "@playwright/test";
import { readCsvRecords } from "../../app/lib/csv/csv-table";
import { csvLine } from "../../app/lib/csv/csv-writer";
import { expect, signInAsAdmin, test, toast, waitForHydration, type AdminSite } from "./admin-support";

// A product CSV that names a rule-listed collection in collection_ids (barrel-saunas lists every
// barrel): the preview says loudly what saving would do, and the save needs the owner's choice,
// with JavaScript and without (docs/decisions/0070). Each test on a site of its own.

test.describe.configure({ timeout: 150_000 });

const patient = { timeout: 30_000 };
const CUBE = "lumo-works-valo-2-cube-sauna";

/** A one-row product CSV putting the Valo 2 cube (not a barrel) in barrel-saunas, from the site's own export. */
async function cubeIntoBarrels(page: Page, site: AdminSite): Promise<string> {
  const exported = await page.request.get(`${site.url}/admin/products/export.csv`).then((response) => response.text());
  const [header, ...rows] = readCsvRecords(exported);
  const cube = rows.find((row) => row[header!.indexOf("slug")] === CUBE)!;
  const cell = (column: string) => cube[header!.indexOf(column)]!;
  return [
    ["name", "brand", "slug", "collection_ids"],
    [cell("name"), cell("brand"), CUBE, "[barrel-saunas]"],
  ]
    .map(csvLine)
    .join("");
}

const upload = (page: Page, csv: string) =>
  page.locator("#product-csv-file").setInputFiles({ name: "one-row.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

const warnings = (page: Page) => page.getByTestId("rule-list-warnings");
const addChoice = (page: Page) => page.getByRole("radio", { name: /^Add the products to the collection and keep its rule/ });
const replaceChoice = (page: Page) => page.getByRole("radio", { name: /^Replace the rule with the products you list/ });

test(
  "the preview warns that barrel-saunas would show 1 instead of its barrels; 'add' keeps the rule and adds the cube",
  { tag: "@desktop-only" },
  async ({ page, freshSite }) => {
    await signInAsAdmin(page, freshSite);
    await page.goto(`${freshSite.url}/admin/products`);
    await waitForHydration(page);
    await upload(page, await cubeIntoBarrels(page, freshSite));

    await expect(warnings(page)).toHaveText(/^barrel-saunas will show only the products you list: 1 instead of \d+\.$/, patient);
    const barrels = Number(/instead of (\d+)/.exec((await warnings(page).textContent())!)![1]);
    expect(barrels).toBeGreaterThan(1);
    await expect(page.getByText(`barrel-saunas keeps its ${barrels} saunas and adds 1 product`)).toBeVisible();
    // Nothing is chosen for the owner.
    await expect(addChoice(page)).not.toBeChecked();
    await expect(replaceChoice(page)).not.toBeChecked();

    await addChoice(page).check();
    await page.getByRole("button", { name: "Save to Database" }).click();
    await expect(toast(page, "Products Saved Successfully")).toBeVisible(patient);

    // The cube is now on the barrel page with every barrel: its own page names the collection.
    await page.goto(`${freshSite.url}/reviews/product/${CUBE}`);
    await expect(page.getByRole("link", { name: /Best Barrel Saunas/ }).first()).toBeVisible();
    await page.goto(`${freshSite.url}/reviews/barrel-saunas`);
    await expect(page.getByText(`${barrels + 1} saunas, `)).toBeVisible();
  },
);

test(
  "without JavaScript: the save's run stops to ask, then 'replace' from its page makes barrel-saunas the hand-picked list",
  { tag: "@desktop-only" },
  async ({ page, browser, freshSite }) => {
    await signInAsAdmin(page, freshSite);
    const csv = await cubeIntoBarrels(page, freshSite);
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${freshSite.url}/admin/products`);
      await upload(plain, csv);
      await plain.getByRole("button", { name: "Save to Database" }).click();

      // The save is a run: its page reloads itself until it ends. Nothing saved: the plan comes back with the question.
      await expect(plain).toHaveURL((url) => /^\/admin\/runs\/\d+$/.test(url.pathname));
      await expect(plain.getByRole("heading", { name: "What saving would change" })).toBeVisible(patient);
      await expect(warnings(plain)).toHaveText(/^barrel-saunas will show only the products you list: 1 instead of \d+\.$/);
      await expect(plain.getByText("Then press Save to Database below")).toBeVisible();

      // The run's page saves the file it read (kept on the server): the file is not chosen again.
      await replaceChoice(plain).check();
      await plain.getByRole("button", { name: "Save to Database" }).click();
      await expect(plain.getByRole("heading", { name: "What the save changed" })).toBeVisible(patient);
      await expect(plain.getByText("barrel-saunas: now shows only the products you listed, instead of its rule.")).toBeVisible();

      await plain.goto(`${freshSite.url}/reviews/barrel-saunas`);
      await expect(plain.getByTestId("ranked-sauna")).toHaveCount(1);
      await expect(plain.getByTestId("ranked-sauna")).toContainText("Valo 2");
    } finally {
      await noScript.close();
    }
  },
);
