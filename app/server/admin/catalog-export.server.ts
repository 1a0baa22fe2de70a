import { COLLECTION_EXPORT_HEADER, collectionCsvRecord, PRODUCT_EXPORT_HEADER, productCsvRecord } from "~/lib/csv/catalog-export";
import { csvLine } from "~/lib/csv/csv-writer";
import { PRODUCT_COLUMNS, toProduct } from "../catalog/rows";
import type { DB } from "../db/connection.server";

/**
 * The catalog as CSV in the import format (ADR 0031), produced page by page: 20,000 products are
 * read 500 at a time (by id, so a page never repeats or skips a row) and written out as they
 * come, never held whole in memory.
 */

const PAGE = 500;

export async function* productCsvLines(db: DB): AsyncGenerator<string> {
  yield csvLine(PRODUCT_EXPORT_HEADER);
  let afterId = 0;
  for (;;) {
    const records = await db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", ">", afterId).orderBy("id").limit(PAGE).execute();
    if (records.length === 0) return;
    const ids = records.map((record) => Number(record.id));
    const collectionsOf = new Map<number, string[]>();
    const memberships = await db
      .selectFrom("collection_products")
      .innerJoin("collections", "collections.id", "collection_products.collection_id")
      .select(["collection_products.product_id as productId", "collections.slug as slug"])
      .where("collection_products.product_id", "in", ids)
      .orderBy("collections.id")
      .execute();
    for (const membership of memberships) {
      const productId = Number(membership.productId);
      collectionsOf.set(productId, [...(collectionsOf.get(productId) ?? []), membership.slug]);
    }
    let page = "";
    for (const record of records) {
      const { id, isSample: _sample, createdAt: _created, updatedAt: _updated, ...product } = toProduct(record);
      page += csvLine(productCsvRecord({ ...product, collectionIds: collectionsOf.get(id) ?? [] }));
    }
    yield page;
    afterId = ids.at(-1)!;
  }
}

export async function* collectionCsvLines(db: DB): AsyncGenerator<string> {
  yield csvLine(COLLECTION_EXPORT_HEADER);
  // Collections are few (dozens); their member lists are read one collection at a time.
  const collections = await db.selectFrom("collections").select(["id", "slug", "title", "description", "image_url", "featured"]).orderBy("id").execute();
  for (const collection of collections) {
    const members = await db
      .selectFrom("collection_products")
      .innerJoin("products", "products.id", "collection_products.product_id")
      .select(["products.id as id", "products.slug as slug"])
      .where("collection_products.collection_id", "=", Number(collection.id))
      .orderBy("collection_products.position")
      .execute();
    yield csvLine(
      collectionCsvRecord({
        slug: collection.slug,
        title: collection.title,
        description: collection.description,
        imageUrl: collection.image_url,
        featured: Boolean(collection.featured),
        members: members.map((member) => ({ id: Number(member.id), slug: member.slug })),
      }),
    );
  }
}

/** A download of generated lines, streamed as they are produced. */
export function csvDownload(lines: AsyncGenerator<string>, fileName: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
