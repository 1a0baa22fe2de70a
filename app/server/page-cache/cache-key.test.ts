import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CACHED_ROUTES, hasSessionCookie, isPageKey, pageCacheKey } from "./cache-key";

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
    // The sitemap index reads no parameter: one entry, whatever a crawler adds (an old ?page=N too).
    expect(pageCacheKey("/sitemap.xml?page=2&q=x")).toBe("/sitemap.xml");
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

  it("has a decision for every cached route of app/routes.ts, under the route's own id", () => {
    const table = readFileSync(path.resolve(__dirname, "../../routes.ts"), "utf8");
    // Top-level routes only: the nested ones are the admin area's, never cached. A route's id is
    // the one app/routes.ts gives it, or its module's path without the extension.
    const routes = [...table.matchAll(/^ {2}(?:route\("([^"]+)", "([^"]+)"(?:, \{ id: "([^"]+)" \})?|index\("([^"]+)"\))/gm)].map(
      ([, routePath, file, id, indexFile]) => ({
        path: `/${routePath ?? ""}`,
        id: id ?? (file ?? indexFile!).replace(/\.tsx?$/, ""),
      }),
    );
    // "*" is every other path, which reads no parameter.
    const cached = routes.filter((route) => route.path !== "/*" && pageCacheKey(route.path) !== undefined);
    expect(cached.length).toBeGreaterThan(15);
    const listed = new Map(CACHED_ROUTES.map((route) => [route.path, route.id]));
    for (const route of cached) expect(listed.get(route.path), route.path).toBe(route.id);
    expect(listed.get("/")).toBe("routes/home");
    expect(CACHED_ROUTES).toHaveLength(cached.length);
  });

  it("keys each value in its one spelling: junk values of a parameter a page reads make no entry of their own", () => {
    // Any view but the comparison is the ranked list.
    for (const view of ["junk1", "junk2", "list", "COMPARE", ""]) {
      expect(pageCacheKey(`/reviews/barrel-saunas?view=${view}`), view).toBe("/reviews/barrel-saunas");
    }
    expect(pageCacheKey("/reviews/barrel-saunas?view=compare&page=2")).toBe("/reviews/barrel-saunas?page=2&view=compare");
    // The search reads its query with whitespace collapsed and trimmed, at most 100 characters.
    expect(pageCacheKey("/reviews?q=%20%20red%20%20%20cedar%20")).toBe("/reviews?q=red+cedar");
    expect(pageCacheKey("/reviews?q=%20%20")).toBe("/reviews");
    expect(pageCacheKey(`/reviews?q=${"a".repeat(100)}${"b".repeat(50)}`)).toBe(`/reviews?q=${"a".repeat(100)}`);
    // A comparison names its products one way; more than four stay as sent (the page says it cut them).
    expect(pageCacheKey("/compare?products=%20Cedar-4%20,barrel-2,cedar-4,,")).toBe("/compare?products=cedar-4%2Cbarrel-2");
    expect(pageCacheKey("/compare?products=,%20,")).toBe("/compare");
    expect(pageCacheKey("/compare?products=a,b,c,d,e")).toBe("/compare?products=a%2Cb%2Cc%2Cd%2Ce");
    // Page numbers stay as sent: the lists answer '02', 'abc' or a page past the end with a redirect,
    // none of which is ever kept.
    expect(pageCacheKey("/reviews?page=abc1")).toBe("/reviews?page=abc1");
  });

  it("keys the sauna table's every spelling of one table as one: parameters sorted, columns in order, defaults and junk dropped", () => {
    const key = "/reviews/table?cols=price&cols=seats&heater=wood&max=50000&seats=4&sort=price";
    expect(pageCacheKey("/reviews/table?sort=price&seats=4&heater=wood&max=50000&cols=seats&cols=price&utm_source=x")).toBe(key);
    expect(pageCacheKey("/reviews/table?cols=price,seats&heater=WOOD&max=50,000&seats=04&sort=price&stock=&min=abc")).toBe(key);
    // Defaults and values that mean nothing leave the bare table, which is not taken for a collection.
    expect(pageCacheKey("/reviews/table?sort=-rating&page=1&seats=-1&heater=plasma&cols=nope")).toBe("/reviews/table");
    expect(pageCacheKey("/reviews/table.data?seats=4&_routes=routes%2Fsauna-table&page=1")).toBe(
      "/reviews/table.data?_routes=routes%2Fsauna-table&seats=4",
    );
    expect(isPageKey("/reviews/table?seats=4")).toBe(true);
  });

  it("keeps of a data request's _routes only its page's route and the root, and keeps none that names neither", () => {
    expect(pageCacheKey("/reviews.data?_routes=routes%2Freviews-index,junk1")).toBe("/reviews.data?_routes=routes%2Freviews-index");
    expect(pageCacheKey("/reviews.data?_routes=junk2,routes%2Freviews-index,root")).toBe(
      "/reviews.data?_routes=root%2Croutes%2Freviews-index",
    );
    expect(pageCacheKey("/reviews/product/cedar-4.data?_routes=product-under-reviews")).toBe(
      "/reviews/product/cedar-4.data?_routes=product-under-reviews",
    );
    // Another route's id loads nothing here: it is no more than junk.
    expect(pageCacheKey("/reviews/product/cedar-4.data?_routes=product")).toBeUndefined();
    expect(pageCacheKey("/reviews/product/cedar-4.data?_routes=junk7")).toBeUndefined();
    expect(pageCacheKey("/_root.data?_routes=routes%2Fhome&_routes=root")).toBe("/_root.data?_routes=root%2Croutes%2Fhome");
    expect(pageCacheKey("/reviews/barrel-saunas.data?view=junk&page=2")).toBe("/reviews/barrel-saunas.data?page=2");
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

  it("never keys a sitemap file, which is streamed, but keys the sitemap index without its query", () => {
    for (const target of ["/sitemap-pages-1.xml", "/sitemap-products-2.xml", "/sitemap-products-2.xml?page=3", "/sitemap-anything.xml"]) {
      expect(pageCacheKey(target), target).toBeUndefined();
    }
    expect(pageCacheKey("/sitemap.xml")).toBe("/sitemap.xml");
    expect(pageCacheKey("/sitemap.xml?page=2")).toBe("/sitemap.xml");
    expect(pageCacheKey("/sitemap-pages-1.xml/x")).toBe("/sitemap-pages-1.xml/x");
  });
});

describe("isPageKey", () => {
  it("knows the pages of the route table and their data, not other paths", () => {
    for (const key of ["/", "/reviews?q=cedar", "/reviews/barrel-saunas", "/reviews/product/x.data", "/_root.data?_routes=root"]) {
      expect(isPageKey(key), key).toBe(true);
    }
    for (const key of ["/favicon.ico", "/wp-login.php", "/reviews/product/x/extra"]) expect(isPageKey(key), key).toBe(false);
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
