import type { IncomingMessage, ServerResponse } from "node:http";
import { buyDestination, isTyyni, safeHttpUrl } from "~/lib/offers/buy-link";
import { isCountedClick } from "~/lib/clicks/counted-click";
import { MERCHANT_LINK_SEGMENT, normaliseLinkSource, trackedLinkTarget } from "~/lib/clicks/tracked-link";
import { placementOf } from "~/lib/clicks/placement";
import { parseVariantTag } from "~/lib/ab-tests/buy-button";
import { deviceOfAgent } from "~/lib/views/page-view";
import { matchShopLink, type ShopLinkIndex } from "~/lib/learn/article-shop-links";
import { offerLinkUrl } from "~/lib/offers/offer-link";
import { withSubId } from "~/lib/offers/sub-id";
import { TRACKING_PARAMETER, trackingIdFor, type TrackingIds } from "~/lib/offers/tracking-ids";
import type { ShopOffer } from "~/lib/offers/shop-offer";
import { clientAddress } from "../auth/client-address.server";
import { readShopLinkIndex } from "../articles/article-shop-links.server";
import type { DB } from "../db/connection.server";
import type { ReaderCountry } from "../geo/reader-country.server";
import { allOffersByProduct } from "../offers/offer-reads.server";
import type { ClickRecorder } from "./click-recorder.server";

/**
 * /go/{product-slug} and /go/{product-slug}/{merchant-slug}: the redirect every shop link goes
 * through (docs/decisions/0028, 0058). It is answered straight from the Node request, before
 * Express and React: the slug is looked up in an in-memory map of every product's links (its
 * offers, its website, built on first use, dropped on every catalog change), the destination is
 * chosen for the reader's country (the product's best affiliate offer there, else the site's
 * country's, else the maker's website; a named merchant's own offer when the link names one),
 * the click is handed to the recorder with its reader, country and merchant (the recorder counts
 * one click per reader and product in 30 minutes, written later, in a batch) and a 302 goes out,
 * whether or not the click counts. A counted click's link carries its random sub-ID in the
 * merchant's format when the merchant has a sub-ID template (docs/decisions/0074), and a link from a
 * kind of page the merchant has a tracking ID for carries it as tag= (Amazon, ADR 0116). Pages
 * stay the same for every country; only this answer varies.
 * A slug with no destination is not answered here: the request goes on to the /go route, which
 * renders a 404 page in the site's look.
 *
 * /go/-/{merchant-slug}?to={address} is an article's link to a page of a merchant's site that no
 * offer names (docs/decisions/0102): it leads to that address with the merchant's affiliate
 * parameters added, and only when the address is on that merchant's site, so it is no open
 * redirect. It names no product, so it is not counted in the clicks (which are per product).
 */
