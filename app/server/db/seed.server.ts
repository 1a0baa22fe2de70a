import { dollarsToCents } from "~/lib/money";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { toProductRow, type ProductFields } from "../products/product-rows";
import { hasAnyProduct, insertProducts } from "../products/products.server";
import { sampleCollections } from "../seed/sample-collections";
import { sampleProducts } from "../seed/sample-products";
import type { SampleCollection, SampleProduct } from "../seed/sample-types";
import type { DB } from "./connection.server";

const SEEDED_KEY = "sample_content_seeded_at";

export type SeedOutcome =
  { seeded: true; products: number; collections: number } | { seeded: false; reason: "already-seeded" | "not-empty" };

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

    const existingProduct = await hasAnyProduct(trx);
    const existingCollection = await trx.selectFrom("collections").select("id").limit(1).executeTakeFirst();
    if (existingProduct || existingCollection) return { seeded: false, reason: "not-empty" } as const;

    const now = new Date().toISOString();
    await insertProducts(
      trx,
      content.products.map((product) => ({ ...toProductRow(sampleProductFields(product), { isSample: true, now }), created_at: now })),
    );
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

/** A sample as the fields any product has: prices in cents, its three pictures by their fixed names. */
function sampleProductFields(product: SampleProduct): ProductFields {
  return {
    slug: product.slug,
    name: product.name,
    brand: product.brand,
    categoryId: product.category_id,
    tagline: product.tagline,
    description: product.description,
    fullDescription: product.full_description,
    priceCents: dollarsToCents(product.price),
    salePriceCents: product.sale_price === undefined ? null : dollarsToCents(product.sale_price),
    saleEndsAt: product.sale_ends_at ?? null,
    images: [1, 2, 3].map((n) => `/images/samples/${product.slug}-${n}.webp`),
    capacity: product.capacity,
    dimensions: product.dimensions,
    weightLbs: product.weight_lbs,
    heaterType: product.heater_type,
    heaterSpec: product.heater_spec,
    keyFeatures: product.key_features,
    website: product.website || null,
    affiliateLink: product.affiliate_link || null,
    rating: product.rating,
    reviewsNumber: product.reviews_number,
    reviewCount: product.review_count,
    shippingInfo: product.shipping_info,
  };
}
