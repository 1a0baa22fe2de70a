import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { runStatement } from "../support/postgres-client";
import { brotliOptions, gzipOptions } from "../../app/server/page-cache/page-cache";
import { expect, runCreateAdmin, signIn, signInAsAdmin, test as sqliteTest, uniqueEmail } from "./admin-support";

// The whole-page cache (docs/decisions/0015-page-cache.md) against the production server with a
// real SQLite catalog: an admin save shows on the very next anonymous request of every page it
// touches, signed-in requests never meet the cache in either direction, and hits answer HEAD,
// conditional and compressed requests correctly. Anonymous requests go through node:http so
// that no cookie, encoding or cache header is added behind the test's back.

/**
 * A site of its own on a fresh PostgreSQL database, when TEST_DATABASE_URL is set: the same
 * production server and the same admin save path, so an invalidation that only worked on SQLite
 * (say, fired before a PostgreSQL commit) would show.
 */
interface PostgresSite {
  url: string;
  createAdmin(email: string, password: string): void;
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const test = sqliteTest.extend<object, { postgresSite: PostgresSite | undefined }>({
  postgresSite: [
    async ({}, use) => {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) return use(undefined);
      const name = `sauna_e2e_cache_${process.pid}_${Date.now().toString(36)}`;
      const admin = (statement: string) => runStatement(adminUrl, statement);
      await admin(`create database ${name}`);
      const databaseUrl = new URL(adminUrl);
      databaseUrl.pathname = `/${name}`;
      const dataDir = mkdtempSync(path.join(tmpdir(), "sauna-e2e-cache-pg-"));
      const port = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, "127.0.0.1", () => {
          const { port: free } = probe.address() as { port: number };
          probe.close(() => resolve(free));
        });
      });
      const env = {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        LOG_LEVEL: "warn",
        BASE_URL: "",
        SMTP_URL: "",
        SEED_SAMPLE_CONTENT: "true",
      };
      const child = spawn(process.execPath, ["server.js"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
      const url = `http://127.0.0.1:${port}`;
      try {
        await expect
          .poll(
            () =>
              fetch(url).then(
                (response) => response.status,
                () => 0,
              ),
            { timeout: 60_000 },
          )
          .toBe(200);
        await use({
          url,
          createAdmin(email, password) {
            const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", "--email", email], {
              cwd: root,
              env: { ...env, ADMIN_PASSWORD: password },
              encoding: "utf8",
              timeout: 60_000,
            });
            if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr}${result.stdout}`);
          },
        });
      } finally {
        child.kill("SIGTERM");
        await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
        rmSync(dataDir, { recursive: true, force: true });
        await admin(`drop database if exists ${name} with (force)`);
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
});

test.describe("HTTP behaviour: the same at every width", { tag: "@desktop-only" }, () => {
  test.describe.configure({ timeout: 120_000 });
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
      const request = httpRequest(
        new URL(target, base),
        { method: options.method ?? "GET", headers: options.headers ?? {} },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const decoded =
              body.length === 0 ? body : encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body,
              text: decoded.toString("utf8"),
              cache: response.headers["x-page-cache"] as string | undefined,
            });
          });
        },
      );
      request.on("error", reject);
      request.end();
    });
  }

  /**
   * `text` in a letter case of this run's own: a search no other request has made, so its page is
   * not cached yet (the key keeps the case; the search ignores it).
   */
  function inCaseOfThisRun(text: string): string {
    const stamp = Date.now() ^ Math.floor(Math.random() * 2 ** 30);
    return [...text].map((letter, i) => ((stamp >> i) & 1 ? letter.toUpperCase() : letter)).join("");
  }

  const productLinks = (html: string) => new Set([...html.matchAll(/href="\/reviews\/product\/([a-z0-9-]+)"/g)].map((match) => match[1]!));
  const collectionLinks = (html: string) =>
    [...new Set([...html.matchAll(/href="\/reviews\/([a-z0-9-]+)"/g)].map((match) => match[1]!))].filter((slug) => slug !== "product");

  /** Signs a new admin in on `base` (absolute URLs: the PostgreSQL site is not the page's baseURL). */
  async function signInNewAdmin(page: Page, base: string, createAdmin: (email: string, password: string) => void) {
    const email = uniqueEmail("cache");
    const password = "a long admin password";
    createAdmin(email, password);
    await page.goto(`${base}/auth?redirectTo=%2Fadmin`);
    await signIn(page, email, password);
    await expect(page).toHaveURL((url) => url.pathname === "/admin");
  }

  for (const dialect of ["sqlite", "postgres"] as const) {
    test(`an admin save is visible on the next anonymous request of every page it affects (${dialect})`, async ({
      page,
      adminSite,
      postgresSite,
    }) => {
      test.skip(dialect === "postgres" && !postgresSite, "set TEST_DATABASE_URL to run it on PostgreSQL too");
      const site =
        dialect === "sqlite"
          ? { url: adminSite.url, createAdmin: (email: string, password: string) => void runCreateAdmin(adminSite, email, password) }
          : postgresSite!;
      await adminSaveIsVisible(page, site.url, site.createAdmin);
    });
  }

  async function adminSaveIsVisible(page: Page, base: string, createAdmin: (email: string, password: string) => void) {
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
    const pages = [
      "/",
      "/reviews",
      `/reviews/${collection}`,
      `/reviews/product/${product}`,
      `/reviews/product/${product}.data`,
      "/reviews.data",
    ];

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
    await signInNewAdmin(page, base, createAdmin);
    const saved = await page.request.post(`${base}/admin/products/import`, {
      headers: { origin: base, "content-type": "text/csv" },
      data: `name,brand,slug\n${newName},Cacheproof,${product}\n`,
    });
    // Queued for the worker (202, with its run): the pages change once the run has saved.
    expect(saved.status(), await saved.text()).toBe(202);
    const { run } = (await saved.json()) as { run: { id: number } };
    await expect
      .poll(
        async () =>
          ((await (await page.request.get(`${base}/admin/runs/${run.id}/progress`)).json()) as { run: { state: string } }).run.state,
        {
          timeout: 30_000,
        },
      )
      .toBe("done");

    // The worker saved it; the web process hears of it by NOTIFY on PostgreSQL, and on SQLite by
    // looking at catalog_changes every second: the new name shows within that second.
    for (const target of pages) {
      let after = await get(base, target, { headers: { "accept-encoding": "gzip, br" } });
      for (const started = Date.now(); !after.text.includes(newName) && Date.now() - started < 3_000;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        after = await get(base, target, { headers: { "accept-encoding": "gzip, br" } });
      }
      expect(after.status, target).toBe(200);
      expect(after.text, target).toContain(newName);
      // Rendered anew, never served stale: by this request (a miss), or already by the warmer,
      // which renders the visited pages and their data again after a save (a hit on the new page).
      expect(["miss", "hit"], target).toContain(after.cache);
    }
  }

  test("a signed-in admin never receives a cached page, and an anonymous visitor never an admin's", async ({ page, adminSite }) => {
    const base = adminSite.url;
    await get(base, "/learn");
    expect((await get(base, "/learn")).cache).toBe("hit");

    await signInAsAdmin(page, adminSite);
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
    // A search that finds something (one that finds nothing is never kept), spelt in a letter case
    // of this run's own: the key keeps the case, the search ignores it.
    const fresh = `/reviews?q=${inCaseOfThisRun("barrel saunas")}`;
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
    // /learn stays fresh for an hour: no background refresh can change its ETag mid-test.
    await get(base, "/learn");
    const plain = await get(base, "/learn");
    expect(plain.cache).toBe("hit");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["vary"]).toBe("Accept-Encoding");
    expect(plain.headers["cache-control"]).toContain("public");
    expect(plain.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    const etag = plain.headers["etag"] as string;
    expect(etag).toMatch(/^W\/".+"$/);
    // A page just kept serves fast-compressed bodies until its background compression lands (the
    // ETag stays): the byte counts below are compared once the best ones are in place.
    const bestGzip = gzipSync(plain.body, gzipOptions("best"));
    await expect.poll(async () => (await get(base, "/learn", { headers: { "accept-encoding": "gzip" } })).body.equals(bestGzip)).toBe(true);

    const br = await get(base, "/learn", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.text).toBe(plain.text);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gzip = await get(base, "/learn", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.text).toBe(plain.text);
    expect(gzip.headers["etag"]).toBe(etag);

    const head = await get(base, "/learn", { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(gzip.headers["content-length"]);
    expect(head.headers["content-type"]).toBe(plain.headers["content-type"]);

    const notModified = await get(base, "/learn", { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(notModified.headers["etag"]).toBe(etag);
    expect((await get(base, "/learn", { headers: { "if-none-match": 'W/"something-else"' } })).status).toBe(200);

    // Tracking parameters and parameter order do not make a new page.
    expect((await get(base, "/learn?utm_source=newsletter&fbclid=abc")).cache).toBe("hit");
    // A page that is not cached (a 404) is still compressed.
    const missing = await get(base, "/no-such-page", { headers: { "accept-encoding": "gzip" } });
    expect(missing.status).toBe(404);
    expect(missing.cache).toBe("bypass");
    expect(missing.headers["content-encoding"]).toBe("gzip");
    expect(missing.text).toContain("</html>");
  });

  test("junk parameters, and junk values of the parameters a page reads, make no entry of their own", async ({ adminSite }) => {
    const base = adminSite.url;
    const junk = `junk${Date.now().toString(36)}`;
    // A parameter home does not read is dropped: the second request is a hit, and no page shows it.
    await get(base, `/?x=${junk}`);
    const home = await get(base, `/?x=${junk}-2&utm_source=${junk}`);
    expect(home.cache).toBe("hit");
    expect(home.text).not.toContain(junk);

    // A page number written another way, or past the end, gets today's redirect, and it is never kept.
    for (const [page, status] of [
      [`abc${junk}`, 301],
      ["02", 301],
      ["999999", 302],
    ] as const) {
      const first = await get(base, `/reviews?page=${page}`);
      const again = await get(base, `/reviews?page=${page}`);
      expect([first.status, again.status], page).toEqual([status, status]);
      expect([first.cache, again.cache], page).toEqual(["bypass", "bypass"]);
    }

    // Any view of a collection but the comparison is its ranked list: a hit on the plain page.
    const collection = collectionLinks((await get(base, "/reviews")).text)[0]!;
    const plain = await get(base, `/reviews/${collection}`);
    const view = await get(base, `/reviews/${collection}?view=${junk}`);
    expect(view.cache).toBe("hit");
    expect(view.text).toBe(plain.text);

    // A data request keeps, of the routes it names, its page's own; naming none, it is not kept.
    await get(base, "/reviews.data?_routes=routes%2Freviews-index");
    expect((await get(base, `/reviews.data?_routes=routes%2Freviews-index,${junk}`)).cache).toBe("hit");
    for (let i = 0; i < 2; i++) expect((await get(base, `/reviews.data?_routes=${junk}`)).cache).toBe("bypass");

    // The search reads its query trimmed: one entry for every spelling.
    await get(base, "/reviews?q=barrel");
    expect((await get(base, "/reviews?q=%20%20barrel%20")).cache).toBe("hit");

    // A search that found nothing and a comparison of unknown products: answered as ever, never kept.
    for (const target of [`/reviews?q=${junk}`, `/compare?products=${junk}`]) {
      const first = await get(base, target);
      const again = await get(base, target);
      expect([first.status, again.status], target).toEqual([200, 200]);
      expect([first.cache, again.cache], target).toEqual(["bypass", "bypass"]);
      expect(again.text, target).toContain(junk);
    }
  });

  test("a miss is sent at once, compressed fast; the kept page then serves its best bodies", async ({ adminSite }) => {
    const base = adminSite.url;
    const target = `/reviews?q=${inCaseOfThisRun("barrel sauna")}`;
    const miss = await get(base, target, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(miss.status).toBe(200);
    expect(miss.cache).toBe("miss");
    expect(miss.headers["content-encoding"]).toBe("br");
    const identity = Buffer.from(miss.text, "utf8");
    const fast = brotliCompressSync(identity, brotliOptions("fast", identity.length));
    const best = brotliCompressSync(identity, brotliOptions("best", identity.length));
    expect(fast.equals(best)).toBe(false);
    expect(miss.body.equals(fast)).toBe(true);
    // The background job replaces the bodies within moments; hits are served from the best one then.
    await expect
      .poll(async () => (await get(base, target, { headers: { "accept-encoding": "br" } })).body.equals(best), { timeout: 15_000 })
      .toBe(true);
    const hit = await get(base, target, { headers: { "accept-encoding": "br" } });
    expect(hit.cache).toBe("hit");
    expect(hit.headers["etag"]).toBe(miss.headers["etag"]);
  });
});
