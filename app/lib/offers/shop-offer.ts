import type { TrackingIds } from "./tracking-ids";
import type { OfferForPrice } from "./display-price";

/**
 * An offer as the server reads it for pages and for /go: what the price rule needs plus what the
 * where-to-buy table and the redirect show or use. It stays on the server; pages receive view
 * models made from it, never the links themselves.
 */
export interface ShopOffer extends OfferForPrice {
  id: number;
  productId: number;
  merchantId: number;
  /** YYYY-MM-DD: the day a pre-order or back-order ships, when the shop says; absent or null: not said. */
  availableFrom?: string | null;
  shippingNote: string | null;
  /** The merchant's query parameters added to the link when it lacks them (e.g. "tag=mysite-20"). */
  merchantAffiliateParams: string | null;
  /** How the merchant's network takes a click's sub-ID, e.g. "clickref={id}" (lib/offers/sub-id.ts); absent or null: none. */
  merchantSubIdTemplate?: string | null;
  /** The merchant's tracking ID per kind of page (lib/offers/tracking-ids.ts); for /go only. */
  merchantTrackingIds?: TrackingIds | null;
}
