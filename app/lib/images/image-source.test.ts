import { describe, expect, it } from "vitest";
import {
  bucketImageUrl,
  categoryFallbackImage,
  galleryImages,
  isMissingImageValue,
  isPlaceholderOrFallbackImage,
  isTallImage,
  mainImage,
  nextImageAfterError,
  placeholderChain,
  placeholderNumber,
  resolveImageSource,
} from "./image-source";

const origin = "https://saunas.example";

describe("categoryFallbackImage", () => {
  it.each([
    ["barrel", "/images/fallbacks/barrel.webp"],
    ["Cedar Barrel", "/images/fallbacks/barrel.webp"],
    ["wood-fired", "/images/fallbacks/barrel.webp"],
    ["infrared", "/images/fallbacks/infrared.webp"],
    ["Electric cabin", "/images/fallbacks/electric.webp"],
    ["outdoor", "/images/fallbacks/outdoor.webp"],
    ["traditional", "/images/fallbacks/traditional.webp"],
    ["Finnish", "/images/fallbacks/traditional.webp"],
    ["eco", "/images/fallbacks/eco-friendly.webp"],
    ["Eco-friendly", "/images/fallbacks/eco-friendly.webp"],
    ["cube", "/images/fallbacks/generic.webp"],
    ["second", "/images/fallbacks/generic.webp"],
    ["", "/images/fallbacks/generic.webp"],
    [null, "/images/fallbacks/generic.webp"],
  ])("%s → %s", (category, path) => {
    expect(categoryFallbackImage(category)).toBe(path);
  });

  it("checks barrel before infrared (first match wins)", () => {
    expect(categoryFallbackImage("infrared barrel")).toBe("/images/fallbacks/barrel.webp");
  });
});

describe("resolveImageSource", () => {
  it.each([null, undefined, "", "   ", "null", "undefined", "NULL"])("%s gives the category fallback", (value) => {
    expect(isMissingImageValue(value)).toBe(true);
    expect(resolveImageSource(value, { origin, category: "infrared" })).toBe(`${origin}/images/fallbacks/infrared.webp`);
    expect(resolveImageSource(value, { origin })).toBe(`${origin}/images/fallbacks/generic.webp`);
  });

  it("makes '/' paths absolute on the origin (trailing slash tolerated)", () => {
    expect(resolveImageSource("/images/samples/a-1.webp", { origin })).toBe(`${origin}/images/samples/a-1.webp`);
    expect(resolveImageSource("/images/samples/a-1.webp", { origin: `${origin}/` })).toBe(`${origin}/images/samples/a-1.webp`);
  });

  it("gives site-relative paths with an empty origin", () => {
    expect(resolveImageSource("/images/x.webp", { origin: "" })).toBe("/images/x.webp");
    expect(resolveImageSource("photo.jpg", { origin: "" })).toBe("/storage/product-images/photo.jpg");
  });

  it("keeps http(s) and protocol-relative URLs", () => {
    expect(resolveImageSource("https://cdn.example/a.jpg", { origin })).toBe("https://cdn.example/a.jpg");
    expect(resolveImageSource("http://cdn.example/a.jpg", { origin })).toBe("http://cdn.example/a.jpg");
    expect(resolveImageSource("HTTPS://cdn.example/a.jpg", { origin })).toBe("HTTPS://cdn.example/a.jpg");
    expect(resolveImageSource("//cdn.example/a.jpg", { origin })).toBe("//cdn.example/a.jpg");
    expect(resolveImageSource("  https://cdn.example/a.jpg  ", { origin })).toBe("https://cdn.example/a.jpg");
  });

  it("treats any other value as a file in the product-images bucket", () => {
    expect(resolveImageSource("barrel 1.jpg", { origin })).toBe(`${origin}/storage/product-images/barrel%201.jpg`);
    expect(resolveImageSource("httpfoo.jpg", { origin })).toBe(`${origin}/storage/product-images/httpfoo.jpg`);
    expect(bucketImageUrl("a/b.jpg", origin)).toBe(`${origin}/storage/product-images/a%2Fb.jpg`);
  });

  it("never yields a script URL", () => {
    const src = resolveImageSource("javascript:alert(1)", { origin });
    expect(src).toBe(`${origin}/storage/product-images/javascript%3Aalert(1)`);
    expect(src.startsWith(origin)).toBe(true);
  });
});

