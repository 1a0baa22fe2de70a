/**
 * How much the admin may send at once, written once. The server's checks (the request-body
 * limits, the CSV and image checks, the feed reader's default) and the screens' help text all
 * read these, so what a page promises is what the server takes.
 */

const MB = 1024 * 1024;

/** One CSV import: a 20,000-product catalog fits, and the request stays bounded. */
export const MAX_CSV_BYTES = 20 * MB;

/** One product picture as uploaded. */
export const MAX_IMAGE_BYTES = 10 * MB;

/** One product picture decoded: a decompression bomb is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Pictures in one upload. */
export const MAX_IMAGES_PER_UPLOAD = 20;

/** One upload of pictures as a whole: six of the largest, and the form around them. */
export const IMAGE_UPLOAD_LIMIT_BYTES = 6 * MAX_IMAGE_BYTES;

/**
 * A merchant feed after unpacking, unless the site sets FEED_MAX_MB: far above a large shop's
 * full catalogue, far below what would strain the server.
 */
export const FEED_MAX_BYTES = 200 * MB;

/** 209715200 → "200 MB", 1536 → "1.5 KB": sizes in the messages and the help text. */
export function describeBytes(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** 40000000 → "40 megapixels". */
export function describePixels(pixels: number): string {
  return `${Number((pixels / 1_000_000).toFixed(1))} megapixels`;
}

/** The refusal of a picture upload past IMAGE_UPLOAD_LIMIT_BYTES, in the admin's words. */
export const IMAGE_UPLOAD_TOO_LARGE = {
  title: "Upload too large",
  description: `Send at most ${describeBytes(IMAGE_UPLOAD_LIMIT_BYTES)} at a time (each image at most ${describeBytes(MAX_IMAGE_BYTES)}).`,
} as const;
