import type { MetaDescriptor } from "react-router";
import type { Article } from "../learn/articles";
import type { Product } from "../catalog/catalog";
import { absoluteUrl } from "../images/image-url";
import { minorToDecimalText } from "../text/money";
import { reviewCountNumber } from "../catalog/product-display";
import type { ProductPageView } from "../product/product-page";
import { reviewOf } from "../catalog/review";
import { SITE_DESCRIPTION, SITE_NAME } from "../site/site-navigation";

/**
 * schema.org JSON-LD for search engines, built from the pages' own view models: every value comes
 * from a record, nothing is invented (see docs/decisions/0024-structured-data-and-social-cards.md).
 * Pages emit the blocks through their meta function (structuredDataMeta), so they are in the
 * server HTML as non-executable <script type="application/ld+json"> data blocks; React Router
 * escapes '<', '>', '&', U+2028 and U+2029 in them.
 */

const CONTEXT = "https://schema.org";

/** Where the site's search lives; search engines fill in {search_term_string}. */
export const SEARCH_PATH_TEMPLATE = "/reviews?q={search_term_string}";

export interface BreadcrumbStep {
  name: string;
  /** Site path of the step's page. */
  path: string;
}

export type JsonLd = Record<string, unknown> & { "@type": string };

/** The trail from home to the page itself (the last step), as a BreadcrumbList. */
export function breadcrumbList(steps: readonly BreadcrumbStep[], origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: steps.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: absoluteUrl(step.path, origin),
    })),
  };
}

/** The first step of every trail. */
export const HOME_STEP: BreadcrumbStep = { name: "Home", path: "/" };
export const REVIEWS_STEP: BreadcrumbStep = { name: "Reviews", path: "/reviews" };
export const LEARN_STEP: BreadcrumbStep = { name: "Knowledge Center", path: "/learn" };

/**
 * A summary page's list of product pages. `firstPosition` is the position of the first item the
 * page shows (1 on the first page, 25 on the second page of 24), so positions run on across pages.
 * An item may name its product (`name`) and say what the page says of it (`description`: on a
 * collection page, the owner's role for it and the line why, docs/decisions/0108); both are
 * ListItem's own properties, so the list stays the plain summary-page list search engines read.
 */
export function itemList(
  items: readonly { href: string; name?: string; description?: string }[],
  origin: string,
  firstPosition = 1,
): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ItemList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: firstPosition + index,
      url: absoluteUrl(item.href, origin),
      ...(item.name ? { name: item.name } : {}),
      ...(item.description ? { description: item.description } : {}),
    })),
  };
}

/** A collection page's ItemList: each sauna named, and a pick's role with its line why ('Best overall: …'). */
export function collectionItemList(
  saunas: readonly { id: number; href: string; name: string; rank: number }[],
  roles: Readonly<Record<number, { role: string; reason: string }>>,
  origin: string,
): JsonLd | null {
  if (saunas.length === 0) return null;
  return itemList(
    saunas.map((sauna) => {
      const pick = roles[sauna.id];
      return { href: sauna.href, name: sauna.name, ...(pick ? { description: `${pick.role}: ${pick.reason}` } : {}) };
    }),
    origin,
    saunas[0]!.rank,
  );
}

/**
 * The Product record, or null when it would carry none of review, aggregateRating or offers
 * (search engines reject such a record). Nothing invented is published, so a sample product gives
 * neither (docs/decisions/0076-review-scores-and-structured-data.md):
 *
 * - `review`: the site's own review, when the product has one and a rating: a Review by the
 *   reviewer (else the site), dated the day tested (else the record's last change), rated out of
 *   5, with the pros and cons as ItemLists (positiveNotes / negativeNotes).
 * - `aggregateRating`: only the customers' rating with their review count, from a named source;
 *   never the editor's score, which is one reviewer's opinion and not an aggregate of anything.
 * - `offers` says only what the page shows: with several shown prices for the site's country an
 *   AggregateOffer (the lowest is the displayed price, the highest the dearest row of the
 *   where-to-buy table); with one, an Offer at the displayed price, with its availability when the
 *   shop stated one and the sale's last day as priceValidUntil. A page that says "Check price" or
 *   "Contact for Price" publishes no offer.
 */
