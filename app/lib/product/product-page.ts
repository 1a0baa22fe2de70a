import type { TestResultsView } from "../measurements/test-results-view";
import type { Collection, Product } from "../catalog/catalog";
import type { AuthorProfile } from "../learn/author-profile";
import { buyDestination, buyLink, type BuyLink } from "../offers/buy-link";
import type { BuyButtonSettings, RunningTest } from "../ab-tests/buy-button";
import { linkFrom, linkSource } from "../clicks/tracked-link";
import { builtInCollectionRecord } from "../collection/built-in-collections";
import { collectionHeader } from "../collection/collection-page-defaults";
import { FIXED_COLLECTION_SLUGS, isFixedCollectionSlug, matchesFixedCollection } from "../collection/collection-rules";
import { criteriaPredicate } from "../collection/criteria-query";
import { formatLongUsDate } from "../text/dates";
import { categoryFallbackImage, galleryImages, mainImage } from "../images/image-source";
import { IMAGE_RENDITIONS } from "../images/image-renditions";
import { ownImagePath, renditionSrcSet, renditionUrl, withRefreshToken } from "../images/image-url";
import type { PriceSettings } from "../offers/display-price";
import { DEFAULT_SITE_PRICES, productPriceRange, productPriceView, type PriceRange, type PriceView } from "../offers/price-view";
import { priceHistoryView, type PriceHistoryView } from "../offers/price-history-view";
import { whereToBuyView, type WhereToBuyView } from "../offers/where-to-buy";
import { shortenText } from "../seo/search-snippet";
import {
  brandText,
  categoryBreadcrumb,
  keyFeatureList,
  productHref,
  shippingText,
  specText,
  textOrNull,
  userCountText,
  weightText,
  type SaleOffer,
} from "../catalog/product-display";
import { ratingOrNull, ratingText } from "../catalog/ratings";
import type { JsonLd } from "../seo/structured-data";
import { reviewOf, scoreBars, type ScoreBar } from "../catalog/review";
import type { UpdateNoteView } from "../updates/update-notes";

/**
 * The product detail page as a plain view model: the page module (app/server/pages/product.server.ts)
 * builds it with these rules, the components draw it. The rating, the review count and the
 * 'Last updated' date are the record's own, never invented; the canonical URL is by slug.
 */

export interface SpecificationRow {
  label: string;
  value: string;
  /** True when the value is 'N/A'. */
  missing: boolean;
}

export interface AsSeenInCollection {
  slug: string;
  title: string;
  href: string;
  /** Site path or absolute URL of the collection's image, or null. */
  image: string | null;
}

export interface ProductPageView {
  id: number;
  slug: string;
  name: string;
  brand: string;
  tagline: string | null;
  isSample: boolean;
  /** /reviews/product/{slug} */
  canonicalPath: string;
  /** '{Category} Saunas' and its collection link. */
  category: { label: string; href: string };
  rating: number | null;
  /** '4.7', or 'Not yet rated'. */
  ratingText: string;
  /** '86 reviews', '85+ reviews', '1 review'; null when the record has no count (never invented). */
  reviewCountText: string | null;
  /** The record's updated_at, ISO. */
  updatedAt: string;
  /** 'Last updated November 22, 2026' */
  lastUpdatedText: string;
  /** The gallery's pictures (site paths, or absolute URLs of other hosts); never empty. */
  images: string[];
  /** The category fallback swapped in for a picture that fails to load. */
  fallbackImage: string;
  /** Overview paragraphs: full description, else description, split on blank lines. */
  overview: string[];
  keyFeatures: string[];
  specifications: SpecificationRow[];
  heaterType: string | null;
  heaterSpec: string | null;
  /** The displayed price (the one rule's; the same on every page): '$7,650', 'Check price', 'Contact for Price'. */
  priceText: string;
  /** The sale beside the struck-through price, when one runs today. */
  sale: SaleOffer | null;
  /** 'Sale ends December 31, 2026', or null. */
  saleEndsText: string | null;
  /** 'Price as of November 26, 2026', shown under the price; null when no price is shown. */
  priceAsOf: string | null;
  /** The whole displayed price, for the structured data. */
  price: PriceView;
  /** The shown prices' range (the where-to-buy table's numbers), for the structured data. */
  priceRange: PriceRange | null;
  /** The offers for the site's country, cheapest first. */
  whereToBuy: WhereToBuyView;
  /** The lowest price over the past year, for the chart under where-to-buy; null with less than two days of it. */
  priceHistory: PriceHistoryView | null;
  /** Null when the product has no shipping data: nothing is claimed. */
  shipping: string | null;
  /** The buy box's link (the side column on wide screens). */
  buyLink: BuyLink;
  /** The same link in the bar pinned to the bottom of small screens, told apart in the clicks by its placement. */
  stickyBuyLink: BuyLink;
  /** The shop the buy button leads to, when it is a shop's offer: "Check price at {shop}" names it. */
  buyShop: { name: string; slug: string } | null;
  /** For the meta description: the tagline, else the description, shortened. */
  summary: string;
  asSeenIn: AsSeenInCollection[];
  review: ReviewView | null;
}

