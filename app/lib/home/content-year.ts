import type { Product } from "../catalog/catalog";

/**
 * A year in a title is the content's own: the year of the newest change among the products the
 * title speaks for, never the calendar's or a year written into the code. With nothing to date
 * it, the title names no year. (Kept apart from home-page.ts so the page's components can word
 * their titles without downloading the page's rules.)
 */

export function contentYear(products: Iterable<Pick<Product, "updatedAt"> | null>): number | null {
  let newest: string | null = null;
  for (const product of products) if (product && (newest === null || product.updatedAt > newest)) newest = product.updatedAt;
  const year = newest === null ? NaN : new Date(newest).getUTCFullYear();
  return Number.isFinite(year) ? year : null;
}

/** 'Best Outdoor Saunas of 2026', or without a year when no pick dates it. */
export function bestPicksTitle(year: number | null): string {
  return year === null ? "Best Outdoor Saunas" : `Best Outdoor Saunas of ${year}`;
}

/** The home hero's line above its title: 'Outdoor sauna reviews for 2026', or without a year. */
export function heroKicker(year: number | null): string {
  return year === null ? "Outdoor sauna reviews" : `Outdoor sauna reviews for ${year}`;
}
