import type { Product } from "../catalog/catalog";
import { trackedLinkHref } from "../clicks/tracked-link";
import { bestOfferForClick } from "./display-price";
import { offerLinkUrl } from "./offer-link";
import type { ShopOffer } from "./shop-offer";
import { containsText } from "../text/text-match";

/**
 * The Buy / 'Check Price' link: its destination is the product's best affiliate offer (an offer
 * with a link, for the country; docs/decisions/0058), else the maker's website, else nothing; a
 * 'tyyni' sauna goes to the survey form when SURVEY_FORM_URL is set. Only http(s) URLs are ever
 * used; anything else is skipped in the chain. Pages never link to the destination itself: they
 * link to /go/{slug}?from={page}, which counts the click and redirects there
 * (docs/decisions/0028), so the page and the redirect must use the same chain: buyDestination.
 */

/**
 * rel of every outbound shop link: paid links are marked sponsored (and nofollow, for crawlers
 * that predate 'sponsored'), and the shop gets no window.opener.
 */
export const SPONSORED_LINK_REL = "sponsored nofollow noopener";
/** rel of the survey-form link: outbound, but not paid. */
export const EXTERNAL_LINK_REL = "noopener";

/** The value, trimmed, when it is an absolute http(s) URL with a host; else null (no javascript:, data:, …). */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = (value ?? "").trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" ? text : null;
  } catch {
    return null;
  }
}

export type BuyLinkKind = "survey" | "website" | "affiliate" | "none";

export interface BuyLink {
  href: string;
  kind: BuyLinkKind;
  /** Set for outbound links, which open in a new tab; absent for '#'. */
  rel?: string;
  external: boolean;
}

export function isTyyni(name: string | null | undefined): boolean {
  return containsText(name, "tyyni");
}

export interface BuyDestination {
  url: string;
  kind: Exclude<BuyLinkKind, "none">;
  /** The offer an affiliate destination belongs to (absent for a product read without its offers). */
  offer?: ShopOffer;
}

/** Whose country the destination is chosen for: the reader's on /go, the site's on pages (which stay country-neutral). */
export interface BuyCountry {
  country: string;
  siteCountry: string;
  /** YYYY-MM-DD: a running sale makes an offer the cheaper one. */
  today?: string;
}

const SITE_DEFAULT_COUNTRY: BuyCountry = { country: "US", siteCountry: "US" };

/**
 * The offer a product's buy button leads to: the best offer with a usable link for the country
 * (bestOfferForClick). A product read without its offers, or without any, falls back to its
 * row's affiliate link, which the code keeps equal to the primary offer's.
 */
export function bestAffiliateOffer(
  product: Pick<Product, "affiliateLink" | "offers">,
  where: BuyCountry = SITE_DEFAULT_COUNTRY,
): { url: string; offer: ShopOffer | null } | null {
  if (!product.offers || product.offers.length === 0) {
    const url = safeHttpUrl(product.affiliateLink);
    return url ? { url, offer: null } : null;
  }
  const usable = product.offers.filter((offer) => offerLinkUrl(offer.link, offer.merchantAffiliateParams) !== null);
  const best = bestOfferForClick(usable, where.country, where.siteCountry, where.today);
  return best ? { url: offerLinkUrl(best.link, best.merchantAffiliateParams) as string, offer: best } : null;
}

/**
 * Where a product's shop link leads, or null when it has nowhere to go: the survey form for a
 * 'tyyni' sauna when set; else the best affiliate offer (the commission is what the site lives
 * on); else the maker's website; else nothing.
 */
export function buyDestination(
  product: Pick<Product, "name" | "website" | "affiliateLink" | "offers">,
  surveyFormUrl?: string | null,
  where: BuyCountry = SITE_DEFAULT_COUNTRY,
): BuyDestination | null {
  const survey = isTyyni(product.name) ? safeHttpUrl(surveyFormUrl) : null;
  if (survey) return { url: survey, kind: "survey" };
  const affiliate = bestAffiliateOffer(product, where);
  if (affiliate)
    return affiliate.offer ? { url: affiliate.url, kind: "affiliate", offer: affiliate.offer } : { url: affiliate.url, kind: "affiliate" };
  const website = safeHttpUrl(product.website);
  if (website) return { url: website, kind: "website" };
  return null;
}

export interface BuyLinkOptions {
  surveyFormUrl?: string | null;
  /** SITE_COUNTRY: whether the product has an offer to send the site's readers to. */
  siteCountry?: string;
  /** The page the link is on, from `linkSource` (app/lib/clicks/tracked-link.ts). */
  source: string;
}

/** The link a page shows: the tracked /go href when there is a destination, else '#'. */
export function buyLink(
  product: Pick<Product, "slug" | "name" | "website" | "affiliateLink" | "offers">,
  options: BuyLinkOptions,
): BuyLink {
  const country = options.siteCountry ?? SITE_DEFAULT_COUNTRY.siteCountry;
  const destination = buyDestination(product, options.surveyFormUrl, { country, siteCountry: country });
  if (!destination) return { href: "#", kind: "none", external: false };
  return {
    href: trackedLinkHref(product.slug, options.source),
    kind: destination.kind,
    rel: destination.kind === "survey" ? EXTERNAL_LINK_REL : SPONSORED_LINK_REL,
    external: true,
  };
}