/** Another product the review points to, with its price as every page shows it. */
export interface AlternativeView {
  slug: string;
  name: string;
  brand: string;
  href: string;
  rating: number | null;
  ratingText: string;
  priceText: string;
  image: string;
}

/** The in-depth review as the page draws it; null when the product has none of it. */
export interface ReviewView {
  verdict: string | null;
  pros: string[];
  cons: string[];
  scores: ScoreBar[];
  bestFor: string | null;
  skipIf: string | null;
  reviewer: string | null;
  /** The reviewer's author page, when the site has an author of that name. */
  reviewerPath: string | null;
  /** Who tested it: the stored tester, else the reviewer (one person may do both). */
  tester: string | null;
  /** The tester's author page, when the site has an author of that name. */
  testerPath: string | null;
  /** The reviewer and the tester as the site's authors, for the review's JSON-LD; null when not an author. */
  reviewerProfile: AuthorProfile | null;
  testerProfile: AuthorProfile | null;
  /** YYYY-MM-DD, for <time>. */
  testedOn: string | null;
  /** 'October 14, 2026' */
  testedOnText: string | null;
  alternatives: AlternativeView[];
}

/** What the product route hands its meta and component. */
export interface ProductScreen {
  view: ProductPageView;
  /** The review's public update notes, newest first ("What changed"). */
  updateNotes: UpdateNoteView[];
  /** BASE_URL, for the canonical link and the social card. */
  origin: string;
  productLd: JsonLd | null;
  breadcrumbLd: JsonLd;
  /** Measured test results and the scores from them (app/lib/measurements); null when none. */
  testResults?: TestResultsView | null;
  /** The buy buttons as the owner applied them, and the A/B test running on product pages, if any. */
  buyButton?: { applied: BuyButtonSettings; test: RunningTest | null };
}

export interface ProductPageContext {
  surveyFormUrl?: string | null;
  /** Today as YYYY-MM-DD (decides whether a sale still runs). */
  today: string;
  /**
   * The one price rule's settings; without them the defaults (US, USD, 24 h) on `today`. Their
   * own `today` wins when both are given.
   */
  prices?: PriceSettings;
  asSeenIn?: AsSeenInCollection[];
  /** The review's alternatives as stored products (with their offers), in any order; unknown slugs are left out. */
  alternatives?: readonly Product[];
  /** The reviewer's author page, when there is an author of the reviewer's name. */
  reviewerPath?: string | null;
  /** The site's authors named as the reviewer or the tester, by lower-case name. */
  authors?: ReadonlyMap<string, AuthorProfile>;
  /**
   * Whether /reviews/{slug} shows a collection: a fixed page or a stored collection. Without it,
   * only the fixed pages count.
   */
  hasCollectionPage?: (slug: string) => boolean;
}

