import { describe, expect, it } from "vitest";
import { cacheableFreshness, etagMatches, negotiateEncoding } from "./http-rules";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const html = (extra: Record<string, string> = {}) =>
  new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": PUBLIC, ...extra });

describe("cacheableFreshness", () => {
  it("keeps a public page for its s-maxage, then serves it stale for its stale-while-revalidate", () => {
    expect(cacheableFreshness(200, html())).toEqual({ freshMs: 60_000, staleMs: 300_000 });
    expect(cacheableFreshness(200, html({ "cache-control": "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400" }))).toEqual({
      freshMs: 3_600_000,
      staleMs: 86_400_000,
    });
    expect(cacheableFreshness(200, html({ "cache-control": "public, max-age=120" }))).toEqual({ freshMs: 120_000, staleMs: 0 });
    expect(cacheableFreshness(200, new Headers({ "content-type": "text/x-script", "cache-control": PUBLIC }))).toEqual({
      freshMs: 60_000,
      staleMs: 300_000,
    });
    // What crawlers and feed readers poll: the sitemap, robots.txt, the feed.
    for (const type of ["application/xml; charset=utf-8", "text/plain; charset=utf-8", "application/atom+xml; charset=utf-8"])
      expect(cacheableFreshness(200, new Headers({ "content-type": type, "cache-control": PUBLIC })), type).toEqual({
        freshMs: 60_000,
        staleMs: 300_000,
      });
  });

  it("keeps nothing the app did not mark public, nor anything private, personal or not a page", () => {
    expect(cacheableFreshness(200, html({ "cache-control": "" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "cache-control": "no-store" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "cache-control": "public, private, s-maxage=60" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "cache-control": "public, no-cache, s-maxage=60" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "cache-control": "public, s-maxage=0" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "set-cookie": "a=b" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ vary: "Cookie" }))).toBeUndefined();
    expect(cacheableFreshness(200, html({ "content-type": "image/avif" }))).toBeUndefined();
    expect(cacheableFreshness(404, html())).toBeUndefined();
    expect(cacheableFreshness(302, html())).toBeUndefined();
    expect(cacheableFreshness(200, html({ vary: "Accept-Encoding" }))).toEqual({ freshMs: 60_000, staleMs: 300_000 });
  });
});

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, then the plain body", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("")).toBe("identity");
  });

  it("follows q-values and the wildcard", () => {
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("br;q=0.5, gzip;q=1.0")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("*;q=0.1, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(negotiateEncoding("identity")).toBe("identity");
  });
});

describe("etagMatches", () => {
  const etag = 'W/"abc123"';
  it("matches weakly, in a list, or on *", () => {
    expect(etagMatches('W/"abc123"', etag)).toBe(true);
    expect(etagMatches('"abc123"', etag)).toBe(true);
    expect(etagMatches('"other", W/"abc123"', etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
  });
  it("does not match another or a missing tag", () => {
    expect(etagMatches('"abc124"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
    expect(etagMatches("", etag)).toBe(false);
  });
});
