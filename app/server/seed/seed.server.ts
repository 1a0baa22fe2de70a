import { dollarsToCents } from "~/lib/text/money";
import { shopDomain } from "~/lib/offers/shop-domain";
import type { ReviewFields } from "~/lib/catalog/review";
import { DEFAULT_PRICES, priceSettingsAt, refreshProductPrices } from "../offers/maintained-price.server";
import { findOrCreateMerchantByDomain } from "../offers/merchant-lookup.server";
import { refreshProductListKeys } from "../products/product-list-keys.server";
import { toProductRow, type ProductFields } from "../products/product-row-mapping";
import { hasAnyProduct, insertProducts } from "../products/products.server";
import { chunks } from "../db/chunks";
import { sampleCollections } from "./sample-collections";
import { sampleMerchants, sampleOffers } from "./sample-offers";
import { samplePriceHistory, sampleOfferStates } from "./sample-price-history";
import { sampleProducts } from "./sample-products";
import { sampleReviews } from "./sample-reviews";
import { SAMPLE_NOTE_AUTHOR, samplePicks, sampleReviewNotes } from "./sample-picks";
import { sampleMeasuredValues, sampleMeasurements } from "./sample-measurements";
import type { SampleCollection, SampleMerchant, SampleOffer, SampleProduct } from "./sample-types";
import type { DB } from "../db/connection.server";
import { seedSampleArticles } from "../articles/sample-articles.server";

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
  content: { products: SampleProduct[]; collections: SampleCollection[]; merchants?: SampleMerchant[]; offers?: SampleOffer[] } = {
    products: sampleProducts,
    collections: sampleCollections,
    merchants: sampleMerchants,
    offers: sampleOffers,
  },
  prices: { country: string; currency: string; maxAgeMs: number } = DEFAULT_PRICES,
): Promise<SeedOutcome> {
  const outcome = await seedCatalog(db, content, prices);
  // The articles keep their own once-only marker (sample-articles.server.ts).
  await seedSampleArticles(db);
  return outcome;
}

async function seedCatalog(
  db: DB,
  content: { products: SampleProduct[]; collections: SampleCollection[]; merchants?: SampleMerchant[]; offers?: SampleOffer[] },
  prices: { country: string; currency: string; maxAgeMs: number },
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
    await seedOffers(trx, content.products, content.merchants ?? [], content.offers ?? [], now);
    await seedPriceHistory(trx, content.products, content.merchants ?? [], content.offers ?? [], now);
    await refreshProductPrices(
      trx,
      (await trx.selectFrom("products").select("id").execute()).map((row) => Number(row.id)),
      priceSettingsAt(prices),
    );

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
          is_sample: true,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();

    await seedPicksAndReviewNotes(trx);
    await seedMeasurements(trx);

    return { seeded: true, products: content.products.length, collections: content.collections.length } as const;
  });
}

/**
 * The sample collections' picks and "Also tested" entries, and the sample reviews' update notes.
 * A product or collection the seeded content lacks (a test's smaller catalog) is skipped.
 */
async function seedPicksAndReviewNotes(trx: DB) {
  const productIds = new Map(
    (await trx.selectFrom("products").select(["id", "slug"]).execute()).map((row) => [row.slug, Number(row.id)] as const),
  );
  const collectionIds = new Map(
    (await trx.selectFrom("collections").select(["id", "slug"]).execute()).map((row) => [row.slug, Number(row.id)] as const),
  );
  const picks = Object.entries(samplePicks).flatMap(([collection, entries]) => {
    const collectionId = collectionIds.get(collection);
    if (collectionId === undefined) return [];
    return entries
      .filter((entry) => productIds.has(entry.product))
      .map((entry, index) => ({
        collection_id: collectionId,
        product_id: productIds.get(entry.product)!,
        role: entry.role,
        label: entry.label ?? null,
        reason: entry.reason,
        position: index + 1,
      }));
  });
  if (picks.length > 0) await trx.insertInto("collection_picks").values(picks).execute();
  const notes = Object.entries(sampleReviewNotes).flatMap(([slug, entries]) => {
    const productId = productIds.get(slug);
    if (productId === undefined) return [];
    return entries.map((note) => ({
      subject_type: "review" as const,
      subject_id: productId,
      noted_on: note.date,
      text: note.text,
      author: SAMPLE_NOTE_AUTHOR,
      created_at: Date.parse(`${note.date}T12:00:00Z`),
    }));
  });
  if (notes.length > 0) await trx.insertInto("update_notes").values(notes).execute();
}

