import {
  COLLECTION_EXPORT_HEADER,
  collectionCsvRecord,
  OFFER_EXPORT_HEADER,
  offerCsvRecord,
  PRODUCT_EXPORT_HEADER,
  productCsvRecord,
} from "~/lib/csv/catalog-export";
import { csvLine } from "~/lib/csv/csv-writer";
import type { MeasurementValue } from "~/lib/measurements/measurements";
import { measureExportCells, measureExportHeader } from "~/lib/csv/measure-csv";
import { listMeasurementDefinitions, measurementValuesFor } from "../measurements/measurements.server";
import type { DB } from "../db/connection.server";
import { primaryOfferFields, withPrimaryOffer } from "../offers/primary-offers.server";
import { listProductFieldsAfterId } from "../products/products.server";
import { parseTextList } from "../products/product-row-mapping";
import { collectionSlugsByProduct, membersByCollection } from "./membership-reads.server";
import { picksByCollection } from "../catalog/collection-picks.server";

/**
 * The catalog as CSV in the import format (ADR 0031), produced page by page: 20,000 products are
 * read 500 at a time (by id, so a page never repeats or skips a row) and written out as they
 * come, never held whole in memory.
 */

const PAGE = 500;

export async function* productCsvLines(db: DB): AsyncGenerator<string> {
  // The header goes out with the first page: the first chunk has read the database (see csvDownload).
  // One measure:<slug> column per measurement after the fixed ones (docs/decisions/0109).
  const measurements = await listMeasurementDefinitions(db);
  let header = csvLine([...PRODUCT_EXPORT_HEADER, ...measureExportHeader(measurements)]);
  let afterId = 0;
  for (;;) {
    const records = await listProductFieldsAfterId(db, afterId, PAGE);
    if (records.length === 0) {
      if (header !== "") yield header;
      return;
    }
    const ids = records.map((record) => record.id);
    const collectionsOf = await collectionSlugsByProduct(db, ids);
    // The price, sale and link columns are the primary offer's (ADR 0057), as the import writes them.
    const primaries = await primaryOfferFields(db, ids);
    const valuesOf = new Map<number, MeasurementValue[]>();
    for (const value of measurements.length === 0 ? [] : await measurementValuesFor(db, ids)) {
      const list = valuesOf.get(value.productId);
      if (list) list.push(value);
      else valuesOf.set(value.productId, [value]);
    }
    let page = header;
    header = "";
    for (const record of records) {
      const { id, ...product } = withPrimaryOffer(record, primaries);
      page += csvLine([
        ...productCsvRecord({ ...product, collectionIds: collectionsOf.get(id) ?? [] }),
        ...measureExportCells(measurements, valuesOf.get(id) ?? []),
      ]);
    }
    yield page;
    afterId = ids.at(-1)!;
  }
}

export async function* collectionCsvLines(db: DB): AsyncGenerator<string> {
  // Collections are few (dozens): their member lists are read together, then written row by row.
  const collections = await db
    .selectFrom("collections")
    .select(["id", "slug", "title", "description", "image_url", "featured"])
    .orderBy("id")
    .execute();
  const membersOf = await membersByCollection(
    db,
    collections.map((collection) => Number(collection.id)),
  );
  const picksOf = await picksByCollection(db);
  yield csvLine(COLLECTION_EXPORT_HEADER);
  for (const collection of collections) {
    yield csvLine(
      collectionCsvRecord({
        slug: collection.slug,
        title: collection.title,
        description: collection.description,
        imageUrl: collection.image_url,
        featured: Boolean(collection.featured),
        members: membersOf.get(Number(collection.id)) ?? [],
        picks: picksOf.get(Number(collection.id)) ?? [],
      }),
    );
  }
}

/** Every offer in the offers CSV's format, a page at a time by id (never the whole table in memory). */
export async function* offerCsvLines(db: DB): AsyncGenerator<string> {
  let header = csvLine(OFFER_EXPORT_HEADER);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom("offers")
      .innerJoin("products", "products.id", "offers.product_id")
      .innerJoin("merchants", "merchants.id", "offers.merchant_id")
      .select([
        "offers.id",
        "products.slug as product_slug",
        "merchants.slug as merchant_slug",
        "offers.link",
        "offers.price_minor",
        "offers.currency",
        "offers.sale_price_minor",
        "offers.sale_ends_at",
        "offers.availability",
        "offers.available_from",
        "offers.shipping_note",
        "offers.countries",
      ])
      .where("offers.id", ">", afterId)
      .orderBy("offers.id")
      .limit(PAGE)
      .execute();
    if (rows.length === 0) {
      if (header !== "") yield header;
      return;
    }
    let page = header;
    header = "";
    for (const row of rows) {
      page += csvLine(
        offerCsvRecord({
          productSlug: row.product_slug,
          merchantSlug: row.merchant_slug,
          link: row.link,
          priceMinor: row.price_minor === null ? null : Number(row.price_minor),
          currency: row.currency,
          salePriceMinor: row.sale_price_minor === null ? null : Number(row.sale_price_minor),
          saleEndsAt: row.sale_ends_at,
          availability: row.availability,
          availableFrom: row.available_from,
          shippingNote: row.shipping_note,
          countries: parseTextList(row.countries),
        }),
      );
    }
    yield page;
    afterId = Number(rows.at(-1)!.id);
  }
}
