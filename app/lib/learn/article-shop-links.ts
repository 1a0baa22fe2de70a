import { SPONSORED_LINK_REL } from "../offers/buy-link";
import { shopDomain } from "../offers/shop-domain";
import { subIdParameter } from "../offers/sub-id";
import { trackedMerchantHref, trackedOfferHref } from "../clicks/tracked-link";

/**
 * Shop links an author writes in an article (docs/decisions/0102): a link to a known merchant's
 * site is sent through the site's tracked redirect, so it earns like a buy button. A link whose
 * address is an offer's address goes through that offer's /go; any other page of a merchant's
 * site goes through the merchant's own /go form, which adds the merchant's affiliate parameters.
 * Every other link is left as it is. Matching is a few map lookups per link.
 */

export interface LinkMerchant {
  slug: string;
  name: string;
  /** The shop's domain as the merchants admin keeps it; null when not set. */
  domain: string | null;
  /** "tag=mysite-20": these parameter names are not part of a product page's address. */
  affiliateParams: string | null;
  subIdTemplate: string | null;
}

export interface LinkOffer {
  productSlug: string;
  productName: string;
  merchantSlug: string;
  link: string | null;
}

export interface ShopLinkIndex {
  /** Domain (lower case, no "www.") → merchant. */
  domains: ReadonlyMap<string, LinkMerchant>;
  /** Slug → merchant: an offer's own merchant, whatever domain its link is on. */
  merchants: ReadonlyMap<string, LinkMerchant>;
  /** An offer's page address with its query (affiliate and tracking parameters left out) → the offer. */
  pages: ReadonlyMap<string, LinkOffer>;
  /** An offer's page address without its query → the offer, or null when several offers share it. */
  paths: ReadonlyMap<string, LinkOffer | null>;
  /**
   * The hosts (by linkHostKey) whose offers the index holds; null: every offer of the catalog. A
   * link to another host may be an offer the index was not built with (coversLink).
   */
  hosts: ReadonlySet<string> | null;
}

/** What becomes of one link written in an article. */
export type ShopLinkMatch =
  | { kind: "offer"; merchant: LinkMerchant; offer: LinkOffer }
  | { kind: "merchant"; merchant: LinkMerchant }
  /** Another site; `shopLike`: its address looks like a shop's (worth an offer or a merchant). */
  | { kind: "none"; shopLike: boolean };

/** Query parameters that never tell one product page from another. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|gclid|fbclid|msclkid|ref|ref_|tag|affid|aff_id)$/i;

function parsedHttpUrl(href: string): URL | null {
  if (!/^https?:\/\/[^/\\]/i.test(href)) return null;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Each merchant's names, read once: an index of 100,000 offers asks for them for every offer link. */
const affiliateNamesOf = new WeakMap<LinkMerchant, Set<string>>();
const NO_NAMES: ReadonlySet<string> = new Set();

function affiliateNames(merchant: LinkMerchant | undefined): ReadonlySet<string> {
  if (!merchant) return NO_NAMES;
  let names = affiliateNamesOf.get(merchant);
  if (!names) affiliateNamesOf.set(merchant, (names = readAffiliateNames(merchant)));
  return names;
}

function readAffiliateNames(merchant: LinkMerchant): Set<string> {
  const names = new Set<string>();
  for (const [name] of new URLSearchParams((merchant.affiliateParams ?? "").trim().replace(/^[?&]+/, ""))) names.add(name);
  const subId = subIdParameter(merchant.subIdTemplate);
  if (subId) names.add(subId);
  return names;
}

/** The host as shopDomain reads it (lower case, no "www.", no trailing dot), from a parsed URL. */
function hostDomain(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");
}

/** "shop.example/saunas/barrel-6": the page a link names, whatever its scheme, "www.", trailing slash or fragment. */
function pathKey(url: URL, domain: string): string {
  return `${domain}${url.pathname.replace(/\/+$/, "")}`;
}