export interface OutboundRedirects {
  /** Answers a /go request now if the destinations are loaded; false otherwise (the caller goes on). */
  serveNow(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers a /go request, loading the destinations first if need be; false when it has no destination. */
  serve(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Forgets the destinations: every catalog change. */
  invalidate(): void;
}

/** What the redirect knows of a product: enough to choose a destination for any country. */
export interface ProductLinks {
  productId: number;
  name: string;
  website: string | null;
  affiliateLink: string | null;
  offers: ShopOffer[];
}

export interface Destination {
  /** Absolute and ASCII-only (as URL.href makes it), so it is always a valid Location header. */
  url: string;
  /** The merchant of the offer it leads to; null for the website or the survey form. */
  merchantId: number | null;
  /** The merchant's sub-ID template (lib/offers/sub-id.ts); null: the link goes out as it is. */
  subIdTemplate: string | null;
  /** The merchant's tracking ID per kind of page (lib/offers/tracking-ids.ts); null: none. */
  trackingIds?: TrackingIds | null;
}

/**
 * Another instance's save does not reach this one's invalidate(), so the map also ages out: a
 * changed link is followed within this long everywhere (the page cache keeps pages about as long).
 */
const DESTINATIONS_MAX_AGE_MS = 60_000;

const REDIRECT_HEADERS = {
  // Each click must reach the site to be counted: no browser or proxy may keep the answer.
  "cache-control": "no-store",
  "x-robots-tag": "noindex, nofollow",
  // The shop sees our origin (it is the referrer of an affiliate sale), never the page's path.
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-length": "0",
};

export function createOutboundRedirects(options: {
  db: DB;
  surveyFormUrl?: string | null;
  recorder: ClickRecorder;
  /** TRUST_PROXY: how the reader's address is read (auth/client-address.server.ts). */
  trustProxyHops?: number;
  /** How the reader's country is read (geo/reader-country.server.ts); without it, everyone is in the site's country. */
  readerCountry?: ReaderCountry;
  /** SITE_COUNTRY: the country of readers whose own is unknown or has no offer. */
  siteCountry?: string;
  now?: () => number;
}): OutboundRedirects {
  const { db, recorder } = options;
  const now = options.now ?? Date.now;
  const siteCountry = (options.siteCountry ?? "US").toUpperCase();
  let loaded: { destinations: Map<string, ProductLinks>; at: number } | undefined;
  let loading: Promise<Map<string, ProductLinks>> | undefined;
  let generation = 0;

  const fresh = () => (loaded && now() - loaded.at < DESTINATIONS_MAX_AGE_MS ? loaded.destinations : undefined);

  function load(): Promise<Map<string, ProductLinks>> {
    const current = fresh();
    if (current) return Promise.resolve(current);
    if (!loading) {
      const startedIn = generation;
      loading = readProductLinks(db)
        .then((destinations) => {
          // A catalog change while reading: this map may miss it; answer with it once, keep nothing.
          if (startedIn === generation) loaded = { destinations, at: now() };
          return destinations;
        })
        .finally(() => {
          loading = undefined;
        });
    }
    return loading;
  }

  function answer(req: IncomingMessage, res: ServerResponse, target: GoTarget, products: Map<string, ProductLinks>): boolean {
    const links = products.get(target.slug.toLowerCase());
    if (!links) return false;
    const country = options.readerCountry?.countryOf(req) ?? null;
    const destination = chooseDestination(links, target.merchant, {
      country: country ?? siteCountry,
      siteCountry,
      today: new Date(now()).toISOString().slice(0, 10),
      surveyFormUrl: options.surveyFormUrl,
    });
    if (!destination) return false;
    const counted = isCountedClick({
      method: req.method,
      userAgent: req.headers["user-agent"],
      purpose: [
        req.headers["sec-purpose"] as string | undefined,
        req.headers["purpose"] as string | undefined,
        req.headers["x-moz"] as string | undefined,
      ],
    });
    const from = fromParameter(req.url);
    // The kind of page's own tracking ID (Amazon's tag=), counted click or not: the sale is the shop's to credit.
    const trackingId = trackingIdFor(destination.trackingIds, normaliseLinkSource(from));
    let location = trackingId === null ? destination.url : withSubId(destination.url, `${TRACKING_PARAMETER}={id}`, trackingId);
    if (counted) {
      const subId = recorder.record({
        at: now(),
        productId: links.productId,
        source: normaliseLinkSource(from),
        // Both from fixed lists: what a hand-made link says is never kept as written.
        placement: placementOf(from),
        device: deviceOfAgent(req.headers["user-agent"]),
        // The A/B test variant the reader's page showed (docs/decisions/0111); checked against the test when counted.
        abTest: parseVariantTag(queryParameter(req.url, "ab")),
        country,
        merchantId: destination.merchantId,
        reader: {
          address: clientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], options.trustProxyHops ?? 0) ?? "unknown",
          userAgent: req.headers["user-agent"] ?? "",
        },
      });
      // The ID is plain [a-z2-9], so the Location header stays ASCII.
      if (subId !== null && destination.subIdTemplate !== null) location = withSubId(location, destination.subIdTemplate, subId);
    }
    res.writeHead(302, { ...REDIRECT_HEADERS, location });
    res.end();
    return true;
  }

  function answerMerchant(req: IncomingMessage, res: ServerResponse, merchantSlug: string, index: ShopLinkIndex): boolean {
    const url = merchantLinkDestination(index, merchantSlug, queryParameter(req.url, "to"));
    if (url === null) return false;
    res.writeHead(302, { ...REDIRECT_HEADERS, location: url });
    res.end();
    return true;
  }

  const targetOf = (req: IncomingMessage) => (req.method === "GET" || req.method === "HEAD" ? trackedLinkTarget(pathOf(req.url)) : null);

