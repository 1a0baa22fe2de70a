import type { Product } from "./catalog";
import { buyLink, type BuyLink } from "./buy-link";
import { linkSource } from "./clicks/tracked-link";
import { mainImage } from "./image-source";
import type { PriceSettings } from "./offers/display-price";
import { DEFAULT_SITE_PRICES, priceSettingsAt, productPriceView } from "./offers/price-view";
import { brandText, capacityText, categoryLabel, keyFeatureList, productHref, textOrNull, weightText } from "./product-display";
import { ratingOrNull, ratingText } from "./ratings";

/**
 * 'Compare any saunas': up to four products side by side at /compare?products=slug-a,slug-b.
 * The URL is the whole state (shareable, and it works without JavaScript); the tray's choice is
 * kept in localStorage until the reader opens the comparison.
 */

export const MAX_COMPARE = 4;
export const COMPARE_PATH = "/compare";
export const COMPARE_PARAM = "products";

/** The slugs a ?products= value names: trimmed, lower-cased, without repeats, at most MAX_COMPARE. */
export function parseCompareSlugs(value: string | null | undefined): string[] {
  const slugs: string[] = [];
  for (const part of (value ?? "").split(",")) {
    const slug = part.trim().toLowerCase();
    if (slug && !slugs.includes(slug) && slug.length <= 200) slugs.push(slug);
  }
  return slugs.slice(0, MAX_COMPARE);
}

/**
 * The one spelling of a ?products= value among those that make the same page: its slugs as the
 * page reads them (trimmed, lower-cased, without repeats, in order), or undefined when it names
 * none (the empty comparison). A value naming more than MAX_COMPARE is kept as sent: the page
 * says it showed only the first ones, which a shorter spelling would not.
 */
export function canonicalCompareParam(value: string): string | undefined {
  const named = value
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (new Set(named).size > MAX_COMPARE) return value;
  const slugs = parseCompareSlugs(value);
  return slugs.length === 0 ? undefined : slugs.join(",");
}

/** /compare?products=a,b in the reader's order (commas kept readable). */
export function compareHref(slugs: readonly string[]): string {
  return slugs.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?${COMPARE_PARAM}=${slugs.map(encodeURIComponent).join(",")}`;
}

/** Every order of the same products is one page for search engines: the sorted set. */
export function canonicalCompareHref(slugs: readonly string[]): string {
  return compareHref([...slugs].sort());
}

export interface ComparedProduct {
  slug: string;
  name: string;
  brand: string;
  href: string;
  image: string;
  isSample: boolean;
  buyLink: BuyLink;
  /** 'Price as of …' for the price cell, on hover and focus; null when no price is shown. */
  priceAsOf: string | null;
  /** The comparison without this product. */
  removeHref: string;
}

export interface CompareRow {
  label: string;
  /** The price row: its cells say how old the price is on hover and focus. */
  isPrice?: true;
  /** One cell per product, in column order. */
  values: string[];
}

export interface FeatureRow {
  feature: string;
  /** Per product: does it list the feature? */
  has: boolean[];
  /** Every compared product lists it. */
  shared: boolean;
}

export interface CompareView {
  products: ComparedProduct[];
  rows: CompareRow[];
  features: FeatureRow[];
  /** Slugs the URL named that match no product, in the order given. */
  unknownSlugs: string[];
  /** Shown when the URL named more than MAX_COMPARE products. */
  truncated: boolean;
}

/** The URL named products the comparison does not show: unknown ones, or more than MAX_COMPARE. */
export function leftSomethingOut(view: Pick<CompareView, "unknownSlugs" | "truncated">): boolean {
  return view.unknownSlugs.length > 0 || view.truncated;
}

const NOT_AVAILABLE = "—";

function ratingCell(product: Product): string {
  const rating = ratingOrNull(product.rating);
  if (rating === null) return ratingText(null);
  return product.isSample ? `${ratingText(rating)} (sample)` : `${ratingText(rating)} / 5`;
}

export function compareView(
  requested: string | null | undefined,
  findBySlug: (slug: string) => Product | undefined,
  options: { origin?: string; surveyFormUrl?: string | null; prices?: PriceSettings } = {},
): CompareView {
  const prices = options.prices ?? priceSettingsAt(DEFAULT_SITE_PRICES, Date.now());
  const allNamed = (requested ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const slugs = parseCompareSlugs(requested);
  const found: Product[] = [];
  const unknownSlugs: string[] = [];
  for (const slug of slugs) {
    const product = findBySlug(slug);
    if (product) found.push(product);
    else unknownSlugs.push(slug);
  }
  const foundSlugs = found.map((product) => product.slug);
  const priceViews = found.map((product) => productPriceView(product, prices));
  const products = found.map((product, index) => ({
    slug: product.slug,
    name: product.name,
    brand: brandText(product.brand),
    href: productHref(product),
    image: mainImage(product.images, product.categoryId, options.origin ?? ""),
    isSample: product.isSample,
    buyLink: buyLink(product, { surveyFormUrl: options.surveyFormUrl, source: linkSource.compare, siteCountry: prices.country }),
    priceAsOf: priceViews[index]!.asOfText,
    removeHref: compareHref(foundSlugs.filter((slug) => slug !== product.slug)),
  }));
  // The displayed price every other page shows, with the price before a running sale beside it.
  const rows: CompareRow[] = [
    {
      label: "Price",
      isPrice: true,
      values: priceViews.map((view) => (view.listText ? `${view.text} (list ${view.listText})` : view.text)),
    },
    { label: "Type", values: found.map((p) => categoryLabel(p.categoryId)) },
    { label: "Capacity", values: found.map((p) => capacityText(p.capacity) ?? NOT_AVAILABLE) },
    { label: "Dimensions", values: found.map((p) => textOrNull(p.dimensions) ?? NOT_AVAILABLE) },
    { label: "Weight", values: found.map((p) => weightText(p.weightLbs) ?? NOT_AVAILABLE) },
    {
      label: "Heater",
      values: found.map((p) => [textOrNull(p.heaterType), textOrNull(p.heaterSpec)].filter(Boolean).join(", ") || NOT_AVAILABLE),
    },
    { label: "Rating", values: found.map(ratingCell) },
  ];
  const lists = found.map((p) => keyFeatureList(p.keyFeatures));
  const seen = new Map<string, string>();
  for (const list of lists) for (const feature of list) if (!seen.has(feature.toLowerCase())) seen.set(feature.toLowerCase(), feature);
  const features = [...seen].map(([key, feature]) => {
    const has = lists.map((list) => list.some((f) => f.toLowerCase() === key));
    return { feature, has, shared: found.length > 1 && has.every(Boolean) };
  });
  // Shared features first: they are what the products have in common.
  features.sort((a, b) => Number(b.shared) - Number(a.shared));
  return { products, rows, features, unknownSlugs, truncated: new Set(allNamed.map((s) => s.toLowerCase())).size > MAX_COMPARE };
}
