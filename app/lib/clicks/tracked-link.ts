import { isSpotOf, splitLinkFrom, type PlacementPageKind, type Spot } from "./placement";

/**
 * Outbound shop links go through /go/{product-slug}?from={source}[:{spot}] (docs/decisions/0028,
 * 0113): the site answers a redirect to the shop and counts the click against the product, the
 * page it came from and the spot on that page (./placement.ts). This module builds those links and
 * reads their `from` back; the page kinds it knows are the only ones the click table can ever
 * hold, so junk in a hand-made URL cannot fill it.
 */

/** Where every tracked link starts; robots.txt keeps crawlers out of it. */
export const TRACKED_LINK_PREFIX = "/go/";

/** Pages without a slug of their own, and the price-drop alert mail (docs/decisions/0062-price-drop-alerts.md). */
const PLAIN_SOURCES = ["home", "reviews", "search", "compare", "price-alert"] as const;
/** Pages about one collection, product or article: `collection:barrel-saunas`, `product:tyyni-4`, `article:diy-sauna-bench`. */
const SLUGGED_SOURCES = ["collection", "product", "article"] as const;

export type SluggedSourceKind = (typeof SLUGGED_SOURCES)[number];

/** What a click's `from` becomes when it is missing or not one of the known page kinds. */
export const UNKNOWN_SOURCE = "unknown";
/** Longest slug kept in a source; longer ones are not slugs this site makes. */
export const MAX_SOURCE_SLUG_LENGTH = 100;

const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The page kinds a tracked link can name, built the one way the click table expects. */
export const linkSource = {
  home: "home",
  reviews: "reviews",
  search: "search",
  compare: "compare",
  priceAlert: "price-alert",
  collection: (slug: string) => sluggedSource("collection", slug),
  product: (slug: string) => sluggedSource("product", slug),
  article: (slug: string) => sluggedSource("article", slug),
} as const;

function sluggedSource(kind: SluggedSourceKind, slug: string): string {
  const normal = slug.trim().toLowerCase();
  return SLUG.test(normal) && normal.length <= MAX_SOURCE_SLUG_LENGTH ? `${kind}:${normal}` : kind;
}

/**
 * A `from` value's page as recorded: one of the known kinds (a slugged kind with a well-formed
 * slug, or the bare kind when the slug is not), else "unknown"; a spot after it is left out (it
 * is the placement's: ./placement.ts). Case and surrounding spaces are ignored.
 */
export function normaliseLinkSource(raw: string | null | undefined): string {
  const text = (raw ?? "").trim().toLowerCase();
  if (text === "" || text.length > MAX_SOURCE_SLUG_LENGTH + 40) return UNKNOWN_SOURCE;
  const { kind, slug, spot } = splitLinkFrom(text);
  if ((PLAIN_SOURCES as readonly string[]).includes(kind)) return spot === null || isSpotOf(kind, spot) ? kind : UNKNOWN_SOURCE;
  if (!(SLUGGED_SOURCES as readonly string[]).includes(kind)) return UNKNOWN_SOURCE;
  return slug === null ? kind : sluggedSource(kind as SluggedSourceKind, slug);
}

/**
 * A `from` as links carry it: the page (normaliseLinkSource) and its spot when the spot is one of
 * that kind's. A slugged page whose slug was dropped loses its spot too, so `product:box` is never
 * made (it would read back as the product "box").
 */
export function normaliseLinkFrom(raw: string | null | undefined): string {
  const source = normaliseLinkSource(raw);
  const { kind, spot } = splitLinkFrom((raw ?? "").trim().toLowerCase());
  if (spot === null || !isSpotOf(kind, spot)) return source;
  const slugDropped = (SLUGGED_SOURCES as readonly string[]).includes(source);
  return slugDropped ? source : `${source}:${spot}`;
}

/** A page's `from` with the spot of the link on it: `linkFrom(linkSource.product("tyyni-4"), "box")` is `product:tyyni-4:box`. */
export function linkFrom(source: string, spot: Spot<PlacementPageKind>): string {
  const page = normaliseLinkSource(source);
  return (SLUGGED_SOURCES as readonly string[]).includes(page) ? page : normaliseLinkFrom(`${page}:${spot}`);
}

