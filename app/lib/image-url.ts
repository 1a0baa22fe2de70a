/**
 * URLs of the site's image route (/img), which resizes and re-encodes pictures the site itself
 * serves (shipped artwork under /images/, uploads under /storage/product-images/). Anything
 * else (an absolute URL on another host) is returned unchanged: the route never fetches from
 * third parties.
 */

export interface ResizeOptions {
  width: number;
  height?: number;
  /** 1–100; the route's default is 80. */
  quality?: number;
  /** cover: crop to exactly width x height; inside: fit within, keeping the aspect ratio. */
  fit?: "cover" | "inside";
}

export const IMAGE_ROUTE = "/img";

const RESIZABLE_PREFIXES = ["/images/", "/storage/product-images/"];

/** The site path of `src` if the site serves it itself, else null. */
export function ownImagePath(src: string, origin = ""): string | null {
  let path = src.trim();
  if (origin && path.startsWith(origin + "/")) path = path.slice(origin.length);
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return RESIZABLE_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path : null;
}

export function resizedImageUrl(src: string, options: ResizeOptions, origin = ""): string {
  const path = ownImagePath(src, origin);
  if (!path) return src;
  const params = new URLSearchParams({ src: path, w: String(Math.round(options.width)) });
  if (options.height) params.set("h", String(Math.round(options.height)));
  if (options.quality) params.set("q", String(options.quality));
  if (options.fit) params.set("fit", options.fit);
  return `${IMAGE_ROUTE}?${params}`;
}

/** A srcset of the same picture at several widths, keeping the height:width ratio when given. */
export function resizedSrcSet(src: string, widths: number[], options: Omit<ResizeOptions, "width"> & { aspect?: number }, origin = ""): string | undefined {
  if (!ownImagePath(src, origin)) return undefined;
  return widths
    .map((width) => {
      const height = options.aspect ? Math.round(width / options.aspect) : undefined;
      return `${resizedImageUrl(src, { ...options, width, height }, origin)} ${width}w`;
    })
    .join(", ");
}

/** Adds a cache-busting parameter so the browser asks again instead of reusing a failure. */
export function withRefreshToken(url: string, token: number | undefined): string {
  if (token === undefined) return url;
  return `${url}${url.includes("?") ? "&" : "?"}refresh=${token}`;
}

/** A site path made absolute; other URLs kept. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return pathOrUrl.startsWith("/") && !pathOrUrl.startsWith("//") ? `${origin.replace(/\/+$/, "")}${pathOrUrl}` : pathOrUrl;
}
