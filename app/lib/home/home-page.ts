import type { Collection, Product } from "../catalog/catalog";
import { bestByTypeCards, type BestByType, type BestType } from "./best-by-type";
import { contentYear } from "./content-year";
import { BUILT_IN_SAMPLE_CARDS, type BuiltInSampleCard } from "./built-in-sample-cards";
import type { BuyLink } from "../offers/buy-link";
import { browseByCategoryCards } from "./home-categories";
import { resolveImageSource } from "../images/image-source";
import { categoryLabel, keyFeatureList, productTag, reviewCountNumber } from "../catalog/product-display";
import { productBuyLink, toProductBasics, type DisplayContext, type ProductBasics, type ProductCard } from "../catalog/product-view-models";
import { isRated } from "../catalog/ratings";

/**
 * Which products feed which home-page section, and how many, and the page's view model.
 * The database hands over the best-rated few (ADR 0017); these rules pick and shape them.
 *
 * The view model is also the page's hydration data, in the HTML a second time, so it carries
 * only what the sections draw: a link that follows from a slug (productHref, categoryHref) is
 * built by the component, and the comparison sends the features its cells can show.
 */

/** What the home page shows, section by section; app/server/pages/home.server.ts builds it. */
export interface HomePageView {
  /** The years the page's titles may name (contentYear): null, and the title names none. */
  years: HomeYears;
  categories: CategoryCard[];
  bestPicks: BestPickCard[];
  topRated: TopRatedSection;
  /**
   * The comparison table's rows: a promise on a client navigation (streamed behind a skeleton),
   * already resolved on a document load; null when they could not be read.
   */
  comparison: ComparisonSection | null | Promise<ComparisonSection | null>;
}

// The years in the titles

export interface HomeYears {
  /** 'Outdoor sauna reviews for {year}': every sauna the page shows (the picks, the top cards and the comparison). */
  hero: number | null;
  /** 'Best Outdoor Saunas of {year}': the three picks. */
  bestPicks: number | null;
}

export function homeYears(picks: BestByType<Product>, top: readonly Product[]): HomeYears {
  const picked = [picks.traditional, picks.infrared, picks.barrel];
  return { hero: contentYear([...picked, ...top]), bestPicks: contentYear(picked) };
}

/** The top-rated section lists the 4 best-rated saunas. */
export const TOP_RATED_COUNT = 4;

/**
 * The comparison table shows the 6 best-rated saunas, not the whole catalog: a table of every
 * product would be a second reviews index, six rows (six cards on a phone) stay scannable, and
 * each row costs the page about 1.7 KB of HTML and 30 elements (docs/decisions/0048). The rest
 * are one link away on /reviews, which lists them all.
 */
export const COMPARISON_ROW_LIMIT = 6;

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

/** What a top-rated card shows; its link is productHref(card). */
export type HomeProductCard = Pick<
  ProductCard,
  "id" | "slug" | "name" | "brand" | "rating" | "image" | "priceText" | "priceAsOf" | "priceDrop" | "tag" | "reviewCount"
> & {
  /** Sample ratings are invented: the card says so with a 'Sample' badge. */
  isSample: boolean;
};

/** ProductBasics without the link a component builds from the slug (productHref). */
function basicsWithoutHref(product: Product, context: DisplayContext): Omit<ProductBasics, "href"> {
  const { href: _href, ...basics } = toProductBasics(product, context);
  return basics;
}

/** What a 'Check Price' link needs of the BuyLink: where, its rel, and whether there is anywhere to go. */
export type CheckPriceTarget = Pick<BuyLink, "href" | "rel" | "external">;

function checkPriceTarget(product: Product, context: DisplayContext): CheckPriceTarget {
  const { href, rel, external } = productBuyLink(product, context);
  return rel === undefined ? { href, external } : { href, rel, external };
}

export function toHomeProductCard(product: Product, context: DisplayContext): HomeProductCard {
  return {
    ...basicsWithoutHref(product, context),
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

/** The features a comparison cell shows at most (the phone card shows the first 2 of them). */
export const COMPARISON_TABLE_FEATURES = 3;

/** One row of the comparison; its link is productHref(row). */
export interface ComparisonRow extends Omit<ProductBasics, "href"> {
  /** Category label: 'Barrel', 'CLT', 'Outdoor'. */
  type: string;
  /** The first COMPARISON_TABLE_FEATURES key features: the cell shows no more. */
  features: string[];
  /** How many key features the product has, for the '+N more' lines. */
  featureCount: number;
  /** 'Check Price': the Buy link chain. */
  buyLink: CheckPriceTarget;
  isSample: boolean;
}

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
    rows: topRatedProducts(products, limit).map((product) => {
      const features = keyFeatureList(product.keyFeatures);
      return {
        ...basicsWithoutHref(product, context),
        type: categoryLabel(product.categoryId),
        features: features.slice(0, COMPARISON_TABLE_FEATURES),
        featureCount: features.length,
        buyLink: checkPriceTarget(product, context),
        isSample: product.isSample,
      };
    }),
    totalProducts,
  };
}

// Best Outdoor Saunas (of the picks' year)

export interface BestPickProduct {
  /** For 'Add to compare' and its link (productHref). */
  slug: string;
  name: string;
  brand: string;
  image: string;
  rating: number | null;
  priceText: string;
  /** 'Price as of …', on hover and focus. */
  priceAsOf: string | null;
  /** "Price dropped N%", or null. */
  priceDrop: number | null;
  buyLink: CheckPriceTarget;
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
  /** The picture when no product qualifies (the type's category fallback); absent when one does. */
  fallbackImage?: string;
  product: BestPickProduct | null;
}

/** The three cards (Traditional Finnish, Infrared, Barrel) from the picks of bestByType(). */
export function bestPickCards(picks: BestByType<Product>, context: DisplayContext): BestPickCard[] {
  return bestByTypeCards(picks).map(({ type, label, heading, title, collectionHref, product }) =>
    product
      ? { type, label, heading, title, collectionHref, product: toBestPickProduct(product, context) }
      : {
          type,
          label,
          heading,
          title,
          collectionHref,
          // Each BestType is also the category word that chooses its fallback picture.
          fallbackImage: resolveImageSource(null, { origin: context.origin, category: type }),
          product: null,
        },
  );
}

function toBestPickProduct(product: Product, context: DisplayContext): BestPickProduct {
  const { slug, name, brand, image, rating, priceText, priceAsOf, priceDrop } = toProductBasics(product, context);
  return {
    slug,
    name,
    brand,
    image,
    rating,
    priceText,
    priceAsOf,
    priceDrop,
    buyLink: checkPriceTarget(product, context),
    isSample: product.isSample,
  };
}

// Browse by Category

/** A collection as a picture card; its link is categoryHref(card.slug). */
export interface CategoryCard {
  slug: string;
  name: string;
  description: string;
  image: string;
}

/** Collections shaped as picture cards; the caller chooses which (carousel or index tiles). */
export function toCategoryCard(collection: Collection, origin: string): CategoryCard {
  return {
    slug: collection.slug,
    name: collection.title,
    description: (collection.description ?? "").trim(),
    image: resolveImageSource(collection.imageUrl, { origin }),
  };
}

/** The carousel's cards: the collections browseByCategoryCards keeps, then shaped. */
export function categoryCarouselCards(collections: readonly Collection[], origin: string): CategoryCard[] {
  return browseByCategoryCards(collections).map((collection) => toCategoryCard(collection, origin));
}
