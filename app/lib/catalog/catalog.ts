import type { PriceHistoryEntry } from "../offers/price-series";
import type { ShopOffer } from "../offers/shop-offer";
import type { ReviewFields } from "./review";

/**
 * The catalog as pages see it: plain, serialisable objects with the same shape on SQLite and
 * PostgreSQL. Money is integer cents; dates are ISO text.
 */

/** The review fields (./review.ts) are optional: a reader that predates them leaves them out. */
export interface Product extends ReviewFields {
  id: number;
  slug: string;
  name: string;
  brand: string;
  categoryId: string | null;
  tagline: string | null;
  description: string | null;
  fullDescription: string | null;
  priceCents: number | null;
  salePriceCents: number | null;
  /** YYYY-MM-DD */
  saleEndsAt: string | null;
  /** The first is the main image. */
  images: string[];
  capacity: number | null;
  dimensions: string | null;
  weightLbs: number | null;
  heaterType: string | null;
  heaterSpec: string | null;
  keyFeatures: string[];
  website: string | null;
  affiliateLink: string | null;
  /** 0 to 5, one decimal; null when not yet rated. */
  rating: number | null;
  reviewsNumber: number | null;
  reviewCount: string | null;
  shippingInfo: string | null;
  /**
   * The owner marked it a best seller: the only source of that badge (the site measures no
   * sales). Every reader sets it; absent only where a writer says nothing of it (the database
   * default, false, applies).
   */
  bestSeller?: boolean;
  /** The trade item number (GTIN-8/12/13/14, digits only) a merchant feed's item is matched by; absent where a reader left it out. */
  gtin?: string | null;
  /** The maker's part number, the feeds' second match. */
  mpn?: string | null;
  isSample: boolean;
  createdAt: string;
  updatedAt: string;
  /**
   * The product's offers, attached by the page loaders (one query per page of products,
   * app/server/offers/offer-reads.server.ts) so every page decides the price with the one rule.
   * Absent where a product was read without them (admin screens, imports): the row's price
   * columns, which hold the same rule's answer, stand in.
   */
  offers?: ShopOffer[];
  /**
   * Its offers' recorded prices over the days a page needs (a year for its own page, a month for
   * a card), attached by the loaders (app/server/offers/price-history.server.ts). Absent where a
   * page shows no history.
   */
  priceHistory?: PriceHistoryEntry[];
}

export type CriteriaType = "custom" | "category" | "brand" | "price" | "size" | "heater_type" | "features" | "use_case";

export interface Collection {
  id: number;
  slug: string;
  title: string;
  description: string | null;
  intro: string | null;
  imageUrl: string | null;
  criteriaType: CriteriaType;
  criteriaValue: string | null;
  featured: boolean;
  /**
   * The page lists its rule's saunas plus the ones stored for it (added by the owner's choice on
   * import); false: stored products, when there are any, replace the rule.
   */
  keepsRule: boolean;
  isSample: boolean;
  /** The row's last change: its texts, or which products it holds (ISO). */
  updatedAt: string;
}
