import type { Insertable, Transaction } from "kysely";
import type { CollectionCsvColumn, CollectionImport } from "~/lib/csv/collection-csv";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import type { DB } from "../db/connection.server";
import type { CollectionsTable, Database } from "../db/schema";
import { chunks, IN_LIST_CHUNK, replaceCollectionMembers } from "./memberships.server";
import { databaseMessage, ImportRowError } from "./save-errors";
import { overwriteOnSlugConflict } from "./slug-upsert.server";

/**
 * Saving collections (SPEC §7 "Save collections (admin CSV)", ARCHITECTURE D4, D5): an upsert on
 * slug overwriting existing rows, all in one transaction (never the original's delete-then-
 * insert), then each row's product_ids become the collection's list in that order.
 *
 * product_ids may hold product ids or slugs (ADR 0012): a token of digits is an id when such a
 * product exists, else it is tried as a slug, as the product pages do (D9). References that
 * match no product are skipped and reported.
 */

type Trx = Transaction<Database>;

export interface CollectionSaveResult {
  saved: number;
  /** product_ids entries that name no product: 'Row 2 (best-cedar): cube-9'. */
  notFound: string[];
}

function toRow(collection: CollectionImport, now: string): Insertable<CollectionsTable> {
  return {
    slug: collection.slug,
    title: collection.title,
    description: collection.description,
    image_url: collection.imageUrl,
    featured: collection.featured,
    is_sample: false,
    updated_at: now,
  };
}

function updatedColumns(columns: readonly CollectionCsvColumn[]): (keyof CollectionsTable)[] {
  const fromFile: (keyof CollectionsTable)[] = [];
  if (columns.includes("description")) fromFile.push("description");
  if (columns.includes("image_url")) fromFile.push("image_url");
  if (columns.includes("featured")) fromFile.push("featured");
  return ["title", ...fromFile, "is_sample", "updated_at"];
}

async function upsertOne(trx: Trx, row: Insertable<CollectionsTable>, columns: (keyof CollectionsTable)[]) {
  return trx.insertInto("collections").values(row).onConflict(overwriteOnSlugConflict(columns)).returning("id").executeTakeFirstOrThrow();
}

async function resolveProductRefs(trx: Trx, refs: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(refs)];
  const numeric = unique.filter((ref) => /^\d{1,15}$/.test(ref)).map(Number);
  const byId = new Set<number>();
  for (const part of chunks(numeric, IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("products").select("id").where("id", "in", part).execute();
    for (const row of rows) byId.add(Number(row.id));
  }
  const bySlug = new Map<string, number>();
  for (const part of chunks(unique, IN_LIST_CHUNK)) {
    const rows = await trx.selectFrom("products").select(["id", "slug"]).where("slug", "in", part).execute();
    for (const row of rows) bySlug.set(row.slug, Number(row.id));
  }
  const resolved = new Map<string, number>();
  for (const ref of unique) {
    const id = /^\d{1,15}$/.test(ref) && byId.has(Number(ref)) ? Number(ref) : bySlug.get(ref);
    if (id !== undefined) resolved.set(ref, id);
  }
  return resolved;
}

export async function saveCollections(
  db: DB,
  collections: readonly CollectionImport[],
  columns: readonly CollectionCsvColumn[],
): Promise<CollectionSaveResult> {
  // SPEC §5: an empty list saves nothing and reports 0.
  if (collections.length === 0) return { saved: 0, notFound: [] };
  const now = new Date().toISOString();
  const update = updatedColumns(columns);
  return db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    // Collections are few (dozens), so one statement per row costs nothing and names the row.
    for (const collection of collections) {
      try {
        ids.push(Number((await upsertOne(trx, toRow(collection, now), update)).id));
      } catch (error) {
        throw new ImportRowError(collection.rowNumber, collection.slug, databaseMessage(error));
      }
    }
    const notFound: string[] = [];
    if (columns.includes("product_ids")) {
      const resolved = await resolveProductRefs(trx, collections.flatMap((collection) => collection.productRefs));
      for (const [index, collection] of collections.entries()) {
        const productIds = collection.productRefs.flatMap((ref) => {
          const id = resolved.get(ref);
          if (id === undefined) notFound.push(`Row ${collection.rowNumber} (${collection.slug}): ${ref}`);
          return id === undefined ? [] : [id];
        });
        try {
          await replaceCollectionMembers(trx, ids[index]!, productIds);
        } catch (error) {
          throw new ImportRowError(collection.rowNumber, collection.slug, databaseMessage(error));
        }
      }
    }
    await publishCatalogChange(trx);
    return { saved: collections.length, notFound };
  });
}
