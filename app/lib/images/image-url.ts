/**
 * URLs of the site's image route (/img), which resizes and re-encodes pictures the site itself
 * serves (shipped artwork under /images/, uploads under /storage/product-images/). Anything
 * else (an absolute URL on another host) is returned unchanged: the route never fetches from
 * third parties.
 */

import { DEFAULT_IMAGE_QUALITY, IMAGE_RENDITIONS, renditionHeight, type ImageRendition, type ImageRenditionName } from "./image-renditions";

export interface ResizeOptions {
  width: number;
  height?: number;
  /** The route's default is 80; it serves only the qualities in image-renditions.ts. */
  quality?: number;
  /** cover: crop to exactly width x height; inside: fit within, keeping the aspect ratio. */
  fit?: "cover" | "inside";
}

/** The route's query form answers at exactly this path; the path form below it. */
export const IMAGE_ROUTE = "/img";
export const IMAGE_PATH_PREFIX = `${IMAGE_ROUTE}/`;

const RESIZABLE_PREFIXES = ["/images/", "/storage/product-images/"];

/** The site path of `src` if the site serves it itself, else null. */
export function ownImagePath(src: string, origin = ""): string | null {
  let path = src.trim();
  if (origin && path.startsWith(origin + "/")) path = path.slice(origin.length);
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  return RESIZABLE_PREFIXES.some((prefix) => path.startsWith(prefix)) ? path : null;
}

/**
 * The /img URL of one size of `src`, in the route's path form (docs/decisions/0045):
 *
 *   /img/<width>[x<height>][q<quality>][-cover|-inside]<site path>
 *   /img/320x240/images/a.webp          320x240, cover crop (the default with a height), quality 80
 *   /img/640/images/a.webp              640 wide, fit inside (the default without a height)
 *   /img/1600x600q85/images/a.webp      quality named only when given
 *   /img/640x480-inside/images/a.webp   fit named only when it is not the default for the shape
 *
 * These URLs fill most of a page's HTML (a srcset repeats one per width, on every card), and in
 * the path form no parameter costs a `&amp;`. The site path is encoded as a query value would be
 * but keeps its slashes, so the route reads it exactly as it reads the query form's src (which it
 * still serves: /img?src=/images/a.webp&w=320&h=240).
 */
export function resizedImageUrl(src: string, options: ResizeOptions, origin = ""): string {
  const path = ownImagePath(src, origin);
  if (!path) return src;
  let size = String(Math.round(options.width));
  if (options.height) size += `x${Math.round(options.height)}`;
  if (options.quality) size += `q${options.quality}`;
  if (options.fit && options.fit !== (options.height ? "cover" : "inside")) size += `-${options.fit}`;
  return `${IMAGE_PATH_PREFIX}${size}${encodeURIComponent(path).replaceAll("%2F", "/")}`;
}

/** The URL of `src` at one width of a rendition (which must be one of its widths to be served). */
export function renditionUrl(src: string, name: ImageRenditionName, width: number, origin = ""): string {
  const rendition: ImageRendition = IMAGE_RENDITIONS[name];
  const height = renditionHeight(rendition, width);
  return resizedImageUrl(
    src,
    {
      width,
      height,
      // The route's default quality is left out so every URL of a size is spelled one way.
      quality: rendition.quality === DEFAULT_IMAGE_QUALITY ? undefined : rendition.quality,
      // Always the route's default for the shape, so resizedImageUrl leaves it out of the URL.
      fit: height === undefined ? "inside" : "cover",
    },
    origin,
  );
}

/**
 * The srcset of `src` at the given widths of a rendition (all of them by default), or undefined
 * for a picture the route does not resize.
 */
export function renditionSrcSet(
  src: string,
  name: ImageRenditionName,
  origin = "",
  widths: readonly number[] = IMAGE_RENDITIONS[name].widths,
): string | undefined {
  if (!ownImagePath(src, origin)) return undefined;
  return widths.map((width) => `${renditionUrl(src, name, width, origin)} ${width}w`).join(", ");
}

/** The densest screens we serve sharp pictures to; a browser never needs more pixels than this. */
export const MAX_DEVICE_PIXEL_RATIO = 3;

/**
 * The widest a picture is ever drawn, in CSS pixels, when every entry of its `sizes` is a fixed
 * length in px (`(min-width: 640px) 128px, 96px` → 128); undefined when any entry depends on the
 * viewport (vw, calc(), rem…), since then no width is out of reach.
 */
export function fixedSizesMaxWidth(sizes: string): number | undefined {
  let widest = 0;
  for (const entry of sizes.split(",")) {
    const length = /(?:^|\s|\))\s*(\d+(?:\.\d+)?)px\s*$/.exec(entry.trim());
    if (!length) return undefined;
    widest = Math.max(widest, Number(length[1]));
  }
  return widest > 0 ? widest : undefined;
}

/**
 * The widths of a rendition a browser can pick for `sizes`: a picture drawn at most 80 px wide
 * needs 240 px on a 3x screen, so the 320–800 px candidates would only lengthen the HTML (each
 * is a URL of about 60 characters, repeated on every card).
 */
export function usefulWidths(widths: readonly number[], sizes: string): readonly number[] {
  const widest = fixedSizesMaxWidth(sizes);
  if (widest === undefined) return widths;
  const needed = widest * MAX_DEVICE_PIXEL_RATIO;
  const firstEnough = widths.findIndex((width) => width >= needed);
  return firstEnough === -1 ? widths : widths.slice(0, firstEnough + 1);
}

/** The attributes of an <img> that shows `src` as a rendition: src, srcSet and sizes. */
export interface ResponsiveImageAttributes {
  src: string;
  srcSet: string | undefined;
  sizes: string | undefined;
}

/**
 * src (the largest width offered, for browsers without srcset), srcSet and sizes for one picture.
 * `sizes` must say how wide the picture is drawn at each breakpoint, so the browser picks the
 * smallest file that is still sharp; when it is fixed in px, widths no screen needs are left out.
 * A picture on another host is used as it is.
 */
export function responsiveImage(src: string, name: ImageRenditionName, sizes: string): ResponsiveImageAttributes {
  const widths = usefulWidths(IMAGE_RENDITIONS[name].widths, sizes);
  const srcSet = renditionSrcSet(src, name, "", widths);
  return { src: renditionUrl(src, name, widths[widths.length - 1]!), srcSet, sizes: srcSet ? sizes : undefined };
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
