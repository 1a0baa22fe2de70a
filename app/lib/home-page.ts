import type { Collection, Product } from "./catalog";
import { bestByTypeCards, type BestByType, type BestType } from "./best-by-type";
import { BUILT_IN_SAMPLE_CARDS, type BuiltInSampleCard } from "./built-in-sample-cards";
import { buyLink, type BuyLink } from "./buy-link";
import { browseByCategoryCards, categoryHref } from "./home-categories";
import { resolveImageSource } from "./image-source";
import { categoryLabel, productTag, reviewCountNumber } from "./product-display";
import { toComparisonItem, toProductBasics, type ComparisonItem, type DisplayContext, type ProductCard } from "./product-view-models";
import { isRated } from "./ratings";

/**
 * Which products feed which home-page section, and how many, and the page's view model.
 * The database hands over the best-rated few (ADR 0017); these rules pick and shape them.
 */

/** What the home page shows, section by section; app/server/pages/home.server.ts builds it. */
export interface HomePageView {
  categories: CategoryCard[];
  bestPicks: BestPickCard[];
  topRated: TopRatedSection;
  /**
   * The comparison table's rows: a promise on a client navigation (streamed behind a skeleton),
   * already resolved on a document load; null when they could not be read.
   */
  comparison: ComparisonSection | null | Promise<ComparisonSection | null>;
}

/** The top-rated section lists the 4 best-rated saunas. */
export const TOP_RATED_COUNT = 4;

/**
 * The comparison table shows the 10 best-rated saunas, not the whole catalog: a table of every
 * product would be a second reviews index, and ten rows stay scannable on one screen. The rest
 * are one link away on /reviews, which lists them all.
 */
export const COMPARISON_ROW_LIMIT = 10;

/**
 * Best first: rated before unrated, higher rating first, then the better-reviewed product
 * (more reviews; unknown counts last), then by name. The same order as the catalog's top-rated
 * query, applied to the cached list.
 */
export function compareByTopRating(a: Product, b: Product): number {
  const ratedA = isRated(a.rating);
  const ratedB = isRated(b.rating);
  if (ratedA !== ratedB) return ratedA ? -1 : 1;
  if (ratedA && ratedB && a.rating !== b.rating) return (b.rating as number) - (a.rating as number);
  const reviewsA = reviewCountNumber(a);
  const reviewsB = reviewCountNumber(b);
  if (reviewsA !== reviewsB) {
    if (reviewsA === null) return 1;
    if (reviewsB === null) return -1;
    return reviewsB - reviewsA;
  }
  return a.name.localeCompare(b.name, "en");
}

/** The first `limit` products in top-rating order; the input is left as it was. */
export function topRatedProducts(products: readonly Product[], limit: number): Product[] {
  return [...products].sort(compareByTopRating).slice(0, Math.max(0, limit));
}

// Top-Rated Products

/** What a top-rated card shows. */
export type HomeProductCard = Pick<
  ProductCard,
  "id" | "slug" | "href" | "name" | "brand" | "type" | "rating" | "image" | "priceText" | "tag" | "reviewCount"
> & {
  /** Sample ratings are invented: the card says so with a 'Sample' badge. */
  isSample: boolean;
};

export function toHomeProductCard(product: Product, context: DisplayContext): HomeProductCard {
  return {
    ...toProductBasics(product, context),
    type: categoryLabel(product.categoryId),
    tag: productTag(product),
    reviewCount: reviewCountNumber(product),
    isSample: product.isSample,
  };
}

export type TopRatedSection =
  | { source: "catalog"; cards: HomeProductCard[] }
  /** The catalog is empty: the four built-in example cards stand in. */
  | { source: "built-in"; cards: readonly BuiltInSampleCard[] };

/**
 * The 4 best-rated products; with no products at all, the built-in sample cards. A catalog with
 * fewer than 4 products shows what it has (unrated ones after the rated, as 'Not yet rated').
 */
export function topRatedSection(products: readonly Product[], context: DisplayContext): TopRatedSection {
  if (products.length === 0) return { source: "built-in", cards: BUILT_IN_SAMPLE_CARDS };
  return {
    source: "catalog",
    cards: topRatedProducts(products, TOP_RATED_COUNT).map((product) => toHomeProductCard(product, context)),
  };
}

// Sauna Comparison

export type ComparisonRow = ComparisonItem & { isSample: boolean };

export interface ComparisonSection {
  rows: ComparisonRow[];
  /** How many products the catalog holds; more than rows.length means a 'see all' link. */
  totalProducts: number;
}

/**
 * `products` are the best-rated ones (at least `limit` of them when the catalog has that many);
 * `totalProducts` is the catalog's size, counted by the database, when `products` is not all of it.
 */
export function comparisonSection(
  products: readonly Product[],
  context: DisplayContext,
  limit = COMPARISON_ROW_LIMIT,
  totalProducts = products.length,
): ComparisonSection {
  return {
    rows: topRatedProducts(products, limit).map((product) => ({
      ...toComparisonItem(product, context),
      isSample: product.isSample,
    })),
    totalProducts,
  };
}

// Best Outdoor Saunas of 2025

export interface BestPickProduct {
  /** For 'Add to compare'. */
  slug: string;
  href: string;
  name: string;
  brand: string;
  image: string;
  rating: number | null;
  priceText: string;
  buyLink: BuyLink;
  isSample: boolean;
}

export interface BestPickCard {
  type: BestType;
  /** 'Traditional Finnish' */
  label: string;
  /** 'Best Traditional Finnish Sauna' */
  heading: string;
  /** The product's name, or 'No Traditional Finnish sauna found'. */
  title: string;
  /** The type's collection page. */
  collectionHref: string;
  /** The picture when no product qualifies: the type's category fallback. */
  fallbackImage: string;
  product: BestPickProduct | null;
}

/** The three cards (Traditional Finnish, Infrared, Barrel) from the picks of bestByType(). */
export function bestPickCards(picks: BestByType<Product>, context: DisplayContext): BestPickCard[] {
  return bestByTypeCards(picks).map(({ type, label, heading, title, collectionHref, product }) => ({
    type,
    label,
    heading,
    title,
    collectionHref,
    // Each BestType is also the category word that chooses its fallback picture.
    fallbackImage: resolveImageSource(null, { origin: context.origin, category: type }),
    product: product ? toBestPickProduct(product, context) : null,
  }));
}

function toBestPickProduct(product: Product, context: DisplayContext): BestPickProduct {
  const { slug, href, name, brand, image, rating, priceText } = toProductBasics(product, context);
  return {
    slug,
    href,
    name,
    brand,
    image,
    rating,
    priceText,
    buyLink: buyLink(product, { surveyFormUrl: context.surveyFormUrl, source: context.linkSource }),
    isSample: product.isSample,
  };
}

// Browse by Category

export interface CategoryCard {
  slug: string;
  href: string;
  name: string;
  description: string;
  image: string;
}

/** Collections shaped as picture cards; the caller chooses which (carousel or index tiles). */
export function toCategoryCard(collection: Collection, origin: string): CategoryCard {
  return {
    slug: collection.slug,
    href: categoryHref(collection.slug),
    name: collection.title,
    description: (collection.description ?? "").trim(),
    image: resolveImageSource(collection.imageUrl, { origin }),
  };
}

/** The carousel's cards: the collections browseByCategoryCards keeps, then shaped. */
export function categoryCarouselCards(collections: readonly Collection[], origin: string): CategoryCard[] {
  return browseByCategoryCards(collections).map((collection) => toCategoryCard(collection, origin));
}
