import { EXTERNAL_LINK_REL, isTyyni, safeHttpUrl, SPONSORED_LINK_REL } from "./buy-link";
import { trackedOfferHref } from "../clicks/tracked-link";
import type { Product } from "../catalog/catalog";
import { formatLongUsDate } from "../text/dates";
import { CONTACT_FOR_PRICE, formatMoney } from "../text/money";
import { displayPrice, isFresh, offersForCountry, runningSaleMinor, type OfferAvailability, type PriceSettings } from "./display-price";
import { offerLinkUrl } from "./offer-link";
import { asOfText, CHECK_PRICE } from "./price-view";
import { shippingForCountry } from "./shipping-note";

/**
 * The product page's where-to-buy table: the offers for the site's country in offersForCountry's
 * order (cheapest first, out of stock last), each with its price (the sale beside the struck
 * list price), its availability in words, its shipping for the site's country and a tracked link through
 * /go/{product}/{merchant}. "Lowest price" marks the offer that set the displayed price, so the
 * badge and the price at the top of the page can never disagree.
 */

export interface WhereToBuyRow {
  merchantSlug: string;
  merchantName: string;
  /** '$7,650', 'Check price' or 'Contact for Price'. */
  priceText: string;
  /** The struck-through price before a running sale. */
  listText: string | null;
  /** 'Sale ends December 31, 2026' */
  saleEndsText: string | null;
  /** 'Price as of November 26, 2026'; null without a price. */
  asOfText: string | null;
  availability: OfferAvailability;
  /** 'In stock', 'Out of stock', … */
  availabilityText: string;
  /** 'Ships from January 15, 2027': a pre-order or back-order whose shop says when, while that day is ahead. */
  shipsFromText: string | null;
  /** False for out of stock and discontinued offers. */
  buyable: boolean;
  shippingText: string | null;
  lowest: boolean;
  /** The tracked /go link, or null when the offer has no usable link. */
  href: string | null;
  rel: string;
}

export interface WhereToBuyView {
  rows: WhereToBuyRow[];
}

const AVAILABILITY_TEXT: Record<OfferAvailability, string> = {
  InStock: "In stock",
  OutOfStock: "Out of stock",
  PreOrder: "Pre-order",
  BackOrder: "Back order: ships later",
  Discontinued: "Discontinued",
  unknown: "Ask the shop about stock",
};

export function availabilityText(availability: OfferAvailability): string {
  return AVAILABILITY_TEXT[availability];
}

/** The day a pre-order or back-order ships, in words, while it is still ahead of `today` (YYYY-MM-DD); null otherwise. */
export function shipsFromText(offer: { availability: OfferAvailability; availableFrom?: string | null }, today: string): string | null {
  if (offer.availability !== "PreOrder" && offer.availability !== "BackOrder") return null;
  if (!offer.availableFrom || offer.availableFrom <= today) return null;
  return `Ships from ${formatLongUsDate(offer.availableFrom)}`;
}

export function whereToBuyView(
  product: Pick<Product, "slug" | "name" | "offers">,
  settings: PriceSettings,
  options: { source: string; surveyFormUrl?: string | null },
): WhereToBuyView {
  const offers = product.offers ?? [];
  const shown = displayPrice(offers, settings);
  const survey = isTyyni(product.name) && safeHttpUrl(options.surveyFormUrl) !== null;
  const rows = offersForCountry(offers, settings).map((offer): WhereToBuyRow => {
    const sale = runningSaleMinor(offer, settings.today);
    const priced = offer.priceMinor !== null && offer.priceMinor > 0;
    const fresh = isFresh(offer, settings);
    const usable = offerLinkUrl(offer.link, offer.merchantAffiliateParams) !== null;
    const shipsFrom = shipsFromText(offer, settings.today);
    return {
      merchantSlug: offer.merchantSlug,
      merchantName: offer.merchantName,
      priceText: !priced ? CONTACT_FOR_PRICE : !fresh ? CHECK_PRICE : formatMoney(sale ?? offer.priceMinor, offer.currency),
      listText: priced && fresh && sale !== null ? formatMoney(offer.priceMinor, offer.currency) : null,
      saleEndsText: priced && fresh && sale !== null && offer.saleEndsAt ? `Sale ends ${formatLongUsDate(offer.saleEndsAt)}` : null,
      asOfText: priced ? asOfText(offer.confirmedAt) : null,
      availability: offer.availability,
      // With the day it ships, a back-order need not say "ships later" as well.
      availabilityText: shipsFrom && offer.availability === "BackOrder" ? "Back order" : availabilityText(offer.availability),
      shipsFromText: shipsFrom,
      buyable: offer.availability !== "OutOfStock" && offer.availability !== "Discontinued",
      shippingText: shippingForCountry(offer.shippingNote, settings.country),
      lowest: shown.kind === "price" && shown.merchantSlug === offer.merchantSlug,
      href: usable || survey ? trackedOfferHref(product.slug, offer.merchantSlug, options.source) : null,
      // The survey form replaces every shop link of a 'tyyni' sauna while it is set, and it is not paid.
      rel: survey ? EXTERNAL_LINK_REL : SPONSORED_LINK_REL,
    };
  });
  return { rows };
}
