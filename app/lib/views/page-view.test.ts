import { describe, expect, it } from "vitest";
import { deviceOfAgent, viewedPage, VIEW_KINDS, viewKindIndex } from "./page-view";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const view = (url: string, extra: Partial<Parameters<typeof viewedPage>[0]> = {}) =>
  viewedPage({ method: "GET", url, userAgent: BROWSER, purpose: [], ...extra });

describe("viewedPage", () => {
  it("counts a browser's GET of a public page under its path, query dropped", () => {
    expect(view("/")).toBe("/");
    expect(view("/reviews/product/tyyni-4?utm_source=x")).toBe("/reviews/product/tyyni-4");
    expect(view("/reviews/barrel-saunas")).toBe("/reviews/barrel-saunas");
    expect(view("/learn/choosing-a-heater")).toBe("/learn/choosing-a-heater");
    expect(view("/compare?ids=a,b")).toBe("/compare");
  });

  it("counts a client-side navigation's data request as a view of its page", () => {
    expect(view("/reviews/product/tyyni-4.data?_routes=x")).toBe("/reviews/product/tyyni-4");
    expect(view("/_root.data")).toBe("/");
  });

  it("does not count bots, prefetches, HEAD, or requests without a User-Agent", () => {
    expect(view("/", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBeNull();
    expect(view("/", { userAgent: "curl/8.5.0" })).toBeNull();
    expect(view("/", { userAgent: "" })).toBeNull();
    expect(view("/", { userAgent: undefined })).toBeNull();
    expect(view("/", { purpose: ["prefetch;anonymous-client-ip"] })).toBeNull();
    expect(view("/", { purpose: [undefined, "prefetch"] })).toBeNull();
    expect(view("/", { purpose: [undefined, undefined, "prefetch"] })).toBeNull();
    expect(view("/", { purpose: ["prerender"] })).toBeNull();
    expect(view("/", { method: "HEAD" })).toBeNull();
    expect(view("/", { method: "POST" })).toBeNull();
  });

  it("does not count what is not a public page", () => {
    for (const url of [
      "/admin",
      "/admin/clicks",
      "/go/tyyni-4",
      "/learn/feed.xml",
      "/sitemap.xml",
      "/robots.txt",
      "/healthz",
      "/auth",
      "/img/x",
    ]) {
      expect(view(url), url).toBeNull();
    }
  });
});

describe("viewKindIndex", () => {
  it.each([
    ["/", "home"],
    ["/reviews", "reviews"],
    ["/reviews/barrel-saunas", "collection"],
    ["/reviews/product/tyyni-4", "product"],
    ["/compare", "compare"],
    ["/learn/choosing-a-heater", "article"],
    ["/learn", "learn"],
    ["/learn/category/heaters", "learn"],
    ["/learn/tag/wood", "learn"],
  ])("%s is a %s page", (path, kind) => {
    expect(VIEW_KINDS[viewKindIndex(path)]).toBe(kind);
  });
});

describe("deviceOfAgent", () => {
  const IPHONE =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1.2 Mobile/15E148 Safari/604.1";
  it("gives the same class on every ask, remembered or not", () => {
    expect(deviceOfAgent(IPHONE)).toBe("phone");
    expect(deviceOfAgent(IPHONE)).toBe("phone");
    expect(deviceOfAgent(BROWSER)).toBe("desktop");
    expect(deviceOfAgent(undefined)).toBe("desktop");
  });

  it("still answers right once more agents were seen than it remembers", () => {
    for (let index = 0; index < 1_500; index++) expect(view("/", { userAgent: `${BROWSER} build/${index}` })).toBe("/");
    expect(view("/", { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).toBeNull();
    expect(deviceOfAgent(IPHONE)).toBe("phone");
  });
});
