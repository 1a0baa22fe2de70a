import { describe, expect, it } from "vitest";
import {
  ALLOWED_IMAGE_QUALITIES,
  ALLOWED_IMAGE_WIDTHS,
  DEFAULT_IMAGE_QUALITY,
  IMAGE_RENDITIONS,
  renditionHeight,
  renditionRefusal,
} from "./image-renditions";

describe("the image size allowlist", () => {
  it("lists every width and quality of every rendition, and nothing else", () => {
    expect(ALLOWED_IMAGE_WIDTHS).toEqual([96, 160, 240, 320, 480, 640, 720, 800, 960, 1200, 1280, 1600]);
    expect(ALLOWED_IMAGE_QUALITIES).toEqual([80, 85]);
    expect(ALLOWED_IMAGE_QUALITIES).toContain(DEFAULT_IMAGE_QUALITY);
  });

  it("keeps the collection hero's 1600x600 crop at quality 85", () => {
    expect(IMAGE_RENDITIONS.collectionHero.quality).toBe(85);
    expect(renditionHeight(IMAGE_RENDITIONS.collectionHero, 1600)).toBe(600);
    expect(renditionRefusal({ width: 1600, height: 600, quality: 85, fit: "cover" })).toBeNull();
  });

  it("gives every cover crop a whole-pixel height at each of its widths", () => {
    for (const rendition of Object.values(IMAGE_RENDITIONS)) {
      if (!("aspect" in rendition)) continue;
      for (const width of rendition.widths) {
        expect((width * rendition.aspect.height) % rendition.aspect.width, `${width} of ${JSON.stringify(rendition.aspect)}`).toBe(0);
      }
    }
  });

  it("accepts the sizes the pages use", () => {
    expect(renditionRefusal({ width: 480, height: 360, quality: 80, fit: "cover" })).toBeNull();
    expect(renditionRefusal({ width: 640, height: 400, quality: 80, fit: "cover" })).toBeNull();
    expect(renditionRefusal({ width: 1280, height: undefined, quality: 80, fit: "inside" })).toBeNull();
    expect(renditionRefusal({ width: 1200, height: 630, quality: 80, fit: "cover" })).toBeNull();
  });

  it("refuses an unlisted width or quality, naming it and what is allowed", () => {
    expect(renditionRefusal({ width: 500, height: undefined, quality: 80, fit: "inside" })).toBe(
      "w=500 is not a width this site serves (96, 160, 240, 320, 480, 640, 720, 800, 960, 1200, 1280, 1600)",
    );
    expect(renditionRefusal({ width: 640, height: 480, quality: 90, fit: "cover" })).toBe(
      "q=90 is not a quality this site serves (80, 85)",
    );
  });

  it("refuses listed widths and qualities in combinations no page uses", () => {
    // 4:3 at a width only the collection hero has.
    expect(renditionRefusal({ width: 1600, height: 1200, quality: 80, fit: "cover" })).toMatch(/is not a size this site serves/);
    // The hero crop at the wrong quality.
    expect(renditionRefusal({ width: 1600, height: 600, quality: 80, fit: "cover" })).not.toBeNull();
    // A crop box fitted inside instead of covered.
    expect(renditionRefusal({ width: 640, height: 480, quality: 80, fit: "inside" })).not.toBeNull();
    // An arbitrary height.
    expect(renditionRefusal({ width: 640, height: 481, quality: 80, fit: "cover" })).not.toBeNull();
    // A width of one rendition with the aspect of another that lacks it.
    expect(renditionRefusal({ width: 96, height: 72, quality: 80, fit: "cover" })).not.toBeNull();
  });
});
