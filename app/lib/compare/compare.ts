import type { Product } from "../catalog/catalog";
import { clampScore, MAX_SCORE, REVIEW_CRITERIA } from "../catalog/review";
import { buyLink, type BuyLink } from "../offers/buy-link";
import { linkFrom, linkSource } from "../clicks/tracked-link";
import { mainImage } from "../images/image-source";
import type { PriceSettings } from "../offers/display-price";
import { DEFAULT_SITE_PRICES, priceSettingsAt, productPriceView } from "../offers/price-view";
import { brandText, capacityText, categoryLabel, keyFeatureList, productHref, textOrNull, weightText } from "../catalog/product-display";
import { ratingOrNull, ratingText } from "../catalog/ratings";

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

/** A pick in the compare tray: enough to list it and link to the comparison. */
export interface ComparePick {
  slug: string;
  name: string;
}

/**
 * The pages where saunas are picked and compared: the home page, /reviews and everything under
 * it (collections, product pages), /product/… and /compare. Not the admin area, sign-in, the
 * Knowledge Center, the newsletter and alert pages: they have nothing to pick, and the tray would
 * only cover their forms and buttons (docs/decisions/0068).
 */
export function onComparePage(pathname: string): boolean {
  return (
    pathname === "/" ||
    pathname === "/reviews" ||
    pathname.startsWith("/reviews/") ||
    pathname.startsWith("/product/") ||
    pathname === COMPARE_PATH
  );
}

/**
 * Whether the compare tray shows: while something is picked, on those pages; on /compare only
 * when the page compares something else than the picks (a shared link, a column removed).
 */
export function compareTrayShown(location: { pathname: string; search: string }, picks: readonly ComparePick[]): boolean {
  if (picks.length === 0 || !onComparePage(location.pathname)) return false;
  if (location.pathname !== COMPARE_PATH) return true;
  return !sameSaunas(parseCompareSlugs(new URLSearchParams(location.search).get(COMPARE_PARAM)), picks);
}

/** The slugs name exactly the picks, in any order. */
export function sameSaunas(slugs: readonly string[], picks: readonly ComparePick[]): boolean {
  const picked = picks.map((pick) => pick.slug.toLowerCase());
  return slugs.length === picked.length && picked.every((slug) => slugs.includes(slug.toLowerCase()));
}

/** What a screen reader hears when the picks change in this tab; null when nothing changed. */
export function compareAnnouncement(before: readonly ComparePick[], after: readonly ComparePick[]): string | null {
  const names = (picks: readonly ComparePick[]) => picks.map((pick) => pick.name).join(" and ");
  const added = after.filter((pick) => !before.some((old) => old.slug === pick.slug));
  const removed = before.filter((pick) => !after.some((now) => now.slug === pick.slug));
  const parts: string[] = [];
  if (removed.length > 0) parts.push(`Removed ${names(removed)} from compare`);
  if (added.length > 0) parts.push(`Added ${names(added)} to compare (${after.length} of ${MAX_COMPARE})`);
  return parts.length > 0 ? parts.join(". ") : null;
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
  /** A score row: each cell's bar, as a percent of its width (null: not scored). */
  bars?: (number | null)[];
}

/** A key feature at least two of the compared products list: one row of Yes and No. */
export interface FeatureRow {
  feature: string;
  /** Per product: does it list the feature? */
  has: boolean[];
  /** Every compared product lists it. */
  shared: boolean;
}

/**
 * The features only one compared product lists, in one row: each product's own list in its
 * cell. 'Other features' below the shared rows, 'Key features' when no feature is shared.
 */
export interface OwnFeatures {
  label: "Other features" | "Key features";
  /** One list per product, in column order; empty when the product has none of its own. */
  lists: string[][];
}

export interface CompareView {
  products: ComparedProduct[];
  rows: CompareRow[];
  features: FeatureRow[];
  /** Null when every feature listed is in a shared row (or none is listed). */
  ownFeatures: OwnFeatures | null;
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

/** One row per review criterion at least one compared product is scored on: '8.5 / 10' with its bar, '—' where unscored. */
function scoreRows(found: readonly Product[]): CompareRow[] {
  return REVIEW_CRITERIA.flatMap(({ key, label }) => {
    const scores = found.map((product) => {
      const score = product[key];
      return typeof score === "number" && Number.isFinite(score) ? clampScore(score) : null;
    });
    if (scores.every((score) => score === null)) return [];
    return [
      {
        label,
        values: scores.map((score) => (score === null ? NOT_AVAILABLE : `${score.toFixed(1)} / ${MAX_SCORE}`)),
        bars: scores.map((score) => (score === null ? null : (score / MAX_SCORE) * 100)),
      },
    ];
  });
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
    buyLink: buyLink(product, {
      surveyFormUrl: options.surveyFormUrl,
      source: linkFrom(linkSource.compare, "table"),
      siteCountry: prices.country,
    }),
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
    ...scoreRows(found),
  ];
  const { features, ownFeatures } = groupFeatures(found.map((p) => keyFeatureList(p.keyFeatures)));
  return {
    products,
    rows,
    features,
    ownFeatures,
    unknownSlugs,
    truncated: new Set(allNamed.map((s) => s.toLowerCase())).size > MAX_COMPARE,
  };
}

/**
 * Key features are free text, so most are one product's own: a row each would be a column of
 * dashes with one tick. A feature two or more products list (ignoring case) gets a row, the most
 * widely listed first, then in the order the products list them; the rest go into one row, each
 * product's own list in its cell.
 */
export function groupFeatures(lists: readonly (readonly string[])[]): { features: FeatureRow[]; ownFeatures: OwnFeatures | null } {
  const keyed = lists.map((list) => new Set(list.map((feature) => feature.toLowerCase())));
  const spelling = new Map<string, string>();
  for (const list of lists)
    for (const feature of list) if (!spelling.has(feature.toLowerCase())) spelling.set(feature.toLowerCase(), feature);
  const features = [...spelling]
    .map(([key, feature]) => ({ feature, has: keyed.map((set) => set.has(key)) }))
    .map((row) => ({ ...row, count: row.has.filter(Boolean).length }))
    .filter((row) => row.count >= 2)
    // Stable: rows listed as often keep the products' order.
    .sort((a, b) => b.count - a.count)
    .map(({ feature, has, count }) => ({ feature, has, shared: count === lists.length }));
  const inRows = new Set(features.map((row) => row.feature.toLowerCase()));
  const own = lists.map((list) => {
    const seen = new Set<string>();
    return list.filter((feature) => {
      const key = feature.toLowerCase();
      if (inRows.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });
  const ownFeatures: OwnFeatures | null = own.some((list) => list.length > 0)
    ? { label: features.length > 0 ? "Other features" : "Key features", lists: own }
    : null;
  return { features, ownFeatures };
}
