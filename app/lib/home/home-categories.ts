import type { CollectionSummary } from "../collection/built-in-collections";
import { isPlaceholderOrFallbackImage } from "../images/image-source";

/**
 * Which collections appear as picture tiles: the home page's 'Browse by Category' carousel and the
 * reviews index. A tile needs a real picture of its own.
 */

export const FIRST_CATEGORY_SLUG = "traditional-finnish-saunas";
export const NO_CATEGORIES_TEXT = "No categories with custom images available at this time.";

type Tile = Pick<CollectionSummary, "slug" | "imageUrl">;

export function categoryHref(slug: string): string {
  return `/reviews/${slug}`;
}

function hasOwnPicture(collection: Tile): boolean {
  return !isPlaceholderOrFallbackImage(collection.imageUrl);
}

/**
 * The carousel: drops collections whose link contains 'electric-saunas' and those with a missing,
 * stock-photo or placeholder image; moves traditional-finnish-saunas to the front; the rest keep
 * their order.
 */
export function browseByCategoryCards<T extends Tile>(collections: readonly T[]): T[] {
  const shown = collections.filter((c) => !categoryHref(c.slug).includes("electric-saunas") && hasOwnPicture(c));
  const first = shown.filter((c) => c.slug === FIRST_CATEGORY_SLUG);
  const rest = shown.filter((c) => c.slug !== FIRST_CATEGORY_SLUG);
  return [...first, ...rest];
}

/** The reviews index tiles: hidden when the image is empty, a placeholder or a fallback; order kept. */
export function reviewsIndexTiles<T extends Tile>(collections: readonly T[]): T[] {
  return collections.filter(hasOwnPicture);
}
