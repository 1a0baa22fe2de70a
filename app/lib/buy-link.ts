import type { Product } from "./catalog";
import { containsText } from "./text-match";

/**
 * The Buy / 'Check Price' link (SPEC §3 "Display rules", ARCHITECTURE D7): the website, else the
 * affiliate link, else '#'; a 'tyyni' sauna goes to the survey form when SURVEY_FORM_URL is set.
 * Only http(s) URLs are ever used; anything else is skipped in the chain.
 */

/** rel of every outbound shop link (D7). */
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

export function buyLink(product: Pick<Product, "name" | "website" | "affiliateLink">, surveyFormUrl?: string | null): BuyLink {
  const survey = isTyyni(product.name) ? safeHttpUrl(surveyFormUrl) : null;
  if (survey) return { href: survey, kind: "survey", rel: EXTERNAL_LINK_REL, external: true };
  const website = safeHttpUrl(product.website);
  if (website) return { href: website, kind: "website", rel: SPONSORED_LINK_REL, external: true };
  const affiliate = safeHttpUrl(product.affiliateLink);
  if (affiliate) return { href: affiliate, kind: "affiliate", rel: SPONSORED_LINK_REL, external: true };
  return { href: "#", kind: "none", external: false };
}