export function productStructuredData(
  product: Product,
  view: ProductPageView,
  origin: string,
  /** The review's newest real change (YYYY-MM-DD): an update note's day or the record's own change. */
  reviewModified: string | null = null,
): JsonLd | null {
  const offers = offersData(view, origin);
  const aggregateRating = product.isSample ? null : customerAggregateRating(product);
  const review = product.isSample ? null : editorialReview(product, view, origin, reviewModified);
  if (!offers && !aggregateRating && !review) return null;
  return {
    "@context": CONTEXT,
    "@type": "Product",
    name: view.name,
    brand: { "@type": "Brand", name: view.brand },
    description: view.overview[0] ?? view.summary,
    image: view.images.map((image) => absoluteUrl(image, origin)),
    url: absoluteUrl(view.canonicalPath, origin),
    sku: product.slug,
    ...(offers ? { offers } : {}),
    ...(review ? { review } : {}),
    ...(aggregateRating ? { aggregateRating } : {}),
  };
}

/** The customers' rating: only with a stored count of their reviews and the source it was counted at. */
function customerAggregateRating(product: Product): JsonLd | null {
  const { customerRating, customerReviewSource } = reviewOf(product);
  const reviewCount = reviewCountNumber(product);
  if (customerRating === null || !customerReviewSource?.trim() || reviewCount === null || reviewCount <= 0) return null;
  return { "@type": "AggregateRating", ratingValue: customerRating.toFixed(1), reviewCount, bestRating: "5", worstRating: "0" };
}

const notesList = (notes: readonly string[]): JsonLd => ({
  "@type": "ItemList",
  itemListElement: notes.map((note, index) => ({ "@type": "ListItem", position: index + 1, name: note })),
});

function editorialReview(product: Product, view: ProductPageView, origin: string, modified: string | null): JsonLd | null {
  const review = view.review;
  if (!review || view.rating === null) return null;
  const published = review.testedOn ?? product.updatedAt.slice(0, 10);
  return {
    "@type": "Review",
    author: review.reviewer
      ? personData(review.reviewerProfile ?? { name: review.reviewer }, origin)
      : { "@type": "Organization", name: SITE_NAME, url: absoluteUrl("/", origin) },
    ...(review.reviewer && review.tester
      ? {
          contributor:
            testerData(review.reviewerProfile ?? { name: review.reviewer }, review.testerProfile ?? { name: review.tester }, origin) ??
            undefined,
        }
      : {}),
    datePublished: published,
    // Never before it was published: a record last touched before the day tested was not modified since.
    ...(modified && modified > published ? { dateModified: modified } : {}),
    reviewRating: { "@type": "Rating", ratingValue: view.rating.toFixed(1), bestRating: "5", worstRating: "0" },
    ...(review.verdict ? { reviewBody: review.verdict } : {}),
    ...(review.pros.length > 0 ? { positiveNotes: notesList(review.pros) } : {}),
    ...(review.cons.length > 0 ? { negativeNotes: notesList(review.cons) } : {}),
    publisher: { "@type": "Organization", name: SITE_NAME },
  };
}

function offersData(view: ProductPageView, origin: string): JsonLd | null {
  const { price, priceRange } = view;
  if (price.kind !== "price" || price.amountMinor === null || price.currency === null || !priceRange) return null;
  if (priceRange.offerCount > 1) {
    return {
      "@type": "AggregateOffer",
      lowPrice: minorToDecimalText(price.amountMinor, price.currency),
      highPrice: minorToDecimalText(priceRange.highMinor, priceRange.currency),
      offerCount: priceRange.offerCount,
      priceCurrency: price.currency,
    };
  }
  return {
    "@type": "Offer",
    price: minorToDecimalText(price.amountMinor, price.currency),
    priceCurrency: price.currency,
    url: absoluteUrl(view.canonicalPath, origin),
    // 'unknown' is what the shop did not say: no availability is claimed for it.
    ...(priceRange.availability !== "unknown" ? { availability: `https://schema.org/${priceRange.availability}` } : {}),
    ...(price.saleEndsAt ? { priceValidUntil: price.saleEndsAt } : {}),
  };
}

/** What a schema.org Person is built from: an author, or a byline with only a name. */
export interface PersonFacts {
  name: string;
  /** The last segment of /learn/author/{slug}, when they have a page. */
  slug?: string;
  title?: string;
  image?: string | null;
  profileLinks?: readonly string[];
  knowsAbout?: readonly string[];
}

