import { describe, expect, it } from "vitest";
import {
  describeBytes,
  describePixels,
  IMAGE_UPLOAD_LIMIT_BYTES,
  IMAGE_UPLOAD_TOO_LARGE,
  MAX_CSV_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from "./upload-limits";

describe("the upload limits, in words", () => {
  it("names sizes the way the pages and messages print them", () => {
    expect(describeBytes(MAX_CSV_BYTES)).toBe("20 MB");
    expect(describeBytes(MAX_IMAGE_BYTES)).toBe("10 MB");
    expect(describeBytes(IMAGE_UPLOAD_LIMIT_BYTES)).toBe("60 MB");
    expect(describeBytes(200 * 1024 * 1024)).toBe("200 MB");
    expect(describeBytes(1536)).toBe("1.5 KB");
    expect(describeBytes(8 * 1024)).toBe("8 KB");
    expect(describeBytes(512)).toBe("512 bytes");
    expect(describePixels(MAX_IMAGE_PIXELS)).toBe("40 megapixels");
  });

  it("says both picture limits when an upload is too large", () => {
    expect(IMAGE_UPLOAD_TOO_LARGE).toEqual({
      title: "Upload too large",
      description: "Send at most 60 MB at a time (each image at most 10 MB).",
    });
  });
});