  return {
    serveNow(req, res) {
      const target = targetOf(req);
      // A merchant's link reads its own index: serve() answers it.
      if (target?.slug === MERCHANT_LINK_SEGMENT && target.merchant !== null) return false;
      const products = target === null ? undefined : fresh();
      return products !== undefined && answer(req, res, target!, products);
    },
    async serve(req, res) {
      const target = targetOf(req);
      if (target === null) return false;
      if (target.slug === MERCHANT_LINK_SEGMENT && target.merchant !== null) {
        const to = queryParameter(req.url, "to");
        return answerMerchant(req, res, target.merchant, await readShopLinkIndex(db, to === null ? [] : [to]));
      }
      return answer(req, res, target, await load());
    },
    invalidate() {
      generation++;
      loaded = undefined;
    },
  };
}

type GoTarget = { slug: string; merchant: string | null };

/**
 * The chain of buyDestination for the reader's country, so a page's button and its redirect agree:
 * the survey form for a 'tyyni' sauna when set; a link naming a merchant goes to that merchant's
 * offer when it has a usable link; otherwise (and for a merchant the product no longer has: a
 * cached page may still name it) the best affiliate offer for the country, then the website.
 */
export function chooseDestination(
  links: ProductLinks,
  merchant: string | null,
  where: { country: string; siteCountry: string; today: string; surveyFormUrl?: string | null },
): Destination | null {
  const survey = isTyyni(links.name) ? safeHttpUrl(where.surveyFormUrl) : null;
  if (survey) return { url: new URL(survey).href, merchantId: null, subIdTemplate: null, trackingIds: null };
  if (merchant !== null) {
    const named = links.offers.find((offer) => offer.merchantSlug.toLowerCase() === merchant.toLowerCase());
    const url = named ? offerLinkUrl(named.link, named.merchantAffiliateParams) : null;
    if (named && url)
      return {
        url: new URL(url).href,
        merchantId: named.merchantId,
        subIdTemplate: named.merchantSubIdTemplate ?? null,
        trackingIds: named.merchantTrackingIds ?? null,
      };
  }
  const destination = buyDestination(links, null, where);
  if (!destination) return null;
  return {
    url: new URL(destination.url).href,
    merchantId: destination.offer?.merchantId ?? null,
    subIdTemplate: destination.offer?.merchantSubIdTemplate ?? null,
    trackingIds: destination.offer?.merchantTrackingIds ?? null,
  };
}

/**
 * Where a merchant's own link leads: the address, when it is an http(s) address the index places
 * on that merchant's site (its domain or a subdomain, or one of its offers' pages), with the
 * merchant's affiliate parameters added as an offer's link gets them; else null.
 */
export function merchantLinkDestination(index: ShopLinkIndex, merchantSlug: string, to: string | null): string | null {
  const address = safeHttpUrl(to);
  if (address === null) return null;
  const match = matchShopLink(index, address);
  if (match === null || match.kind === "none" || match.merchant.slug !== merchantSlug.toLowerCase()) return null;
  const url = offerLinkUrl(address, match.merchant.affiliateParams);
  return url === null ? null : new URL(url).href;
}

async function readProductLinks(db: DB): Promise<Map<string, ProductLinks>> {
  const [rows, offers] = await Promise.all([
    db.selectFrom("products").select(["id", "slug", "name", "website", "affiliate_link"]).execute(),
    allOffersByProduct(db),
  ]);
  const products = new Map<string, ProductLinks>();
  for (const row of rows) {
    const productId = Number(row.id);
    products.set(row.slug.toLowerCase(), {
      productId,
      name: row.name,
      website: row.website,
      affiliateLink: row.affiliate_link,
      offers: offers.get(productId) ?? [],
    });
  }
  return products;
}

function pathOf(target: string | undefined): string {
  const url = target ?? "/";
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? url : url.slice(0, queryAt);
}

function queryParameter(target: string | undefined, name: string): string | null {
  const url = target ?? "";
  const queryAt = url.indexOf("?");
  return queryAt === -1 ? null : new URLSearchParams(url.slice(queryAt + 1)).get(name);
}

function fromParameter(target: string | undefined): string | null {
  return queryParameter(target, "from");
}
