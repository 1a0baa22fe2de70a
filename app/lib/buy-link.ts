import type { Product } from "./catalog";
import { trackedLinkHref } from "./clicks/tracked-link";
import { containsText } from "./text-match";

/**
 * The Buy / 'Check Price' link: its destination is the website, else the affiliate link; a
 * 'tyyni' sauna goes to the survey form when SURVEY_FORM_URL is set. Only http(s) URLs are ever
 * used; anything else is skipped in the chain. Pages never link to the destination itself: they
 * link to /go/{slug}?from={page}, which counts the click and redirects there
 * (docs/decisions/0028), so the page and the redirect must use the same chain: buyDestination.
 */

/** rel of every outbound shop link: paid links are marked sponsored, and the shop gets no window.opener. */
export const SPONSORED_LINK_REL = "sponsored noopener";
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
}

/** Where a product's shop link leads, or null when it has nowhere to go. */
export function buyDestination(
  product: Pick<Product, "name" | "website" | "affiliateLink">,
  surveyFormUrl?: string | null,
): BuyDestination | null {
  const survey = isTyyni(product.name) ? safeHttpUrl(surveyFormUrl) : null;
  if (survey) return { url: survey, kind: "survey" };
  const website = safeHttpUrl(product.website);
  if (website) return { url: website, kind: "website" };
  const affiliate = safeHttpUrl(product.affiliateLink);
  if (affiliate) return { url: affiliate, kind: "affiliate" };
  return null;
}

export interface BuyLinkOptions {
  surveyFormUrl?: string | null;
  /** The page the link is on, from `linkSource` (app/lib/clicks/tracked-link.ts). */
  source: string;
}

/** The link a page shows: the tracked /go href when there is a destination, else '#'. */
export function buyLink(product: Pick<Product, "slug" | "name" | "website" | "affiliateLink">, options: BuyLinkOptions): BuyLink {
  const destination = buyDestination(product, options.surveyFormUrl);
  if (!destination) return { href: "#", kind: "none", external: false };
  return {
    href: trackedLinkHref(product.slug, options.source),
    kind: destination.kind,
    rel: destination.kind === "survey" ? EXTERNAL_LINK_REL : SPONSORED_LINK_REL,
    external: true,
  };
}
