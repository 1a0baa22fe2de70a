import { summarizePlan } from "~/lib/csv/import-plan";
import type { Insertable, Transaction } from "kysely";
import type { CollectionCsvColumn, CollectionImport } from "~/lib/csv/collection-csv";
import { publishCatalogChange } from "../catalog/catalog-broadcast.server";
import type { DB } from "../db/connection.server";
import type { CollectionsTable, Database } from "../db/schema";
import { planCollectionImport, type CollectionPlan } from "./import-plan.server";
import { replaceCollectionMembers } from "./memberships.server";
import { replaceCollectionPicks } from "../catalog/collection-picks.server";
import { databaseMessage, ImportRowError, PlanChanged } from "./save-errors";
import { overwriteOnSlugConflict } from "../db/slug-upsert.server";

/**
 * Saving collections: an upsert on slug of every new or changed row (ADR 0031), overwriting
 * existing rows, all in one transaction (never a delete-then-insert), then each row's
 * product_ids become the collection's list in that order.
 *
 * product_ids may hold product ids or slugs (ADR 0012, resolveProductRefs). References that
 * match no product are skipped and reported. A picks column replaces each written collection's
 * picks (docs/decisions/0108); its entries were checked by the plan, which refuses the file else.
 */

type Trx = Transaction<Database>;

export interface CollectionSaveResult {
  /** Collections written: the new and the changed ones. */
  saved: number;
  /** Collections equal to what is stored, not written. */
  unchanged: number;
  /** The plan the save carried out (null for an empty list). */
  plan: CollectionPlan | null;
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
  return trx
    .insertInto("collections")
    .values(row)
    .onConflict(overwriteOnSlugConflict("collections", columns))
    .returning("id")
    .executeTakeFirstOrThrow();
}

export interface CollectionSaveOptions {
  /** As for products: the previewed plan's fingerprint; a different plan now saves nothing. */
  expectedFingerprint?: string;
  /** Heard before the transaction commits (the run's Cancel): its reason is thrown, and it rolls back. */
  signal?: AbortSignal;
  /** The last step inside the save's transaction: a run ends itself here, so its end commits with the rows. */
  beforeCommit?(trx: DB, result: CollectionSaveResult): Promise<void>;
}

export async function saveCollections(
  db: DB,
  collections: readonly CollectionImport[],
  columns: readonly CollectionCsvColumn[],
  options: CollectionSaveOptions = {},
): Promise<CollectionSaveResult> {
  // An empty list saves nothing and reports 0.
  if (collections.length === 0) return { saved: 0, unchanged: 0, notFound: [], plan: null };
  const now = new Date().toISOString();
  const update = updatedColumns(columns);
  return db.transaction().execute(async (trx) => {
    // Planned inside the transaction: unchanged collections (and their lists) are not touched.
    const plan = await planCollectionImport(trx, collections, columns);
    if (options.expectedFingerprint !== undefined && options.expectedFingerprint !== plan.fingerprint)
      throw new PlanChanged(summarizePlan(plan.rows, plan.fingerprint));
    // Collections are few (dozens), so one statement per row costs nothing and names the row.
    for (const { collection, productIds, picks } of plan.write) {
      try {
        const id = Number((await upsertOne(trx, toRow(collection, now), update)).id);
        if (columns.includes("product_ids")) await replaceCollectionMembers(trx, id, productIds);
        if (picks) await replaceCollectionPicks(trx, id, picks);
      } catch (error) {
        throw new ImportRowError(collection.rowNumber, collection.slug, databaseMessage(error));
      }
    }
    if (plan.write.length > 0) await publishCatalogChange(trx);
    options.signal?.throwIfAborted();
    const result: CollectionSaveResult = {
      saved: plan.write.length,
      unchanged: collections.length - plan.write.length,
      notFound: plan.notFound,
      plan,
    };
    await options.beforeCommit?.(trx, result);
    return result;
  });
}
