import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../../../tests/support/test-databases";
import { isSitemapFilePath, sitemapFileResponse, sitemapIndexResponse } from "./sitemap-responses.server";

const ORIGIN = "https://saunas.example";
const get = (path: string, method = "GET") => new Request(`${ORIGIN}${path}`, { method });

describe("which paths are sitemap files", () => {
  it("takes every /sitemap-….xml at the root and nothing else", () => {
    for (const path of ["/sitemap-pages-1.xml", "/sitemap-products-12.xml", "/sitemap-nonsense.xml"])
      expect(isSitemapFilePath(path), path).toBe(true);
    for (const path of ["/sitemap.xml", "/learn/sitemap-pages-1.xml", "/sitemap-pages-1.xml/", "/sitemaps"])
      expect(isSitemapFilePath(path), path).toBe(false);
  });
});

describe.each(testDialects)("the sitemap over HTTP on %s", (dialect) => {
  let test: TestDatabase;
  afterEach(() => test?.drop());

  it("streams a file as XML the public pages' way, and answers 404 for a file the site does not have", async () => {
    test = await createTestDatabase(dialect);
    await test.db.insertInto("products").values({ slug: "only-one", name: "Only", brand: "B" }).execute();
    const index = await sitemapIndexResponse(test.db, ORIGIN);
    expect(index.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(await index.text()).toContain(`<loc>${ORIGIN}/sitemap-products-1.xml</loc>`);

    const file = await sitemapFileResponse(test.db, ORIGIN, get("/sitemap-products-1.xml"));
    expect(file.status).toBe(200);
    expect(file.headers.get("Cache-Control")).toMatch(/^public/);
    expect(file.body).toBeInstanceOf(ReadableStream);
    expect(await file.text()).toContain(`<url><loc>${ORIGIN}/reviews/product/only-one</loc>`);

    const head = await sitemapFileResponse(test.db, ORIGIN, get("/sitemap-products-1.xml", "HEAD"));
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();

    for (const path of ["/sitemap-products-2.xml", "/sitemap-pages-2.xml", "/sitemap-nonsense.xml"]) {
      const missing = await sitemapFileResponse(test.db, ORIGIN, get(path));
      expect(missing.status, path).toBe(404);
      expect(missing.headers.get("Cache-Control"), path).toBe("no-store");
    }
    expect((await sitemapFileResponse(test.db, ORIGIN, get("/sitemap-pages-1.xml", "POST"))).status).toBe(405);
  });

  it("answers 503, never cached, when the database cannot say what the files are", async () => {
    test = await createTestDatabase(dialect, { migrate: false });
    const answer = await sitemapFileResponse(test.db, ORIGIN, get("/sitemap-pages-1.xml"));
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.text()).toMatch(/temporarily unavailable/);
  });
});