/** The page key with its query: parameters sorted, affiliate and tracking ones left out. */
function pageKey(url: URL, path: string, merchant: LinkMerchant | undefined): string {
  if (url.search === "") return path;
  const skip = affiliateNames(merchant);
  const kept = [...url.searchParams].filter(([name]) => !skip.has(name) && !TRACKING_PARAMETER.test(name));
  kept.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  return kept.length === 0 ? path : `${path}?${new URLSearchParams(kept).toString()}`;
}

/**
 * The index of merchants and offers the links are matched against. A merchant is known by its
 * domain; one without a domain is known by its offers' link domains, unless another merchant's
 * offers use the same domain (an affiliate network's, shared by many shops).
 */
export function buildShopLinkIndex(merchants: readonly LinkMerchant[], offers: readonly LinkOffer[]): ShopLinkIndex {
  const builder = shopLinkIndexBuilder(merchants);
  builder.add(offers);
  return builder.finish();
}

/**
 * buildShopLinkIndex a slice of offers at a time: a catalog's 100,000 offers are as many URLs to
 * parse, and the server gives the event loop back between slices. The same index, whatever the slices.
 */
export function shopLinkIndexBuilder(
  merchants: readonly LinkMerchant[],
  hosts: ReadonlySet<string> | null = null,
): {
  add(offers: readonly LinkOffer[]): void;
  finish(): ShopLinkIndex;
} {
  const domains = new Map<string, LinkMerchant>();
  const bySlug = new Map<string, LinkMerchant>();
  for (const merchant of merchants) {
    bySlug.set(merchant.slug, merchant);
    const domain = shopDomain(merchant.domain);
    if (domain && !domains.has(domain)) domains.set(domain, merchant);
  }
  const borrowed = new Map<string, LinkMerchant | null>();
  const pages = new Map<string, LinkOffer>();
  const paths = new Map<string, LinkOffer | null>();
  return {
    add(offers) {
      for (const offer of offers) {
        const merchant = bySlug.get(offer.merchantSlug);
        const url = parsedHttpUrl((offer.link ?? "").trim());
        if (!merchant || !url) continue;
        const domain = hostDomain(url);
        if (domain === "") continue;
        if (!domains.has(domain) && !shopDomain(merchant.domain)) {
          const earlier = borrowed.get(domain);
          borrowed.set(domain, earlier === undefined || earlier === merchant ? merchant : null);
        }
        const path = pathKey(url, domain);
        const page = pageKey(url, path, merchant);
        if (!pages.has(page)) pages.set(page, offer);
        paths.set(path, paths.has(path) && paths.get(path) !== offer ? null : offer);
      }
    },
    finish() {
      for (const [domain, merchant] of borrowed) if (merchant) domains.set(domain, merchant);
      return { domains, merchants: bySlug, pages, paths, hosts };
    },
  };
}

/** The merchant of a host or of the domain it is under (eu.shop.example → shop.example). */
function merchantOfHost(index: ShopLinkIndex, domain: string): LinkMerchant | undefined {
  let host = domain;
  for (;;) {
    const merchant = index.domains.get(host);
    if (merchant) return merchant;
    const dot = host.indexOf(".");
    // Never a bare top-level domain: "example" alone names no shop.
    if (dot === -1 || host.indexOf(".", dot + 1) === -1) return undefined;
    host = host.slice(dot + 1);
  }
}

/** Marketplaces and words in a host or path that say "a shop sells something here". */
const SHOP_HOST =
  /(^|[.-])(amazon|ebay|etsy|walmart|wayfair|homedepot|lowes|costco|target|bestbuy|aliexpress|alibaba|overstock)\.|shop|store|mart\b|outlet|supply|sauna/i;
const SHOP_PATH = /\/(products?|shop|store|item|items|dp|gp\/product|p|buy|cart|collections)(\/|$)|\.(html?|php)$/i;

/** Whether an unknown site's link looks like one to a shop: shown to the owner, never acted on. */
function looksLikeShop(url: URL): boolean {
  return SHOP_HOST.test(url.hostname) || SHOP_PATH.test(url.pathname);
}

