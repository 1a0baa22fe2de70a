import type { Product } from "../catalog/catalog";
import { formatLongUsDate } from "../text/dates";
import { CONTACT_FOR_PRICE, formatMoney } from "../text/money";
import {
  displayPrice,
  effectivePriceMinor,
  shownPriceOffers,
  type DisplayPrice,
  type OfferAvailability,
  type OfferForPrice,
  type PriceSettings,
} from "./display-price";

/**
 * The one view of a product's price that every page prints (cards, lists, search, the product
 * page, the comparison, the social card and the structured data), made from `displayPrice`.
 */

/** What a stale feed price shows instead of a number. */
export const CHECK_PRICE = "Check price";

export interface PriceView {
  kind: DisplayPrice["kind"];
  /** '$7,650', 'Check price' or 'Contact for Price'. */
  text: string;
  /** The struck-through price before a running sale ('$8,400'); null without a sale. */
  listText: string | null;
  amountMinor: number | null;
  listMinor: number | null;
  currency: string | null;
  /** YYYY-MM-DD, the running sale's last day. */
  saleEndsAt: string | null;
  /** 'Sale ends December 31, 2026' */
  saleEndsText: string | null;
  /** ISO: when the shown price was last confirmed. */
  asOf: string | null;
  /** 'Price as of November 26, 2026': every shown price says how old it is. */
  asOfText: string | null;
  /** The merchant whose offer set the price. */
  merchantSlug: string | null;
}

/** 'Price as of November 26, 2026' */
export function asOfText(asOf: string): string {
  return `Price as of ${formatLongUsDate(asOf)}`;
}

export function toPriceView(price: DisplayPrice): PriceView {
  if (price.kind === "none") {
    return {
      kind: "none",
      text: CONTACT_FOR_PRICE,
      listText: null,
      amountMinor: null,
      listMinor: null,
      currency: null,
      saleEndsAt: null,
      saleEndsText: null,
      asOf: null,
      asOfText: null,
      merchantSlug: null,
    };
  }
  if (price.kind === "check") {
    return {
      kind: "check",
      text: CHECK_PRICE,
      listText: null,
      amountMinor: null,
      listMinor: null,
      currency: null,
      saleEndsAt: null,
      saleEndsText: null,
      asOf: price.asOf,
      asOfText: asOfText(price.asOf),
      merchantSlug: null,
    };
  }
  return {
    kind: "price",
    text: formatMoney(price.amountMinor, price.currency),
    listText: price.listMinor === null ? null : formatMoney(price.listMinor, price.currency),
    amountMinor: price.amountMinor,
    listMinor: price.listMinor,
    currency: price.currency,
    saleEndsAt: price.saleEndsAt,
    saleEndsText: price.saleEndsAt ? `Sale ends ${formatLongUsDate(price.saleEndsAt)}` : null,
    asOf: price.asOf,
    asOfText: asOfText(price.asOf),
    merchantSlug: price.merchantSlug,
  };
}

/**
 * The row's copy of the displayed price as one offer of the site's, for a product read without
 * its offers (an admin preview, a test): the copy was written by the same rule, so the answer is
 * the same, dated by the product's last save.
 */
function offersOrRowCopy(product: Product, settings: PriceSettings): readonly OfferForPrice[] {
  if (product.offers) return product.offers;
  if (product.priceCents === null) return [];
  return [
    {
      merchantSlug: "",
      merchantName: "",
      link: product.affiliateLink,
      priceMinor: product.priceCents,
      currency: settings.currency,
      salePriceMinor: product.salePriceCents,
      saleEndsAt: product.saleEndsAt,
      availability: "unknown",
      countries: [],
      merchantCountries: [],
      source: "form",
      confirmedAt: product.updatedAt,
      priceChangedAt: product.updatedAt,
      isPrimary: true,
    },
  ];
}

export function productDisplayPrice(product: Product, settings: PriceSettings): DisplayPrice {
  return displayPrice(offersOrRowCopy(product, settings), settings);
}

export function productPriceView(product: Product, settings: PriceSettings): PriceView {
  return toPriceView(productDisplayPrice(product, settings));
}

/** The prices a product page shows a number for, for the structured data: lowest, highest, how many. */
export interface PriceRange {
  offerCount: number;
  lowMinor: number;
  highMinor: number;
  currency: string;
  /** The lowest offer's availability. */
  availability: OfferAvailability;
}

/** The range of the shown prices, or null when no price is shown (then "Check price" or "Contact for Price"). */
export function productPriceRange(product: Product, settings: PriceSettings): PriceRange | null {
  const shown = shownPriceOffers(offersOrRowCopy(product, settings), settings);
  const [lowest] = shown;
  if (!lowest) return null;
  const prices = shown.map((offer) => effectivePriceMinor(offer, settings.today) as number);
  return {
    offerCount: shown.length,
    lowMinor: Math.min(...prices),
    highMinor: Math.max(...prices),
    currency: lowest.currency.trim().toUpperCase(),
    availability: lowest.availability,
  };
}

/** SITE_COUNTRY, SITE_CURRENCY and PRICE_MAX_AGE (in ms), as the config holds them. */
export interface SitePrices {
  country: string;
  currency: string;
  maxAgeMs: number;
}

/** The settings at `now` with the site's country, currency and feed age (the server passes its config). */
export function priceSettingsAt(site: SitePrices, now: number): PriceSettings {
  return { country: site.country, currency: site.currency, maxAgeMs: site.maxAgeMs, now, today: new Date(now).toISOString().slice(0, 10) };
}

/** The defaults of SITE_COUNTRY, SITE_CURRENCY and PRICE_MAX_AGE. */
export const DEFAULT_SITE_PRICES: SitePrices = { country: "US", currency: "USD", maxAgeMs: 24 * 3_600_000 };
