import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, signInAsNewAdmin, test } from "./admin-support";

// The whole-page cache (docs/decisions/0015-page-cache.md) against the production server with a
// real SQLite catalog: an admin save shows on the very next anonymous request of every page it
// touches, signed-in requests never meet the cache in either direction, and hits answer HEAD,
// conditional and compressed requests correctly. Anonymous requests go through node:http so
// that no cookie, encoding or cache header is added behind the test's back.

test.describe.configure({ timeout: 120_000 });
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "HTTP behaviour: the same at every width");
});

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The body decoded from its Content-Encoding. */
  text: string;
  cache: string | undefined;
}

function get(base: string, target: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(target, base), { method: options.method ?? "GET", headers: options.headers ?? {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded = body.length === 0 ? body : encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body,
          text: decoded.toString("utf8"),
          cache: response.headers["x-page-cache"] as string | undefined,
        });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

const productLinks = (html: string) => new Set([...html.matchAll(/href="\/reviews\/product\/([a-z0-9-]+)"/g)].map((match) => match[1]!));
const collectionLinks = (html: string) =>
  [...new Set([...html.matchAll(/href="\/reviews\/([a-z0-9-]+)"/g)].map((match) => match[1]!))].filter((slug) => slug !== "product");

test("an admin save is visible on the next anonymous request of every page it affects", async ({ page, adminSite }) => {
  const base = adminSite.url;
  // A product that the home page, /reviews and one collection page all show.
  const home = await get(base, "/");
  const reviews = await get(base, "/reviews");
  const onBoth = [...productLinks(home.text)].filter((slug) => productLinks(reviews.text).has(slug));
  let chosen: { product: string; collection: string } | undefined;
  for (const collection of collectionLinks(reviews.text + home.text)) {
    const listed = productLinks((await get(base, `/reviews/${collection}`)).text);
    const product = onBoth.find((slug) => listed.has(slug));
    if (product) {
      chosen = { product, collection };
      break;
    }
  }
  expect(chosen, "a product shown on home, /reviews and a collection page").toBeDefined();
  const { product, collection } = chosen!;
  const pages = ["/", "/reviews", `/reviews/${collection}`, `/reviews/product/${product}`, `/reviews/product/${product}.data`, "/reviews.data"];

  // Every page is cached: the second anonymous request is a hit.
  for (const target of pages) {
    await get(base, target);
    const again = await get(base, target);
    expect(again.cache, target).toBe("hit");
    expect(again.status, target).toBe(200);
  }

  const newName = `Cacheproof Renamed ${Date.now().toString(36)}`;
  for (const target of pages) expect((await get(base, target)).text, target).not.toContain(newName);

  // The admin renames it through the products page's CSV import, the path the admin uses.
  await signInAsNewAdmin(page, adminSite, "cache");
  const saved = await page.request.post("/admin/products/import", {
    headers: { origin: base, "content-type": "text/csv" },
    data: `name,brand,slug\n${newName},Cacheproof,${product}\n`,
  });
  expect(saved.status(), await saved.text()).toBe(200);

  for (const target of pages) {
    const after = await get(base, target, { headers: { "accept-encoding": "gzip, br" } });
    expect(after.status, target).toBe(200);
    expect(after.text, target).toContain(newName);
    expect(after.cache, `${target} is rendered anew, not served stale`).toBe("miss");
  }
});

test("a signed-in admin never receives a cached page, and an anonymous visitor never an admin's", async ({ page, adminSite }) => {
  const base = adminSite.url;
  await get(base, "/learn");
  expect((await get(base, "/learn")).cache).toBe("hit");

  await signInAsNewAdmin(page, adminSite, "bypass");
  const cookies = await page.context().cookies(base);
  expect(cookies.some((cookie) => /better-auth\.session_token$/.test(cookie.name))).toBe(true);

  // With the admin's session, the cached page is not used: it is rendered for the admin.
  const asAdmin = await page.request.get("/learn");
  expect(asAdmin.status()).toBe(200);
  expect(asAdmin.headers()["x-page-cache"]).toBe("bypass");
  expect((await page.request.get("/learn.data")).headers()["x-page-cache"]).toBe("bypass");
  const adminPage = await page.request.get("/admin");
  expect(adminPage.status()).toBe(200);
  expect(adminPage.headers()["x-page-cache"]).toBe("bypass");

  // A page the admin asks for first is not kept: the next anonymous request renders it itself.
  const fresh = `/reviews?q=cedar-${Date.now().toString(36)}`;
  expect((await page.request.get(fresh)).headers()["x-page-cache"]).toBe("bypass");
  expect((await get(base, fresh)).cache).toBe("miss");
  expect((await get(base, fresh)).cache).toBe("hit");
  // Nor is the admin area, even for an anonymous request: it answers with the sign-in redirect.
  const anonymousAdmin = await get(base, "/admin");
  expect(anonymousAdmin.status).toBe(302);
  expect(anonymousAdmin.cache).toBe("bypass");
  expect(anonymousAdmin.text).not.toContain("Admin Dashboard");

  // Any better-auth cookie, under its https name too, means a signed-in browser.
  for (const cookie of ["__Secure-better-auth.session_token=abc", "better-auth.session_data=abc"]) {
    expect((await get(base, "/learn", { headers: { cookie } })).cache, cookie).toBe("bypass");
  }
});

test("cached pages answer HEAD, If-None-Match and each client's encoding", async ({ adminSite }) => {
  const base = adminSite.url;
  await get(base, "/");
  const plain = await get(base, "/");
  expect(plain.cache).toBe("hit");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers["vary"]).toBe("Accept-Encoding");
  expect(plain.headers["cache-control"]).toContain("public");
  expect(plain.headers["x-content-type-options"]).toBe("nosniff");
  expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
  const etag = plain.headers["etag"] as string;
  expect(etag).toMatch(/^W\/".+"$/);

  const br = await get(base, "/", { headers: { "accept-encoding": "gzip, deflate, br" } });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(br.text).toBe(plain.text);
  expect(br.body.length).toBeLessThan(plain.body.length / 3);
  const gzip = await get(base, "/", { headers: { "accept-encoding": "gzip" } });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gzip.text).toBe(plain.text);
  expect(gzip.headers["etag"]).toBe(etag);

  const head = await get(base, "/", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers["content-length"]).toBe(gzip.headers["content-length"]);
  expect(head.headers["content-type"]).toBe(plain.headers["content-type"]);

  const notModified = await get(base, "/", { headers: { "if-none-match": etag } });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect(notModified.headers["etag"]).toBe(etag);
  expect((await get(base, "/", { headers: { "if-none-match": 'W/"something-else"' } })).status).toBe(200);

  // Tracking parameters and parameter order do not make a new page.
  expect((await get(base, "/?utm_source=newsletter&fbclid=abc")).cache).toBe("hit");
  // A page that is not cached (a 404) is still compressed.
  const missing = await get(base, "/no-such-page", { headers: { "accept-encoding": "gzip" } });
  expect(missing.status).toBe(404);
  expect(missing.cache).toBe("bypass");
  expect(missing.headers["content-encoding"]).toBe("gzip");
  expect(missing.text).toContain("</html>");
});
