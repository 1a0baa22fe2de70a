import type { Product } from "./catalog";
import { buyLink, type BuyLink } from "../offers/buy-link";
import { mainImage } from "../images/image-source";
import type { PriceSettings } from "../offers/display-price";
import { productPriceDrop } from "../offers/price-history-view";
import { productPriceView } from "../offers/price-view";
import {
  brandText,
  capacityText,
  categoryLabel,
  featureLines,
  keyFeatureList,
  MAX_PROS,
  productHref,
  productTag,
  reviewCountNumber,
  shippingText,
  textOrNull,
  userCountText,
  weightText,
  type ProductTag,
} from "./product-display";
import { ratingOrNull } from "./ratings";

/**
 * The plain objects pages render from a Product (card, sauna view model, comparison item).
 * A missing rating stays null and shows 'Not yet rated'; a missing review
 * count stays null and shows no count: nothing is invented. Links are safe http(s) or absent.
 */

export interface DisplayContext {
  /** The site's public origin for image URLs ('' for site-relative paths). */
  origin: string;
  /** SURVEY_FORM_URL; unset, 'tyyni' saunas keep their normal link. */
  surveyFormUrl?: string | null;
  /** The page the products are shown on, for its tracked shop links (`linkSource` in ./clicks/tracked-link). */
  linkSource: string;
  /** The one price rule's settings at render time (the site's country and currency, today, now). */
  prices: PriceSettings;
}

type Tag = ProductTag | null;

/** What every product view shows, and shows the same way. */
export interface ProductBasics {
  id: number;
  slug: string;
  href: string;
  name: string;
  brand: string;
  rating: number | null;
  image: string;
  /** The displayed price ('$7,650', 'Check price', 'Contact for Price'): the one rule's, the same on every page. */
  priceText: string;
  /** 'Price as of November 26, 2026', shown on hover and focus; null when no price is shown. */
  priceAsOf: string | null;
  /** "Price dropped N%": N when today's price is at least 5% under the past month's median (docs/decisions/0063), else null. */
  priceDrop: number | null;
}

export function toProductBasics(product: Product, context: DisplayContext): ProductBasics {
  const price = productPriceView(product, context.prices);
  return {
    id: product.id,
    slug: product.slug,
    href: productHref(product),
    name: product.name,
    brand: brandText(product.brand),
    rating: ratingOrNull(product.rating),
    image: mainImage(product.images, product.categoryId, context.origin),
    priceText: price.text,
    priceAsOf: price.asOfText,
    priceDrop: productPriceDrop(product, context.prices),
  };
}

/** The derived card of the home page and top lists. */
export interface ProductCard extends ProductBasics {
  /** Category label: 'Barrel', 'CLT', 'Outdoor'. */
  type: string;
  tag: Tag;
  category: string | null;
  /** The heater type. */
  productType: string | null;
  /** The description, else the tagline. */
  description: string | null;
  features: string[];
  /** The shop link as the page prints it (a tracked /go URL); the raw website and affiliate URLs stay on the server. */
  buyLink: BuyLink;
  reviewCount: number | null;
  userCount: string | null;
}

export function toProductCard(product: Product, context: DisplayContext): ProductCard {
  return {
    ...toProductBasics(product, context),
    type: categoryLabel(product.categoryId),
    tag: productTag(product),
    category: textOrNull(product.categoryId),
    productType: textOrNull(product.heaterType),
    description: textOrNull(product.description) ?? textOrNull(product.tagline),
    features: keyFeatureList(product.keyFeatures),
    buyLink: productBuyLink(product, context),
    reviewCount: reviewCountNumber(product),
    userCount: userCountText(product),
  };
}

/** The product's shop link on this page (tracked /go href), decided for the site's country. */
export function productBuyLink(product: Product, context: DisplayContext): BuyLink {
  return buyLink(product, { surveyFormUrl: context.surveyFormUrl, source: context.linkSource, siteCountry: context.prices.country });
}

export interface SaunaSpecification {
  capacity: string | null;
  dimensions: string | null;
  weight: string | null;
  heaterType: string | null;
  heaterSpec: string | null;
}

/** A sauna on a collection page (ranked list and comparison layout). */
export interface SaunaViewModel extends ProductBasics {
  tagline: string | null;
  categoryId: string | null;
  heaterType: string | null;
  /** '86' or '45+'; null when unknown (never a made-up '0'). */
  userCount: string | null;
  reviewsNumber: number | null;
  /** Null when the product has no shipping data: nothing is claimed. */
  shipping: string | null;
  /** The shop link as the page prints it (a tracked /go URL); the raw website and affiliate URLs stay on the server. */
  buyLink: BuyLink;
  tag: Tag;
  /** Up to 4 card lines. */
  featureLines: string[];
  /** The first 4 key features, shown under 'Key Features:' in the comparison layout. */
  pros: string[];
  /** Always empty: the catalog holds no cons. */
  cons: string[];
  specification: SaunaSpecification;
}

export function toSaunaViewModel(product: Product, context: DisplayContext): SaunaViewModel {
  return {
    ...toProductBasics(product, context),
    tagline: textOrNull(product.tagline),
    categoryId: textOrNull(product.categoryId),
    heaterType: textOrNull(product.heaterType),
    userCount: userCountText(product),
    reviewsNumber: reviewCountNumber(product),
    shipping: shippingText(product.shippingInfo),
    buyLink: productBuyLink(product, context),
    tag: productTag(product),
    featureLines: featureLines(product),
    pros: keyFeatureList(product.keyFeatures).slice(0, MAX_PROS),
    cons: [],
    specification: {
      capacity: capacityText(product.capacity),
      dimensions: textOrNull(product.dimensions),
      weight: weightText(product.weightLbs),
      heaterType: textOrNull(product.heaterType),
      heaterSpec: textOrNull(product.heaterSpec),
    },
  };
}
