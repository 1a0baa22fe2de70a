import { describe, expect, it } from "vitest";
import { hasSessionCookie, pageCacheKey } from "./cache-key";

describe("pageCacheKey", () => {
  it("keys a plain path by itself", () => {
    expect(pageCacheKey("/")).toBe("/");
    expect(pageCacheKey("/reviews/barrel-saunas")).toBe("/reviews/barrel-saunas");
    expect(pageCacheKey("/reviews.data")).toBe("/reviews.data");
    expect(pageCacheKey("/reviews?")).toBe("/reviews");
  });

  it("sorts parameters, drops empty and tracking ones, ignores the fragment", () => {
    expect(pageCacheKey("/reviews?view=list&q=barrel")).toBe("/reviews?q=barrel&view=list");
    expect(pageCacheKey("/reviews?q=barrel&view=list")).toBe("/reviews?q=barrel&view=list");
    expect(pageCacheKey("/reviews?q=&view=list&utm_source=news&UTM_Medium=mail&fbclid=x&gclid=y")).toBe("/reviews?view=list");
    expect(pageCacheKey("/?utm_campaign=spring")).toBe("/");
    expect(pageCacheKey("/reviews?q=cedar#top")).toBe("/reviews?q=cedar");
  });

  it("keeps the order of a repeated parameter's values and encodes them one way", () => {
    expect(pageCacheKey("/reviews?tag=b&page=2&tag=a")).toBe("/reviews?page=2&tag=b&tag=a");
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
