import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { readCsvRecords } from "../../app/lib/csv/csv-table";
import { csvLine } from "../../app/lib/csv/csv-writer";
import { expect, signInAsAdmin, test, toast, waitForHydration } from "./admin-support";

// The import preview's per-row diff and the CSV export: on a site of the test's own, so the
// counts are exactly the sample catalog's. The products' diff runs at both widths (it must work at
// 390 px too); the collections' runs once, at desktop width.

test.describe.configure({ timeout: 150_000 });

async function exportCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  return readFile((await download.path())!, "utf8");
}

async function upload(page: Page, selector: string, name: string, csv: string) {
  await page.locator(selector).setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
}

const counts = (page: Page) => page.getByTestId("import-diff-counts");
// The diff and the save are server round trips; on a machine busy with other specs they can take seconds.
const patient = { timeout: 30_000 };
const diffRows = (page: Page) => page.getByRole("list", { name: "Changes against the database: rows" }).locator(":scope > li");

test("a CSV changing 3 prices and adding 1 shows 1 new, 3 changed with old and new prices, and saves exactly those; export re-imports as no change", async ({
  page,
  freshSite,
}) => {
  await signInAsAdmin(page, freshSite);
  await page.goto(`${freshSite.url}/admin/products`);
  await waitForHydration(page);

  // Export → import is a no-op.
  const exported = await exportCsv(page);
  const [header, ...rows] = readCsvRecords(exported).filter((record) => record.some((cell) => cell !== ""));
  expect(header!.slice(0, 3)).toEqual(["name", "brand", "slug"]);
  const total = rows.length;
  expect(total).toBeGreaterThan(10);
  await upload(page, "#product-csv-file", "export.csv", exported);
  await expect(counts(page)).toHaveText(`0 new, 0 changed, ${total} unchanged`, patient);
  await expect(page.getByText("Every row matches the database: saving writes nothing.")).toBeVisible();

  // Three prices cut by $351 and one new product.
  const at = (column: string) => header!.indexOf(column);
  const priced = rows.filter((row) => row[at("price")] !== "").slice(0, 3);
  const newPrice = (row: string[]) => (Number(row[at("price")]) - 351).toFixed(2);
  const dollars = (value: string) =>
    `$${Number(value).toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: Number(value) % 1 ? 2 : 0 })}`;
  const edited = rows.map((row) => (priced.includes(row) ? row.map((cell, index) => (index === at("price") ? newPrice(row) : cell)) : row));
  const added = header!.map(
    (column) => ({ name: "Diff Test Barrel", brand: "Northwind", slug: "diff-test-barrel", price: "4999" })[column] ?? "",
  );
  await upload(page, "#product-csv-file", "edited.csv", [header!, ...edited, added].map(csvLine).join(""));
  await expect(counts(page)).toHaveText(`1 new, 3 changed, ${total - 3} unchanged`, patient);

  // Each changed row says which price changes, from what to what.
  for (const row of priced) {
    const item = diffRows(page).filter({ hasText: row[at("slug")]! });
    await expect(item).toContainText("Changed");
    await expect(item).toContainText(`price ${dollars(row[at("price")]!)} → ${dollars(newPrice(row))}`);
  }
  await expect(diffRows(page).filter({ hasText: "diff-test-barrel" })).toContainText("New");

  // The filters: changes only shows the 4 rows; New the one; All everything.
  await page.getByRole("button", { name: "Changes only" }).click();
  await expect(diffRows(page)).toHaveCount(4);
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(diffRows(page)).toHaveCount(1);
  await page.getByRole("button", { name: "Changed", exact: true }).click();
  await expect(diffRows(page)).toHaveCount(3);
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(diffRows(page)).toHaveCount(total + 1);
  // Nothing sticks out sideways at phone width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByRole("button", { name: "Save to Database" }).click();
  await expect(
    toast(page, "Products Saved Successfully", `Saved 4 products to the database; ${total - 3} unchanged were left as they were`),
  ).toBeVisible(patient);

  // The database now holds what the preview showed: a new export differs in exactly those 4 rows.
  await page.goto(`${freshSite.url}/admin/products`);
  await waitForHydration(page);
  const after = await exportCsv(page);
  const [, ...afterRows] = readCsvRecords(after).filter((record) => record.some((cell) => cell !== ""));
  const key = (row: string[]) => JSON.stringify(row);
  const before = new Set(rows.map(key));
  const differing = afterRows.filter((row) => !before.has(key(row)));
  expect(differing.map((row) => row[at("slug")]).sort()).toEqual([...priced.map((row) => row[at("slug")]!), "diff-test-barrel"].sort());
  for (const row of priced)
    expect(afterRows.find((candidate) => candidate[at("slug")] === row[at("slug")])![at("price")]).toBe(newPrice(row));
  // And that export imports as no change.
  await upload(page, "#product-csv-file", "after.csv", after);
  await expect(counts(page)).toHaveText(`0 new, 0 changed, ${total + 1} unchanged`, patient);
});

