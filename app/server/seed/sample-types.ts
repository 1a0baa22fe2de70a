/**
 * Shapes of the sample content shipped with the site. The seed writes these records into an
 * empty database; scripts/render-artwork.ts draws each product's pictures from `art`.
 *
 * Image files live under public/images/ and are referenced by absolute site paths:
 *   products     /images/samples/{slug}-1.webp (exterior, landscape 1600x1200)
 *                /images/samples/{slug}-2.webp (interior, landscape 1600x1200)
 *                /images/samples/{slug}-3.webp (detail, portrait 1000x1600)
 *   collections  /images/collections/{collection-slug}.webp (landscape 1600x900)
 */

/** Drawing instructions for a product's original artwork: the site ships its own pictures, never stock or third-party ones. */
export interface SampleArt {
  shape: "barrel" | "cabin" | "cube" | "pod" | "modern" | "clt" | "tent";
  wood: "cedar" | "thermowood" | "spruce" | "charred" | "hemlock" | "pine";
  setting: "lake" | "forest" | "snow" | "garden" | "mountain" | "coast";
  heater: "wood" | "electric" | "infrared";
  /** Accent colour of trim or door frame, CSS hex. */
  accent: string;
}

export interface SampleProduct {
  slug: string;
  name: string;
  brand: string;
  /** Lower-case type word the collection rules read: barrel, traditional, infrared, modern, clt, custom, cabin, cube. */
  category_id: string;
  tagline: string;
  description: string;
  full_description: string;
  /** Whole US dollars; stored as cents. */
  price: number;
  sale_price?: number;
  /** ISO date (YYYY-MM-DD) the sale ends, only with sale_price. */
  sale_ends_at?: string;
  capacity: number;
  /** e.g. `7' L x 6' W x 6.5' H` */
  dimensions: string;
  weight_lbs: number;
  heater_type: string;
  heater_spec: string;
  key_features: string[];
  website: string;
  affiliate_link: string;
  rating: number;
  reviews_number: number;
  /** Review count as a retailer shows it, e.g. "45+". */
  review_count: string;
  shipping_info: string;
  art: SampleArt;
}

export interface SampleCollection {
  slug: string;
  title: string;
  description: string;
  intro: string;
  criteria_type: "custom" | "category" | "brand" | "price" | "size" | "heater_type" | "features" | "use_case";
  criteria_value: string | null;
  featured: boolean;
}

/** An invented shop of the sample catalog, on a `.example` domain. */
export interface SampleMerchant {
  slug: string;
  name: string;
  domain: string;
  /** ISO 3166-1 alpha-2 codes it sells to; [] = everywhere. */
  countries: string[];
  affiliate_params?: string;
}

/**
 * A sample product's offer at a shop other than its maker (the maker's shop is each product's
 * primary offer, made from its own price, sale and affiliate link).
 */
export interface SampleOffer {
  product: string;
  merchant: string;
  link: string;
  /** Whole units of `currency` (default USD). */
  price: number;
  currency?: string;
  sale_price?: number;
  /** YYYY-MM-DD, the sale's last day. */
  sale_ends_at?: string;
  availability: "InStock" | "OutOfStock" | "PreOrder" | "BackOrder" | "Discontinued" | "unknown";
  /** YYYY-MM-DD: the day a pre-order or back-order ships. */
  available_from?: string;
  shipping_note?: string;
  /** [] or absent = the merchant's countries. */
  countries?: string[];
}