/**
 * The domain of a link's host that every domain matching looks at lies under (merchantOfHost walks
 * up to two labels): "eu.shop.example" → "shop.example"; an IP address is its own. An index built
 * for a set of these holds every offer whose link is on one of them. Null: not an http(s) link.
 */
export function linkHostKey(href: string): string | null {
  const url = parsedHttpUrl(href.trim());
  if (!url) return null;
  const domain = hostDomain(url);
  if (domain === "") return null;
  if (domain.startsWith("[") || /^[\d.]+$/.test(domain)) return domain;
  const labels = domain.split(".");
  return labels.length <= 2 ? domain : labels.slice(-2).join(".");
}

/**
 * Every absolute http(s) address written in a text, links or not: what an article may link to,
 * read without rendering it. A link written in a way this misses (an entity in its scheme) is
 * caught when the article is rendered (coversLink) and the index is read again.
 */
export function httpAddressesIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"'()\\\]`]+/gi) ?? [];
}

/** Whether the index holds every offer a link could name: false for a link to a host it was not built for. */
export function coversLink(index: ShopLinkIndex, href: string): boolean {
  if (index.hosts === null) return true;
  const key = linkHostKey(href);
  return key === null || index.hosts.has(key);
}

/** What a written link leads to; null for a link that is not an absolute http(s) address. */
export function matchShopLink(index: ShopLinkIndex, href: string): ShopLinkMatch | null {
  const url = parsedHttpUrl(href.trim());
  if (!url) return null;
  const domain = hostDomain(url);
  if (domain === "") return null;
  const merchant = merchantOfHost(index, domain);
  const path = pathKey(url, domain);
  // The exact page first; else the page without its query, when only one offer has it and the
  // link is on that offer's merchant's site (an affiliate network's path names no one product).
  const byPath = merchant ? index.paths.get(path) : undefined;
  const offer =
    index.pages.get(pageKey(url, path, merchant)) ?? (byPath?.merchantSlug === merchant?.slug ? byPath : undefined) ?? undefined;
  const owner = offer ? index.merchants.get(offer.merchantSlug) : undefined;
  if (offer && owner) return { kind: "offer", merchant: owner, offer };
  if (merchant) return { kind: "merchant", merchant };
  return { kind: "none", shopLike: looksLikeShop(url) };
}

/** The link a reader is given for a match, or null when the link stays as written. */
export function trackedArticleLink(match: ShopLinkMatch | null, href: string, source: string): { href: string; rel: string } | null {
  if (match === null || match.kind === "none") return null;
  if (match.kind === "offer")
    return { href: trackedOfferHref(match.offer.productSlug, match.offer.merchantSlug, source), rel: SPONSORED_LINK_REL };
  // The address as written (matchShopLink read it as an http(s) URL); the redirect checks it again.
  return { href: trackedMerchantHref(match.merchant.slug, href.trim(), source), rel: SPONSORED_LINK_REL };
}

/** One external link of an article, as the editor and /admin/links show it. */
export interface ArticleLinkReport {
  /** The address as written. */
  url: string;
  kind: ShopLinkMatch["kind"];
  merchantName?: string;
  productName?: string;
  /** For a link through an offer: which product and shop, to find the offer by. */
  productSlug?: string;
  merchantSlug?: string;
  /** For links that earn nothing: the address looks like a shop's. */
  shopLike?: boolean;
}

export function reportOf(href: string, match: ShopLinkMatch): ArticleLinkReport {
  if (match.kind === "offer")
    return {
      url: href,
      kind: "offer",
      merchantName: match.merchant.name,
      productName: match.offer.productName,
      productSlug: match.offer.productSlug,
      merchantSlug: match.merchant.slug,
    };
  if (match.kind === "merchant") return { url: href, kind: "merchant", merchantName: match.merchant.name };
  return { url: href, kind: "none", shopLike: match.shopLike };
}
