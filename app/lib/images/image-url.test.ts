import { describe, expect, it } from "vitest";
import { parseResizeUrl } from "~/server/images/resize.server";
import { IMAGE_RENDITIONS, type ImageRenditionName } from "./image-renditions";
import {
  fixedSizesMaxWidth,
  ownImagePath,
  renditionSrcSet,
  renditionUrl,
  resizedImageUrl,
  responsiveImage,
  usefulWidths,
  withRefreshToken,
} from "./image-url";

describe("resizedImageUrl", () => {
  it("sends the site's own pictures through /img in the path form, with the hero's numbers", () => {
    expect(resizedImageUrl("/images/collections/barrel-saunas.webp", { width: 1600, height: 600, quality: 85, fit: "cover" })).toBe(
      "/img/1600x600q85/images/collections/barrel-saunas.webp",
    );
  });

  it("accepts absolute URLs on the site's own origin, and uploads in the bucket", () => {
    expect(ownImagePath("https://saunas.example/images/a.webp", "https://saunas.example")).toBe("/images/a.webp");
    expect(ownImagePath("/storage/product-images/my%20photo.jpg")).toBe("/storage/product-images/my%20photo.jpg");
  });

  it("keeps slashes readable, escapes what would break the query, and names fit only when it is not the default", () => {
    const url = resizedImageUrl("/storage/product-images/a&b #1+%.jpg", { width: 640, height: 480, fit: "cover" });
    expect(url).toBe("/img/640x480/storage/product-images/a%26b%20%231%2B%25.jpg");
    // The URL parser leaves the path as written: one decoding gives the site path back.
    expect(decodeURIComponent(new URL(url, "http://site.test").pathname)).toBe("/img/640x480/storage/product-images/a&b #1+%.jpg");
    expect(resizedImageUrl("/images/a.webp", { width: 640, height: 480, fit: "inside" })).toBe("/img/640x480-inside/images/a.webp");
    expect(resizedImageUrl("/images/a.webp", { width: 640, fit: "inside" })).toBe("/img/640/images/a.webp");
    expect(resizedImageUrl("/images/a.webp", { width: 640, fit: "cover" })).toBe("/img/640-cover/images/a.webp");
    expect(resizedImageUrl("/images/a.webp", { width: 640, height: 480, quality: 85, fit: "inside" })).toBe(
      "/img/640x480q85-inside/images/a.webp",
    );
  });

  it("spells every option it accepts so that the route reads back the same size", () => {
    const src = "/storage/product-images/my%20photo.jpg";
    for (const options of [
      { width: 640, height: 480 },
      { width: 640, height: 480, fit: "inside" as const },
      { width: 640, fit: "cover" as const },
      { width: 1600, height: 600, quality: 85 },
      { width: 640 },
    ]) {
      const url = new URL(resizedImageUrl(src, options), "http://site.test");
      const query = new URLSearchParams({ src, w: String(options.width) });
      if (options.height) query.set("h", String(options.height));
      if (options.quality) query.set("q", String(options.quality));
      if (options.fit) query.set("fit", options.fit);
      // Sizes no page uses are refused, but by the same rule and message in both spellings.
      expect(parseResizeUrl(url), url.pathname).toEqual(parseResizeUrl(new URL(`http://site.test/img?${query}`)));
    }
    expect(parseResizeUrl(new URL(resizedImageUrl(src, { width: 640, height: 480 }), "http://site.test"))).toMatchObject({
      ok: true,
      params: { src: "/storage/product-images/my photo.jpg", width: 640, height: 480, quality: 80, fit: "cover" },
    });
  });

  it("leaves other hosts, protocol-relative URLs and other site paths alone", () => {
    expect(resizedImageUrl("https://cdn.other.example/a.jpg", { width: 400 })).toBe("https://cdn.other.example/a.jpg");
    expect(resizedImageUrl("//cdn.other.example/a.jpg", { width: 400 })).toBe("//cdn.other.example/a.jpg");
    expect(resizedImageUrl("/favicon.svg", { width: 400 })).toBe("/favicon.svg");
    expect(ownImagePath("https://evil.example/images/a.webp", "https://saunas.example")).toBeNull();
  });
});

/** What the image route answers to a srcset candidate or URL. */
const parsed = (url: string) => parseResizeUrl(new URL(url, "http://site.test"));

