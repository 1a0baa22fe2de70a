/**
 * The one price rule. Every page that shows what a product costs (cards, lists, search, the
 * product page, the comparison, social cards, structured data) and the denormalised copy on the
 * products row (refreshProductPrice) ask `displayPrice`, so no two places can disagree. Pure: the
 * caller passes the clock and the site's settings, which keeps it testable and lets a cached page
 * re-decide freshness when it renders.
 */

/** schema.org availability values, plus "unknown" for offers whose source said nothing. */
export type OfferAvailability = "InStock" | "OutOfStock" | "PreOrder" | "BackOrder" | "Discontinued" | "unknown";
export type OfferSource = "form" | "csv" | "feed";

export const OFFER_AVAILABILITIES: readonly OfferAvailability[] = [
  "InStock",
  "OutOfStock",
  "PreOrder",
  "BackOrder",
  "Discontinued",
  "unknown",
];

export interface OfferForPrice {
  merchantSlug: string;
  merchantName: string;
  link: string | null;
  priceMinor: number | null;
  currency: string;
  salePriceMinor: number | null;
  /** YYYY-MM-DD, the last day of the sale. */
  saleEndsAt: string | null;
  availability: OfferAvailability;
  /** ISO 3166-1 alpha-2; [] = the merchant's countries. */
  countries: string[];
  /** [] = everywhere. */
  merchantCountries: string[];
  source: OfferSource;
  /** ISO: when the price was last confirmed. */
  confirmedAt: string;
  /** ISO: when the price last changed. */
  priceChangedAt: string;
  isPrimary: boolean;
}

export interface PriceSettings {
  /** SITE_COUNTRY, e.g. "US". */
  country: string;
  /** SITE_CURRENCY, e.g. "USD". */
  currency: string;
  /** PRICE_MAX_AGE in milliseconds: how long a feed's price is believed without a new run. */
  maxAgeMs: number;
  /** YYYY-MM-DD (UTC), decides whether a sale still runs. */
  today: string;
  /** Epoch milliseconds, decides whether a feed price is still fresh. */
  now: number;
}

export type DisplayPrice =
  | {
      kind: "price";
      amountMinor: number;
      currency: string;
      /** The price before the sale, set only while a sale runs. */
      listMinor: number | null;
      /** The running sale's last day, when it has one. */
      saleEndsAt: string | null;
      /** ISO: when this price was last confirmed. */
      asOf: string;
      merchantSlug: string;
    }
  /** Only feed prices that are too old remain: the page says "Check price" rather than a number it cannot vouch for. */
  | { kind: "check"; asOf: string }
  | { kind: "none" };

/** Whether a shop can take an order for it now or later; out of stock and discontinued cannot. */
export function isBuyable(availability: OfferAvailability): boolean {
  return availability !== "OutOfStock" && availability !== "Discontinued";
}

function countriesOf(offer: Pick<OfferForPrice, "countries" | "merchantCountries">): string[] {
  return offer.countries.length > 0 ? offer.countries : offer.merchantCountries;
}

/** The offer's own countries, else its merchant's; an empty list on both means everywhere. */
export function servesCountry(offer: Pick<OfferForPrice, "countries" | "merchantCountries">, country: string): boolean {
  const list = countriesOf(offer);
  const wanted = country.trim().toUpperCase();
  return list.length === 0 || list.some((code) => code.trim().toUpperCase() === wanted);
}

/** True when the offer (or its merchant) names the country, rather than serving everywhere. */
function namesCountry(offer: Pick<OfferForPrice, "countries" | "merchantCountries">, country: string): boolean {
  const wanted = country.trim().toUpperCase();
  return countriesOf(offer).some((code) => code.trim().toUpperCase() === wanted);
}

function hasPrice(offer: Pick<OfferForPrice, "priceMinor">): offer is { priceMinor: number } {
  return offer.priceMinor !== null && Number.isFinite(offer.priceMinor) && offer.priceMinor > 0;
}

/** The sale price while the sale runs (`today` up to and including its last day, or no end) and is below the price; else null. */
export function runningSaleMinor(offer: Pick<OfferForPrice, "priceMinor" | "salePriceMinor" | "saleEndsAt">, today: string): number | null {
  const sale = offer.salePriceMinor;
  if (!hasPrice(offer) || sale === null || !Number.isFinite(sale) || sale <= 0 || sale >= offer.priceMinor) return null;
  if (offer.saleEndsAt !== null && offer.saleEndsAt < today) return null;
  return sale;
}

/** What a reader pays today: the running sale price, else the price; null without a price. */
export function effectivePriceMinor(
  offer: Pick<OfferForPrice, "priceMinor" | "salePriceMinor" | "saleEndsAt">,
  today: string,
): number | null {
  return hasPrice(offer) ? (runningSaleMinor(offer, today) ?? offer.priceMinor) : null;
}

/**
 * A price from a form or a CSV is the owner's own statement and stays true until they change it;
 * a feed's price is only as good as its last run.
 */
export function isFresh(offer: Pick<OfferForPrice, "source" | "confirmedAt">, settings: Pick<PriceSettings, "maxAgeMs" | "now">): boolean {
  if (offer.source !== "feed") return true;
  const confirmed = Date.parse(offer.confirmedAt);
  return Number.isFinite(confirmed) && settings.now - confirmed <= settings.maxAgeMs;
}

