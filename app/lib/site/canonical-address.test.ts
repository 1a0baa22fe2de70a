import { describe, expect, it } from "vitest";
import { canonicalPagePath } from "./canonical-address";

describe("canonicalPagePath", () => {
  it.each([
    ["/reviews/Outdoor-Saunas", "/reviews/outdoor-saunas"],
    ["/reviews/product/Fernhollow-Custom-Cabin-Sauna", "/reviews/product/fernhollow-custom-cabin-sauna"],
    ["/learn/Best-Barrel-Saunas", "/learn/best-barrel-saunas"],
    ["/learn/tag/DIY", "/learn/tag/diy"],
    ["/learn/category/DIY", "/learn/category/diy"],
    ["/reviews/", "/reviews"],
    ["/learn/best-barrel-saunas/", "/learn/best-barrel-saunas"],
    ["/REVIEWS", "/reviews"],
    ["/sitemap.xml/", "/sitemap.xml"],
    ["/learn/feed.xml/", "/learn/feed.xml"],
    ["/Compare", "/compare"],
  ])("sends %s to %s", (path, canonical) => {
    expect(canonicalPagePath(path)).toBe(canonical);
  });

  it.each(["/", "/reviews", "/reviews/outdoor-saunas", "/learn/feed.xml", "/compare", "/sitemap.xml"])("leaves %s as it is", (path) => {
    expect(canonicalPagePath(path)).toBeNull();
  });

  it("leaves the admin area, the API, tracked links and files alone", () => {
    for (const path of [
      "/admin/Products",
      "/api/auth/get-session",
      "/go/Some-Sauna",
      "/assets/entry.client-AbC.js",
      "/img/320x240/images/A.webp",
      "/auth/",
      "/reviewsX",
    ])
      expect(canonicalPagePath(path), path).toBeNull();
  });
});
