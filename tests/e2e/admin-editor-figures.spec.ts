import { mayOpenAdminPath } from "../../app/lib/auth/admin-access";
import { adminRoutePaths, fillAdminPath } from "../support/admin-paths";
import { expect, signIn, signInAsAdmin, test, uniqueEmail, type AdminSite } from "./admin-support";
import { createEditorAccount, paramsFor, siteIds, withSiteDatabase } from "./admin-site-data";

/**
 * No figure of the business reaches an editor: every /admin route an editor may open (the route
 * table walked, the access table asked), as the HTML a browser gets and as the `.data` a client
 * navigation fetches, carries none of the orders a network reported (their amounts, in any of
 * the ways a page or its data would write them), and no commission, EPC or revenue wording in
 * what the admin area itself shows. The same amounts are on the owner's dashboard first, so the
 * search looks for what is really there.
 */

// Two orders in the last days, amounts no sample content has: their commissions, their sum and their sales.
const ORDERS = [
  { order: "LEAK-1", sale: 9876543, commission: 432187 },
  { order: "LEAK-2", sale: 7654321, commission: 123456 },
];
const COMMISSION_TOTAL = 555643; // 4,321.87 + 1,234.56
const amounts = [...ORDERS.flatMap((order) => [order.commission, order.sale]), COMMISSION_TOTAL];
/** Each amount as a page prints it (4,321.87), as plain decimals (4321.87) and as the stored hundredths (432187). */
const FIGURES = amounts.flatMap((hundredths) => {
  const decimals = (hundredths / 100).toFixed(2);
  return [decimals, Number(decimals).toLocaleString("en-US", { minimumFractionDigits: 2 }), String(hundredths)];
});
/** Words of the revenue screens, searched in the admin area's own content (the site footer's affiliate disclosure says "commission" to everyone). */
const WORDS = /commission|\bEPC\b|earnings|revenue|earned/i;

async function addOrders(site: AdminSite) {
  await withSiteDatabase(site, async (db) => {
    const network = await db
      .insertInto("commission_networks")
      .values({ name: "Leak Test Network", column_map: "{}", report_url: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await db
      .insertInto("commissions")
      .values(
        ORDERS.map((order, index) => ({
          network_id: Number(network.id),
          order_id: order.order,
          sub_id: null,
          ordered_at: now - (index + 1) * 86_400_000,
          sale_hundredths: order.sale,
          commission_hundredths: order.commission,
          currency: "EUR",
          status: "approved",
          updated_at: now,
        })),
      )
      .execute();
  });
}

/** The admin area's own part of a page: the <main> the admin layout renders (not the site's header and footer). */
function adminMain(html: string): string {
  const start = html.indexOf('<main id="main"');
  const end = html.indexOf("</main>", start);
  return start < 0 || end < 0 ? "" : html.slice(start, end);
}

/** `.data` of a path: /admin is the index route, asked for as /admin.data like any other. */
const dataPath = (path: string) => `${path.replace(/\/$/, "")}.data`;

// An admin account, an editor account, then two requests for each route an editor may open.
test.describe.configure({ timeout: 180_000 });

test("an editor's pages and their data carry no revenue figure", { tag: "@desktop-only" }, async ({ page, browser, adminSite }) => {
  await addOrders(adminSite);
  const ids = await siteIds(adminSite);

  await test.step("the owner's dashboard shows the commission the search looks for", async () => {
    await signInAsAdmin(page, adminSite);
    await expect(page.locator("main")).toContainText("5,556.43");
    const data = await (await page.request.get(`${adminSite.url}/admin.data`)).text();
    expect(data).toContain(String(COMMISSION_TOTAL));
  });

  const email = uniqueEmail("editor");
  await createEditorAccount(adminSite, email, "the editor's password");
  const context = await browser.newContext({ baseURL: adminSite.url });
  const editor = await context.newPage();
  await editor.goto("/auth");
  await signIn(editor, email, "the editor's password");
  await expect(editor).toHaveURL((url) => url.pathname === "/admin");

  const paths = adminRoutePaths()
    .map(({ pattern }) => fillAdminPath(pattern, paramsFor(pattern, ids)))
    .filter((path, index, all) => all.indexOf(path) === index && mayOpenAdminPath("editor", path));
  // The dashboard, articles (list, editor, revisions, import, export, preview, images), authors and reviews.
  expect(paths).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/articles",
      `/admin/articles/${ids.articleId}`,
      "/admin/authors",
      "/admin/reviews",
      `/admin/reviews/${ids.productId}`,
    ]),
  );

  const leaks: string[] = [];
  let pagesRead = 0;
  for (const path of paths) {
    for (const [kind, url] of [
      ["HTML", path],
      [".data", dataPath(path)],
    ] as const) {
      const response = await editor.request.get(url, { maxRedirects: 0 });
      // A page or its data; a resource route that wants a POST (405) or a file download answers too.
      expect(response.status(), `${kind} ${url}`).toBeLessThan(500);
      expect(response.status(), `${kind} ${url}: an editor may open it`).not.toBe(403);
      const body = await response.text();
      if (response.status() === 200 && (kind === ".data" || body.includes("<html"))) pagesRead += 1;
      for (const figure of FIGURES) if (body.includes(figure)) leaks.push(`${kind} ${url}: ${figure}`);
      const own = kind === "HTML" ? adminMain(body) : body;
      const word = own.match(WORDS);
      if (word) leaks.push(`${kind} ${url}: "${word[0]}" in …${own.slice(Math.max(0, word.index! - 60), word.index! + 60)}…`);
    }
  }
  // The dashboard, the lists and the editors were read as pages and as data, not only refused or redirected.
  expect(pagesRead).toBeGreaterThanOrEqual(12);
  expect(leaks).toEqual([]);
  await context.close();
});