const sameCurrency = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** Equal prices: in stock before the rest, the primary offer, then by merchant, so the choice never depends on read order. */
function tieBreak(a: OfferForPrice, b: OfferForPrice): number {
  return (
    Number(b.availability === "InStock") - Number(a.availability === "InStock") ||
    Number(b.isPrimary) - Number(a.isPrimary) ||
    a.merchantSlug.localeCompare(b.merchantSlug)
  );
}

/** The offers the displayed price is chosen from, fresh or not: serving the country, in its currency, priced, orderable. */
function priceCandidates<T extends OfferForPrice>(offers: readonly T[], settings: PriceSettings): T[] {
  return offers.filter(
    (offer) =>
      servesCountry(offer, settings.country) &&
      sameCurrency(offer.currency, settings.currency) &&
      hasPrice(offer) &&
      isBuyable(offer.availability),
  );
}

/**
 * The offers whose prices can stand for the product (the ones `displayPrice` chooses from, fresh),
 * cheapest first: the structured data's price range is made of exactly these.
 */
export function shownPriceOffers<T extends OfferForPrice>(offers: readonly T[], settings: PriceSettings): T[] {
  return priceCandidates(offers, settings)
    .filter((offer) => isFresh(offer, settings))
    .sort(
      (a, b) => (effectivePriceMinor(a, settings.today) as number) - (effectivePriceMinor(b, settings.today) as number) || tieBreak(a, b),
    );
}

/**
 * The product's displayed price for the site's country: among the offers that serve the country,
 * are in the site's currency, have a price and can be ordered (in stock, pre-order, back order or
 * unknown), the fresh ones (not from a feed, or confirmed within `maxAgeMs`); the lowest price a
 * reader pays today (a running sale applied) wins. When only stale feed prices remain the answer
 * is "check"; with nothing at all, "none".
 */
export function displayPrice(offers: readonly OfferForPrice[], settings: PriceSettings): DisplayPrice {
  const candidates = priceCandidates(offers, settings);
  const fresh = candidates.filter((offer) => isFresh(offer, settings));
  if (fresh.length === 0) {
    if (candidates.length === 0) return { kind: "none" };
    const latest = candidates.map((offer) => offer.confirmedAt).sort()[candidates.length - 1] as string;
    return { kind: "check", asOf: latest };
  }
  const best = shownPriceOffers(fresh, settings)[0] as OfferForPrice;
  const sale = runningSaleMinor(best, settings.today);
  return {
    kind: "price",
    amountMinor: sale ?? (best.priceMinor as number),
    currency: best.currency.trim().toUpperCase(),
    listMinor: sale === null ? null : best.priceMinor,
    saleEndsAt: sale === null ? null : best.saleEndsAt,
    asOf: best.confirmedAt,
    merchantSlug: best.merchantSlug,
  };
}

/**
 * The where-to-buy order for the site's country: the offers that serve it, those that can be
 * ordered first, then those in the site's currency, then the cheapest a reader pays today, offers
 * without a price (or with a feed price too old to show) after priced ones. Out of stock and discontinued offers come last, still listed
 * (a reader may want to know the shop has it, just not now).
 */
export function offersForCountry<T extends OfferForPrice>(offers: readonly T[], settings: PriceSettings): T[] {
  // A stale feed price shows "Check price", so it sorts with the offers that show no number.
  const price = (offer: T) => (isFresh(offer, settings) ? effectivePriceMinor(offer, settings.today) : null) ?? Number.POSITIVE_INFINITY;
  return offers
    .filter((offer) => servesCountry(offer, settings.country))
    .sort(
      (a, b) =>
        Number(isBuyable(b.availability)) - Number(isBuyable(a.availability)) ||
        Number(sameCurrency(b.currency, settings.currency)) - Number(sameCurrency(a.currency, settings.currency)) ||
        price(a) - price(b) ||
        tieBreak(a, b),
    );
}

/**
 * The offer /go sends a reader to: among the offers serving the reader's country (else, when none
 * does, the site's), an offer with a link (the affiliate link) first, then one that can be
 * ordered, then one in the country's own currency (the currency of the offers made for that
 * country, so a German reader goes to the German shop's euro offer rather than a dollar shop
 * that serves everywhere), then the cheapest. Null when no offer with a link serves either
 * country. `today` decides whether a sale counts towards "cheapest"; without it only list prices
 * compare.
 */
export function bestOfferForClick<T extends OfferForPrice>(
  offers: readonly T[],
  country: string,
  siteCountry: string,
  today?: string,
): T | null {
  const withLink = offers.filter((offer) => (offer.link ?? "").trim() !== "");
  const forCountry = (code: string) => withLink.filter((offer) => servesCountry(offer, code));
  const readers = forCountry(country);
  const [pool, code] = readers.length > 0 ? [readers, country] : [forCountry(siteCountry), siteCountry];
  const local =
    pool.find((offer) => namesCountry(offer, code) && isBuyable(offer.availability)) ?? pool.find((offer) => namesCountry(offer, code));
  const inLocalCurrency = (offer: T) => local !== undefined && sameCurrency(offer.currency, local.currency);
  const price = (offer: T) => (today === undefined ? offer.priceMinor : effectivePriceMinor(offer, today)) ?? Number.POSITIVE_INFINITY;
  const sorted = [...pool].sort(
    (a, b) =>
      Number(isBuyable(b.availability)) - Number(isBuyable(a.availability)) ||
      Number(inLocalCurrency(b)) - Number(inLocalCurrency(a)) ||
      price(a) - price(b) ||
      Number(namesCountry(b, code)) - Number(namesCountry(a, code)) ||
      tieBreak(a, b),
  );
  return sorted[0] ?? null;
}
