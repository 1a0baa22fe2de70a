/**
 * Every size the pages ask the image route (/img) for, in one place. The components build their
 * src/srcset from these renditions, and the route answers only what they can ask for: any other
 * width, quality or crop is refused, so a crawler or an attacker cannot fill the render cache or
 * the CPU with sizes no page shows (docs/decisions/0019-responsive-images.md).
 *
 * A rendition is one way a picture is shown: its crop (a cover crop to an aspect ratio, or the
 * picture's own shape), its quality, and the widths offered in its srcset. Widths come from one
 * ladder so that renditions share cache files where they can; 720 is there because a full-width
 * card on a 360–412 px phone at 1.75–2x needs 630–720 px, and 800 would waste a third of the bytes.
 */

export type ImageFit = "cover" | "inside";

export interface ImageRendition {
  /** width / height of a cover crop; undefined keeps the picture's own shape ('inside'). */
  aspect?: { width: number; height: number };
  quality: number;
  /** Ascending; the largest is the plain `src` (the browser's choice without srcset). */
  widths: readonly number[];
}

/** The default quality of the route when a URL names none. */
export const DEFAULT_IMAGE_QUALITY = 80;

export const IMAGE_RENDITIONS = {
  /** Home hero and article hero: full-width landscape artwork (1600x900 sources). */
  landscape: { quality: 80, widths: [480, 640, 720, 800, 960, 1280, 1600] },
  /** Article cards and related-article links: the same artwork, small. */
  landscapeCard: { quality: 80, widths: [160, 240, 320, 480, 640, 800] },
  /** Collection hero: always a 1600x600 cover crop at quality 85. */
  collectionHero: { aspect: { width: 1600, height: 600 }, quality: 85, widths: [480, 640, 800, 960, 1280, 1600] },
  /** Product photos on cards, lists and collection pages: 4:3 cover crops. */
  productCard: { aspect: { width: 4, height: 3 }, quality: 80, widths: [160, 240, 320, 480, 640, 720, 800] },
  /**
   * Category cards: 16:10 cover crops. Four widths, not six: the home carousel repeats the srcset
   * on 16 cards, and 320 / 640 / 720 / 960 still give every common screen a width within about 15 %
   * of what it draws (a 390 px phone at 3x takes 960, at 2x 720; a 1280 px laptop at 2x takes 640).
   */
  categoryCard: { aspect: { width: 16, height: 10 }, quality: 80, widths: [320, 640, 720, 960] },
  /** 'As Seen In' collection cards on a product page: 16:9 cover crops. */
  collectionCard: { aspect: { width: 16, height: 9 }, quality: 80, widths: [160, 240, 320] },
  /** The product gallery's main picture: its own shape, never cropped. */
  galleryMain: { quality: 80, widths: [480, 640, 800, 960, 1280, 1600] },
  /** Gallery thumbnails: their own shape (the gallery reads it to spot tall pictures). */
  galleryThumb: { quality: 80, widths: [160, 320] },
  /** Author photos: square crops shown at 48 px. */
  avatar: { aspect: { width: 1, height: 1 }, quality: 80, widths: [96, 160] },
  /** og:image / twitter:image: one 1200x630 crop for link previews. */
  social: { aspect: { width: 1200, height: 630 }, quality: 80, widths: [1200] },
} as const satisfies Record<string, ImageRendition>;

export type ImageRenditionName = keyof typeof IMAGE_RENDITIONS;

/** The height of a cover crop `width` wide, or undefined for the picture's own shape. */
export function renditionHeight(rendition: ImageRendition, width: number): number | undefined {
  return rendition.aspect ? Math.round((width * rendition.aspect.height) / rendition.aspect.width) : undefined;
}

export interface RenditionRequest {
  width: number;
  height: number | undefined;
  quality: number;
  fit: ImageFit;
}

function requestKey({ width, height, quality, fit }: RenditionRequest): string {
  return `${width}x${height ?? ""}q${quality}${fit}`;
}

const renditions: readonly ImageRendition[] = Object.values(IMAGE_RENDITIONS);

// The tables below serve only the image route's checks. Built in functions marked free of side
// effects, they are left out of the browser bundle, which never reads them.

/* @__NO_SIDE_EFFECTS__ */
function distinctAscending(valuesOf: (rendition: ImageRendition) => readonly number[]): readonly number[] {
  return [...new Set(renditions.flatMap(valuesOf))].sort((a, b) => a - b);
}

/* @__NO_SIDE_EFFECTS__ */
function requestKeys(): ReadonlySet<string> {
  return new Set(
    renditions.flatMap((rendition) =>
      rendition.widths.map((width) => {
        const height = renditionHeight(rendition, width);
        return requestKey({ width, height, quality: rendition.quality, fit: height === undefined ? "inside" : "cover" });
      }),
    ),
  );
}

/** Every width the route serves, ascending. */
export const ALLOWED_IMAGE_WIDTHS = distinctAscending((rendition) => rendition.widths);
/** Every quality the route serves, ascending. */
export const ALLOWED_IMAGE_QUALITIES = distinctAscending((rendition) => [rendition.quality]);

const allowedRequests = requestKeys();

/**
 * Null when the pages use this size, else the reason in a short sentence for the 400 answer.
 * Width and quality are checked on their own first so the message names what is wrong.
 */
export function renditionRefusal(request: RenditionRequest): string | null {
  if (!ALLOWED_IMAGE_WIDTHS.includes(request.width)) {
    return `w=${request.width} is not a width this site serves (${ALLOWED_IMAGE_WIDTHS.join(", ")})`;
  }
  if (!ALLOWED_IMAGE_QUALITIES.includes(request.quality)) {
    return `q=${request.quality} is not a quality this site serves (${ALLOWED_IMAGE_QUALITIES.join(", ")})`;
  }
  if (!allowedRequests.has(requestKey(request))) {
    return `${request.width}x${request.height ?? "auto"} (${request.fit}, q=${request.quality}) is not a size this site serves`;
  }
  return null;
}