describe("renditionUrl and renditionSrcSet", () => {
  it("crop to the rendition's aspect at each of its widths, naming the quality only when it is not the default", () => {
    expect(renditionSrcSet("/images/a.webp", "collectionCard")).toBe(
      ["/img/160x90/images/a.webp 160w", "/img/240x135/images/a.webp 240w", "/img/320x180/images/a.webp 320w"].join(", "),
    );
    expect(renditionUrl("/images/collections/barrel-saunas.webp", "collectionHero", 1600)).toBe(
      "/img/1600x600q85/images/collections/barrel-saunas.webp",
    );
    expect(renditionUrl("/images/a.webp", "galleryMain", 640)).toBe("/img/640/images/a.webp");
  });

  it("leave pictures on other hosts alone", () => {
    expect(renditionSrcSet("https://x.example/a.jpg", "productCard")).toBeUndefined();
    expect(responsiveImage("https://x.example/a.jpg", "productCard", "100vw")).toEqual({
      src: "https://x.example/a.jpg",
      srcSet: undefined,
      sizes: undefined,
    });
  });

  it.each(Object.keys(IMAGE_RENDITIONS) as ImageRenditionName[])("%s: every URL it builds is one the route serves", (name) => {
    const srcSet = renditionSrcSet("/storage/product-images/photo.jpg", name)!;
    const candidates = srcSet.split(", ").map((candidate) => candidate.split(" ")[0]!);
    expect(candidates).toHaveLength(IMAGE_RENDITIONS[name].widths.length);
    for (const url of candidates) expect(parsed(url), url).toMatchObject({ ok: true });
  });
});

describe("responsiveImage", () => {
  it("gives src (the largest width), srcSet and sizes for an <img>", () => {
    const image = responsiveImage("/images/a.webp", "productCard", "(min-width: 768px) 31vw, calc(100vw - 2rem)");
    expect(image.src).toBe("/img/800x600/images/a.webp");
    expect(image.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual([
      "160w",
      "240w",
      "320w",
      "480w",
      "640w",
      "720w",
      "800w",
    ]);
    expect(image.sizes).toBe("(min-width: 768px) 31vw, calc(100vw - 2rem)");
  });

  it("offers a picture drawn at a fixed size no wider than a 3x screen needs", () => {
    const thumbnail = responsiveImage("/images/a.webp", "productCard", "(min-width: 1024px) 64px, 80px");
    expect(thumbnail.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["160w", "240w"]);
    expect(thumbnail.src).toBe("/img/240x180/images/a.webp");
    const row = responsiveImage("/images/a.webp", "productCard", "(min-width: 640px) 128px, 96px");
    expect(row.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["160w", "240w", "320w", "480w"]);
  });
});

describe("withRefreshToken", () => {
  it("adds the refresh parameter to a path-form URL, and to an old query-form one", () => {
    expect(withRefreshToken("/img/320x240/images/a.webp", 3)).toBe("/img/320x240/images/a.webp?refresh=3");
    expect(withRefreshToken("/img?src=/images/a.webp&w=320", 3)).toBe("/img?src=/images/a.webp&w=320&refresh=3");
    expect(withRefreshToken("/img/320/images/a.webp", undefined)).toBe("/img/320/images/a.webp");
    expect(parseResizeUrl(new URL(withRefreshToken("/img/320x240/images/a.webp", 3), "http://site.test"))).toEqual(
      parseResizeUrl(new URL("http://site.test/img/320x240/images/a.webp")),
    );
  });
});

describe("fixedSizesMaxWidth and usefulWidths", () => {
  it("reads the widest fixed length, and nothing when an entry depends on the viewport", () => {
    expect(fixedSizesMaxWidth("(min-width: 640px) 128px, 96px")).toBe(128);
    expect(fixedSizesMaxWidth("48px")).toBe(48);
    expect(fixedSizesMaxWidth("(min-width: 1024px) 22vw, 128px")).toBeUndefined();
    expect(fixedSizesMaxWidth("calc(100vw - 32px)")).toBeUndefined();
    expect(fixedSizesMaxWidth("(min-width: 1400px) 432px, (min-width: 768px) 31vw, 100vw")).toBeUndefined();
    expect(fixedSizesMaxWidth("")).toBeUndefined();
  });

  it("keeps every width up to the first that covers 3x, or all of them", () => {
    expect(usefulWidths([160, 240, 320, 480], "48px")).toEqual([160]);
    expect(usefulWidths([160, 240, 320, 480], "100px")).toEqual([160, 240, 320]);
    expect(usefulWidths([160, 240, 320], "400px")).toEqual([160, 240, 320]);
    expect(usefulWidths([160, 240, 320], "50vw")).toEqual([160, 240, 320]);
  });
});