/**
 * A person as schema.org's Person: their page here, their role, photo, profiles elsewhere
 * (sameAs, so a reader or a search engine can check who they are) and what they know about,
 * each only when there is one.
 */
export function personData(person: PersonFacts, origin: string, description?: string): JsonLd {
  return {
    "@type": "Person",
    name: person.name,
    ...(person.title ? { jobTitle: person.title } : {}),
    ...(person.slug ? { url: absoluteUrl(`/learn/author/${person.slug}`, origin) } : {}),
    ...(person.image ? { image: absoluteUrl(person.image, origin) } : {}),
    ...(person.profileLinks && person.profileLinks.length > 0 ? { sameAs: [...person.profileLinks] } : {}),
    ...(person.knowsAbout && person.knowsAbout.length > 0 ? { knowsAbout: [...person.knowsAbout] } : {}),
    ...(description ? { description } : {}),
  };
}

/** Whether two bylines name one person: by their page when both have one, else by name. */
function samePerson(a: PersonFacts, b: PersonFacts): boolean {
  if (a.slug && b.slug) return a.slug === b.slug;
  return a.name.trim().toLowerCase() === b.name.trim().toLowerCase();
}

/** The tester as a contributor, when someone other than the author tested it. */
function testerData(author: PersonFacts, tester: PersonFacts | null | undefined, origin: string): JsonLd | null {
  return tester && !samePerson(author, tester) ? personData(tester, origin) : null;
}

/** An article of the Knowledge Center. */
export function articleStructuredData(
  article: Pick<Article, "title" | "slug" | "excerpt" | "image" | "author" | "publishDate" | "lastUpdated"> & { tester?: PersonFacts },
  origin: string,
): JsonLd {
  const contributor = testerData(article.author, article.tester, origin);
  return {
    "@context": CONTEXT,
    "@type": "Article",
    headline: article.title,
    description: article.excerpt,
    image: [absoluteUrl(article.image, origin)],
    datePublished: article.publishDate,
    dateModified: article.lastUpdated ?? article.publishDate,
    author: [personData(article.author, origin)],
    ...(contributor ? { contributor: [contributor] } : {}),
    publisher: { "@type": "Organization", name: SITE_NAME, url: absoluteUrl("/", origin) },
    mainEntityOfPage: absoluteUrl(`/learn/${article.slug}`, origin),
  };
}

/** An author's page: the person, with their profiles elsewhere and what they know about. */
export function authorPageStructuredData(author: PersonFacts & { slug: string; bioText: string }, origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "ProfilePage",
    url: absoluteUrl(`/learn/author/${author.slug}`, origin),
    mainEntity: personData(author, origin, author.bioText || undefined),
  };
}

/**
 * A collection review page. dateModified is the date the page shows as 'Last updated' and the
 * sitemap gives as its lastmod: the page's real last change, left out when nothing dates it.
 */
export function collectionPageStructuredData(
  page: { title: string; description: string; path: string; lastUpdated: string | null },
  origin: string,
): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "CollectionPage",
    name: page.title,
    description: page.description,
    url: absoluteUrl(page.path, origin),
    ...(page.lastUpdated ? { dateModified: page.lastUpdated } : {}),
  };
}

/** The home page: the site, with its search box. */
export function websiteStructuredData(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "WebSite",
    name: SITE_NAME,
    description: SITE_DESCRIPTION,
    url: absoluteUrl("/", origin),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: absoluteUrl(SEARCH_PATH_TEMPLATE, origin) },
      "query-input": "required name=search_term_string",
    },
  };
}

/** The home page: who publishes the site. */
export function organizationStructuredData(origin: string): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "Organization",
    name: SITE_NAME,
    url: absoluteUrl("/", origin),
    logo: absoluteUrl("/apple-touch-icon.png", origin),
  };
}

/** Meta descriptors that React Router renders as <script type="application/ld+json"> blocks. */
export function structuredDataMeta(blocks: readonly (JsonLd | null)[]): MetaDescriptor[] {
  return blocks.filter((block): block is JsonLd => block !== null).map((block) => ({ "script:ld+json": block }));
}