describe("galleryImages and mainImage", () => {
  it("resolves every usable entry in order and drops duplicates", () => {
    expect(galleryImages(["/a.webp", "null", "b.jpg", "/a.webp", ""], "barrel", origin)).toEqual([
      `${origin}/a.webp`,
      `${origin}/storage/product-images/b.jpg`,
    ]);
  });

  it("falls back to the category image for an empty list or only empty entries", () => {
    expect(galleryImages([], "barrel", origin)).toEqual([`${origin}/images/fallbacks/barrel.webp`]);
    expect(galleryImages(["", "null", "undefined", " "], "infrared", origin)).toEqual([`${origin}/images/fallbacks/infrared.webp`]);
  });

  it("takes the first usable image as the main one", () => {
    expect(mainImage(["null", "/second.webp"], "barrel", origin)).toBe(`${origin}/second.webp`);
    expect(mainImage([], null, "")).toBe("/images/fallbacks/generic.webp");
  });
});

describe("placeholders after a load error", () => {
  it("chooses the numbered placeholder stably from the id", () => {
    expect(placeholderNumber(1)).toBe(2);
    expect(placeholderNumber(4)).toBe(1);
    expect(placeholderNumber(7)).toBe(4);
    expect(placeholderNumber(-1)).toBe(4);
    const fromSlug = placeholderNumber("birchline-classic-2");
    expect(fromSlug).toBe(placeholderNumber("birchline-classic-2"));
    expect(fromSlug).toBeGreaterThanOrEqual(1);
    expect(fromSlug).toBeLessThanOrEqual(4);
    for (let id = 0; id < 40; id++) expect(placeholderChain(id)[0]).toMatch(/^\/images\/placeholders\/sauna-[1-4]\.webp$/);
  });

  it("uses all four placeholders across ids", () => {
    expect(new Set([1, 2, 3, 4].map(placeholderNumber)).size).toBe(4);
  });

  it("goes product image → numbered placeholder → generic → stop", () => {
    expect(placeholderChain(2)).toEqual(["/images/placeholders/sauna-3.webp", "/images/placeholders/generic.webp"]);
    expect(nextImageAfterError(`${origin}/images/samples/x-1.webp`, 2)).toBe("/images/placeholders/sauna-3.webp");
    expect(nextImageAfterError(`${origin}/images/fallbacks/barrel.webp`, 2)).toBe("/images/placeholders/sauna-3.webp");
    expect(nextImageAfterError(`${origin}/images/placeholders/sauna-3.webp`, 2)).toBe("/images/placeholders/generic.webp");
    expect(nextImageAfterError("/images/placeholders/sauna-3.webp?v=2", 2)).toBe("/images/placeholders/generic.webp");
    expect(nextImageAfterError(`${origin}/images/placeholders/generic.webp`, 2)).toBeNull();
    expect(nextImageAfterError("/images/placeholders/generic.webp", 2)).toBeNull();
  });
});

describe("isTallImage", () => {
  it("is tall only above 1.5 times the width", () => {
    expect(isTallImage(1000, 1600)).toBe(true);
    expect(isTallImage(1000, 1501)).toBe(true);
    expect(isTallImage(1000, 1500)).toBe(false);
    expect(isTallImage(1600, 1200)).toBe(false);
  });

  it("is not tall for unknown sizes", () => {
    expect(isTallImage(0, 100)).toBe(false);
    expect(isTallImage(Number.NaN, 100)).toBe(false);
    expect(isTallImage(100, 0)).toBe(false);
  });
});

describe("isPlaceholderOrFallbackImage", () => {
  it.each([
    null,
    "",
    "null",
    "/images/placeholders/sauna-1.webp",
    "/images/placeholders/generic.webp",
    "/images/fallbacks/barrel.webp",
    `${origin}/images/fallbacks/generic.webp`,
    "/placeholder.svg",
    "https://images.unsplash.com/photo-123?w=800",
    "https://images.pexels.com/photos/1/a.jpg",
    "https://placehold.co/600x400",
    "https://via.placeholder.com/300",
    "//images.unsplash.com/photo-1",
  ])("%s is a placeholder, fallback or stock photo", (url) => {
    expect(isPlaceholderOrFallbackImage(url)).toBe(true);
  });

  it.each([
    "/images/collections/barrel-saunas.webp",
    `${origin}/images/collections/barrel-saunas.webp`,
    "https://cdn.example/unsplash-like-name.jpg",
    "barrel.jpg",
    `${origin}/storage/product-images/barrel.jpg`,
  ])("%s is a real picture", (url) => {
    expect(isPlaceholderOrFallbackImage(url)).toBe(false);
  });
});