/**
 * The sample measurements with their weights, and the sample saunas' values (a product the
 * seeded content lacks is skipped).
 */
async function seedMeasurements(trx: DB) {
  const now = Date.now();
  const ids: number[] = [];
  for (const [index, measurement] of sampleMeasurements.entries()) {
    const { weights, methodVersion, ...fields } = measurement;
    const row = await trx
      .insertInto("measurement_definitions")
      .values({ ...fields, method_version: methodVersion, position: index + 1, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
    const weightRows = Object.entries(weights)
      .filter(([, weight]) => weight > 0)
      .map(([usage, weight]) => ({ measurement_id: Number(row.id), usage, weight }));
    if (weightRows.length > 0) await trx.insertInto("measurement_weights").values(weightRows).execute();
  }
  const productIds = new Map(
    (await trx.selectFrom("products").select(["id", "slug"]).execute()).map((row) => [row.slug, Number(row.id)] as const),
  );
  const values = Object.entries(sampleMeasuredValues).flatMap(([slug, sample]) => {
    const productId = productIds.get(slug);
    if (productId === undefined) return [];
    return sample.values.flatMap((value, index) =>
      value === null
        ? []
        : [
            {
              product_id: productId,
              measurement_id: ids[index]!,
              value,
              measured_on: sample.measuredOn,
              method_version:
                index === 0 ? (sample.heatUpMethod ?? sampleMeasurements[0]!.methodVersion) : sampleMeasurements[index]!.methodVersion,
            },
          ],
    );
  });
  if (values.length > 0) await trx.insertInto("measurement_values").values(values).execute();
}

/**
 * The sample shops, each sample product's primary offer at its maker's shop (found by the
 * affiliate link's domain, else the website's: its own price, sale and link), and the retailers'
 * offers. All of it is sample content: removing the samples removes the offers with their
 * products and then the shops no offer uses any more.
 */
async function seedOffers(trx: DB, products: SampleProduct[], merchants: SampleMerchant[], offers: SampleOffer[], now: string) {
  const merchantIds = new Map<string, number>();
  const nameByDomain = new Map(merchants.map((merchant) => [merchant.domain, merchant.name]));
  for (const merchant of merchants) {
    const { id } = await trx
      .insertInto("merchants")
      .values({
        slug: merchant.slug,
        name: merchant.name,
        domain: merchant.domain,
        countries: JSON.stringify(merchant.countries),
        affiliate_params: merchant.affiliate_params ?? null,
        is_sample: true,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    merchantIds.set(merchant.slug, Number(id));
  }
  const productIds = new Map(
    (await trx.selectFrom("products").select(["id", "slug"]).execute()).map((row) => [row.slug, Number(row.id)] as const),
  );

  const rows = [];
  for (const product of products) {
    const domain = shopDomain(product.affiliate_link) ?? shopDomain(product.website);
    const productId = productIds.get(product.slug);
    if (!domain || productId === undefined) continue;
    rows.push({
      product_id: productId,
      merchant_id: await findOrCreateMerchantByDomain(trx, domain, { name: nameByDomain.get(domain), isSample: true }),
      is_primary: true,
      link: product.affiliate_link || null,
      price_minor: dollarsToCents(product.price),
      currency: "USD",
      sale_price_minor: product.sale_price === undefined ? null : dollarsToCents(product.sale_price),
      sale_ends_at: product.sale_ends_at ?? null,
      availability: "InStock",
      shipping_note: product.shipping_info,
      countries: "[]",
      source: "form",
      confirmed_at: now,
      price_changed_at: now,
      created_at: now,
      updated_at: now,
    });
  }
  for (const offer of offers) {
    const productId = productIds.get(offer.product);
    const merchantId = merchantIds.get(offer.merchant);
    if (productId === undefined || merchantId === undefined) continue;
    rows.push({
      product_id: productId,
      merchant_id: merchantId,
      is_primary: false,
      link: offer.link,
      // Whole units; both currencies the samples use have two decimals.
      price_minor: dollarsToCents(offer.price),
      currency: offer.currency ?? "USD",
      sale_price_minor: offer.sale_price === undefined ? null : dollarsToCents(offer.sale_price),
      sale_ends_at: offer.sale_ends_at ?? null,
      availability: offer.availability,
      available_from: offer.available_from ?? null,
      shipping_note: offer.shipping_note ?? null,
      countries: JSON.stringify(offer.countries ?? []),
      source: "csv",
      confirmed_at: now,
      price_changed_at: now,
      created_at: now,
      updated_at: now,
    });
  }
  if (rows.length > 0) await trx.insertInto("offers").values(rows).execute();
}

/**
 * Ninety days of past prices for the sample offers, written straight into the history (the
 * triggers record only changes from now on). Removing a sample product removes them with it.
 */
async function seedPriceHistory(trx: DB, products: SampleProduct[], merchants: SampleMerchant[], offers: SampleOffer[], now: string) {
  const offerIds = new Map(
    (
      await trx
        .selectFrom("offers")
        .innerJoin("products", "products.id", "offers.product_id")
        .innerJoin("merchants", "merchants.id", "offers.merchant_id")
        .select(["offers.id", "offers.product_id", "offers.merchant_id", "products.slug as product", "merchants.slug as merchant"])
        .execute()
    ).map((row) => [
      `${row.product} ${row.merchant}`,
      { offerId: Number(row.id), productId: Number(row.product_id), merchantId: Number(row.merchant_id) },
    ]),
  );
  const rows = samplePriceHistory(sampleOfferStates(products, merchants, offers), now).flatMap((row) => {
    const ids = offerIds.get(`${row.product} ${row.merchant}`);
    if (!ids) return [];
    return [
      {
        product_id: ids.productId,
        offer_id: ids.offerId,
        merchant_id: ids.merchantId,
        price_minor: row.priceMinor,
        sale_price_minor: row.salePriceMinor,
        sale_ends_at: row.saleEndsAt,
        currency: row.currency,
        availability: row.availability,
        recorded_at: row.recordedAt,
      },
    ];
  });
  for (const part of chunks(rows, HISTORY_BATCH)) await trx.insertInto("offer_price_history").values(part).execute();
}

/** Rows per insert: nine columns each stays far under SQLite's and PostgreSQL's parameter limits. */
const HISTORY_BATCH = 500;

/** A sample as the fields any product has: prices in cents, its three pictures by their fixed names. */
export function sampleProductFields(product: SampleProduct): ProductFields {
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
    ...sampleReviewFields(product.slug),
  };
}

/** A sample's invented review (./sample-reviews.ts) as a product's review fields. */
function sampleReviewFields(slug: string): ReviewFields {
  const review = sampleReviews[slug];
  if (!review) return {};
  const [scoreBuildQuality, scoreHeatEfficiency, scoreInstallation, scoreWarranty, scoreValue] = review.scores;
  return {
    verdict: review.verdict,
    pros: review.pros,
    cons: review.cons,
    scoreBuildQuality,
    scoreHeatEfficiency,
    scoreInstallation,
    scoreWarranty,
    scoreValue,
    bestFor: review.best_for,
    skipIf: review.skip_if,
    alternatives: review.alternatives,
    reviewer: review.reviewer,
    tester: review.tester,
    testedOn: review.tested_on,
    customerRating: null,
    customerReviewSource: null,
  };
}
