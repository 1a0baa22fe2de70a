import { dollarsToCents } from "~/lib/text/money";
import type { OfferAvailability } from "~/lib/offers/display-price";
import { shopDomain } from "~/lib/offers/shop-domain";
import type { SampleMerchant, SampleOffer, SampleProduct } from "./sample-types";

/**
 * Ninety days of invented price history for the sample offers, so a fresh install shows the price
 * chart, "Lowest price in 90 days" and "Price dropped" (docs/decisions/0063). Deterministic, and
 * relative to the moment the samples are seeded. Every offer's history ends in its state as
 * seeded, so the chart's last point and the shown price agree.
 *
 * Most products moved a little, long enough ago that their past month is flat: no badge. Two
 * were cut by about 7% six days ago and show "Price dropped 7%" (DROPPED_SAMPLES). Backyard
 * Leisure Co's sale on the Birchline Ember 6 began eight days ago: $9,600 to $9,200 is 4%, under
 * the 5% a badge needs, so that product shows "Lowest price in 90 days" and no badge.
 */

/** The products whose lowest price genuinely fell by at least 5% within the past month. */
export const DROPPED_SAMPLES = ["lumo-works-kallio-6-modern-sauna", "northstave-cabin-4-outdoor-sauna"] as const;
const SALE_STARTED_RECENTLY = { product: "birchline-ember-6-barrel-sauna", merchant: "backyard-leisure-co", daysAgo: 8 };

/** A sample offer as seeded: the fields its history copies and where it sells. */
export interface SampleOfferState {
  product: string;
  merchant: string;
  merchantName: string;
  merchantCountries: string[];
  countries: string[];
  priceMinor: number;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  currency: string;
  availability: OfferAvailability;
}

/** Every sample offer, the makers' own (from the product record) and the retailers', as the seed writes them. */
export function sampleOfferStates(products: SampleProduct[], merchants: SampleMerchant[], offers: SampleOffer[]): SampleOfferState[] {
  const byDomain = new Map(merchants.map((merchant) => [merchant.domain, merchant]));
  const bySlug = new Map(merchants.map((merchant) => [merchant.slug, merchant]));
  const states: SampleOfferState[] = [];
  for (const product of products) {
    const domain = shopDomain(product.affiliate_link) ?? shopDomain(product.website);
    const maker = domain ? byDomain.get(domain) : undefined;
    if (!maker) continue;
    states.push({
      product: product.slug,
      merchant: maker.slug,
      merchantName: maker.name,
      merchantCountries: maker.countries,
      countries: [],
      priceMinor: dollarsToCents(product.price),
      salePriceMinor: product.sale_price === undefined ? null : dollarsToCents(product.sale_price),
      saleEndsAt: product.sale_ends_at ?? null,
      currency: "USD",
      availability: "InStock",
    });
  }
  for (const offer of offers) {
    const merchant = bySlug.get(offer.merchant);
    if (!merchant) continue;
    states.push({
      product: offer.product,
      merchant: merchant.slug,
      merchantName: merchant.name,
      merchantCountries: merchant.countries,
      countries: offer.countries ?? [],
      priceMinor: dollarsToCents(offer.price),
      salePriceMinor: offer.sale_price === undefined ? null : dollarsToCents(offer.sale_price),
      saleEndsAt: offer.sale_ends_at ?? null,
      currency: offer.currency ?? "USD",
      availability: offer.availability,
    });
  }
  return states;
}

/** One backdated history row of a sample offer. */
export interface SampleHistoryRow {
  product: string;
  merchant: string;
  priceMinor: number;
  salePriceMinor: number | null;
  saleEndsAt: string | null;
  currency: string;
  availability: OfferAvailability;
  /** ISO instant. */
  recordedAt: string;
}

const DAY_MS = 86_400_000;
const HISTORY_START_DAYS = 90;

/** A price `factor` times this one, on whole $50 steps as shops price saunas. */
function scaled(priceMinor: number, factor: number): number {
  return Math.round((priceMinor * factor) / 5_000) * 5_000;
}

/**
 * An offer's past as (days ago, price factor) steps before it reached its seeded state on the
 * last step's day; `null` as the factor is the seeded state itself. Chosen by the product's place
 * in the list, so the catalog has cuts, rises and a wobble, all settled a month or more ago.
 */
function story(productIndex: number, slug: string): Array<[number, number | null]> {
  if ((DROPPED_SAMPLES as readonly string[]).includes(slug))
    return [
      [HISTORY_START_DAYS, 1.09],
      [62, 1.08],
      [6, null],
    ];
  switch (productIndex % 3) {
    case 0:
      return [
        [HISTORY_START_DAYS, 1.04],
        [47, null],
      ];
    case 1:
      return [
        [HISTORY_START_DAYS, 0.97],
        [52, null],
      ];
    default:
      return [
        [HISTORY_START_DAYS, 0.98],
        [70, 1.02],
        [35, null],
      ];
  }
}

/** The backdated rows of every sample offer, oldest first per offer; `now` is the seed's moment. */
export function samplePriceHistory(states: SampleOfferState[], now: string): SampleHistoryRow[] {
  const at = (daysAgo: number) => new Date(Date.parse(now) - daysAgo * DAY_MS).toISOString();
  const order = [...new Set(states.map((state) => state.product))];
  const rows: SampleHistoryRow[] = [];
  for (const state of states) {
    const seeded = {
      priceMinor: state.priceMinor,
      salePriceMinor: state.salePriceMinor,
      saleEndsAt: state.saleEndsAt,
      availability: state.availability,
    };
    const base = { product: state.product, merchant: state.merchant, currency: state.currency };
    if (state.product === SALE_STARTED_RECENTLY.product && state.merchant === SALE_STARTED_RECENTLY.merchant) {
      rows.push({ ...base, ...seeded, salePriceMinor: null, saleEndsAt: null, recordedAt: at(HISTORY_START_DAYS) });
      rows.push({ ...base, ...seeded, recordedAt: at(SALE_STARTED_RECENTLY.daysAgo) });
      continue;
    }
    for (const [daysAgo, factor] of story(order.indexOf(state.product), state.product)) {
      rows.push(
        factor === null
          ? { ...base, ...seeded, recordedAt: at(daysAgo) }
          : {
              ...base,
              // Before it: the regular price moved, no sale ran, and the shop had it in stock.
              priceMinor: scaled(state.priceMinor, factor),
              salePriceMinor: null,
              saleEndsAt: null,
              availability: "InStock",
              recordedAt: at(daysAgo),
            },
      );
    }
  }
  return rows;
}