/** 'N Person' for a positive whole number of persons (the Specifications card); else null. */
export function capacityPersonsText(capacity: number | null): string | null {
  if (capacity === null || !Number.isInteger(capacity) || capacity <= 0) return null;
  return `${capacity} Person`;
}

/** The Specifications card, in the spec's order; 'N/A' for whatever the record lacks. */
export function specificationRows(
  product: Pick<Product, "capacity" | "dimensions" | "weightLbs" | "heaterType" | "heaterSpec">,
): SpecificationRow[] {
  const rows: [string, string | null][] = [
    ["Capacity", capacityPersonsText(product.capacity)],
    ["Dimensions", textOrNull(product.dimensions)],
    ["Weight", weightText(product.weightLbs)],
    ["Heater Type", textOrNull(product.heaterType)],
    ["Heater Specifications", textOrNull(product.heaterSpec)],
  ];
  return rows.map(([label, value]) => ({ label, value: specText(value), missing: value === null }));
}

/** Paragraphs of the full description, else of the description; split on blank lines. */
export function overviewParagraphs(product: Pick<Product, "fullDescription" | "description">): string[] {
  const text = textOrNull(product.fullDescription) ?? textOrNull(product.description) ?? "";
  return text
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => paragraph.replace(/\s*\r?\n\s*/g, " ").trim())
    .filter((paragraph) => paragraph !== "");
}

/** '86 reviews', '85+ reviews', '1 review'; null when unknown. */
export function reviewCountLabel(product: Pick<Product, "reviewsNumber" | "reviewCount">): string | null {
  const text = userCountText(product);
  if (text === null) return null;
  // '1+' is a lower bound, so only an exact '1' is singular.
  return `${text} ${text === "1" ? "review" : "reviews"}`;
}

export function toProductPageView(product: Product, context: ProductPageContext): ProductPageView {
  const prices = context.prices ?? { ...DEFAULT_SITE_PRICES, today: context.today, now: Date.parse(`${context.today}T12:00:00Z`) };
  const price = productPriceView(product, prices);
  const sale: SaleOffer | null = price.listText ? { priceText: price.listText, salePriceText: price.text, endsOn: price.saleEndsAt } : null;
  const source = linkSource.product(product.slug);
  const summarySource = textOrNull(product.tagline) ?? textOrNull(product.description) ?? `${brandText(product.brand)} ${product.name}`;
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    brand: brandText(product.brand),
    tagline: textOrNull(product.tagline),
    isSample: product.isSample,
    canonicalPath: productHref(product),
    category: categoryBreadcrumb(product.categoryId, context.hasCollectionPage ?? isFixedCollectionSlug),
    rating: ratingOrNull(product.rating),
    ratingText: ratingText(product.rating),
    reviewCountText: reviewCountLabel(product),
    updatedAt: product.updatedAt,
    lastUpdatedText: `Last updated ${formatLongUsDate(product.updatedAt)}`,
    images: galleryImages(product.images, product.categoryId, ""),
    fallbackImage: categoryFallbackImage(product.categoryId),
    overview: overviewParagraphs(product),
    keyFeatures: keyFeatureList(product.keyFeatures),
    specifications: specificationRows(product),
    heaterType: textOrNull(product.heaterType),
    heaterSpec: textOrNull(product.heaterSpec),
    priceText: price.text,
    sale,
    saleEndsText: price.saleEndsText,
    priceAsOf: price.asOfText,
    price,
    priceRange: productPriceRange(product, prices),
    whereToBuy: whereToBuyView(product, prices, { source: linkFrom(source, "where-to-buy"), surveyFormUrl: context.surveyFormUrl }),
    priceHistory: priceHistoryView(product, prices),
    shipping: shippingText(product.shippingInfo),
    buyLink: buyLink(product, { surveyFormUrl: context.surveyFormUrl, source: linkFrom(source, "box"), siteCountry: prices.country }),
    stickyBuyLink: buyLink(product, {
      surveyFormUrl: context.surveyFormUrl,
      source: linkFrom(source, "sticky-bar"),
      siteCountry: prices.country,
    }),
    buyShop: shopOfBuyLink(product, context.surveyFormUrl, prices.country),
    summary: shortenText(summarySource),
    asSeenIn: context.asSeenIn ?? [],
    review: reviewView(product, context.alternatives ?? [], prices, context.reviewerPath ?? null, context.authors),
  };
}

