import sharp from "sharp";
import { describeBytes, describePixels, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "~/lib/admin/upload-limits";
import { articleImageNames, storedImageName, type ImageFormat } from "./file-names";
import type { Storage } from "./storage.server";

/**
 * Uploading pictures from the admin. Only real images are kept: every file is decoded
 * with sharp (a renamed HTML page, a truncated JPEG or an SVG with script in it is refused), and
 * held to the picture limits of lib/admin/upload-limits.ts (a decompression bomb is refused before it
 * is decoded).
 */

/** sharp's metadata type (its `export =` namespace is not reachable through a default import here). */
type Metadata = Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;

export type ImageCheck = { ok: true; format: ImageFormat; width: number; height: number } | { ok: false; reason: string };

export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  if (bytes.byteLength === 0) return { ok: false, reason: "is empty" };
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { ok: false, reason: `is larger than ${describeBytes(MAX_IMAGE_BYTES)}` };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "is not an image" };
  }
  const format = imageFormatOf(metadata);
  if (!format) return { ok: false, reason: "is not a JPEG, PNG, WebP, AVIF or GIF image" };
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  const pixels = width * height * Math.max(1, metadata.pages ?? 1);
  if (!(width > 0 && height > 0)) return { ok: false, reason: "is not an image" };
  if (pixels > MAX_IMAGE_PIXELS)
    return { ok: false, reason: `is ${width} x ${height} pixels; the limit is ${describePixels(MAX_IMAGE_PIXELS)}` };
  try {
    // Decode every pixel: a damaged or truncated file fails here instead of on the site.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: true }).stats();
  } catch {
    return { ok: false, reason: "is damaged or incomplete" };
  }
  return { ok: true, format, width, height };
}

function imageFormatOf(metadata: Metadata): ImageFormat | null {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
    case "gif":
      return metadata.format;
    case "heif":
      // sharp reports AVIF as HEIF with AV1 compression; HEIC (HEVC) browsers cannot show.
      return metadata.compression === "av1" ? "avif" : null;
    default:
      return null;
  }
}

export type UploadResult =
  { file: string; ok: true; storedAs: string; width: number; height: number } | { file: string; ok: false; reason: string };

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

/** Product pictures, under their own names: uploading a name again replaces that picture. */
export function storeProductImages(storage: Storage, files: readonly UploadedFile[]): Promise<UploadResult[]> {
  return storeImages(files, async (name, bytes) => {
    await storage.put(name, bytes);
    return name;
  });
}

/** Tries before an upload gives up finding a free name (the last ones random: in practice the first free one wins). */
const ARTICLE_NAME_TRIES = 30;

/**
 * Pictures from the article screens, open to editors: under names of their own (file-names.ts
 * articleImageNames) and never over an existing file, so an editor can neither replace a product
 * picture nor another article's; a taken name gets the next free one.
 */
export function storeArticleImages(storage: Storage, files: readonly UploadedFile[]): Promise<UploadResult[]> {
  return storeImages(files, async (name, bytes) => {
    const names = articleImageNames(name);
    for (let tries = 0; tries < ARTICLE_NAME_TRIES; tries++) {
      const candidate = names.next().value!;
      if (await storage.putNew(candidate, bytes)) return candidate;
    }
    throw new Error(`no free name for ${name} after ${ARTICLE_NAME_TRIES} tries`);
  });
}

/** Checks and stores each file on its own: one bad file does not stop the others. */
async function storeImages(
  files: readonly UploadedFile[],
  store: (name: string, bytes: Uint8Array) => Promise<string>,
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const file of files) {
    const check = await checkImage(file.bytes);
    if (!check.ok) {
      results.push({ file: file.name, ok: false, reason: check.reason });
      continue;
    }
    const storedAs = await store(storedImageName(file.name, check.format), file.bytes);
    results.push({ file: file.name, ok: true, storedAs, width: check.width, height: check.height });
  }
  return results;
}
