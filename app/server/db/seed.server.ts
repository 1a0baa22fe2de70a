import type { DB } from "./connection.server";
import { refreshProductListKeys } from "../catalog/product-list-keys.server";
import { sampleCollections } from "../seed/sample-collections";
import { sampleProducts } from "../seed/sample-products";
import type { SampleCollection, SampleProduct } from "../seed/sample-types";

const SEEDED_KEY = "sample_content_seeded_at";

export type SeedOutcome =
  | { seeded: true; products: number; collections: number }
  | { seeded: false; reason: "already-seeded" | "not-empty" };

/**
 * Fills an empty database with the sample catalog, once in its life. The marker row is
 * written first inside the transaction: a second instance starting at the same moment waits
 * on it, finds it taken, and seeds nothing. A database that already has content (imported by
 * an admin) is marked and left alone, so deleting every sample never brings them back.
 */
export async function seedSampleContent(
  db: DB,
  content: { products: SampleProduct[]; collections: SampleCollection[] } = {
    products: sampleProducts,
    collections: sampleCollections,
  },
): Promise<SeedOutcome> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("site_state")
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("key").doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return { seeded: false, reason: "already-seeded" } as const;

    const existing = await trx.selectFrom("products").select("id").limit(1).executeTakeFirst();
    const existingCollection = await trx.selectFrom("collections").select("id").limit(1).executeTakeFirst();
    if (existing || existingCollection) return { seeded: false, reason: "not-empty" } as const;

    const now = new Date().toISOString();
    await trx
      .insertInto("products")
      .values(
        content.products.map((product) => ({
          slug: product.slug,
          name: product.name,
          brand: product.brand,
          category_id: product.category_id,
          tagline: product.tagline,
          description: product.description,
          full_description: product.full_description,
          price_cents: Math.round(product.price * 100),
          sale_price_cents: product.sale_price === undefined ? null : Math.round(product.sale_price * 100),
          sale_ends_at: product.sale_ends_at ?? null,
          images: JSON.stringify([1, 2, 3].map((n) => `/images/samples/${product.slug}-${n}.webp`)),
          capacity: product.capacity,
          dimensions: product.dimensions,
          weight_lbs: product.weight_lbs,
          heater_type: product.heater_type,
          heater_spec: product.heater_spec,
          key_features: JSON.stringify(product.key_features),
          website: product.website || null,
          affiliate_link: product.affiliate_link || null,
          rating: product.rating,
          reviews_number: product.reviews_number,
          review_count: product.review_count,
          shipping_info: product.shipping_info,
          is_sample: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    // The table was empty (checked above), so every product is a seeded one.
    await refreshProductListKeys(trx);

    await trx
      .insertInto("collections")
      .values(
        content.collections.map((collection) => ({
          slug: collection.slug,
          title: collection.title,
          description: collection.description,
          intro: collection.intro,
          image_url: `/images/collections/${collection.slug}.webp`,
          criteria_type: collection.criteria_type,
          criteria_value: collection.criteria_value,
          featured: collection.featured,
          last_updated: collection.last_updated,
          is_sample: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    return { seeded: true, products: content.products.length, collections: content.collections.length } as const;
  });
}
