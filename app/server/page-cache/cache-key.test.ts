import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { hasSessionCookie, pageCacheKey, ROUTE_QUERY_PARAMS } from "./cache-key";

describe("pageCacheKey", () => {
  it("keys a plain path by itself", () => {
    expect(pageCacheKey("/")).toBe("/");
    expect(pageCacheKey("/reviews/barrel-saunas")).toBe("/reviews/barrel-saunas");
    expect(pageCacheKey("/reviews.data")).toBe("/reviews.data");
    expect(pageCacheKey("/reviews?")).toBe("/reviews");
  });

  it("sorts parameters, drops empty and tracking ones, ignores the fragment", () => {
    expect(pageCacheKey("/reviews?page=2&q=barrel")).toBe("/reviews?page=2&q=barrel");
    expect(pageCacheKey("/reviews?q=barrel&page=2")).toBe("/reviews?page=2&q=barrel");
    expect(pageCacheKey("/reviews?q=&page=2&utm_source=news&UTM_Medium=mail&fbclid=x&gclid=y")).toBe("/reviews?page=2");
    expect(pageCacheKey("/?utm_campaign=spring")).toBe("/");
    expect(pageCacheKey("/reviews?q=cedar#top")).toBe("/reviews?q=cedar");
  });

  it("keeps only the parameters the route reads: a poisoned URL keys to the plain page", () => {
    expect(pageCacheKey("/reviews?utm_source=attacker&utm_medium=%22%3E%3Cb%3E&fbclid=poison")).toBe("/reviews");
    // /reviews reads page and q; view belongs to the collection pages, sort to no page.
    expect(pageCacheKey("/reviews?view=%22%3E%3Cb%3E&sort=poison&q=cedar")).toBe("/reviews?q=cedar");
    expect(pageCacheKey("/reviews/barrel-saunas?view=compare&q=poison&page=2&x=1")).toBe("/reviews/barrel-saunas?page=2&view=compare");
    expect(pageCacheKey("/compare?products=a,b&view=poison")).toBe("/compare?products=a%2Cb");
    expect(pageCacheKey("/sitemap.xml?page=2&q=x")).toBe("/sitemap.xml?page=2");
    expect(pageCacheKey("/reviews/product/cedar-4?page=2&q=x")).toBe("/reviews/product/cedar-4");
    expect(pageCacheKey("/learn/heat?page=2")).toBe("/learn/heat");
    expect(pageCacheKey("/no-such-page?q=x")).toBe("/no-such-page");
    expect(pageCacheKey("/newsletter/confirm?token=abc&utm_source=mail")).toBe("/newsletter/confirm?token=abc");
    expect(pageCacheKey("/alerts/unsubscribe?token=12.abc&utm_source=mail")).toBe("/alerts/unsubscribe?token=12.abc");
    // Names are read as the loaders read them: exactly.
    expect(pageCacheKey("/reviews?Q=poison&PAGE=2")).toBe("/reviews");
  });

  it("matches routes as React Router does: any case, a trailing slash, data requests with their _routes", () => {
    expect(pageCacheKey("/Reviews/?q=cedar&x=1")).toBe("/Reviews/?q=cedar");
    expect(pageCacheKey("/reviews.data?q=cedar&_routes=routes%2Freviews-index&utm_source=x")).toBe(
      "/reviews.data?_routes=routes%2Freviews-index&q=cedar",
    );
    expect(pageCacheKey("/_root.data?_routes=root&fbclid=x")).toBe("/_root.data?_routes=root");
    expect(pageCacheKey("/reviews?_routes=root")).toBe("/reviews");
  });

  it("has a decision for every cached route of app/routes.ts", () => {
    const table = readFileSync(path.resolve(__dirname, "../../routes.ts"), "utf8");
    // Top-level routes only: the nested ones are the admin area's, never cached.
    const paths = [...table.matchAll(/^ {2}route\("([^"]+)"/gm)].map((match) => `/${match[1]}`);
    const listed = new Set(ROUTE_QUERY_PARAMS.map(([pattern]) => pattern));
    // "*" is every other path, which reads no parameter.
    const cached = paths.filter((route) => route !== "/*" && pageCacheKey(route) !== undefined);
    expect(cached.length).toBeGreaterThan(15);
    for (const route of cached) expect(listed.has(route), route).toBe(true);
    expect(listed.has("/")).toBe(true);
  });

  it("keeps the order of a repeated parameter's values and encodes them one way", () => {
    expect(pageCacheKey("/compare?products=b&page=2&products=a")).toBe("/compare?products=b&products=a");
    expect(pageCacheKey("/reviews?q=red%20cedar")).toBe(pageCacheKey("/reviews?q=red+cedar"));
    expect(pageCacheKey("/reviews.data?_routes=routes%2Freviews-index")).toBe("/reviews.data?_routes=routes%2Freviews-index");
  });

  it("never keys private, API, image or file paths, nor their data requests", () => {
    for (const target of [
      "/admin",
      "/admin/products",
      "/admin.data",
      "/admin/products.data?x=1",
      "/auth",
      "/auth/callback?token=t",
      "/auth.data",
      "/api/auth/get-session",
      "/img?src=a.jpg&w=400",
      "/img/320x240/images/a.webp",
      "/img/320/storage/product-images/a.jpg?refresh=2",
      "/img.data",
      "/storage/product-images/a.jpg",
      "/assets/root-abc.js",
      "/images/a.jpg",
      "//evil.example/",
    ]) {
      expect(pageCacheKey(target), target).toBeUndefined();
    }
    // Only whole segments: a page whose slug starts with those letters is still a page.
    expect(pageCacheKey("/reviews/product/administrator-sauna")).toBe("/reviews/product/administrator-sauna");
    expect(pageCacheKey("/learn/api-of-heat")).toBe("/learn/api-of-heat");
    expect(pageCacheKey("/authentic")).toBe("/authentic");
  });

  it("never keys a tracked shop link: every click must reach the counter", () => {
    for (const target of ["/go/barrel-4", "/go/barrel-4?from=home", "/go.data", "/go/x.data?from=compare"]) {
      expect(pageCacheKey(target), target).toBeUndefined();
    }
    expect(pageCacheKey("/good-saunas")).toBe("/good-saunas");
  });
});

describe("hasSessionCookie", () => {
  it("recognises every better-auth cookie, with or without the __Secure- prefix", () => {
    expect(hasSessionCookie("better-auth.session_token=abc.def")).toBe(true);
    expect(hasSessionCookie("theme=dark; __Secure-better-auth.session_token=abc")).toBe(true);
    expect(hasSessionCookie("better-auth.session_data=xyz")).toBe(true);
    expect(hasSessionCookie("theme=dark;better-auth-session_token=abc")).toBe(true);
    expect(hasSessionCookie("__Secure-better-auth.dont_remember=true")).toBe(true);
  });

  it("lets anonymous visitors through, whatever other cookies they carry", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie("theme=dark; consent=yes")).toBe(false);
    expect(hasSessionCookie("not-better-auth.session_token=x")).toBe(false);
  });
});