function shopOfBuyLink(product: Product, surveyFormUrl: string | null | undefined, country: string): ProductPageView["buyShop"] {
  const offer = buyDestination(product, surveyFormUrl, { country, siteCountry: country })?.offer;
  return offer ? { name: offer.merchantName, slug: offer.merchantSlug } : null;
}

/** The review's parts the product has; null when it has none (the page then shows no review block). */
export function reviewView(
  product: Product,
  alternatives: readonly Product[],
  prices: PriceSettings,
  reviewerPath: string | null = null,
  authors: ReadonlyMap<string, AuthorProfile> = new Map(),
): ReviewView | null {
  const review = reviewOf(product);
  const reviewer = textOrNull(review.reviewer);
  const tester = textOrNull(review.tester) ?? reviewer;
  const reviewerProfile = (reviewer && authors.get(reviewer.trim().toLowerCase())) || null;
  const testerProfile = (tester && authors.get(tester.trim().toLowerCase())) || null;
  const bySlug = new Map(alternatives.map((alternative) => [alternative.slug.toLowerCase(), alternative]));
  const view: ReviewView = {
    verdict: textOrNull(review.verdict),
    pros: review.pros,
    cons: review.cons,
    scores: scoreBars(review),
    bestFor: textOrNull(review.bestFor),
    skipIf: textOrNull(review.skipIf),
    reviewer,
    reviewerPath: reviewerProfile ? `/learn/author/${reviewerProfile.slug}` : reviewer ? reviewerPath : null,
    tester,
    testerPath: testerProfile ? `/learn/author/${testerProfile.slug}` : tester && tester === reviewer ? reviewerPath : null,
    reviewerProfile,
    testerProfile,
    testedOn: review.testedOn,
    testedOnText: review.testedOn ? formatLongUsDate(review.testedOn) : null,
    alternatives: review.alternatives.flatMap((slug) => {
      const found = bySlug.get(slug.toLowerCase());
      if (!found || found.id === product.id) return [];
      return [
        {
          slug: found.slug,
          name: found.name,
          brand: brandText(found.brand),
          href: productHref(found),
          rating: ratingOrNull(found.rating),
          ratingText: ratingText(found.rating),
          priceText: productPriceView(found, prices).text,
          image: mainImage(found.images, found.categoryId, ""),
        },
      ];
    }),
  };
  const empty =
    !view.verdict && view.pros.length === 0 && view.cons.length === 0 && view.scores.length === 0 && !view.bestFor && !view.skipIf;
  return empty && view.alternatives.length === 0 ? null : view;
}

/** What 'As Seen In' needs to know of stored membership, without reading any collection's list. */
export interface MembershipFacts {
  /** The collections this product is a stored member of. */
  memberOf: ReadonlySet<number>;
  /** The collections that have any stored member. */
  collectionsWithMembers: ReadonlySet<number>;
}

/** Whether the collection has a rule its stored products could add to (a fixed page, or criteria). */
function byRuleExists(collection: Collection): boolean {
  return isFixedCollectionSlug(collection.slug) || criteriaPredicate(collection.criteriaType, collection.criteriaValue) !== null;
}

