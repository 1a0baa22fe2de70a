/**
 * Image source resolution. Every placeholder and fallback is an image shipped with the site; no
 * page depends on a third-party host.
 *
 * `origin` is the site's public origin (BASE_URL, e.g. 'https://saunas.example'). Pass '' to get
 * site-relative paths ('/images/…', '/storage/…') instead of absolute URLs.
 */

export type FallbackKind = "barrel" | "infrared" | "electric" | "outdoor" | "traditional" | "eco-friendly" | "generic";

export const PRODUCT_IMAGES_BUCKET = "product-images";
export const PLACEHOLDER_COUNT = 4;
export const GENERIC_PLACEHOLDER = "/images/placeholders/generic.webp";
export const FALLBACK_DIR = "/images/fallbacks/";
export const PLACEHOLDER_DIR = "/images/placeholders/";

/** Height above this many widths gets the vertical gallery layout. */
export const TALL_IMAGE_RATIO = 1.5;

export function fallbackImagePath(kind: FallbackKind): string {
  return `${FALLBACK_DIR}${kind}.webp`;
}

/**
 * The fallback family for a category text, checked in this order: barrel or wood → barrel;
 * infrared; electric; outdoor; traditional (or finnish); eco (at a word start) → eco-friendly;
 * anything else, or nothing → generic.
 */
export function fallbackKindForCategory(category: string | null | undefined): FallbackKind {
  const text = (category ?? "").toLowerCase();
  if (text.includes("barrel") || text.includes("wood")) return "barrel";
  if (text.includes("infrared")) return "infrared";
  if (text.includes("electric")) return "electric";
  if (text.includes("outdoor")) return "outdoor";
  if (text.includes("traditional") || text.includes("finnish")) return "traditional";
  if (/(?<!\p{L})eco/u.test(text)) return "eco-friendly";
  return "generic";
}

/** The category fallback as a site path: '/images/fallbacks/barrel.webp'. */
export function categoryFallbackImage(category: string | null | undefined): string {
  return fallbackImagePath(fallbackKindForCategory(category));
}

/** Missing, 'null', 'undefined' or blank: the value names no image. */
export function isMissingImageValue(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return true;
  const text = value.trim().toLowerCase();
  return text === "" || text === "null" || text === "undefined";
}

function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

/** The public URL of a file in the product-images bucket. The name is one path segment. */
export function bucketImageUrl(fileName: string, origin: string): string {
  return `${trimOrigin(origin)}/storage/${PRODUCT_IMAGES_BUCKET}/${encodeURIComponent(fileName)}`;
}

export interface ImageSourceOptions {
  origin: string;
  /** Category text used to choose the fallback when the value names no image. */
  category?: string | null;
}

/**
 * - missing / 'null' / 'undefined' / blank → the category fallback (made absolute like any '/' path);
 * - '//host/…', 'http://…', 'https://…' → kept as given;
 * - '/path' → `${origin}/path`;
 * - anything else is a file name in the product-images bucket → its public URL. That includes
 *   values such as 'javascript:…' or 'data:…', which are thereby percent-encoded into a harmless
 *   file name rather than used as a URL (a stored picture is never an unsafe link).
 */
