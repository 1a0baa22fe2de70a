import { describe, expect, it } from "vitest";
import { IMAGE_RENDITIONS, type ImageRenditionName, renditionRefusal } from "./image-renditions";
import {
  fixedSizesMaxWidth,
  ownImagePath,
  renditionSrcSet,
  renditionUrl,
  resizedImageUrl,
  responsiveImage,
  usefulWidths,
} from "./image-url";

describe("resizedImageUrl", () => {
  it("sends the site's own pictures through /img with the spec's hero numbers", () => {
    expect(resizedImageUrl("/images/collections/barrel-saunas.webp", { width: 1600, height: 600, quality: 85, fit: "cover" })).toBe(
      "/img?src=/images/collections/barrel-saunas.webp&w=1600&h=600&q=85",
    );
  });

  it("accepts absolute URLs on the site's own origin, and uploads in the bucket", () => {
    expect(ownImagePath("https://saunas.example/images/a.webp", "https://saunas.example")).toBe("/images/a.webp");
    expect(ownImagePath("/storage/product-images/my%20photo.jpg")).toBe("/storage/product-images/my%20photo.jpg");
  });

  it("keeps slashes readable, escapes what would break the query, and names fit only when it is not the default", () => {
    const url = resizedImageUrl("/storage/product-images/a&b #1+%.jpg", { width: 640, height: 480, fit: "cover" });
    expect(url).toBe("/img?src=/storage/product-images/a%26b%20%231%2B%25.jpg&w=640&h=480");
    expect(new URL(url, "http://site.test").searchParams.get("src")).toBe("/storage/product-images/a&b #1+%.jpg");
    expect(resizedImageUrl("/images/a.webp", { width: 640, height: 480, fit: "inside" })).toBe(
      "/img?src=/images/a.webp&w=640&h=480&fit=inside",
    );
    expect(resizedImageUrl("/images/a.webp", { width: 640, fit: "inside" })).toBe("/img?src=/images/a.webp&w=640");
  });

  it("leaves other hosts, protocol-relative URLs and other site paths alone", () => {
    expect(resizedImageUrl("https://cdn.other.example/a.jpg", { width: 400 })).toBe("https://cdn.other.example/a.jpg");
    expect(resizedImageUrl("//cdn.other.example/a.jpg", { width: 400 })).toBe("//cdn.other.example/a.jpg");
    expect(resizedImageUrl("/favicon.svg", { width: 400 })).toBe("/favicon.svg");
    expect(ownImagePath("https://evil.example/images/a.webp", "https://saunas.example")).toBeNull();
  });
});

/** The query of a srcset candidate or URL as the route will read it. */
function query(url: string) {
  const search = new URL(url, "http://site.test").searchParams;
  const height = search.get("h");
  return {
    width: Number(search.get("w")),
    height: height === null ? undefined : Number(height),
    quality: Number(search.get("q") ?? 80),
    fit: (search.get("fit") ?? (height === null ? "inside" : "cover")) as "cover" | "inside",
  };
}

describe("renditionUrl and renditionSrcSet", () => {
  it("crop to the rendition's aspect at each of its widths, naming the quality only when it is not the default", () => {
    expect(renditionSrcSet("/images/a.webp", "collectionCard")).toBe(
      [
        "/img?src=/images/a.webp&w=160&h=90 160w",
        "/img?src=/images/a.webp&w=240&h=135 240w",
        "/img?src=/images/a.webp&w=320&h=180 320w",
      ].join(", "),
    );
    expect(renditionUrl("/images/collections/barrel-saunas.webp", "collectionHero", 1600)).toBe(
      "/img?src=/images/collections/barrel-saunas.webp&w=1600&h=600&q=85",
    );
    expect(renditionUrl("/images/a.webp", "galleryMain", 640)).toBe("/img?src=/images/a.webp&w=640");
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
    for (const url of candidates) expect(renditionRefusal(query(url)), url).toBeNull();
  });
});

describe("responsiveImage", () => {
  it("gives src (the largest width), srcSet and sizes for an <img>", () => {
    const image = responsiveImage("/images/a.webp", "productCard", "(min-width: 768px) 31vw, calc(100vw - 2rem)");
    expect(image.src).toBe("/img?src=/images/a.webp&w=800&h=600");
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
    expect(thumbnail.src).toBe("/img?src=/images/a.webp&w=240&h=180");
    const row = responsiveImage("/images/a.webp", "productCard", "(min-width: 640px) 128px, 96px");
    expect(row.srcSet?.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(["160w", "240w", "320w", "480w"]);
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