test(
  "collections: export re-imports as no change; a new order is shown before saving",
  { tag: "@desktop-only" },
  async ({ page, freshSite }) => {
    await signInAsAdmin(page, freshSite);
    await page.goto(`${freshSite.url}/admin/collections`);
    await waitForHydration(page);
    const exported = await exportCsv(page);
    const [header, ...rows] = readCsvRecords(exported).filter((record) => record.some((cell) => cell !== ""));
    expect(header).toEqual(["slug", "title", "description", "image_url", "featured", "product_ids", "picks"]);
    await upload(page, "#collection-csv-file", "collections.csv", exported);
    await expect(counts(page)).toHaveText(`0 new, 0 changed, ${rows.length} unchanged`, patient);

    // A list of three in a chosen order, for a collection that had none.
    const products = await page.request.get(`${freshSite.url}/admin/products/export.csv`).then((response) => response.text());
    const slugs = readCsvRecords(products)
      .slice(1, 4)
      .map((row) => row[2]!);
    const target = rows.find((row) => row[5] === "")!;
    // The picks cell (the last) is kept as exported: only the list changes.
    const curated = rows.map((row) => (row === target ? [...row.slice(0, 5), slugs.join(", "), ...row.slice(6)] : row));
    await upload(page, "#collection-csv-file", "curated.csv", [header!, ...curated].map(csvLine).join(""));
    await expect(counts(page)).toHaveText(`0 new, 1 changed, ${rows.length - 1} unchanged`, patient);
    await page.getByRole("button", { name: "Changes only" }).click();
    await expect(diffRows(page)).toHaveCount(1);
    await expect(diffRows(page)).toContainText(`added: ${slugs.join(", ")}`);
    await page.getByRole("button", { name: "Save to Database" }).click();
    await expect(toast(page, "Collections Saved Successfully", `${rows.length - 1} unchanged were left as they were.`)).toBeVisible(
      patient,
    );

    // Reversed: the diff shows the order moving.
    await page.goto(`${freshSite.url}/admin/collections`);
    await waitForHydration(page);
    const reversed = rows.map((row) => (row === target ? [...row.slice(0, 5), [...slugs].reverse().join(", "), ...row.slice(6)] : row));
    await upload(page, "#collection-csv-file", "reversed.csv", [header!, ...reversed].map(csvLine).join(""));
    await expect(counts(page)).toHaveText(`0 new, 1 changed, ${rows.length - 1} unchanged`, patient);
    await page.getByRole("button", { name: "Changed", exact: true }).click();
    await expect(diffRows(page)).toHaveCount(1);
    await expect(diffRows(page)).toContainText(target[0]!);
    await expect(diffRows(page)).toContainText(`order: ${slugs.join(", ")} → ${[...slugs].reverse().join(", ")}`);
  },
);