export function resolveImageSource(value: string | null | undefined, { origin, category }: ImageSourceOptions): string {
  if (isMissingImageValue(value)) return `${trimOrigin(origin)}${categoryFallbackImage(category)}`;
  const text = (value as string).trim();
  if (text.startsWith("//") || /^https?:\/\//i.test(text)) return text;
  if (text.startsWith("/")) return `${trimOrigin(origin)}${text}`;
  return bucketImageUrl(text, origin);
}

/**
 * The gallery's pictures: every usable entry resolved, duplicates dropped, in order. An empty list,
 * or one holding only missing values, gives the category fallback alone.
 */
export function galleryImages(images: readonly string[], category: string | null | undefined, origin: string): string[] {
  const resolved = images.filter((value) => !isMissingImageValue(value)).map((value) => resolveImageSource(value, { origin, category }));
  const unique = [...new Set(resolved)];
  return unique.length > 0 ? unique : [resolveImageSource(null, { origin, category })];
}

/**
 * The main picture: the first usable entry of the list, else the category fallback; the same as
 * galleryImages(…)[0] without resolving the whole gallery for every card.
 */
export function mainImage(images: readonly string[], category: string | null | undefined, origin: string): string {
  const first = images.find((value) => !isMissingImageValue(value));
  return resolveImageSource(first, { origin, category });
}

/** A stable number 1..4 for a product, so the same product always shows the same placeholder. */
export function placeholderNumber(productId: number | string): number {
  if (typeof productId === "number" && Number.isFinite(productId)) {
    return (((Math.trunc(productId) % PLACEHOLDER_COUNT) + PLACEHOLDER_COUNT) % PLACEHOLDER_COUNT) + 1;
  }
  let hash = 0;
  for (const ch of String(productId)) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return (hash % PLACEHOLDER_COUNT) + 1;
}

/** What to try after a load error: the product's numbered placeholder, then the generic stand-in. */
export function placeholderChain(productId: number | string): string[] {
  return [`${PLACEHOLDER_DIR}sauna-${placeholderNumber(productId)}.webp`, GENERIC_PLACEHOLDER];
}

/** An absolute or protocol-relative URL parsed, or null when it does not parse. */
function parseUrl(text: string): URL | null {
  try {
    return new URL(text.startsWith("//") ? `https:${text}` : text);
  } catch {
    return null;
  }
}

/** The path part of a URL or site path, without query or fragment; the value itself if unparsable. */
function pathOf(url: string): string {
  const text = url.trim();
  if (text.startsWith("/") && !text.startsWith("//")) return text.split(/[?#]/)[0] as string;
  return parseUrl(text)?.pathname ?? text;
}

/**
 * The image to show after `failedSrc` failed to load: the numbered placeholder for any image
 * outside the chain, then the generic one; null when the generic one failed too (stop, no loop).
 * `failedSrc` may be absolute (a browser's currentSrc) or a site path.
 */
export function nextImageAfterError(failedSrc: string, productId: number | string): string | null {
  const [numbered, generic] = placeholderChain(productId) as [string, string];
  const failedPath = pathOf(failedSrc);
  if (failedPath === generic) return null;
  if (failedPath.startsWith(PLACEHOLDER_DIR)) return generic;
  return numbered;
}

/** Taller than 1.5 times its width (exactly 1.5 is not tall). Unknown sizes are not tall. */
export function isTallImage(width: number, height: number): boolean {
  if (!(width > 0) || !(height > 0) || !Number.isFinite(width) || !Number.isFinite(height)) return false;
  return height > TALL_IMAGE_RATIO * width;
}

/** Hosts that serve stock or placeholder pictures; a category card showing one is dropped. */
export const STOCK_PHOTO_HOSTS: readonly string[] = [
  "images.unsplash.com",
  "source.unsplash.com",
  "plus.unsplash.com",
  "unsplash.com",
  "images.pexels.com",
  "pexels.com",
  "cdn.pixabay.com",
  "pixabay.com",
  "placehold.co",
  "placehold.it",
  "placeholder.com",
  "via.placeholder.com",
  "dummyimage.com",
  "picsum.photos",
  "fastly.picsum.photos",
  "loremflickr.com",
];

function hostOf(url: string): string | null {
  const text = url.trim();
  if (!/^(https?:)?\/\//i.test(text)) return null;
  return parseUrl(text)?.hostname.toLowerCase() ?? null;
}

/**
 * True for an image that is not a real picture of its subject: missing, one of our placeholders
 * or category fallbacks (site path or absolute URL), a file whose name contains 'placeholder'
 * (e.g. '/placeholder.svg'), or a known stock-photo or placeholder host.
 */
export function isPlaceholderOrFallbackImage(url: string | null | undefined): boolean {
  if (isMissingImageValue(url)) return true;
  const text = (url as string).trim();
  const path = pathOf(text).toLowerCase();
  if (path.startsWith(PLACEHOLDER_DIR) || path.startsWith(FALLBACK_DIR)) return true;
  const fileName = path.split("/").pop() ?? "";
  if (fileName.includes("placeholder")) return true;
  const host = hostOf(text);
  return host !== null && STOCK_PHOTO_HOSTS.includes(host);
}
