import { PRODUCT_IMAGES_BUCKET } from "~/lib/images/image-source";

/**
 * Names of files in the product-images bucket. A CSV refers to an uploaded picture by its bare
 * file name ('aurora-side.jpg'), so the stored name is the uploaded name, made safe: one path
 * segment of letters, digits, '.', '-' and '_', ending in the extension of what the file really
 * is. The storage route serves only names of this shape, so '../', '%2F' and NUL never reach
 * the disk.
 */

export const IMAGE_TYPES = {
  jpeg: { extension: "jpg", contentType: "image/jpeg" },
  png: { extension: "png", contentType: "image/png" },
  webp: { extension: "webp", contentType: "image/webp" },
  avif: { extension: "avif", contentType: "image/avif" },
  gif: { extension: "gif", contentType: "image/gif" },
} as const;

export type ImageFormat = keyof typeof IMAGE_TYPES;

const CONTENT_TYPE_BY_EXTENSION: Record<string, string> = {
  ...Object.fromEntries(Object.values(IMAGE_TYPES).map(({ extension, contentType }) => [extension, contentType])),
  // A JPEG uploaded as '.jpeg' keeps that spelling (storedImageName).
  jpeg: IMAGE_TYPES.jpeg.contentType,
};

const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}\.(jpg|jpeg|png|webp|avif|gif)$/i;

export function isSafeStoredName(name: string): boolean {
  return SAFE_NAME.test(name) && !name.includes("..");
}

/** A file the site names itself (an uploaded feed, an import's CSV): one plain path segment. */
const SAFE_OWN_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,150}$/;

/** The names a bucket keeps: pictures by their safe uploaded names, everything else by the site's own. */
export function isSafeNameIn(bucket: string, name: string): boolean {
  if (bucket === PRODUCT_IMAGES_BUCKET) return isSafeStoredName(name);
  return SAFE_OWN_NAME.test(name) && !name.includes("..");
}

/** image/jpeg for 'a.JPG'; null for anything we do not serve. */
export function contentTypeFor(name: string): string | null {
  if (!isSafeStoredName(name)) return null;
  const extension = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPE_BY_EXTENSION[extension] ?? null;
}

/**
 * 'Aurora Side (1).JPG' that is really a JPEG → 'Aurora-Side-1.JPG'; 'photo.png' that is
 * really a JPEG → 'photo.jpg'. Directory parts are dropped; nothing is lower-cased, so the
 * name the admin sees is the name a CSV uses.
 */
export function storedImageName(originalName: string, format: ImageFormat): string {
  const base = originalName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/\.{2,}/g, ".")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 120);
  const givenExtension = dot > 0 ? base.slice(dot + 1) : "";
  const matches = givenExtension !== "" && CONTENT_TYPE_BY_EXTENSION[givenExtension.toLowerCase()] === IMAGE_TYPES[format].contentType;
  const extension = matches ? givenExtension : IMAGE_TYPES[format].extension;
  return `${stem === "" ? "image" : stem}.${extension}`;
}

const ARTICLE_IMAGE_PREFIX = "article-";

/**
 * The names an editor's picture may take, in order: 'hero.jpg' → 'article-hero.jpg',
 * 'article-hero-2.jpg', … and, past those, random ones. The prefix keeps the pictures of the
 * article screens (heroes, author photos) apart from the names product pictures go by.
 */
export function* articleImageNames(storedName: string, numbered = 20): Generator<string> {
  const dot = storedName.lastIndexOf(".");
  const stem = storedName.slice(0, dot);
  const extension = storedName.slice(dot);
  const base = stem.startsWith(ARTICLE_IMAGE_PREFIX) ? stem : `${ARTICLE_IMAGE_PREFIX}${stem}`;
  yield `${base}${extension}`;
  for (let n = 2; n <= numbered; n++) yield `${base}-${n}${extension}`;
  for (;;) yield `${base}-${Math.random().toString(36).slice(2, 10).padEnd(8, "0")}${extension}`;
}
