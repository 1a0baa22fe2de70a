import type { LinkOutcome } from "./link-outcomes";

/**
 * What /admin/links lists: every shop link the catalog has now, with the last check of that very
 * address. A result whose address differs from the product's current link (edited since) is not
 * the link's health any more: the row shows "not checked yet" until the next run, and the old
 * result only as history. A link the site refused to fetch (an internal address, a port it does
 * not open) is "not checked", never broken. The database applies these rules, counting and paging
 * (app/server/links/link-report.server.ts): at 100,000 links the web process cannot.
 */

export type LinkKind = "affiliate" | "website" | "offer";

export const LINK_KIND_LABELS: Record<LinkKind, string> = { affiliate: "Affiliate link", website: "Website", offer: "Offer" };

/** One shop link of one product (its own two, or one of its offers'), as the catalog holds it now. */
export interface LinkTarget {
  productId: number;
  productName: string;
  link: LinkKind;
  url: string;
  /** An offer's link: which offer, at which shop. */
  offerId?: number;
  merchantName?: string;
}

/** What names a link across runs: a product's own link by product and kind, an offer's by the offer. */
export function linkTargetKey(target: { productId: number; link: LinkKind; offerId?: number }): string {
  return target.link === "offer" ? `offer:${target.offerId}` : `${target.productId}:${target.link}`;
}

export interface StoredLinkResult {
  productId: number;
  link: LinkKind;
  offerId?: number;
  /** The address that was checked (the product's link at the time). */
  url: string;
  outcome: LinkOutcome;
  statusCode: number | null;
  finalUrl: string | null;
  error: string | null;
  /** ISO-8601 */
  checkedAt: string;
  durationMs: number;
}

export type LinkState = "broken" | "unchecked" | "ok";

export const LINK_STATES: readonly LinkState[] = ["broken", "unchecked", "ok"];

/** "Not checked" holds links never checked since they were set, and links the site refuses to fetch. */
export const LINK_STATE_LABELS: Record<LinkState, string> = { broken: "Broken", unchecked: "Not checked", ok: "Working" };

/** A link with no result for its current address. */
export const NOT_CHECKED_YET = "Not checked yet";

export interface LinkReportRow extends LinkTarget {
  /** Where readers meet the link: the product's page, and for an offer the published articles that link to it. */
  usedOn?: { productSlug: string; articles: { id: number; title: string }[] };
  state: LinkState;
  /** The check of the current address; null when there is none. */
  result: StoredLinkResult | null;
  /** A check of an earlier address of this link, kept for context. */
  previous: StoredLinkResult | null;
}

/** The shop links of a product: each non-empty link, trimmed. */
export function linkTargetsOf(product: { id: number; name: string; affiliateLink: string | null; website: string | null }): LinkTarget[] {
  const targets: LinkTarget[] = [];
  const add = (link: LinkKind, value: string | null) => {
    const url = (value ?? "").trim();
    if (url !== "") targets.push({ productId: product.id, productName: product.name, link, url });
  };
  add("affiliate", product.affiliateLink);
  add("website", product.website);
  return targets;
}

export type LinkStateCounts = Record<LinkState, number>;

/** ?show=broken|unchecked|ok on /admin/links; anything else shows every link. */
export function parseStateFilter(value: string | null): LinkState | null {
  return value && (LINK_STATES as readonly string[]).includes(value) ? (value as LinkState) : null;
}

/** A run over every shop link, as the page shows it. */
export interface LinkCheckRunView {
  id: number;
  trigger: "manual" | "schedule";
  running: boolean;
  total: number;
  checked: number;
  broken: number;
  /** Links left for a later run: their shop's checks for the day were spent. */
  deferred: number;
  /** ISO-8601 */
  startedAt: string;
  finishedAt: string | null;
  /** Why it ended early, if it did. */
  error: string | null;
}

/** The address of a product's edit form in the admin area. */
export function productEditHref(productId: number): string {
  return `/admin/products?edit=${productId}`;
}