/** The tracked href of a product's shop link from one page: `/go/barrel-4?from=collection:barrel-saunas:row`. */
export function trackedLinkHref(productSlug: string, from: string): string {
  // Sources are made of [a-z0-9:-] once normalised, so they need no escaping and stay readable.
  return `${TRACKED_LINK_PREFIX}${encodeURIComponent(productSlug)}?from=${normaliseLinkFrom(from)}`;
}

/** The tracked href of one shop's offer of a product: `/go/barrel-4/nordic-retail?from=product:barrel-4:where-to-buy`. */
export function trackedOfferHref(productSlug: string, merchantSlug: string, from: string): string {
  return `${TRACKED_LINK_PREFIX}${encodeURIComponent(productSlug)}/${encodeURIComponent(merchantSlug)}?from=${normaliseLinkFrom(from)}`;
}

/**
 * The first segment of a merchant's own link, `/go/-/{merchant-slug}?to=…`: an article's link to
 * a page of a merchant's site that no offer names (docs/decisions/0102). "-" is no product slug.
 */
export const MERCHANT_LINK_SEGMENT = "-";

/** The tracked href of a link to one page of a merchant's site: `/go/-/nordic-retail?from=article:x&to=https%3A%2F%2F…`. */
export function trackedMerchantHref(merchantSlug: string, url: string, from: string): string {
  return `${TRACKED_LINK_PREFIX}${MERCHANT_LINK_SEGMENT}/${encodeURIComponent(merchantSlug)}?from=${normaliseLinkFrom(from)}&to=${encodeURIComponent(url)}`;
}

function decodeSegment(encoded: string): string | null {
  if (encoded === "") return null;
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

/**
 * The product slug and, for a shop's own link, the merchant slug of a /go path (`/go/barrel-4`,
 * `/go/barrel-4/nordic-retail`), or null when the path is not one.
 */
export function trackedLinkTarget(pathname: string): { slug: string; merchant: string | null } | null {
  if (!pathname.startsWith(TRACKED_LINK_PREFIX)) return null;
  const parts = pathname.slice(TRACKED_LINK_PREFIX.length).split("/");
  if (parts.length > 2) return null;
  const slug = decodeSegment(parts[0] ?? "");
  if (slug === null) return null;
  if (parts.length === 1) return { slug, merchant: null };
  const merchant = decodeSegment(parts[1] ?? "");
  return merchant === null ? null : { slug, merchant };
}

/** The product slug of a /go path (`/go/barrel-4`), or null when the path is not one. */
export function trackedLinkSlug(pathname: string): string | null {
  const target = trackedLinkTarget(pathname);
  return target && target.merchant === null ? target.slug : null;
}

/** How the admin names a source: "Collection: barrel-saunas", "Home page". */
export function describeLinkSource(source: string): string {
  switch (source) {
    case "home":
      return "Home page";
    case "reviews":
      return "Reviews index";
    case "search":
      return "Search results";
    case "compare":
      return "Compare page";
    case "price-alert":
      return "Price-drop alert email";
    case UNKNOWN_SOURCE:
      return "Unknown page";
  }
  const colon = source.indexOf(":");
  const kind = colon === -1 ? source : source.slice(0, colon);
  const label = kind === "collection" ? "Collection" : kind === "product" ? "Product page" : kind;
  return colon === -1 ? label : `${label}: ${source.slice(colon + 1)}`;
}

/** The public page a source names, when it names one (for links in the admin). */
export function linkSourcePath(source: string): string | null {
  if (source === "home") return "/";
  if (source === "reviews" || source === "search") return "/reviews";
  if (source === "compare") return "/compare";
  if (source.startsWith("collection:")) return `/reviews/${source.slice("collection:".length)}`;
  if (source.startsWith("product:")) return `/reviews/product/${source.slice("product:".length)}`;
  return null;
}