/**
 * 'As Seen In': the collections whose pages list this product by their own choice, with the same
 * rules those pages use: a collection with stored members (curated, fixed slug or not) lists
 * exactly them, unless it keeps its rule, when it lists them and what its rule selects;
 * otherwise a fixed slug lists what its rule selects and any other collection what
 * its criteria select. A page that shows the product only as a stand-in because its rule matched
 * nothing (the "first 3" / "first 5" fallbacks) does not contain it: when the product satisfies
 * the rule, the rule matched something, so the question never needs the other products. Input
 * order (by title) is kept.
 */
export function collectionsListingProduct(
  product: Product,
  collections: readonly Collection[],
  membership: MembershipFacts,
): AsSeenInCollection[] {
  const listed = collections.filter((collection) => {
    const byRule = () =>
      isFixedCollectionSlug(collection.slug)
        ? matchesFixedCollection(collection.slug, product)
        : (criteriaPredicate(collection.criteriaType, collection.criteriaValue)?.(product) ?? false);
    const handPicked = membership.collectionsWithMembers.has(collection.id) && !(collection.keepsRule && byRuleExists(collection));
    if (handPicked) return membership.memberOf.has(collection.id);
    // By its rule; a collection that keeps its rule also lists its stored extras (ADR 0070).
    return membership.memberOf.has(collection.id) || byRule();
  });
  return listed.map((collection) => ({
    slug: collection.slug,
    title: collection.title,
    href: `/reviews/${encodeURIComponent(collection.slug)}`,
    image: textOrNull(collection.imageUrl),
  }));
}

/**
 * The stored collections plus every fixed page that has no record (after the sample content is
 * removed, say): those pages still show the saunas their rule selects, so 'As Seen In' names them,
 * under the title the page itself shows. Sorted by title, like the stored list.
 */
export function withFixedCollectionPages(collections: readonly Collection[]): Collection[] {
  const stored = new Set(collections.map((collection) => collection.slug));
  const missing = FIXED_COLLECTION_SLUGS.filter((slug) => !stored.has(slug)).map((slug) => {
    const header = collectionHeader(slug, undefined);
    return builtInCollectionRecord({ slug, title: header.title, description: header.description, imageUrl: header.image, featured: false });
  });
  if (missing.length === 0) return [...collections];
  return [...collections, ...missing].sort((a, b) => a.title.localeCompare(b.title) || a.slug.localeCompare(b.slug));
}

// Gallery image URLs

export interface ImageUrls {
  src: string;
  srcSet?: string;
}

/**
 * The selected picture, fit inside (its own aspect ratio), at every width of the 'galleryMain'
 * rendition; `src` is 1280 wide for browsers without srcset. A refresh token goes on every URL,
 * so a refresh asks again whichever candidate the browser picks.
 */
export function mainImageUrls(src: string, refreshToken?: number): ImageUrls {
  const sized = (width: number) => withRefreshToken(renditionUrl(src, "galleryMain", width), refreshToken);
  if (!ownImagePath(src)) return { src: withRefreshToken(src, refreshToken) };
  return { src: sized(1280), srcSet: IMAGE_RENDITIONS.galleryMain.widths.map((width) => `${sized(width)} ${width}w`).join(", ") };
}

/**
 * A thumbnail: fit inside (not cropped), so its natural size tells the gallery whether the
 * picture is tall before it is selected; the frame crops it with CSS.
 */
export function thumbnailImageUrl(src: string, refreshToken?: number): string {
  return withRefreshToken(renditionUrl(src, "galleryThumb", 320), refreshToken);
}

/** The srcset of a thumbnail (none after a refresh, which must ask for exactly one URL). */
export function thumbnailSrcSet(src: string, refreshToken?: number): string | undefined {
  return refreshToken === undefined ? renditionSrcSet(src, "galleryThumb") : undefined;
}

/** A collection card's picture for 'As Seen In'. */
export function collectionThumbnailUrl(src: string): string {
  return renditionUrl(src, "collectionCard", 320);
}

/** Its srcset: the card shows it 96 px wide. */
export function collectionThumbnailSrcSet(src: string): string | undefined {
  return renditionSrcSet(src, "collectionCard");
}
