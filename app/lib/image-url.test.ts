import { describe, expect, it } from "vitest";
import { ownImagePath, resizedImageUrl, resizedSrcSet } from "./image-url";

describe("resizedImageUrl", () => {
  it("sends the site's own pictures through /img with the spec's hero numbers", () => {
    expect(resizedImageUrl("/images/collections/barrel-saunas.webp", { width: 1600, height: 600, quality: 85, fit: "cover" })).toBe(
      "/img?src=%2Fimages%2Fcollections%2Fbarrel-saunas.webp&w=1600&h=600&q=85&fit=cover",
    );
  });

  it("accepts absolute URLs on the site's own origin, and uploads in the bucket", () => {
    expect(ownImagePath("https://saunas.example/images/a.webp", "https://saunas.example")).toBe("/images/a.webp");
    expect(ownImagePath("/storage/product-images/my%20photo.jpg")).toBe("/storage/product-images/my%20photo.jpg");
  });

  it("leaves other hosts, protocol-relative URLs and other site paths alone", () => {
    expect(resizedImageUrl("https://cdn.other.example/a.jpg", { width: 400 })).toBe("https://cdn.other.example/a.jpg");
    expect(resizedImageUrl("//cdn.other.example/a.jpg", { width: 400 })).toBe("//cdn.other.example/a.jpg");
    expect(resizedImageUrl("/favicon.svg", { width: 400 })).toBe("/favicon.svg");
    expect(ownImagePath("https://evil.example/images/a.webp", "https://saunas.example")).toBeNull();
  });

  it("builds a srcset that keeps the aspect ratio", () => {
    expect(resizedSrcSet("/images/a.webp", [400, 800], { aspect: 4 / 3, fit: "cover" })).toBe(
      "/img?src=%2Fimages%2Fa.webp&w=400&h=300&fit=cover 400w, /img?src=%2Fimages%2Fa.webp&w=800&h=600&fit=cover 800w",
    );
    expect(resizedSrcSet("https://x.example/a.jpg", [400], {})).toBeUndefined();
  });
});
