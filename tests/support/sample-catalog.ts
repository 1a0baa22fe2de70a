import { sampleProducts } from "../../app/server/seed/sample-products";

/**
 * The products an end-to-end server holds: it starts on a fresh database that the site seeds with
 * its sample catalog, so a spec reads what to expect from the same sample data the seed writes,
 * never from the database file under the running server.
 *
 * Fields are named and stored as in the products table (cents, JSON feature list), so a spec's
 * restated collection rules read them the way the site's query does.
 */
export interface SampleProductRow {
  /** The id the seed gives it: the samples are inserted in this order, from 1. */
  id: number;
  name: string;
  brand: string;
  category_id: string | null;
  heater_type: string | null;
  key_features: string;
  capacity: number | null;
  price_cents: number | null;
  rating: number | null;
}

export function sampleProductRows(): SampleProductRow[] {
  return sampleProducts.map((product, index) => ({
    id: index + 1,
    name: product.name,
    brand: product.brand,
    category_id: product.category_id,
    heater_type: product.heater_type,
    key_features: JSON.stringify(product.key_features),
    capacity: product.capacity,
    price_cents: Math.round(product.price * 100),
    rating: product.rating,
  }));
}

/** SQLite's order for `order by rating desc, name, id`: unrated last, names compared byte by byte. */
export function byRatingThenName(a: SampleProductRow, b: SampleProductRow): number {
  const ratingA = a.rating ?? -Infinity;
  const ratingB = b.rating ?? -Infinity;
  if (ratingA !== ratingB) return ratingB - ratingA;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
}
